/** One broken rule: which tool, where, and the rule. */
export interface Violation {
    tool: string;
    path: string;
    rule: string;
}
/**
 * What one request's tools break of a provider's documented rules.
 * - `target`: `openai-responses`, `openai-chat`, `anthropic`, `gemini` or `gemini-json-schema`;
 *   `tools` in that target's wire shape. A tool marked strict is held to the strict rules too.
 * - `portable`: MCP tools (`{name, description, inputSchema}`), each put as it is into every
 *   provider's every field (Responses, Chat, Anthropic, Gemini `parameters` and
 *   `parametersJsonSchema`) and held to all of their rules at once.
 * - Each violation names the tool (`*` for the request), a JSON Pointer into it, and the rule.
 */
export declare function checkProviderTools(target: string, tools: readonly unknown[]): Violation[];
//# sourceMappingURL=check-rules.d.ts.map