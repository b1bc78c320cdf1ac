import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
/** The largest line (one JSON-RPC message) a server may write, by default: 16 MiB. */
export declare const DEFAULT_MAX_MESSAGE_BYTES: number;
/** Options of {@link ProcessGroupStdioTransport}. */
export interface ProcessGroupStdioOptions {
    command: string;
    args: string[];
    env: Record<string, string>;
    cwd?: string;
    /** Longest message line accepted; a longer one ends the connection with a clear error. */
    maxMessageBytes?: number;
    /** Most bytes read from stdout in all; past that the connection ends with a clear error. */
    maxTotalBytes?: number;
    /** Called with every chunk the server writes to stderr. */
    onStderr?: (chunk: Buffer) => void;
}
/** Why a connection ended that the SDK would only call "closed": kept for the failure message. */
export declare class TransportFault extends Error {
    readonly name = "TransportFault";
}
/**
 * Spawns an MCP server and speaks newline-delimited JSON-RPC with it over stdio.
 * - The server leads a new process group (POSIX): `close()` ends stdin, waits, then sends
 *   SIGTERM and finally SIGKILL to the whole group, so a child sharing the server's stdout or
 *   ignoring SIGTERM is not left behind, and this process is not kept alive by its pipes.
 * - SIGINT, SIGTERM and SIGHUP to this process, and its exit, kill every live group first.
 * - A line longer than `maxMessageBytes` ends the connection with a {@link TransportFault};
 *   a line that is not JSON-RPC is reported once through `onerror` and skipped.
 */
export declare class ProcessGroupStdioTransport implements Transport {
    private readonly options;
    onclose?: () => void;
    onerror?: (error: Error) => void;
    onmessage?: (message: JSONRPCMessage) => void;
    /** The first reason the connection broke, if it did (too long a line, junk on stdout). */
    fault: TransportFault | undefined;
    /** The first line of stdout that was not a JSON-RPC message. */
    junk: string | undefined;
    private child;
    private buffer;
    private buffered;
    private received;
    private closed;
    private readonly maxMessageBytes;
    constructor(options: ProcessGroupStdioOptions);
    /** The server's process id, once spawned. */
    get pid(): number | undefined;
    start(): Promise<void>;
    private receive;
    private deliver;
    private fail;
    send(message: JSONRPCMessage): Promise<void>;
    /** Ends the server and its whole process group: stdin closed, then SIGTERM, then SIGKILL. */
    close(): Promise<void>;
    private finish;
}
//# sourceMappingURL=stdio-transport.d.ts.map