import type { CompactionOptions, CompactionPassName } from './compaction/driver.js';
import { type TokenBudgetOptions } from './compaction/token-budget.js';
import type { JsonValue } from './json.js';
import type { JsonSchema } from './model.js';
/** Options of {@link parseToolInputSchema}: the compaction budget (bytes or tokens), depth and policy. */
export type ParseToolInputSchemaOptions = CompactionOptions & TokenBudgetOptions;
/**
 * The byte budget that lands this input within the token budget, or undefined without one.
 * - The input is copied, sanitized and pruned once; each try compacts a fresh copy of that.
 */
export declare function budgetBytesForTokens(input: unknown, options?: ParseToolInputSchemaOptions): number | undefined;
/**
 * Turns any tool input schema into the model the wire can carry, compacting it to the budget.
 * - `decode(compact(prune(sanitize(copy(input)))))`; the input is never modified (the copy and
 *   sanitize are one walk).
 * - Throws {@link ToolSchemaError} for input that is not JSON, nests too deep, or does not decode.
 */
export declare function parseToolInputSchema(input: unknown, options?: ParseToolInputSchemaOptions): JsonSchema;
/**
 * The pipeline after pruning (compaction and decode), on a pruned copy the caller owns (it is
 * mutated), also returning the compaction passes that ran. For the library's own consumers (MCP
 * tools, whose whole-tool copy sanitizes the input schema on the way); not exported publicly.
 * - `keepRaw`: return the compacted raw value too (see `compactAndDecode`).
 * - `plainText`: every string of `pruned` is known to be plain ASCII with nothing to escape.
 * (Flags, not options: this runs once per tool, and a spread of the caller's options per tool
 * was most of what it allocated.)
 */
export declare function parsePrunedToolInputSchema(pruned: JsonValue, options: ParseToolInputSchemaOptions | undefined, keepRaw: boolean, plainText: boolean): {
    schema: JsonSchema;
    compactionPasses: CompactionPassName[];
    raw: JsonValue;
};
/**
 * {@link parsePrunedToolInputSchema} for a caller that starts from the compacted raw value
 * (a provider conversion) and may never read the model: the walks validate and measure without
 * building it. `schema` is the model when a step built it anyway, else undefined:
 * `decodeRawSchema(raw)` builds it, and cannot fail (the walks validated `raw`).
 */
export declare function compactPrunedToolInputSchema(pruned: JsonValue, options: ParseToolInputSchemaOptions | undefined, plainText: boolean): {
    schema: JsonSchema | undefined;
    compactionPasses: CompactionPassName[];
    raw: JsonValue;
};
/**
 * The same pipeline without compaction: `decode(prune(sanitize(copy(input))))`.
 * - Keeps descriptions and definitions however large the schema is.
 */
export declare function parseToolInputSchemaWithoutCompaction(input: unknown): JsonSchema;
//# sourceMappingURL=pipeline.d.ts.map