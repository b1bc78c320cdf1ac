/** Exit codes (documented in the README and `--help`). */
export declare const EXIT_OK = 0;
/** Some schemas or tools failed (or a decode did not produce a value). */
export declare const EXIT_SOME_FAILED = 1;
/** Usage error, unreadable input, or a server that could not be reached. */
export declare const EXIT_USAGE = 2;
/** Thrown by commands; `main` prints `message` as one line and exits with `exitCode`. */
export declare class ExitError extends Error {
    readonly name = "ExitError";
    readonly exitCode: number;
    constructor(message: string, exitCode?: number);
}
//# sourceMappingURL=exit-error.d.ts.map