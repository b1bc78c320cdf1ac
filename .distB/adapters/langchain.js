// toolschema/langchain: LangChain.js tools from an MCP client, converted for a provider, calls restored.
import { DynamicStructuredTool } from '@langchain/core/tools';
import { convertJsonSchemaTools } from './json-schema-tools.js';
import { listMcpClientTools } from './mcp-client.js';
/**
 * `DynamicStructuredTool`s for every tool of a connected MCP server: each `schema` is the
 * converted JSON Schema (no flattening of `anyOf` to its first branch), each `func` restores the
 * arguments, checks them against the server's own schema and calls the server.
 * - A call that does not resolve throws with each path and what was expected (LangChain's own
 *   tool error path, `handleToolError` included).
 * - A tool that cannot be converted is left out; the others are all there.
 */
export async function toolschemaLangChainTools(client, options = {}) {
    const conversion = convertJsonSchemaTools(await listMcpClientTools(client), {
        target: options.target ?? 'portable',
        strict: options.strict === true,
        ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
    });
    return conversion.tools.map((tool) => new DynamicStructuredTool({
        name: tool.providerName,
        description: tool.description,
        schema: tool.inputSchema,
        func: async (input) => {
            const resolved = conversion.resolveToolCall(tool.providerName, input);
            if (!resolved.ok) {
                const issues = resolved.issues.map((issue) => `${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`);
                throw new Error(`the arguments for ${tool.providerName} were not sent: ${issues.length > 0 ? issues.join('; ') : resolved.error.detail}`);
            }
            const result = (await client.callTool({ name: resolved.name, arguments: resolved.arguments }));
            const texts = (result.content ?? []).filter((part) => part.type === 'text').map((part) => part.text ?? '');
            return texts.length === (result.content ?? []).length ? texts.join('\n') : JSON.stringify(result.content);
        },
    }));
}
//# sourceMappingURL=langchain.js.map