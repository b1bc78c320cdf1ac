import { type ProviderTarget } from './targets/registry.js';
export { GEMINI_MAX_FUNCTION_DECLARATIONS } from './targets/gemini.js';
export { OPENAI_MAX_TOOLS } from './targets/openai-responses.js';
/** One limit a request breaks: which tool (or `*` for the request), where, which limit, and why. */
export interface PreflightFinding {
    tool: string;
    /** A JSON Pointer into that tool's wire shape (`""` for the request itself). */
    path: string;
    /** The limit, e.g. `"tools per request: 128"`. */
    limit: string;
    message: string;
}
/**
 * Checks a request's tools against the provider's documented limits, so nothing fails as a 400.
 * - Tool count: OpenAI 128 (Responses, Chat, codex, portable), Gemini 512.
 * - Names: the provider's pattern and 64 characters; unique within the request.
 * - Descriptions within the target's limit (OpenAI Chat and portable: 1,024 characters).
 * - OpenAI strict tools: 5,000 properties, 10 levels, 1,000 enum values, 120,000 characters of
 *   names and values, 15,000 characters in a string enum of over 250 values.
 * - Anthropic: at most 20 strict tools, 24 optional and 16 union-typed parameters across them.
 * - `tools` are the target's wire tools (as `convertMcpTools` returns them, or your own).
 */
export declare function preflightTools(tools: readonly unknown[], target: ProviderTarget): PreflightFinding[];
//# sourceMappingURL=preflight.d.ts.map