import { ToolSchemaError } from '../../errors.js';
import { type DecodeObserver } from '../decode.js';
import type { JsonValue } from '../json.js';
import type { JsonSchema } from '../model.js';
import { type FidelityStepName } from './fidelity.js';
import { type MeasuredWeights, type SchemaFacts, SchemaSizeTally, type SizeBounds } from './measure.js';
import type { PassResult } from './reference-passes.js';
/** The byte budget a schema must fit in before compaction stops (compact JSON, UTF-8). */
export declare const MAX_COMPACT_SCHEMA_BYTES = 5000;
/**
 * How an oversized schema is compacted.
 * - `reference` (default): the reference's four passes, byte for byte (SPEC §1.5): all or
 *   nothing over the whole schema, best effort.
 * - `fidelity`: spend the budget where it buys the most — shorten descriptions before dropping
 *   any, drop the deepest first, collapse optional subtrees before required ones, inline
 *   definitions used once, keep enums while they fit; the result always fits the budget.
 */
export type CompactionPolicy = 'reference' | 'fidelity';
/** The compaction policies, for validation and help texts. */
export declare const COMPACTION_POLICIES: readonly CompactionPolicy[];
/** Overrides of the compaction limits; the defaults reproduce the reference. */
export interface CompactionOptions {
    /** Byte budget (default {@link MAX_COMPACT_SCHEMA_BYTES}). */
    budgetBytes?: number;
    /** Depth from which pass 3 collapses objects (default {@link COLLAPSE_SCHEMA_DEPTH}). */
    collapseDepth?: number;
    /** The policy for oversized schemas (default `reference`). Schemas within budget are never touched. */
    compactionPolicy?: CompactionPolicy;
    /**
     * The fidelity policy writes what a schema repeats word for word once, as `$defs` entries it
     * refers to (default true). False where the refs will be inlined again (`convertMcpTools` says
     * so for Gemini `parameters` and `portable`): there, sharing saves nothing on the wire.
     */
    shareRepeated?: boolean;
}
/** The names of the compaction passes (reference) and steps (fidelity), in the order they run. */
export type CompactionPassName = 'strip_descriptions' | 'drop_definitions' | 'collapse_deep_objects' | 'prune_compositions' | FidelityStepName;
export type { MeasuredWeights, SizeBounds };
/**
 * A pass whose result is known before it runs, from the measure of the schema before it.
 * - `bounds`: the result's size bounds (`plainText`: the measured text was known to be plain).
 * - `decode`: the model as if the pass had run, from the raw value before it, telling `observer`
 *   (undefined past `buildLimitBytes`, or with {@link NO_MODEL}): for a caller that wants only the
 *   model, the pass itself need not run.
 */
export interface PassPrediction {
    bounds: (before: MeasuredWeights, plainText: boolean) => SizeBounds;
    decode: (raw: JsonValue, observer: DecodeObserver | undefined, buildLimitBytes: number) => JsonSchema | undefined;
}
/** What the driver tells a pass about what comes next. */
export interface PassContext {
    /** The next pass is sure to run and drop the root definition tables: the pass may leave them. */
    rootTablesDroppedNext: boolean;
    /**
     * The raw value leaves the driver (`keepRaw`, no snapshots): pass 1 removes descriptions as it
     * goes rather than nulling them for a later walk to remove.
     */
    removeKeys?: boolean;
}
/**
 * One compaction pass, as one table entry: what it does, when it can do nothing, and what its
 * result weighs when that is known before it runs.
 * - `run` mutates a raw schema it owns and says what it did.
 * - `idle` says, from what the last measure saw, that the pass cannot change the schema, so the
 *   driver does not walk it.
 * - `predict`: the driver measures nothing after the pass (see {@link PassPrediction}).
 * - `dropsRootTables`: whenever the pass runs, the root definition tables are gone after it.
 */
export interface CompactionPass {
    name: 'strip_descriptions' | 'drop_definitions' | 'collapse_deep_objects' | 'prune_compositions';
    run: (root: JsonValue, collapseDepth: number, context?: PassContext) => PassResult;
    idle: (facts: SchemaFacts, raw: JsonValue, collapseDepth: number) => boolean;
    predict?: PassPrediction;
    dropsRootTables?: boolean;
}
/** What one pass that ran did to the size. */
export interface CompactionPassRecord {
    name: CompactionPassName;
    bytesBefore: number;
    bytesAfter: number;
}
/** What compaction did: the budget, the size it started from, and each pass that ran. */
export interface CompactionReport {
    budgetBytes: number;
    initialBytes: number;
    finalBytes: number;
    fits: boolean;
    passes: CompactionPassRecord[];
}
/**
 * The passes, in order (SPEC §1.5); each runs only while the schema is over budget.
 * 1. strip descriptions, definition tables included at every level;
 * 2. replace local-definition refs by `{}` and drop the root tables;
 * 3. collapse objects with children at depth ≥ the collapse depth;
 * 4. replace every composition by `{}`.
 */
export declare const LARGE_SCHEMA_COMPACTION_PASSES: readonly CompactionPass[];
/**
 * A decode attempt: the schema, or the error that decode will report at the end (an undecodable
 * value measures 0 bytes, so it "fits", SPEC §1.5). `bytes` is exact, or undefined when the
 * bounds alone decided `fits` and exact sizes were not asked for.
 */
export type DecodeAttempt<Model extends JsonSchema | undefined = JsonSchema> = {
    schema: Model;
    bytes: number | undefined;
    fits: boolean;
    facts: SchemaFacts;
} | {
    error: ToolSchemaError;
    bytes: 0;
    fits: true;
};
/** A size verdict for a raw schema that decodes, with what the measure saw of it. */
interface SizeVerdict {
    bytes: number | undefined;
    fits: boolean;
    facts: SchemaFacts;
    /** The measure that gave the verdict, when it was one decoding walk (a pass may predict from it). */
    tally: SchemaSizeTally | undefined;
    /** Whether the measured text was known to be plain (see `measureAndDecode`). */
    plainText: boolean;
}
/** A verdict and the model when the walk that measured also built it (else undefined). */
type Measured = SizeVerdict & {
    schema: JsonSchema | undefined;
};
/** An undecodable value: it measures 0 bytes, so it "fits" (SPEC §1.5), and decode reports the error at the end. */
type Undecodable = {
    error: ToolSchemaError;
    bytes: 0;
    fits: true;
};
/**
 * `parseToolInputSchema`'s common case, the default options and only the model wanted: a schema
 * that fits (nearly all of them) returns from the first measure, without the driver's records;
 * one that does not goes on to the driver with that measure. Throws the decode's error.
 */
export declare function decodeWithinDefaultBudget(raw: JsonValue): JsonSchema;
/** Decodes (building the whole model) and judges the size. */
export declare function decodeAndMeasure(raw: JsonValue, budgetBytes: number, exactSizes: boolean): DecodeAttempt;
/** Validates the options and fills in the defaults. */
export declare function resolveCompactionOptions(input?: CompactionOptions): Required<CompactionOptions>;
/** What {@link compactAndDecode} did (`Model`: undefined too, from {@link compactWithoutModel}). */
export interface CompactionOutcome<Model extends JsonSchema | undefined = JsonSchema> {
    /** The compacted raw value (the same object, mutated, or a replacement root). */
    raw: JsonValue;
    /** The final decode attempt: the caller decodes nothing twice. */
    attempt: DecodeAttempt<Model>;
    /** The passes that ran, in order. */
    passes: CompactionPassName[];
    /** Budget, sizes and passes with their sizes; only with `exactSizes`. */
    report: CompactionReport | undefined;
}
/**
 * Runs the passes over a raw schema (in place) while it is over budget.
 * - Each measure also decodes, but stops building the model once the bytes counted pass the
 *   budget: a schema that fits (the common case) is decoded in that one walk, and an oversized
 *   one costs no model that compaction would throw away. If no measure ended within budget,
 *   the model is built once at the end.
 * - A pass that predicts its result (pass 1: see {@link PassPrediction}) is not measured after
 *   it runs. So with `keepRaw: false` (the parse functions, which want only the model) and
 *   nothing left for the later passes to do, the model is decoded as if it had run and its walk
 *   is skipped (`raw` is then left uncompacted); and when the next pass is sure to drop the root
 *   definition tables, it is told it may leave them alone.
 * - A pass that changed nothing needs no new measure; one the facts prove cannot change
 *   anything is not walked.
 * - No check after the fourth pass: the result may still be over budget (best effort).
 * - `exactSizes` measures every size exactly for the report (explain), and takes no shortcut:
 *   explain shows the raw value after each pass.
 * - `onPass` sees each pass that ran and can take a snapshot of the raw value after it (explain).
 * - The driver owns the undo of pass 1's nulled descriptions: the raw value it returns (with
 *   `keepRaw`) and its snapshots have them removed.
 */
export declare function compactAndDecode(raw: JsonValue, options: Required<CompactionOptions>, flags?: CompactionFlags, 
/** The first measure, when the caller took it already (see {@link decodeWithinDefaultBudget}). */
measured?: Measured | Undecodable): CompactionOutcome;
/**
 * {@link compactAndDecode} for a caller that wants the compacted raw value and decodes the model
 * only if it is asked for (a provider conversion starts from the raw value): the measures
 * validate and count, and build no model that nobody may read. The attempt's schema is
 * undefined unless a step needed the model anyway (the fidelity policy compares models).
 */
export declare function compactWithoutModel(raw: JsonValue, options: Required<CompactionOptions>, flags?: CompactionFlags): CompactionOutcome<JsonSchema | undefined>;
/** How {@link compactAndDecode} runs. */
interface CompactionFlags {
    exactSizes?: boolean;
    keepRaw?: boolean;
    /** Every string of `raw` is known to be plain ASCII with nothing to escape (see `measureAndDecode`). */
    plainText?: boolean;
    onPass?: (record: CompactionPassRecord, snapshot: () => JsonValue) => void;
    /** How many of the first passes were already done on `raw`: they are not run (nor listed) again. */
    passesDone?: number;
}
/**
 * Returns a compacted copy of a raw (sanitized, pruned) schema; the input is not modified.
 * - Runs {@link LARGE_SCHEMA_COMPACTION_PASSES} in order while the decoded size is over budget.
 * - A value that does not decode measures 0 bytes and is returned as it is.
 */
export declare function compactLargeToolSchema(input: unknown, options?: CompactionOptions): JsonValue;
//# sourceMappingURL=driver.d.ts.map