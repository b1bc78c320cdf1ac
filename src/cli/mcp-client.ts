// Listing an MCP server's tools: connect (stdio or HTTP), page through tools/list loosely, always clean up.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { z } from 'zod';
import { EXIT_USAGE, ExitError } from './exit-error.js';

/** Default time to connect (spawn + initialize), in milliseconds. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 15_000;
/** Default time for one tools/list page, in milliseconds. */
export const DEFAULT_LIST_TIMEOUT_MS = 30_000;
/** Most tools/list pages followed (a server whose cursors never end cannot loop us forever). */
export const MAX_TOOL_LIST_PAGES = 1_000;
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

function failure(target: McpServerTarget, what: string, error: unknown, stderr: StderrCapture): ExitError {
  const code = (error as { code?: unknown }).code;
  const causeCode = causeCodeOf(error);
  let reason = error instanceof Error ? error.message : String(error);
  if (code === 'ENOENT') reason = 'command not found';
  else if (causeCode === 'ECONNREFUSED') reason = 'connection refused (is the server running on that address?)';
  else if (causeCode === 'ENOTFOUND') reason = 'host not found';
  else if (code === -32001) reason = `no answer in time (${reason.replace(/^MCP error -32001: /, '')})`;
  else if (code === -32000) reason = 'the server closed the connection';
  else if (typeof code === 'number' && code >= 400 && code < 600) reason = httpFailure(code, reason);
  return new ExitError(`${what} ${describeTarget(target)} failed: ${reason}${stderr.quote()}`, EXIT_USAGE);
}

async function connect(
  client: Client,
  options: ListMcpToolsOptions,
  stderr: StderrCapture,
  track: (transport: Transport) => void,
): Promise<void> {
  const timeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const { target } = options;
  if (!('url' in target)) {
    const transport = new StdioClientTransport({
      command: target.command,
      args: target.args,
      stderr: 'pipe',
      env: { ...getDefaultEnvironment(), ...target.env },
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    });
    transport.stderr?.on('data', (chunk: Buffer) => stderr.append(chunk));
    track(transport);
    await client.connect(transport, { timeout });
    return;
  }
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new ExitError(`not a URL: ${target.url}`);
  }
  const requestInit = target.headers === undefined ? undefined : { headers: target.headers };
  try {
    const transport = new StreamableHTTPClientTransport(url, requestInit && { requestInit });
    track(transport);
    await client.connect(transport, { timeout });
  } catch (streamableError) {
    // Older servers speak only HTTP+SSE; the SDK's own fallback advice.
    options.onProgress?.('Streamable HTTP failed; trying SSE');
    try {
      const transport = new SSEClientTransport(url, requestInit && { requestInit });
      track(transport);
      await client.connect(transport, { timeout });
    } catch {
      throw streamableError;
    }
  }
}

/**
 * Connects to an MCP server, lists every tool (following cursors), and closes the connection.
 * - Timeouts on connect and on each page; a stdio server is always cleaned up (the transport's
 *   close escalates EOF → SIGTERM → SIGKILL), and never with `process.exit()`.
 * - Failures are `ExitError`s with one line: what failed, why, and the server's last stderr lines.
 */
export async function listMcpTools(options: ListMcpToolsOptions): Promise<McpToolListing> {
  const stderr = new StderrCapture();
  const client = new Client({ name: 'toolschema', version: '1' }, { capabilities: {} });
  const listTimeout = options.listTimeoutMs ?? DEFAULT_LIST_TIMEOUT_MS;
  const transports: Transport[] = [];
  try {
    options.onProgress?.(`connecting to ${describeTarget(options.target)}`);
    try {
      await connect(client, options, stderr, (transport) => transports.push(transport));
    } catch (error) {
      if (error instanceof ExitError) throw error;
      throw failure(options.target, 'connecting to', error, stderr);
    }
    const info = client.getServerVersion();
    const tools: unknown[] = [];
    const seenCursors = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      let page: z.infer<typeof LooseListToolsResult>;
      try {
        page = await client.request(
          { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
          LooseListToolsResult,
          { timeout: listTimeout },
        );
      } catch (error) {
        throw failure(options.target, 'listing tools of', error, stderr);
      }
      pages++;
      for (const tool of page.tools) tools.push(tool);
      options.onProgress?.(`listed ${tools.length} tools (${pages} page${pages === 1 ? '' : 's'})`);
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
    return { server: { name: info?.name ?? 'unknown', version: info?.version ?? '' }, tools, pages };
  } finally {
    await client.close().catch(() => undefined);
    // A failed connect may leave a spawned server that the client never adopted.
    for (const transport of transports) await transport.close().catch(() => undefined);
  }
}
