/** A flag value that is not what the flag takes; commander prints it as `option '…' argument '…' is invalid. …`. */
export declare class FlagValueError extends Error {
    readonly name = "FlagValueError";
}
/** A byte count (0 allowed). */
export declare function parseByteCount(value: string): number;
/** A positive number of milliseconds. */
export declare function parseMilliseconds(value: string): number;
/** A positive count. */
export declare function parseCount(value: string): number;
/**
 * `--env KEY=VALUE` adds a variable; `--env KEY` passes KEY's value from this process's environment.
 * Repeated flags accumulate into `previous`.
 */
export declare function collectEnv(value: string, previous: Record<string, string> | undefined, env?: NodeJS.ProcessEnv): Record<string, string>;
/** `--header "Name: value"`, repeatable. */
export declare function collectHeader(value: string, previous: Record<string, string> | undefined): Record<string, string>;
/**
 * Reads a dotenv file: `KEY=VALUE` lines, `#` comments, blank lines, an optional `export ` prefix,
 * and values in single or double quotes (double quotes understand `\n`).
 */
export declare function readEnvFile(file: string, cwd: string): Record<string, string>;
//# sourceMappingURL=flags.d.ts.map