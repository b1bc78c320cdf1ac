import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { McpConnection } from '../mcp-client.js';
import type { TokenCounter } from '../tokens.js';
import { type ServedListing, type ServeOptions } from './served-tools.js';
/** How long a forwarded request may take (a tool can run long; hosts have their own limits). */
export declare const DEFAULT_CALL_TIMEOUT_MS = 600000;
/** What the proxy server needs besides its connection. */
export interface ProxyServerOptions {
    serve: ServeOptions;
    countTokens: TokenCounter;
    /** Writes one line to the proxy's stderr (made printable). */
    log: (line: string) => void;
    callTimeoutMs?: number;
}
/**
 * A server in front of one upstream connection.
 * - `tools/list`: the converted listing (all of it: hosts do not page tool lists).
 * - `tools/call`: the host's name and arguments through `resolveToolCall`, checked against the
 *   upstream's own schema, then forwarded under the upstream's name with `_meta`; the result comes
 *   back as it is. Arguments that do not check are not forwarded: an `isError` result names each
 *   path and what was expected, so the model can correct itself.
 * - Resources, prompts, completions and logging pass through when the upstream has them;
 *   progress and cancellation are passed on; the upstream's list_changed and log notifications
 *   reach the host (tools: re-listed and re-converted first).
 */
export declare function createProxyServer(upstream: McpConnection, initial: ServedListing, options: ProxyServerOptions): Promise<{
    server: Server;
    listing: () => ServedListing;
}>;
/** A stderr line writer that shows control characters escaped (a server's names reach it). */
export declare function stderrLog(stream: NodeJS.WritableStream): (line: string) => void;
//# sourceMappingURL=proxy-server.d.ts.map