import type { ResponsesTool } from './responses.js';
/**
 * The text tool search matches a tool by: parts trimmed, empty ones dropped, joined by one space.
 * - A function: name; name with `_` → space; description; then from the parameters, recursively,
 *   the schema's description, each property's name and parts, `items`, each `anyOf` variant.
 * - A namespace: its name, its description, then each tool's parts.
 * - Not included: oneOf, allOf, additionalProperties, definition tables, enum values, ref targets.
 */
export declare function toolSearchText(tool: ResponsesTool): string;
/**
 * Splits text into search terms: on anything not a letter or digit, and at camelCase and
 * letter/digit boundaries, so `create_issue`, `createIssue` and `create issue` all give
 * `create` + `issue`.
 */
export declare function tokenizeToolText(text: string): string[];
/** Lower-cases a term, drops stop words, and folds simple English plurals (`pods` → `pod`). */
export declare function normalizeSearchTerm(term: string): string | null;
/** One search hit: the tool to load and its BM25 score. */
export interface ToolSearchHit<T extends ResponsesTool = ResponsesTool> {
    tool: T;
    score: number;
}
/** Options of a search. */
export interface ToolSearchOptions {
    /** How many hits at most (default 8). */
    limit?: number;
}
/** A ranked full-text index over tools. */
export interface ToolSearch<T extends ResponsesTool = ResponsesTool> {
    /** The tools, best first; an empty or stop-word-only query finds nothing. */
    search(query: string, options?: ToolSearchOptions): ToolSearchHit<T>[];
    readonly size: number;
}
/** Default number of hits. */
export declare const DEFAULT_TOOL_SEARCH_LIMIT = 8;
/**
 * Builds a BM25 index (MiniSearch) over tools, by name (boosted) and {@link toolSearchText}.
 * - Names are tokenized at `_`, `-` and camelCase; simple plurals fold; prefixes of the last
 *   query word match, and one-letter typos in longer words are forgiven.
 */
export declare function createToolSearch<T extends ResponsesTool>(tools: readonly T[]): ToolSearch<T>;
//# sourceMappingURL=search.d.ts.map