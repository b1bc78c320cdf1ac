import { type CommandOutput } from '../command.js';
import type { CommandIO } from '../io.js';
import { type McpClientLimits, type McpServerTarget } from '../mcp-client.js';
import { type ServeOptions } from '../proxy/served-tools.js';
/** Options of {@link proxy}. */
export interface ProxyCommandOptions {
    upstream: McpServerTarget;
    serve: ServeOptions;
    /** Serve Streamable HTTP here instead of stdio. */
    listen: {
        host: string;
        port: number;
    } | undefined;
    /** Print what a host would be served, then exit. */
    dryRun: boolean;
    json: boolean;
    connectTimeoutMs: number;
    listTimeoutMs: number;
    mcpLimits?: Partial<McpClientLimits>;
    /** Resolves when the proxy should stop (tests); default: the host closing stdin, or a signal. */
    until?: Promise<void>;
}
/**
 * Runs the proxy until the host goes away (stdio) or it is stopped (`--listen`).
 * - At start, stderr says what changed, tool by tool, and a summary; `--dry-run` prints what a
 *   host would be served (text, or `--json`: the `tools/list` result) and exits.
 * - The upstream ending, or never answering `initialize`, ends the proxy with one line on stderr
 *   and a non-zero exit; closing the proxy ends the upstream and its whole process group.
 */
export declare function proxy(options: ProxyCommandOptions, io: CommandIO): Promise<CommandOutput>;
//# sourceMappingURL=proxy.d.ts.map