// Listing an MCP server's tools: connect (stdio or HTTP), page through tools/list loosely, always clean up.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { z } from 'zod';
import { boundedFetch } from './bounded-fetch.js';
import { EXIT_USAGE, ExitError } from './exit-error.js';
import { DEFAULT_MAX_MESSAGE_BYTES, ProcessGroupStdioTransport, TransportFault } from './stdio-transport.js';

/** Default time to connect (spawn + initialize), in milliseconds. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 15_000;
/** Default time for one tools/list page, in milliseconds. */
export const DEFAULT_LIST_TIMEOUT_MS = 30_000;
/** Most tools/list pages followed (a server whose cursors never end cannot loop us forever). */
export const MAX_TOOL_LIST_PAGES = 1_000;
/** Default time for the whole listing (connect and every page), in milliseconds. */
export const DEFAULT_LIST_DEADLINE_MS = 120_000;
/** Default most tools listed across pages. */
export const DEFAULT_MAX_TOOLS = 10_000;
/** Default most bytes read from a server in all. */
export const DEFAULT_MAX_TOTAL_BYTES = 256 * 1024 * 1024;
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

export const DEFAULT_MCP_CLIENT_LIMITS: McpClientLimits = {
  deadlineMs: DEFAULT_LIST_DEADLINE_MS,
  maxTools: DEFAULT_MAX_TOOLS,
  maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
  maxTotalBytes: DEFAULT_MAX_TOTAL_BYTES,
};
/** How much of a server's stderr is kept to quote when it fails: its first bytes and its last. */
const MAX_STDERR_KEPT_BYTES = 8_192;
/** Most stderr lines quoted in a failure message. */
const MAX_STDERR_QUOTED_LINES = 3;

/** The variables a stdio server gets from this process without `--env` (the MCP SDK's safe default set). */
export const DEFAULT_PASSED_ENV_VARIABLES = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'] as const;

/**
 * tools/list with no per-tool validation: the SDK's `listTools()` rejects a whole page for one
 * tool whose schema it dislikes, and reporting on such tools is this CLI's job.
 */
const LooseListToolsResult = z.looseObject({
  tools: z.array(z.unknown()),
  nextCursor: z.string().optional(),
});

/**
 * Where the server is: a command to spawn over stdio (with extra environment variables on top of
 * the safe default set), or a URL (Streamable HTTP, then SSE) with extra request headers.
 */
export type McpServerTarget =
  | { command: string; args: string[]; env?: Record<string, string> }
  | { url: string; headers?: Record<string, string> };

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
  server: { name: string; version: string };
  /** The raw tools, exactly as sent (validated by nothing yet). */
  tools: unknown[];
  pages: number;
}

/** A stack frame, a code frame's caret line, or Node's version footer: never the reason a server died. */
const STDERR_NOISE = /^\s*(at\s|\^+\s*$|Node\.js v\d|file:\/\/|\/.*:\d+$|\w:\\.*:\d+$|\{|\}|\s*$)/;
/** A line that states an error, as servers and runtimes write them. */
const STDERR_ERROR_LINE =
  /error|fatal|exception|failed|missing|not set|required|denied|invalid|unauthori[sz]ed|cannot|can't/i;

/** Keeps a server's stderr (head and tail) and quotes the lines that say why it failed. */
class StderrCapture {
  private head = '';
  private tail = '';
  append(chunk: Buffer | string): void {
    const text = chunk.toString();
    if (this.head.length < MAX_STDERR_KEPT_BYTES) this.head += text.slice(0, MAX_STDERR_KEPT_BYTES - this.head.length);
    else this.tail = (this.tail + text).slice(-MAX_STDERR_KEPT_BYTES);
  }
  /** The first lines that carry an error message (not a stack's tail); else the first lines. */
  quote(): string {
    const lines: string[] = [];
    for (const raw of `${this.head}\n${this.tail}`.split('\n')) {
      const line = raw.trim();
      // A caret line points into the source line above it (Node's code frame): drop both.
      if (/^\^+$/.test(line)) lines.pop();
      else if (!STDERR_NOISE.test(line)) lines.push(line);
    }
    const errors = lines.filter((line) => STDERR_ERROR_LINE.test(line));
    const chosen = [...new Set(errors.length > 0 ? errors : lines)].slice(0, MAX_STDERR_QUOTED_LINES);
    return chosen.length === 0 ? '' : `; server stderr: ${chosen.join(' | ').slice(0, 500)}`;
  }
}

/** The variables that have a value (a process environment may list undefined ones). */
function definedOnly(env: NodeJS.ProcessEnv | Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}

function describeTarget(target: McpServerTarget): string {
  return 'url' in target ? target.url : [target.command, ...target.args].join(' ');
}

/** The first `code` along an error's cause chain (fetch wraps the socket error). */
function causeCodeOf(error: unknown): unknown {
  let current = (error as { cause?: unknown } | undefined)?.cause;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code !== undefined) return code;
    current = cause;
  }
  return undefined;
}

/** An HTTP status as a reason and what to do about it (the SDK's message may end with an empty body). */
function httpFailure(status: number, message: string): string {
  const body = message.replace(/^(Streamable HTTP|SSE) error: /, '').replace(/^Error POSTing to endpoint:\s*/, '');
  const detail = body.trim() === '' ? '' : `: ${body.trim().slice(0, 200)}`;
  if (status === 404) return `HTTP 404, no MCP endpoint at this URL (servers often serve it at /mcp)${detail}`;
  if (status === 401 || status === 403)
    return `HTTP ${status}, not authorized (pass credentials with --header "Authorization: Bearer …")${detail}`;
  return `HTTP ${status}${detail}`;
}

/** The first line of a message, at most 300 characters: a zod or HTML error body is no one-line reason. */
function firstLine(text: string): string {
  const line = text.split('\n').find((part) => part.trim() !== '') ?? text;
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** What the transports learned of a broken connection that the SDK reports only as closed or timed out. */
interface ConnectionFaults {
  fault(): TransportFault | undefined;
  junk(): string | undefined;
}

function failure(
  target: McpServerTarget,
  what: string,
  error: unknown,
  stderr: StderrCapture,
  faults?: ConnectionFaults,
): ExitError {
  const code = (error as { code?: unknown }).code;
  const causeCode = causeCodeOf(error);
  const fault = error instanceof TransportFault ? error : faults?.fault();
  let reason = firstLine(error instanceof Error ? error.message : String(error));
  // A reply the SDK's schema refused: zod's message is the issues as multi-line JSON.
  if (error instanceof Error && Array.isArray((error as { issues?: unknown }).issues)) {
    const issue = (error as unknown as { issues: { path?: unknown[]; message?: string }[] }).issues[0];
    const where = issue?.path === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`;
    reason = `the server sent a malformed reply${where}: ${issue?.message ?? 'not the expected shape'}`;
  }
  if (fault !== undefined) reason = fault.message;
  else if (code === 'ENOENT') reason = 'command not found';
  else if (causeCode === 'ECONNREFUSED') reason = 'connection refused (is the server running on that address?)';
  else if (causeCode === 'ENOTFOUND') reason = 'host not found';
  else if (code === -32001) reason = `no answer in time (${reason.replace(/^MCP error -32001: /, '')})`;
  else if (code === -32000) reason = 'the server closed the connection';
  else if (typeof code === 'number' && code >= 400 && code < 600) reason = httpFailure(code, reason);
  else if (reason === 'fetch failed') {
    // fetch says only "fetch failed"; why is in its cause (a code, or a message such as "bad port").
    const cause = (error as { cause?: { message?: unknown } }).cause;
    const why = causeCode ?? (typeof cause?.message === 'string' ? cause.message : undefined);
    if (typeof why === 'string' || typeof why === 'number') reason = `fetch failed (${why})`;
  }
  const junk = faults?.junk();
  const junkNote = junk === undefined ? '' : `; the server wrote this to stdout, which is not JSON-RPC: ${junk}`;
  return new ExitError(`${what} ${describeTarget(target)} failed: ${reason}${junkNote}${stderr.quote()}`, EXIT_USAGE);
}

/** A promise that rejects after `ms` with an SDK-style timeout (-32001), unless `work` settles first. */
function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`${what} took longer than ${ms} ms`), { code: -32001 })),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function connect(
  client: Client,
  options: ListMcpToolsOptions,
  limits: McpClientLimits,
  stderr: StderrCapture,
  track: (transport: Transport, faults: ConnectionFaults) => void,
): Promise<void> {
  const timeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const { target } = options;
  if (!('url' in target)) {
    const transport = new ProcessGroupStdioTransport({
      command: target.command,
      args: target.args,
      env: { ...definedOnly(options.baseEnv ?? getDefaultEnvironment()), ...target.env },
      maxMessageBytes: limits.maxMessageBytes,
      maxTotalBytes: limits.maxTotalBytes,
      onStderr: (chunk) => stderr.append(chunk),
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    });
    track(transport, { fault: () => transport.fault, junk: () => transport.junk });
    await client.connect(transport, { timeout });
    return;
  }
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new ExitError(`not a URL: ${target.url}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ExitError(`not an HTTP URL: ${target.url} (MCP over HTTP needs http:// or https://)`);
  const requestInit = target.headers === undefined ? undefined : { headers: target.headers };
  const bounded = boundedFetch({ maxResponseBytes: limits.maxMessageBytes, maxTotalBytes: limits.maxTotalBytes });
  const faults: ConnectionFaults = { fault: bounded.fault, junk: () => undefined };
  try {
    const transport = new StreamableHTTPClientTransport(url, { requestInit, fetch: bounded.fetch });
    track(transport, faults);
    await client.connect(transport, { timeout });
  } catch (streamableError) {
    if (bounded.fault() !== undefined) throw streamableError;
    // Older servers speak only HTTP+SSE; the SDK's own fallback advice. Its start waits for an
    // `endpoint` event that a server may never send: the connect timeout covers that wait too.
    options.onProgress?.('Streamable HTTP failed; trying SSE');
    const transport = new SSEClientTransport(url, { requestInit, fetch: bounded.fetch });
    track(transport, faults);
    try {
      await withTimeout(client.connect(transport, { timeout }), timeout, 'the SSE fallback');
    } catch (sseError) {
      const timedOut = (sseError as { code?: unknown }).code === -32001;
      throw timedOut && (streamableError as { code?: unknown }).code === undefined ? sseError : streamableError;
    }
  }
}

function deadlineFailure(target: McpServerTarget, limits: McpClientLimits): ExitError {
  return new ExitError(
    `listing tools of ${describeTarget(target)} failed: it took longer than ${limits.deadlineMs.toLocaleString('en-US')} ms in all (--deadline)`,
    EXIT_USAGE,
  );
}

/** An open connection to one MCP server, kept for as long as the caller needs it. */
export interface McpConnection {
  client: Client;
  server: { name: string; version: string };
  /** Every tool, all pages, as sent (bounded as {@link McpClientLimits} says; the deadline counts from the call). */
  listTools(onProgress?: (message: string) => void, deadlineMs?: number): Promise<{ tools: unknown[]; pages: number }>;
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
export async function openMcpConnection(
  options: ListMcpToolsOptions & {
    clientInfo?: { name: string; version: string };
    capabilities?: Record<string, unknown>;
  },
): Promise<McpConnection> {
  const stderr = new StderrCapture();
  const client = new Client(options.clientInfo ?? { name: 'toolschema', version: '1' }, {
    capabilities: options.capabilities ?? {},
  });
  const limits: McpClientLimits = { ...DEFAULT_MCP_CLIENT_LIMITS, ...options.limits };
  const listTimeout = options.listTimeoutMs ?? DEFAULT_LIST_TIMEOUT_MS;
  const transports: Transport[] = [];
  let faults: ConnectionFaults | undefined;
  const closeHandlers: (() => void)[] = [];
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.close().catch(() => undefined);
    // A failed connect may leave a spawned server that the client never adopted.
    for (const transport of transports) await transport.close().catch(() => undefined);
  };
  client.onclose = () => {
    for (const handler of closeHandlers.splice(0)) handler();
  };
  options.onProgress?.(`connecting to ${describeTarget(options.target)}`);
  try {
    await withTimeout(
      connect(client, options, limits, stderr, (transport, found) => {
        transports.push(transport);
        faults = found;
      }),
      limits.deadlineMs,
      'connecting',
    );
  } catch (error) {
    await close();
    if (error instanceof ExitError) throw error;
    throw failure(options.target, 'connecting to', error, stderr, faults);
  }
  const info = client.getServerVersion();
  const listTools = async (onProgress?: (message: string) => void, deadlineMs = limits.deadlineMs) => {
    const deadline = Date.now() + deadlineMs;
    const tools: unknown[] = [];
    const seenCursors = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      let page: z.infer<typeof LooseListToolsResult>;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw deadlineFailure(options.target, limits);
      try {
        page = await withTimeout(
          client.request(
            { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
            LooseListToolsResult,
            { timeout: Math.min(listTimeout, remaining) },
          ),
          remaining + 1_000,
          'listing tools',
        );
      } catch (error) {
        if (Date.now() >= deadline) throw deadlineFailure(options.target, limits);
        throw failure(options.target, 'listing tools of', error, stderr, faults);
      }
      pages++;
      if (tools.length + page.tools.length > limits.maxTools)
        throw new ExitError(
          `listing tools of ${describeTarget(options.target)} failed: the server listed more than ${limits.maxTools.toLocaleString('en-US')} tools (--max-tools)`,
          EXIT_USAGE,
        );
      for (const tool of page.tools) tools.push(tool);
      onProgress?.(`listed ${tools.length} tools (${pages} page${pages === 1 ? '' : 's'})`);
      cursor = page.nextCursor;
      if (cursor !== undefined) {
        if (seenCursors.has(cursor) || pages >= MAX_TOOL_LIST_PAGES) {
          throw new ExitError(
            `listing tools of ${describeTarget(options.target)} failed: the server's cursors do not end`,
          );
        }
        seenCursors.add(cursor);
      }
    } while (cursor !== undefined);
    return { tools, pages };
  };
  return {
    client,
    server: { name: info?.name ?? 'unknown', version: info?.version ?? '' },
    listTools,
    explain: (what, error) => failure(options.target, what, error, stderr, faults),
    close,
    onClose: (handler) => {
      if (closed) handler();
      else closeHandlers.push(handler);
    },
  };
}

/**
 * Connects to an MCP server, lists every tool (following cursors), and closes the connection.
 * - Timeouts on connect and on each page, and a deadline on the whole; at most `maxTools` tools,
 *   and bounded bytes per message and in all ({@link McpClientLimits}).
 * - A stdio server runs in a process group of its own, always ended (EOF → SIGTERM → SIGKILL
 *   to the group), and never with `process.exit()`.
 * - Failures are `ExitError`s with one line: what failed, why, and the server's last stderr lines.
 */
export async function listMcpTools(options: ListMcpToolsOptions): Promise<McpToolListing> {
  const limits: McpClientLimits = { ...DEFAULT_MCP_CLIENT_LIMITS, ...options.limits };
  const started = Date.now();
  const connection = await openMcpConnection(options);
  try {
    const remaining = limits.deadlineMs - (Date.now() - started);
    if (remaining <= 0) throw deadlineFailure(options.target, limits);
    const listing = await connection.listTools(options.onProgress, remaining);
    return { server: connection.server, ...listing };
  } finally {
    await connection.close();
  }
}
