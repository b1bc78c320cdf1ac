import type { DecodeCommandOptions } from './commands/decode.js';
import type { ExplainCommandOptions } from './commands/explain.js';
import type { LintCommandOptions } from './commands/lint.js';
import type { McpCommandOptions } from './commands/mcp.js';
import type { NormalizeCommandOptions } from './commands/normalize.js';
import type { PlaygroundCommandOptions } from './commands/playground.js';
import type { ProxyCommandOptions } from './commands/proxy.js';
import type { SearchCommandOptions } from './commands/search.js';
import type { CommandIO } from './io.js';
/** One command and its options, as parsed from argv. */
export type Invocation = {
    command: 'explain';
    options: ExplainCommandOptions;
} | {
    command: 'normalize';
    options: NormalizeCommandOptions;
} | {
    command: 'mcp';
    options: McpCommandOptions;
} | {
    command: 'decode';
    options: DecodeCommandOptions;
} | {
    command: 'search';
    options: SearchCommandOptions;
} | {
    command: 'lint';
    options: LintCommandOptions;
} | {
    command: 'playground';
    options: PlaygroundCommandOptions;
} | {
    command: 'proxy';
    options: ProxyCommandOptions;
};
/**
 * Parses argv (without `node` and the script) into one command's options, without running it.
 * Returns undefined when commander handled the arguments itself (help, version); throws
 * `CommanderError` for usage errors (already printed) and `ExitError` for conflicting flags.
 */
export declare function parseCommandLine(argv: readonly string[], io: CommandIO): Promise<Invocation | undefined>;
/**
 * Runs the CLI with the given arguments (without `node` and the script) and returns the exit code.
 * Never throws and never calls `process.exit()`: errors become one line on stderr.
 */
export declare function runCli(argv: readonly string[], io: CommandIO): Promise<number>;
//# sourceMappingURL=main.d.ts.map