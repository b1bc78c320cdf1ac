// What a command returns: the text for stdout and stderr and the exit code; main.ts only writes them.
import { EXIT_OK } from './exit-error.js';

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
export function styledOutput(stdout: string[], stderr: string[] = [], exitCode: number = EXIT_OK): CommandOutput {
  return { stdout, stderr, exitCode, styled: true };
}

/** An outcome with the given stdout text and, by default, exit 0. */
export function commandOutput(stdout: string[] = [], stderr: string[] = [], exitCode: number = EXIT_OK): CommandOutput {
  return { stdout, stderr, exitCode };
}
