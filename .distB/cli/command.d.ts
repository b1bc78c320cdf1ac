/** A command's outcome. Data goes to stdout, everything else (guarantees, failures, notes) to stderr. */
export interface CommandOutput {
    stdout: string[];
    stderr: string[];
    exitCode: number;
    /**
     * stdout holds the CLI's own colour sequences (its untrusted text made printable first); every
     * other control character of either stream is shown escaped when written.
     */
    styled?: boolean;
}
/** A rendered text output: the colours kept when written (see {@link CommandOutput.styled}). */
export declare function styledOutput(stdout: string[], stderr?: string[], exitCode?: number): CommandOutput;
/** An outcome with the given stdout text and, by default, exit 0. */
export declare function commandOutput(stdout?: string[], stderr?: string[], exitCode?: number): CommandOutput;
//# sourceMappingURL=command.d.ts.map