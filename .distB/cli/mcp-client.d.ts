import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ExitError } from './exit-error.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from './stdio-transport.js';
/** Default time to connect (spawn + initialize), in milliseconds. */
export declare const DEFAULT_CONNECT_TIMEOUT_MS = 15000;
/** Default time for one tools/list page, in milliseconds. */
export declare const DEFAULT_LIST_TIMEOUT_MS = 30000;
/** Most tools/list pages followed (a server whose cursors never end cannot loop us forever). */
export declare const MAX_TOOL_LIST_PAGES = 1000;
/** Default time for the whole listing (connect and every page), in milliseconds. */
export declare const DEFAULT_LIST_DEADLINE_MS = 120000;
/** Default most tools listed across pages. */
export declare const DEFAULT_MAX_TOOLS = 10000;
/** Default most bytes read from a server in all. */
export declare const DEFAULT_MAX_TOTAL_BYTES: number;
export { DEFAULT_MAX_MESSAGE_BYTES };
/** What one listing may cost, whatever the server does (each has a flag). */
export interface McpClientLimits {
    /** The whole listing, connect included (`--deadline`). */
    deadlineMs: number;
    /** Tools across all pages (`--max-tools`). */
    maxTools: number;
    /** One message: a stdio line or an HTTP response body (`--max-message-bytes`). */
    maxMessageBytes: number;
    /** Everything the server sends (`--max-total-bytes`). */
    maxTotalBytes: number;
}
export declare const DEFAULT_MCP_CLIENT_LIMITS: McpClientLimits;
/** The variables a stdio server gets from this process without `--env` (the MCP SDK's safe default set). */
export declare const DEFAULT_PASSED_ENV_VARIABLES: readonly ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];
/**
 * Where the server is: a command to spawn over stdio (with extra environment variables on top of
 * the safe default set), or a URL (Streamable HTTP, then SSE) with extra request headers.
 */
export type McpServerTarget = {
    command: string;
    args: string[];
    env?: Record<string, string>;
} | {
    url: string;
    headers?: Record<string, string>;
};
/** Options of {@link listMcpTools}. */
export interface ListMcpToolsOptions {
    target: McpServerTarget;
    connectTimeoutMs?: number;
    listTimeoutMs?: number;
    cwd?: string;
    /** Bounds on the whole listing (defaults: {@link DEFAULT_MCP_CLIENT_LIMITS}). */
    limits?: Partial<McpClientLimits>;
    /**
     * The environment a stdio server starts from (the proxy passes its whole own: hosts put a
     * server's keys there); default the MCP SDK's safe set. `target.env` goes on top either way.
     */
    baseEnv?: NodeJS.ProcessEnv;
    /** Called as pages arrive (for a progress indicator). */
    onProgress?: (message: string) => void;
}
/** What the server listed. */
export interface McpToolListing {
    server: {
        name: string;
        version: string;
    };
    /** The raw tools, exactly as sent (validated by nothing yet). */
    tools: unknown[];
    pages: number;
}
/** An open connection to one MCP server, kept for as long as the caller needs it. */
export interface McpConnection {
    client: Client;
    server: {
        name: string;
        version: string;
    };
    /** Every tool, all pages, as sent (bounded as {@link McpClientLimits} says; the deadline counts from the call). */
    listTools(onProgress?: (message: string) => void, deadlineMs?: number): Promise<{
        tools: unknown[];
        pages: number;
    }>;
    /** Why the connection broke, in one line (for a failure the caller meets later). */
    explain(what: string, error: unknown): ExitError;
    /** Ends the server, its process group included; safe to call twice. */
    close(): Promise<void>;
    /** Called once when the connection ends, however it ends. */
    onClose(handler: () => void): void;
}
/**
 * Connects to an MCP server (stdio in its own process group, or HTTP with bounded bodies) and
 * returns the open connection. A failure to connect is one `ExitError` line, and leaves nothing
 * running. `capabilities` are what this client says it can do (the proxy mirrors its host's).
 */
export declare function openMcpConnection(options: ListMcpToolsOptions & {
    clientInfo?: {
        name: string;
        version: string;
    };
    capabilities?: Record<string, unknown>;
}): Promise<McpConnection>;
/**
 * Connects to an MCP server, lists every tool (following cursors), and closes the connection.
 * - Timeouts on connect and on each page, and a deadline on the whole; at most `maxTools` tools,
 *   and bounded bytes per message and in all ({@link McpClientLimits}).
 * - A stdio server runs in a process group of its own, always ended (EOF → SIGTERM → SIGKILL
 *   to the group), and never with `process.exit()`.
 * - Failures are `ExitError`s with one line: what failed, why, and the server's last stderr lines.
 */
export declare function listMcpTools(options: ListMcpToolsOptions): Promise<McpToolListing>;
//# sourceMappingURL=mcp-client.d.ts.map