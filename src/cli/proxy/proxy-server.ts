// The proxy's MCP server: converted tools, calls restored and checked, everything else passed through to the upstream.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  ProgressNotificationSchema,
  PromptListChangedNotificationSchema,
  ReadResourceRequestSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type ServerCapabilities,
  type ServerNotification,
  type ServerRequest,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  ToolListChangedNotificationSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { McpConnection } from '../mcp-client.js';
import { printableText } from '../printable.js';
import type { TokenCounter } from '../tokens.js';
import { type ServedListing, type ServeOptions, serveTools, summaryLine } from './served-tools.js';

/** Any result, as the upstream sent it: passed back without reshaping. */
const LooseResult = z.looseObject({});

/** How long a forwarded request may take (a tool can run long; hosts have their own limits). */
export const DEFAULT_CALL_TIMEOUT_MS = 600_000;

/** What the proxy server needs besides its connection. */
export interface ProxyServerOptions {
  serve: ServeOptions;
  countTokens: TokenCounter;
  /** Writes one line to the proxy's stderr (made printable). */
  log: (line: string) => void;
  callTimeoutMs?: number;
}

/** The issues of a rejected call, as a text the model can correct itself from. */
function rejectionText(name: string, issues: { path: string; message: string }[], fallback: string): string {
  const lines = issues
    .slice(0, 20)
    .map((issue) => `- ${issue.path === '' ? '(the arguments)' : issue.path}: ${issue.message}`);
  return lines.length === 0
    ? `The arguments for ${name} were not sent: ${fallback}`
    : `The arguments for ${name} were not sent: they do not match its input schema.\n${lines.join('\n')}`;
}

/** How long the proxy waits after a call's last progress notification before its result (see `forward`). */
const PROGRESS_FLUSH_MS = 50;

/** Upstream progress tokens the proxy gave, each to the host's request it belongs to. */
type ProgressRoutes = Map<string, (params: Record<string, unknown>) => void>;
let progressCounter = 0;

/**
 * Sends a request upstream with the host's cancellation and progress passed on.
 * - Progress goes under a token of the proxy's own (`_meta.progressToken`), routed back to the
 *   host's token by the connection's progress handler: the SDK's own routing drops a progress
 *   notification that arrives in the same read as the response (its handler runs a microtask
 *   later, after the response removed it).
 * - The result is returned only once every progress notification it caused was sent to the host.
 */
async function forward(
  upstream: McpConnection,
  routes: ProgressRoutes,
  request: { method: string; params?: Record<string, unknown> },
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  progressToken: string | number | undefined,
  timeout: number,
): Promise<Record<string, unknown>> {
  const sent: Promise<void>[] = [];
  let routed = request;
  let token: string | undefined;
  if (progressToken !== undefined) {
    token = `toolschema-proxy-${++progressCounter}`;
    const meta = (request.params?._meta ?? {}) as Record<string, unknown>;
    routed = { ...request, params: { ...request.params, _meta: { ...meta, progressToken: token } } };
    routes.set(token, (params) => {
      sent.push(
        extra
          .sendNotification({ method: 'notifications/progress', params: { ...params, progressToken } as never })
          .catch(() => undefined),
      );
    });
  }
  try {
    const result = await upstream.client.request(routed as never, LooseResult, { signal: extra.signal, timeout });
    if (sent.length > 0) {
      await Promise.all(sent);
      // The host's SDK has the same race: give the last notification its own read before the
      // response. 5 ms was not enough on a loaded machine (both cores busy: the host read the
      // notifications and the response at once and dropped the progress); a call that reports
      // progress is a long one, so waiting a little longer costs it nothing that shows.
      await new Promise((resolve) => setTimeout(resolve, PROGRESS_FLUSH_MS));
    }
    return result;
  } finally {
    if (token !== undefined) routes.delete(token);
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
export async function createProxyServer(
  upstream: McpConnection,
  initial: ServedListing,
  options: ProxyServerOptions,
): Promise<{ server: Server; listing: () => ServedListing }> {
  let listing = initial;
  const upstreamCapabilities = (upstream.client.getServerCapabilities() ?? {}) as ServerCapabilities;
  const capabilities: ServerCapabilities = { ...upstreamCapabilities, tools: { listChanged: true } };
  const instructions = upstream.client.getInstructions();
  const server = new Server(
    { name: upstream.server.name, version: upstream.server.version },
    { capabilities, ...(instructions === undefined ? {} : { instructions }) },
  );
  const timeout = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const routes: ProgressRoutes = new Map();
  upstream.client.setNotificationHandler(ProgressNotificationSchema, async (notification) => {
    const { progressToken, ...params } = notification.params;
    routes.get(String(progressToken))?.(params);
  });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listing.tools as never }));
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
    const result = await forward(
      upstream,
      routes,
      {
        method: 'tools/call',
        params: { name: resolved.name, arguments: resolved.arguments, ...(_meta === undefined ? {} : { _meta }) },
      },
      extra,
      _meta?.progressToken,
      timeout,
    );
    return result as never;
  });

  // Pass-through, only for what the upstream has (the SDK refuses a handler without its capability).
  const pass = <T extends z.ZodObject<{ method: z.ZodLiteral<string> }>>(schema: T) =>
    server.setRequestHandler(
      schema as never,
      async (
        request: { method: string; params?: { _meta?: { progressToken?: string | number } } },
        extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
      ) => forward(upstream, routes, request, extra, request.params?._meta?.progressToken, timeout),
    );
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
  if (upstreamCapabilities.completions !== undefined) pass(CompleteRequestSchema);
  if (upstreamCapabilities.logging !== undefined) pass(SetLevelRequestSchema);

  // The upstream's notifications, passed on to the host.
  const relay = (schema: z.ZodObject<{ method: z.ZodLiteral<string> }>) =>
    upstream.client.setNotificationHandler(schema as never, async (notification: ServerNotification) => {
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
      for (const line of listing.report) options.log(line);
      await server.sendToolListChanged();
    } catch (error) {
      options.log(
        `tools changed upstream, and listing them again failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
  return { server, listing: () => listing };
}

/** A stderr line writer that shows control characters escaped (a server's names reach it). */
export function stderrLog(stream: NodeJS.WritableStream): (line: string) => void {
  return (line) => {
    stream.write(`toolschema proxy: ${printableText(line)}\n`);
  };
}
