import { type CommandOutput } from '../command.js';
import type { CommandIO } from '../io.js';
import type { McpClientLimits, McpServerTarget } from '../mcp-client.js';
/** Options of {@link search}. */
export interface SearchCommandOptions {
    query: string;
    /** A JSON file: a tools/list result (`{tools:[…]}`), an array of MCP tools, or Responses tools. */
    toolsFile: string | undefined;
    target: McpServerTarget | undefined;
    limit: number;
    connectTimeoutMs: number;
    listTimeoutMs: number;
    /** Bounds on the listing (deadline, tools, bytes); defaults when absent. */
    mcpLimits?: Partial<McpClientLimits>;
    json: boolean;
}
/** One ranked hit. */
export interface SearchRow {
    name: string;
    score: number;
    description: string;
}
/**
 * Reads tools from a file or a server and prints the best matches. Tools that fail conversion
 * cannot be searched: stderr says how many were skipped and why, and the exit code is 1.
 */
export declare function search(options: SearchCommandOptions, io: CommandIO): Promise<CommandOutput>;
//# sourceMappingURL=search.d.ts.map