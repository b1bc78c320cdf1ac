import { ToolSchemaError } from '../errors.js';
import type { CompactionOptions, CompactionPassName, CompactionReport } from './compaction/driver.js';
import type { TokenBudgetOptions } from './compaction/token-budget.js';
import type { JsonValue } from './json.js';
import type { JsonSchema } from './model.js';
import type { LocalDefinitionRef } from './refs.js';
import type { SchemaWarning } from './warnings.js';
/** The stage that made a change. */
export type PipelineStage = 'sanitize' | 'prune' | 'compact' | 'decode';
/**
 * What kind of change. Sanitize: `boolean_schema_replaced`, `type_inferred`, `type_normalized`,
 * `const_to_enum`, `default_added`, `schema_emptied`, `key_dropped`. Prune: `definition_pruned`.
 * Compact: `description_stripped`, `ref_dropped`, `definitions_dropped`, `subtree_collapsed`,
 * `composition_pruned`; the fidelity policy's `definition_inlined`, `subtree_shared`, `enum_shared`,
 * `description_shortened`, `enum_dropped`, `property_dropped`. Decode: `keyword_dropped` (unknown to the model), `null_dropped`.
 */
export type SchemaChangeKind = 'boolean_schema_replaced' | 'type_inferred' | 'type_normalized' | 'const_to_enum' | 'default_added' | 'schema_emptied' | 'key_dropped' | 'definition_pruned' | 'description_stripped' | 'ref_dropped' | 'definitions_dropped' | 'subtree_collapsed' | 'composition_pruned' | 'keyword_dropped' | 'null_dropped' | 'definition_inlined' | 'enum_shared' | 'subtree_shared' | 'description_shortened' | 'enum_dropped' | 'property_dropped';
/** One change the pipeline made, at a JSON Pointer into the input. */
export interface SchemaChange {
    stage: PipelineStage;
    /** The compaction pass, for `stage: "compact"`. */
    pass?: CompactionPassName;
    kind: SchemaChangeKind;
    /** RFC 6901 JSON Pointer (`""` is the root). */
    path: string;
    before?: JsonValue;
    after?: JsonValue;
    message: string;
}
/** Options of {@link explainToolInputSchema}. */
export interface ExplainOptions extends CompactionOptions, TokenBudgetOptions {
    /** Run compaction, as {@link parseToolInputSchema} does (default true). */
    compaction?: boolean;
}
/** Everything the pipeline did to one input. */
export interface ToolSchemaExplanation {
    ok: boolean;
    /** The input as read (a JSON copy), or undefined when it could not be read. */
    input: JsonValue | undefined;
    /** The JSON after sanitize. */
    sanitized: JsonValue | undefined;
    /** The JSON after pruning unreachable definitions. */
    pruned: JsonValue | undefined;
    /** The root definitions pruning removed. */
    prunedDefinitions: LocalDefinitionRef[];
    /** Compaction's budget, sizes and passes; undefined without compaction or when not reached. */
    compaction: CompactionReport | undefined;
    /** The raw JSON that was decoded: after compaction when it ran, else the same value as `pruned`. */
    decoded: JsonValue | undefined;
    /** The final schema, equal to what the matching parse function returns. */
    final: JsonSchema | undefined;
    /** Byte size of the final schema's compact JSON. */
    finalBytes: number | undefined;
    /** The error the matching parse function throws. */
    error: ToolSchemaError | undefined;
    /** Every change by JSON path, in stage order. */
    changes: SchemaChange[];
    /** How many changes of each kind. */
    counts: Partial<Record<SchemaChangeKind, number>>;
    /** What the final schema says that contradicts itself (enum values of another type, unknown required names). */
    warnings: SchemaWarning[];
}
/**
 * Runs the same stages as {@link parseToolInputSchema} (or the no-compaction entry) once and
 * returns each stage's output, the compaction passes with their sizes, and the changes by path.
 * - Never throws for bad input: the error that the parse function would throw is in `error`.
 * - `final` is equal to the parse function's result for the same input and options.
 */
export declare function explainToolInputSchema(input: unknown, options?: ExplainOptions): ToolSchemaExplanation;
//# sourceMappingURL=explain.d.ts.map