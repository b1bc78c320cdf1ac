// What a command returns: the text for stdout and stderr and the exit code; main.ts only writes them.
import { EXIT_OK } from './exit-error.js';
/** A rendered text output: the colours kept when written (see {@link CommandOutput.styled}). */
export function styledOutput(stdout, stderr = [], exitCode = EXIT_OK) {
    return { stdout, stderr, exitCode, styled: true };
}
/** An outcome with the given stdout text and, by default, exit 0. */
export function commandOutput(stdout = [], stderr = [], exitCode = EXIT_OK) {
    return { stdout, stderr, exitCode };
}
//# sourceMappingURL=command.js.map