import type { MCPServer } from '@openai/agents-core';
import { type JsonSchemaTarget } from './json-schema-tools.js';
import { type TokenCounter } from './token-count.js';
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
/** A tool call that did not resolve: agents-js turns a thrown error into a model-visible message. */
export declare class ToolCallRejected extends Error {
    readonly name = "ToolCallRejected";
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
export declare function withToolschema(server: MCPServer, options?: WithToolschemaOptions): MCPServer;
//# sourceMappingURL=openai-agents.d.ts.map