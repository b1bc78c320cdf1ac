import { DynamicStructuredTool } from '@langchain/core/tools';
import { type JsonSchemaTarget } from './json-schema-tools.js';
import { type McpClientLike } from './mcp-client.js';
/** Options of {@link toolschemaLangChainTools}. */
export interface ToolschemaLangChainOptions {
    /** Default `portable`: one schema for whichever chat model the tools are bound to. */
    target?: JsonSchemaTarget;
    strict?: boolean;
    budgetBytes?: number;
}
/**
 * `DynamicStructuredTool`s for every tool of a connected MCP server: each `schema` is the
 * converted JSON Schema (no flattening of `anyOf` to its first branch), each `func` restores the
 * arguments, checks them against the server's own schema and calls the server.
 * - A call that does not resolve throws with each path and what was expected (LangChain's own
 *   tool error path, `handleToolError` included).
 * - A tool that cannot be converted is left out; the others are all there.
 */
export declare function toolschemaLangChainTools(client: McpClientLike, options?: ToolschemaLangChainOptions): Promise<DynamicStructuredTool[]>;
//# sourceMappingURL=langchain.d.ts.map