/** A glob as an anchored regular expression: `github_*` matches `github_create_issue`. */
export declare function globPattern(glob: string): RegExp;
//# sourceMappingURL=glob.d.ts.map