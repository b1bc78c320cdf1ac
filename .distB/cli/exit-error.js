// ExitError: a CLI failure that carries its exit code and one line for stderr.
/** Exit codes (documented in the README and `--help`). */
export const EXIT_OK = 0;
/** Some schemas or tools failed (or a decode did not produce a value). */
export const EXIT_SOME_FAILED = 1;
/** Usage error, unreadable input, or a server that could not be reached. */
export const EXIT_USAGE = 2;
/** Thrown by commands; `main` prints `message` as one line and exits with `exitCode`. */
export class ExitError extends Error {
    name = 'ExitError';
    exitCode;
    constructor(message, exitCode = EXIT_USAGE) {
        super(message);
        this.exitCode = exitCode;
    }
}
//# sourceMappingURL=exit-error.js.map