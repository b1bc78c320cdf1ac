import { globPattern } from '../tools/glob.js';
import { convertJsonSchemaTools } from './json-schema-tools.js';
import { listMcpClientTools } from './mcp-client.js';
import { tokenCounterFor } from './token-count.js';
/**
 * The MCP SDK client inside an agents-js server (`MCPServerStdio` and the HTTP ones keep it as
 * `underlying.session`), when there is one: listing through it skips the SDK's per-page schema
 * check, which rejects every tool of a page for one it dislikes. Not a public API of agents-js:
 * without it, the server's own `listTools()` is used.
 */
function sessionOf(server) {
    const holder = server;
    const session = holder.underlying?.session ?? holder.session;
    const candidate = session;
    return typeof candidate?.request === 'function' && typeof candidate.callTool === 'function'
        ? candidate
        : undefined;
}
/** A tool call that did not resolve: agents-js turns a thrown error into a model-visible message. */
export class ToolCallRejected extends Error {
    name = 'ToolCallRejected';
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
export function withToolschema(server, options = {}) {
    let conversion;
    const include = (options.include ?? []).map(globPattern);
    const exclude = (options.exclude ?? []).map(globPattern);
    const chosen = (name) => (include.length === 0 || include.some((pattern) => pattern.test(name))) &&
        !exclude.some((pattern) => pattern.test(name));
    const resolve = async (toolName, args) => {
        if (conversion === undefined)
            await wrapped.listTools();
        const resolved = conversion.resolveToolCall(toolName, args ?? {});
        if (!resolved.ok) {
            const issues = resolved.issues.map((issue) => `${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`);
            throw new ToolCallRejected(`the arguments for ${toolName} were not sent: ${issues.length > 0 ? issues.join('; ') : resolved.error.detail}`);
        }
        return resolved;
    };
    const wrapped = Object.create(server, {
        listTools: {
            value: async () => {
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
                    inputSchema: tool.inputSchema,
                }));
            },
        },
        callTool: {
            value: async (toolName, args, ...rest) => {
                const resolved = await resolve(toolName, args);
                return server.callTool(resolved.name, resolved.arguments, ...rest);
            },
        },
        ...(server.callToolResult === undefined
            ? {}
            : {
                callToolResult: {
                    value: async (toolName, args, ...rest) => {
                        const resolved = await resolve(toolName, args);
                        return server.callToolResult(resolved.name, resolved.arguments, ...rest);
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
//# sourceMappingURL=openai-agents.js.map