import type { CommandIO } from './io.js';
import type { McpClientLimits, McpServerTarget, McpToolListing } from './mcp-client.js';
/** The tools and where they came from (for headers). */
export interface ToolSource {
    label: string;
    tools: unknown[];
}
/** Options shared by the commands that read tools. */
export interface ToolSourceOptions {
    /** A JSON file: a tools/list result (`{tools:[…]}`) or an array of tools. */
    toolsFile: string | undefined;
    target: McpServerTarget | undefined;
    connectTimeoutMs: number;
    listTimeoutMs: number;
    /** Bounds on the listing (deadline, tools, bytes); defaults when absent. */
    mcpLimits?: Partial<McpClientLimits>;
}
/** Lists a live server's tools, its progress on stderr. */
export declare function listServerTools(target: McpServerTarget, options: Omit<ToolSourceOptions, 'target' | 'toolsFile'>, io: CommandIO): Promise<McpToolListing>;
/** Lists a server's tools or reads a file's; a usage error when neither is given. */
export declare function readTools(options: ToolSourceOptions, io: CommandIO, what: string): Promise<ToolSource>;
//# sourceMappingURL=tool-source.d.ts.map