// Tool-name globs (`*` any run of characters, `?` one), as the proxy and the adapters filter tools by name.
/** A glob as an anchored regular expression: `github_*` matches `github_create_issue`. */
export function globPattern(glob) {
    const source = glob
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replaceAll('*', '.*')
        .replaceAll('?', '.');
    return new RegExp(`^${source}$`);
}
//# sourceMappingURL=glob.js.map