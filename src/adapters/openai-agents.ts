// toolschema/openai-agents: an MCP server for openai-agents-js whose tools are converted, and whose calls are restored.
import type { MCPServer } from '@openai/agents-core';
import { globPattern } from '../tools/glob.js';
import { convertJsonSchemaTools, type JsonSchemaTarget, type JsonSchemaToolConversion } from './json-schema-tools.js';
import { listMcpClientTools, type McpClientLike } from './mcp-client.js';
import { type TokenCounter, tokenCounterFor } from './token-count.js';

/**
 * The MCP SDK client inside an agents-js server (`MCPServerStdio` and the HTTP ones keep it as
 * `underlying.session`), when there is one: listing through it skips the SDK's per-page schema
 * check, which rejects every tool of a page for one it dislikes. Not a public API of agents-js:
 * without it, the server's own `listTools()` is used.
 */
function sessionOf(server: MCPServer): McpClientLike | undefined {
  const holder = server as unknown as { underlying?: { session?: unknown }; session?: unknown };
  const session = holder.underlying?.session ?? holder.session;
  const candidate = session as Partial<McpClientLike> | undefined;
  return typeof candidate?.request === 'function' && typeof candidate.callTool === 'function'
    ? (candidate as McpClientLike)
    : undefined;
}

/** Options of {@link withToolschema}. */
export interface WithToolschemaOptions {
  /** Default `openai-responses`: agents-js speaks the Responses API. */
  target?: JsonSchemaTarget;
  /** Default true: strict where the schema allows, as agents-js prefers. */
  strict?: boolean;
  /** Compact each tool to at most this many tokens, counted by `countTokens`. */
  budgetTokens?: number;
  /** The token counter of `budgetTokens` (e.g. gpt-tokenizer's o200k `countTokens`). */
  countTokens?: TokenCounter;
  /** Serve only the inner server's tools whose names match one of these globs (`*`, `?`). */
  include?: readonly string[];
  /** Leave out the tools whose names match one of these globs. */
  exclude?: readonly string[];
}

/** A tool as agents-js's `MCPServer.listTools()` returns it. */
type MCPTool = Awaited<ReturnType<MCPServer['listTools']>>[number];

/** A tool call that did not resolve: agents-js turns a thrown error into a model-visible message. */
export class ToolCallRejected extends Error {
  override readonly name = 'ToolCallRejected';
}

/**
 * Wraps an agents-js `MCPServer` (`MCPServerStdio`, `MCPServerStreamableHttp`, …) so that
 * `listTools()` serves its tools converted (strict for OpenAI where they allow it, names the
 * provider takes) and `callTool()` restores and checks the arguments before calling the inner
 * server under the tool's own name. Everything else is the inner server's.
 * - The inner server's tools are listed without the MCP SDK's per-page check where its client
 *   can be reached (one bad tool no longer fails the whole listing); see {@link sessionOf}.
 * - agents-js's own strict conversion (`convertSchemasToStrict: true`) leaves these schemas as
 *   they are: the root is already closed and every property listed in `required`.
 * - A call that does not resolve throws {@link ToolCallRejected} naming each path: agents-js's
 *   error function gives the model that message, so it can correct itself.
 */
export function withToolschema(server: MCPServer, options: WithToolschemaOptions = {}): MCPServer {
  let conversion: JsonSchemaToolConversion | undefined;
  const include = (options.include ?? []).map(globPattern);
  const exclude = (options.exclude ?? []).map(globPattern);
  const chosen = (name: string) =>
    (include.length === 0 || include.some((pattern) => pattern.test(name))) &&
    !exclude.some((pattern) => pattern.test(name));

  const resolve = async (toolName: string, args: Record<string, unknown> | null) => {
    if (conversion === undefined) await wrapped.listTools();
    const resolved = (conversion as JsonSchemaToolConversion).resolveToolCall(toolName, args ?? {});
    if (!resolved.ok) {
      const issues = resolved.issues.map((issue) => `${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`);
      throw new ToolCallRejected(
        `the arguments for ${toolName} were not sent: ${issues.length > 0 ? issues.join('; ') : resolved.error.detail}`,
      );
    }
    return resolved;
  };

  const wrapped: MCPServer = Object.create(server, {
    listTools: {
      value: async (): Promise<MCPTool[]> => {
        const session = sessionOf(server);
        const listed = session === undefined ? await server.listTools() : await listMcpClientTools(session);
        const tools = listed.filter((tool) => chosen(tool.name));
        const countTokens = options.budgetTokens === undefined ? undefined : tokenCounterFor(options.countTokens);
        conversion = convertJsonSchemaTools(tools, {
          target: options.target ?? 'openai-responses',
          strict: options.strict !== false,
          ...(options.budgetTokens === undefined ? {} : { budgetTokens: options.budgetTokens, countTokens }),
        });
        return conversion.tools.map((tool) => ({
          name: tool.providerName,
          description: tool.description,
          inputSchema: tool.inputSchema as MCPTool['inputSchema'],
        }));
      },
    },
    callTool: {
      value: async (toolName: string, args: Record<string, unknown> | null, ...rest: unknown[]) => {
        const resolved = await resolve(toolName, args);
        return (server.callTool as (...args: unknown[]) => ReturnType<MCPServer['callTool']>)(
          resolved.name,
          resolved.arguments,
          ...rest,
        );
      },
    },
    ...(server.callToolResult === undefined
      ? {}
      : {
          callToolResult: {
            value: async (toolName: string, args: Record<string, unknown> | null, ...rest: unknown[]) => {
              const resolved = await resolve(toolName, args);
              return (server.callToolResult as (...args: unknown[]) => unknown)(
                resolved.name,
                resolved.arguments,
                ...rest,
              );
            },
          },
        }),
    invalidateToolsCache: {
      value: async () => {
        conversion = undefined;
        await server.invalidateToolsCache();
      },
    },
  });
  return wrapped;
}
