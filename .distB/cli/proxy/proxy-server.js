// The proxy's MCP server: converted tools, calls restored and checked, everything else passed through to the upstream.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, CompleteRequestSchema, ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema, LoggingMessageNotificationSchema, McpError, ProgressNotificationSchema, PromptListChangedNotificationSchema, ReadResourceRequestSchema, ResourceListChangedNotificationSchema, ResourceUpdatedNotificationSchema, SetLevelRequestSchema, SubscribeRequestSchema, ToolListChangedNotificationSchema, UnsubscribeRequestSchema, } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { printableText } from '../printable.js';
import { serveTools, summaryLine } from './served-tools.js';
/** Any result, as the upstream sent it: passed back without reshaping. */
const LooseResult = z.looseObject({});
/** How long a forwarded request may take (a tool can run long; hosts have their own limits). */
export const DEFAULT_CALL_TIMEOUT_MS = 600_000;
/** The issues of a rejected call, as a text the model can correct itself from. */
function rejectionText(name, issues, fallback) {
    const lines = issues
        .slice(0, 20)
        .map((issue) => `- ${issue.path === '' ? '(the arguments)' : issue.path}: ${issue.message}`);
    return lines.length === 0
        ? `The arguments for ${name} were not sent: ${fallback}`
        : `The arguments for ${name} were not sent: they do not match its input schema.\n${lines.join('\n')}`;
}
let progressCounter = 0;
/**
 * Sends a request upstream with the host's cancellation and progress passed on.
 * - Progress goes under a token of the proxy's own (`_meta.progressToken`), routed back to the
 *   host's token by the connection's progress handler: the SDK's own routing drops a progress
 *   notification that arrives in the same read as the response (its handler runs a microtask
 *   later, after the response removed it).
 * - The result is returned only once every progress notification it caused was sent to the host.
 */
async function forward(upstream, routes, request, extra, progressToken, timeout) {
    const sent = [];
    let routed = request;
    let token;
    if (progressToken !== undefined) {
        token = `toolschema-proxy-${++progressCounter}`;
        const meta = (request.params?._meta ?? {});
        routed = { ...request, params: { ...request.params, _meta: { ...meta, progressToken: token } } };
        routes.set(token, (params) => {
            sent.push(extra
                .sendNotification({ method: 'notifications/progress', params: { ...params, progressToken } })
                .catch(() => undefined));
        });
    }
    try {
        const result = await upstream.client.request(routed, LooseResult, { signal: extra.signal, timeout });
        if (sent.length > 0) {
            await Promise.all(sent);
            // The host's SDK has the same race: give the last notification its own read before the response.
            await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return result;
    }
    finally {
        if (token !== undefined)
            routes.delete(token);
    }
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
export async function createProxyServer(upstream, initial, options) {
    let listing = initial;
    const upstreamCapabilities = (upstream.client.getServerCapabilities() ?? {});
    const capabilities = { ...upstreamCapabilities, tools: { listChanged: true } };
    const instructions = upstream.client.getInstructions();
    const server = new Server({ name: upstream.server.name, version: upstream.server.version }, { capabilities, ...(instructions === undefined ? {} : { instructions }) });
    const timeout = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    const routes = new Map();
    upstream.client.setNotificationHandler(ProgressNotificationSchema, async (notification) => {
        const { progressToken, ...params } = notification.params;
        routes.get(String(progressToken))?.(params);
    });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listing.tools }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
        const { name, arguments: args, _meta } = request.params;
        const current = listing;
        if (!current.tools.some((tool) => tool.name === name))
            throw new McpError(ErrorCode.InvalidParams, `unknown tool ${JSON.stringify(name)}`);
        const resolved = current.conversion.resolveToolCall(name, args ?? {});
        if (!resolved.ok)
            return {
                content: [{ type: 'text', text: rejectionText(name, resolved.issues, resolved.error.detail) }],
                isError: true,
            };
        const result = await forward(upstream, routes, {
            method: 'tools/call',
            params: { name: resolved.name, arguments: resolved.arguments, ...(_meta === undefined ? {} : { _meta }) },
        }, extra, _meta?.progressToken, timeout);
        return result;
    });
    // Pass-through, only for what the upstream has (the SDK refuses a handler without its capability).
    const pass = (schema) => server.setRequestHandler(schema, async (request, extra) => forward(upstream, routes, request, extra, request.params?._meta?.progressToken, timeout));
    if (upstreamCapabilities.resources !== undefined) {
        pass(ListResourcesRequestSchema);
        pass(ListResourceTemplatesRequestSchema);
        pass(ReadResourceRequestSchema);
        if (upstreamCapabilities.resources.subscribe === true) {
            pass(SubscribeRequestSchema);
            pass(UnsubscribeRequestSchema);
        }
    }
    if (upstreamCapabilities.prompts !== undefined) {
        pass(ListPromptsRequestSchema);
        pass(GetPromptRequestSchema);
    }
    if (upstreamCapabilities.completions !== undefined)
        pass(CompleteRequestSchema);
    if (upstreamCapabilities.logging !== undefined)
        pass(SetLevelRequestSchema);
    // The upstream's notifications, passed on to the host.
    const relay = (schema) => upstream.client.setNotificationHandler(schema, async (notification) => {
        await server.notification(notification).catch(() => undefined);
    });
    relay(LoggingMessageNotificationSchema);
    relay(ResourceUpdatedNotificationSchema);
    relay(ResourceListChangedNotificationSchema);
    relay(PromptListChangedNotificationSchema);
    upstream.client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
        try {
            const { tools } = await upstream.listTools();
            listing = serveTools(tools, options.serve, options.countTokens);
            options.log(`tools changed upstream: ${summaryLine(listing, options.serve.target)}`);
            for (const line of listing.report)
                options.log(line);
            await server.sendToolListChanged();
        }
        catch (error) {
            options.log(`tools changed upstream, and listing them again failed: ${error instanceof Error ? error.message : String(error)}`);
        }
    });
    return { server, listing: () => listing };
}
/** A stderr line writer that shows control characters escaped (a server's names reach it). */
export function stderrLog(stream) {
    return (line) => {
        stream.write(`toolschema proxy: ${printableText(line)}\n`);
    };
}
//# sourceMappingURL=proxy-server.js.map