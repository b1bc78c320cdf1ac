// toolschema proxy: an MCP server in front of one upstream server, serving its tools converted for every host.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { commandOutput } from '../command.js';
import { EXIT_OK, EXIT_USAGE, ExitError } from '../exit-error.js';
import { openMcpConnection } from '../mcp-client.js';
import { createProxyServer, stderrLog } from '../proxy/proxy-server.js';
import { serveTools, summaryLine } from '../proxy/served-tools.js';
import { loadTokenCounter } from '../tokens.js';
/** The largest request body `--listen` reads (a call's arguments are at most 1 MB by default). */
const MAX_HTTP_BODY_BYTES = 16 * 1024 * 1024;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
async function connectUpstream(options, io) {
    return openMcpConnection({
        target: options.upstream,
        connectTimeoutMs: options.connectTimeoutMs,
        listTimeoutMs: options.listTimeoutMs,
        limits: options.mcpLimits,
        cwd: io.cwd,
        // Hosts put a server's keys in the proxy's env: the upstream gets all of it, --env on top.
        baseEnv: io.env,
        clientInfo: { name: 'toolschema-proxy', version: '1' },
    });
}
async function listServed(connection, options, countTokens) {
    const { tools } = await connection.listTools();
    return serveTools(tools, options.serve, countTokens);
}
function reportListing(listing, options, log) {
    for (const line of listing.report)
        log(line);
    log(summaryLine(listing, options.serve.target));
}
/** The dry run's text: one line per served tool (name, tokens of its schema), then the summary. */
function dryRunText(listing, target, countTokens) {
    const width = Math.min(48, Math.max(4, ...listing.tools.map((tool) => tool.name.length)));
    const rows = listing.tools.map((tool) => `${tool.name.length > width ? `${tool.name.slice(0, width - 1)}…` : tool.name.padEnd(width)}  ${String(countTokens(JSON.stringify(tool.inputSchema))).padStart(6)} tokens`);
    return [`${summaryLine(listing, target)}`, '', `${'tool'.padEnd(width)}  schema`, ...rows].join('\n');
}
/** Waits for the first of: the promise given, the host closing stdin, the upstream going away. */
function stopSignal(until, io, upstreams) {
    return new Promise((resolve) => {
        until?.then(() => resolve('stopped'));
        if (until === undefined) {
            io.stdin.once('end', () => resolve('stdin'));
            io.stdin.once('close', () => resolve('stdin'));
        }
        for (const connection of upstreams())
            connection.onClose(() => resolve('upstream'));
    });
}
async function serveStdio(options, io, countTokens) {
    const log = stderrLog(io.stderr);
    const connection = await connectUpstream(options, io);
    try {
        const listing = await listServed(connection, options, countTokens);
        reportListing(listing, options, log);
        const { server } = await createProxyServer(connection, listing, { serve: options.serve, countTokens, log });
        await server.connect(new StdioServerTransport(io.stdin, io.stdout));
        const why = await stopSignal(options.until, io, () => [connection]);
        await server.close().catch(() => undefined);
        if (why === 'upstream') {
            log(connection.explain('serving', Object.assign(new Error('closed'), { code: -32000 })).message);
            return EXIT_USAGE;
        }
        return EXIT_OK;
    }
    finally {
        await connection.close();
        // The host's stdin may still be open (a signal, a test): stop reading it so the process can end.
        if (io.stdin === process.stdin)
            process.stdin.destroy();
    }
}
async function readBody(request) {
    const chunks = [];
    let size = 0;
    for await (const chunk of request) {
        size += chunk.length;
        if (size > MAX_HTTP_BODY_BYTES)
            throw new ExitError('request body too large');
        chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    return text === '' ? undefined : JSON.parse(text);
}
function httpError(response, status, message) {
    if (response.headersSent)
        return;
    response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
/**
 * `--listen`: Streamable HTTP, one upstream per session (its own process, ended with the
 * session), on loopback unless told otherwise (with DNS-rebinding protection there).
 */
async function serveHttp(options, io, countTokens) {
    const log = stderrLog(io.stderr);
    const listen = options.listen;
    const sessions = new Map();
    let allowedHosts = [];
    const http = createServer(async (request, response) => {
        try {
            if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/mcp') {
                response.writeHead(404).end('not found: the MCP endpoint is /mcp');
                return;
            }
            const sessionId = request.headers['mcp-session-id'];
            const body = request.method === 'POST' ? await readBody(request) : undefined;
            const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
            if (existing !== undefined) {
                await existing.transport.handleRequest(request, response, body);
                return;
            }
            if (sessionId !== undefined || !isInitializeRequest(body)) {
                httpError(response, 400, 'no session: start with an initialize request');
                return;
            }
            const connection = await connectUpstream(options, io);
            const listing = await listServed(connection, options, countTokens);
            reportListing(listing, options, log);
            const { server } = await createProxyServer(connection, listing, { serve: options.serve, countTokens, log });
            const transport = new StreamableHTTPServerTransport({
                sessionIdGenerator: randomUUID,
                onsessioninitialized: (id) => {
                    sessions.set(id, { transport, connection });
                },
                ...(allowedHosts.length > 0 ? { enableDnsRebindingProtection: true, allowedHosts } : {}),
            });
            transport.onclose = () => {
                if (transport.sessionId !== undefined)
                    sessions.delete(transport.sessionId);
                void connection.close();
            };
            connection.onClose(() => {
                log(connection.explain('serving', Object.assign(new Error('closed'), { code: -32000 })).message);
                void transport.close();
            });
            await server.connect(transport);
            await transport.handleRequest(request, response, body);
        }
        catch (error) {
            httpError(response, error instanceof SyntaxError ? 400 : 502, error instanceof Error ? error.message : String(error));
        }
    });
    await new Promise((resolve, reject) => {
        http.once('error', (error) => reject(new ExitError(`cannot listen on ${listen.host}:${listen.port}: ${error.code ?? error.message}`)));
        http.listen(listen.port, listen.host, resolve);
    });
    const { port } = http.address();
    if (LOOPBACK.has(listen.host))
        allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
    else
        log(`listening on ${listen.host}, not loopback: anyone who can reach it can call the upstream's tools`);
    log(`listening on http://${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${port}/mcp`);
    await (options.until ??
        new Promise((resolve) => {
            process.once('SIGINT', resolve);
            process.once('SIGTERM', resolve);
        }));
    for (const { transport, connection } of sessions.values()) {
        await transport.close().catch(() => undefined);
        await connection.close();
    }
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    return EXIT_OK;
}
/**
 * Runs the proxy until the host goes away (stdio) or it is stopped (`--listen`).
 * - At start, stderr says what changed, tool by tool, and a summary; `--dry-run` prints what a
 *   host would be served (text, or `--json`: the `tools/list` result) and exits.
 * - The upstream ending, or never answering `initialize`, ends the proxy with one line on stderr
 *   and a non-zero exit; closing the proxy ends the upstream and its whole process group.
 */
export async function proxy(options, io) {
    const countTokens = await loadTokenCounter();
    if (options.dryRun) {
        const connection = await connectUpstream(options, io);
        try {
            const listing = await listServed(connection, options, countTokens);
            const stderr = [...listing.report, ...(options.json ? [summaryLine(listing, options.serve.target)] : [])].map((line) => `toolschema proxy: ${line}`);
            return options.json
                ? commandOutput([JSON.stringify({ tools: listing.tools }, null, 2)], stderr)
                : commandOutput([dryRunText(listing, options.serve.target, countTokens)], stderr);
        }
        finally {
            await connection.close();
        }
    }
    const exitCode = options.listen === undefined
        ? await serveStdio(options, io, countTokens)
        : await serveHttp(options, io, countTokens);
    return commandOutput([], [], exitCode);
}
//# sourceMappingURL=proxy.js.map