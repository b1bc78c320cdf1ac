// What a command returns: the text for stdout and stderr and the exit code; main.ts only writes them.
import { EXIT_OK } from './exit-error.js';

/** A command's outcome. Data goes to stdout, everything else (guarantees, failures, notes) to stderr. */
export interface CommandOutput {
  stdout: string[];
  stderr: string[];
  exitCode: number;
}

/** An outcome with the given stdout text and, by default, exit 0. */
export function commandOutput(stdout: string[] = [], stderr: string[] = [], exitCode: number = EXIT_OK): CommandOutput {
  return { stdout, stderr, exitCode };
}
