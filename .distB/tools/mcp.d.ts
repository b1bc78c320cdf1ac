import { type CompactionPassName } from '../schema/compaction/driver.js';
import { type TokenBudgetOptions } from '../schema/compaction/token-budget.js';
import type { ToolSchemaExplanation } from '../schema/explain.js';
import type { JsonObject, JsonValue } from '../schema/json.js';
import type { JsonSchema } from '../schema/model.js';
import type { ParseToolInputSchemaOptions } from '../schema/pipeline.js';
import type { ToolDefinition } from './definition.js';
/** The description limit of the reference's plugin profile, in UTF-8 bytes. */
export declare const MCP_PLUGIN_DESCRIPTION_LIMIT_BYTES = 1000;
/**
 * A `tools/list` entry. The MCP SDK's `Tool` type is assignable to it; it is looser on purpose,
 * since real servers send schemas the SDK's own validation rejects.
 */
export interface McpToolLike {
    name: string;
    description?: string | undefined;
    inputSchema?: unknown;
    outputSchema?: unknown;
}
/** Options of {@link parseMcpTool}. */
export interface ParseMcpToolOptions extends ParseToolInputSchemaOptions {
    /** Cut descriptions to at most this many UTF-8 bytes, on a character boundary. */
    descriptionLimit?: number;
}
/** How {@link parseMcpToolWithReport} runs the pipeline on the input schema. */
export interface McpToolReportOptions extends ParseMcpToolOptions {
    /**
     * Run the pipeline through `explainToolInputSchema` and return its report: every change by path,
     * for a caller that shows what the model loses (one run, not a parse and an explain).
     */
    explain?: boolean;
    /** Also return the sanitized, pruned and compacted JSON before decode (provider targets start there). */
    keepRaw?: boolean;
}
/** A parsed MCP tool with the compaction passes its input schema went through. */
export interface ParsedMcpTool {
    definition: ToolDefinition;
    compactionPasses: CompactionPassName[];
    /** With `explain`: what each stage did to the input schema. */
    explanation?: ToolSchemaExplanation;
    /** With `keepRaw`: the input schema after sanitize, prune and compaction, before decode. */
    raw?: JsonValue;
    /**
     * The compact JSON bytes of the tool's `inputSchema` as read (counted by the copy that reads
     * it, so the size costs no second walk); absent without an `inputSchema`, and with `explain`.
     */
    inputBytes?: number;
}
/**
 * Returns the longest prefix of `text` that is at most `maxBytes` UTF-8 bytes and ends on a
 * character boundary (a surrogate pair is never split). No ellipsis is added.
 */
export declare function truncateUtf8(text: string, maxBytes: number): string;
/**
 * The schema of an MCP `tools/call` result, around the tool's own output schema.
 * - `structuredContent` is the tool's `outputSchema` verbatim (not sanitized), `{}` when absent.
 */
export declare function mcpCallResultOutputSchema(structuredContent?: JsonValue): JsonObject;
/**
 * The raw input schema an MCP tool's pipeline starts from: a copy of `inputSchema` with root
 * `properties: {}` inserted when missing (SPEC §2.3 step 1). Feed it to `explainToolInputSchema`
 * to see what the model loses of an MCP tool.
 */
export declare function prepareMcpInputSchema(inputSchema: unknown): JsonValue;
/**
 * Turns an MCP `tools/list` entry into a {@link ToolDefinition}.
 * - A root `inputSchema` without `properties` (or with `properties: null`) gets `properties: {}`
 *   first, so a typeless root becomes an object and keeps its description.
 * - `inputSchema` goes through the default pipeline; errors come back under `/inputSchema`.
 * - `outputSchema` is the call-result envelope around the tool's output schema.
 * - A missing description is `""`; with `descriptionLimit` it is cut on a character boundary.
 * - Never deferred; the caller decides that when building the wire shape.
 */
export declare function parseMcpTool(tool: McpToolLike, options?: ParseMcpToolOptions): ToolDefinition;
/**
 * Checks the options that shape every tool of a batch (compaction, the description limit, a token
 * budget), once, at a batch's entry: a bad option is the caller's mistake, said once with its own
 * path, not each tool's failure under `/inputSchema/…`. Throws {@link ToolSchemaError}
 * (`invalid_option`).
 */
export declare function checkMcpToolOptions(options: ParseMcpToolOptions & TokenBudgetOptions): void;
/** {@link parseMcpTool}, also returning the compaction passes that ran on the input schema (and, on request, more). */
export declare function parseMcpToolWithReport(tool: McpToolLike, input?: McpToolReportOptions): ParsedMcpTool;
/**
 * {@link parseMcpToolWithReport}, with what the copy learned for the library's own use (not
 * public): whether it saw anything a server-bug repair may be for (true when unknown: with
 * `explain`).
 * - `countInput: false`: the copy counts nothing (no `inputBytes`, and the budget's bounds are
 *   settled by a scan where they do not decide): the count scans every string and key, a sixth
 *   of a provider conversion's time on the corpus, for a caller (`convertMcpTools`) that measures
 *   the input only if its size is read.
 * - `lazyModel` (with `keepRaw`): the definition's `inputSchema` is parsed from the tool when
 *   first read, for a caller that starts from the raw value (`convertMcpTools`, whose provider
 *   targets never read the model: building it was a tenth of a conversion). Reading it gives
 *   the model the parse would have built from the tool as it then is (as `inputBytes` measures
 *   it); assigning it replaces it.
 */
export declare function parseMcpToolWithFacts(tool: McpToolLike, input?: McpToolReportOptions, countInput?: boolean, lazyModel?: boolean): {
    parsed: ParsedMcpTool;
    repairHint: boolean;
    model: () => JsonSchema;
};
//# sourceMappingURL=mcp.d.ts.map