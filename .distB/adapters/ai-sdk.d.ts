import { type LanguageModelMiddleware, type ToolSet } from 'ai';
import { type JsonSchemaTarget } from './json-schema-tools.js';
import { type McpClientLike } from './mcp-client.js';
/** Options of {@link toolschemaMiddleware}. */
export interface ToolschemaMiddlewareOptions {
    /** The target; default from `model.provider` (see {@link targetForProvider}). */
    target?: JsonSchemaTarget;
    /** Ask for strict schemas where the target has them (OpenAI, Anthropic); default false. */
    strict?: boolean;
    /** Compact each tool schema to this many bytes (see `convertMcpTools`). */
    budgetBytes?: number;
}
/**
 * The target for an AI SDK provider string.
 * - `openai.responses` → `openai-responses`; `openai.chat` → `openai-chat`;
 *   `anthropic.messages` → `anthropic`;
 * - Google (`google.generative-ai`, `google.vertex.*`) and anything else → `portable`: the Google
 *   provider turns the JSON Schema it is given into Gemini's `parameters` itself, and a schema
 *   already in that subset is what it converts without breaking Gemini's rules.
 */
export declare function targetForProvider(provider: string): JsonSchemaTarget;
/**
 * AI SDK 6 middleware (`wrapLanguageModel({ model, middleware: toolschemaMiddleware() })`).
 * - `transformParams`: every function tool converted for the model's provider (from
 *   `model.provider`, or `options.target`): name, description (within the provider's limit),
 *   `inputSchema` and, with `options.strict`, `strict`; the tool calls and results already in
 *   the prompt renamed to match.
 * - `wrapGenerate` and `wrapStream`: every `tool-call` (and `tool-input-start`'s name) turned back
 *   into the tool's own name and restored input, before the AI SDK checks it against the tool's
 *   own schema.
 * - Works for every tool the app defines (`tool`, `dynamicTool`, `jsonSchema`, `zodSchema`, MCP).
 */
export declare function toolschemaMiddleware(options?: ToolschemaMiddlewareOptions): LanguageModelMiddleware;
/** Options of {@link toolschemaTools}. */
export interface ToolschemaToolsOptions {
    /** Default `portable`: the schemas every provider takes. */
    target?: JsonSchemaTarget;
    strict?: boolean;
    budgetBytes?: number;
}
/**
 * An AI SDK `ToolSet` from an MCP SDK `Client`: every tool of the server (listed without the
 * SDK's per-tool checks, so one bad tool hides no other), converted, as `dynamicTool`s whose
 * `execute` restores the arguments, checks them against the server's own schema and calls it.
 * - Keys are the provider-side names; a tool that cannot be converted is left out (see `failed`).
 */
export declare function toolschemaTools(client: McpClientLike, options?: ToolschemaToolsOptions): Promise<ToolSet>;
//# sourceMappingURL=ai-sdk.d.ts.map