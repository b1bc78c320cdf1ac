// The entry points: copy → sanitize → prune → (compact) → decode, as in seed §2.1 (SPEC §1).
import { optionsObject, ToolSchemaError } from '../errors.js';
import {
  type CompactionOptions,
  type CompactionPassName,
  compactAndDecode,
  compactWithoutModel,
  copyTallyFor,
  decodeWithinBudget,
  MAX_COMPACT_SCHEMA_BYTES,
  resolveCompactionOptions,
} from './compaction/driver.js';
import { decodabilityCheck, type SchemaSizeTally } from './compaction/measure.js';
import { COLLAPSE_SCHEMA_DEPTH } from './compaction/reference-passes.js';
import { byteBudgetForTokens, checkTokenBudget, type TokenBudgetOptions } from './compaction/token-budget.js';
import { CopyState, copyJsonInput } from './copy.js';
import { decodeRawSchema } from './decode.js';
import { isJsonObject, type JsonValue } from './json.js';
import type { KeyLists } from './key-lists.js';
import type { JsonSchema } from './model.js';
import { acquireRefCollector, releaseRefCollector } from './ref-collection.js';
import { pruneWithCollectedRefs } from './refs.js';
import { sanitizeCollectingRefs } from './sanitize.js';

/** Options of {@link parseToolInputSchema}: the compaction budget (bytes or tokens), depth and policy. */
export type ParseToolInputSchemaOptions = CompactionOptions & TokenBudgetOptions;

/**
 * The byte budget that lands this input within the token budget, or undefined without one.
 * - The input is copied, sanitized and pruned once; each try compacts a fresh copy of that.
 */
export function budgetBytesForTokens(input: unknown, options?: ParseToolInputSchemaOptions): number | undefined {
  return searchTokenBudget(input, options)?.budgetBytes;
}

/**
 * {@link budgetBytesForTokens}, with the model its last try built at that budget (undefined when
 * that try was rejected): the search ends on a try at the budget it returns, so the parse need
 * not run again.
 */
function searchTokenBudget(
  input: unknown,
  options?: ParseToolInputSchemaOptions,
): { budgetBytes: number; schema: JsonSchema | undefined } | undefined {
  if (options === undefined) return undefined; // the common case, without an empty options object
  const tokens = checkTokenBudget(optionsObject(options));
  if (tokens === undefined) return undefined;
  const pruned = sanitizeAndPrune(input);
  let last: { budgetBytes: number; schema: JsonSchema } | undefined;
  const budgetBytes = byteBudgetForTokens(
    (budgetBytes) => {
      last = undefined;
      try {
        const { schema } = parsePrunedToolInputSchema(copyJsonInput(pruned), { ...options, budgetBytes }, false, false);
        last = { budgetBytes, schema };
        return JSON.stringify(schema);
      } catch (error) {
        if (error instanceof ToolSchemaError) return undefined;
        throw error;
      }
    },
    tokens.budgetTokens,
    tokens.countTokens,
  );
  const tried = last as { budgetBytes: number; schema: JsonSchema } | undefined;
  return { budgetBytes, schema: tried?.budgetBytes === budgetBytes ? tried.schema : undefined };
}

/**
 * Turns any tool input schema into the model the wire can carry, compacting it to the budget.
 * - `decode(compact(prune(sanitize(copy(input)))))`; the input is never modified (the copy and
 *   sanitize are one walk).
 * - Throws {@link ToolSchemaError} for input that is not JSON, nests too deep, or does not decode.
 */
export function parseToolInputSchema(input: unknown, options?: ParseToolInputSchemaOptions): JsonSchema {
  if (options === undefined) return parseUnderReferencePasses(input, DEFAULT_RESOLVED);
  const found = searchTokenBudget(input, options);
  // A token budget's search parsed the schema at the budget it found: that model is the result.
  if (found?.schema !== undefined) return found.schema;
  const budgetBytes = found?.budgetBytes;
  const resolved = budgetBytes === undefined ? options : Object.assign({}, options, { budgetBytes });
  // Any budget and depth under the reference's passes takes the default entry's way: a
  // model-shaped copy, its measure the first verdict. Options that do not resolve are reported
  // where they always were, after the input's own errors (below).
  const reference = referenceOptions(resolved);
  if (reference !== undefined) return parseUnderReferencePasses(input, reference);
  // The fidelity policy, or options that do not resolve (they throw below, after the input's
  // own errors): a plain copy, with the same measure and lists as the default entry's.
  const copy = (leaveOut: boolean) => {
    const state = new CopyState();
    const tally = copyTallyFor(resolved.budgetBytes);
    state.tally = tally;
    if (leaveOut) leaveOutDroppedTables(state, tally, resolved);
    return { state, tally, pruned: sanitizeAndPrune(input, state) };
  };
  let { state, tally, pruned } = copy(true);
  if (state.mustCopyWhole()) ({ state, tally, pruned } = copy(false));
  const copyTally = state.tallyHolds ? tally : undefined;
  return parsePrunedToolInputSchema(pruned, resolved, false, false, state.keyLists, copyTally, state.collapsedByCopy)
    .schema;
}

/** The default options, resolved. */
const DEFAULT_RESOLVED = resolveCompactionOptions(undefined);

/** The options resolved, when they are valid and take the reference's passes; else undefined. */
function referenceOptions(options: CompactionOptions): Required<CompactionOptions> | undefined {
  let resolved: Required<CompactionOptions>;
  try {
    resolved = resolveCompactionOptions(options);
  } catch {
    return undefined;
  }
  return resolved.compactionPolicy === 'reference' ? resolved : undefined;
}

/**
 * `decode(compact(prune(sanitize(copy(input)))))` under the reference's passes: the copy is
 * model-shaped and measures the model as it goes (see {@link referenceEntryCopy}), so a schema
 * within budget takes one walk and one measure.
 */
function parseUnderReferencePasses(input: unknown, options: Required<CompactionOptions>): JsonSchema {
  let { state, tally } = referenceEntryCopy(true, options);
  let pruned = sanitizeAndPrune(input, state);
  if (state.mustCopyWhole()) {
    // Root table entries were let go, or refs written as `{}`, for compaction to drop, but the
    // measure cannot vouch that the schema decodes (see CopyState.rootTablesDroppedPast), or no
    // root table is left for pass 2: the input is copied again, whole (a second read, only for
    // such a schema).
    ({ state, tally } = referenceEntryCopy(false, options));
    pruned = sanitizeAndPrune(input, state);
  }
  return decodeWithinBudget(
    pruned,
    state.keyLists,
    state.tallyHolds ? tally : undefined,
    state.modelShape && state.modelShapeAdoptable,
    options,
    state.describedHolders,
    state.collapsedByCopy,
  );
}

/**
 * The budget at which the reference's passes run for these options (the root tables a copy may
 * leave out are those they are sure to drop: see `CopyState.rootTablesDroppedPast`); undefined
 * for the fidelity policy, which keeps definitions, and for options the driver will reject.
 */
export function referenceBudgetBytes(options: CompactionOptions): number | undefined {
  const { budgetBytes = MAX_COMPACT_SCHEMA_BYTES, compactionPolicy = 'reference' } = options;
  if (compactionPolicy !== 'reference' || !Number.isSafeInteger(budgetBytes) || budgetBytes < 0) return undefined;
  return budgetBytes;
}

/**
 * Lets `state`'s copy leave out the root tables the reference's passes are sure to drop under
 * `options`, as `tally` measures it (see `CopyState.rootTablesDroppedPast`), and write as `{}` the
 * objects pass 3 is sure to collapse (see `CopyState.collapseSureToRun`); nothing for options
 * that keep definitions (see {@link referenceBudgetBytes}).
 */
export function leaveOutDroppedTables(state: CopyState, tally: SchemaSizeTally, options: CompactionOptions): void {
  const budgetBytes = referenceBudgetBytes(options);
  if (budgetBytes === undefined) return;
  // A depth the driver will reject leaves nothing to pass 3 here (the driver throws first).
  const { collapseDepth = COLLAPSE_SCHEMA_DEPTH } = options;
  state.rootTablesDroppedPast = { weights: tally, budgetBytes };
  if (Number.isSafeInteger(collapseDepth) && collapseDepth >= 0) state.collapseFrom = collapseDepth;
}

/**
 * The copy under the reference's passes: it measures the model too (the budget's first verdict
 * is not a walk of its own) and writes only the model's keys (the reference's passes read no
 * other), noting where it wrote described objects (pass 1 then rebuilds those without a walk:
 * see `CopyState.describedHolders`); with `leaveOut`, root tables compaction is sure to drop are
 * not kept (see `CopyState.rootTablesDroppedPast`).
 */
function referenceEntryCopy(
  leaveOut: boolean,
  options: Required<CompactionOptions>,
): { state: CopyState; tally: SchemaSizeTally } {
  const state = new CopyState();
  const tally = copyTallyFor(options.budgetBytes);
  state.tally = tally;
  state.modelShape = true;
  state.describedHolders = [];
  if (leaveOut) leaveOutDroppedTables(state, tally, options);
  return { state, tally };
}

/**
 * `prune(sanitize(copy(input)))` in one walk of the schema: the sanitizing copy notes the refs
 * pruning follows (SPEC §1.4), so pruning does not walk the result again.
 */
function sanitizeAndPrune(input: unknown, state?: CopyState): JsonValue {
  const refs = acquireRefCollector();
  try {
    let sanitized = sanitizeCollectingRefs(input, refs, state);
    if (!refs.exact && state?.modelShape === true) {
      // Pruning walks this copy, and would miss the refs a model-shaped one left out (in unknown
      // keywords): the input is copied again, whole, without a measure (it would not hold).
      state.modelShape = false;
      state.tally = undefined;
      state.tallyHolds = false;
      state.stopLeavingOut();
      state.keyLists = undefined;
      state.describedHolders = undefined;
      state.lastDescribed = undefined;
      state.schemaDepth = -1;
      refs.reset();
      sanitized = sanitizeCollectingRefs(input, refs, state);
    }
    const pruned = pruneWithCollectedRefs(sanitized, refs);
    // Pruning that walked may have removed table entries: the copy's key lists and measure no longer hold.
    if (state !== undefined && !refs.exact) {
      state.keyLists = undefined;
      state.tallyHolds = false;
      state.describedHolders = undefined;
    }
    return pruned;
  } finally {
    releaseRefCollector(refs);
  }
}

// The driver's flags, made once: this runs once per schema.
const NO_FLAGS = Object.freeze({ keepRaw: false, plainText: false });
const PLAIN_TEXT = Object.freeze({ keepRaw: false, plainText: true });
const KEEP_RAW = Object.freeze({ keepRaw: true, plainText: false });
const KEEP_RAW_PLAIN_TEXT = Object.freeze({ keepRaw: true, plainText: true });

/**
 * The pipeline after pruning (compaction and decode), on a pruned copy the caller owns (it is
 * mutated), also returning the compaction passes that ran. For the library's own consumers (MCP
 * tools, whose whole-tool copy sanitizes the input schema on the way); not exported publicly.
 * - `keepRaw`: return the compacted raw value too (see `compactAndDecode`).
 * - `plainText`: every string of `pruned` is known to be plain ASCII with nothing to escape.
 * - `keyLists`: what the copy that built `pruned` listed, unchanged since (see `key-lists.ts`);
 *   the result's `keyLists` are those that still hold for `raw`.
 * - `copyTally`: the model's measure that copy told, when it held (see `model-tally.ts`).
 * (Flags, not options: this runs once per tool, and a spread of the caller's options per tool
 * was most of what it allocated.)
 */
export function parsePrunedToolInputSchema(
  pruned: JsonValue,
  options: ParseToolInputSchemaOptions | undefined,
  keepRaw: boolean,
  plainText: boolean,
  keyLists?: KeyLists,
  copyTally?: SchemaSizeTally,
  /** The copy wrote objects pass 3 collapses as `{}` already (see `CopyState.collapseSureToRun`). */
  collapsedByCopy = false,
): PrunedParse<JsonSchema> {
  const resolved = resolveCompactionOptions(options);
  const shared = keepRaw ? (plainText ? KEEP_RAW_PLAIN_TEXT : KEEP_RAW) : plainText ? PLAIN_TEXT : NO_FLAGS;
  const flags = collapsedByCopy ? { ...shared, collapsedByCopy } : shared;
  const outcome = compactAndDecode(pruned, resolved, flags, undefined, keyLists, copyTally);
  const { attempt } = outcome;
  if ('error' in attempt) throw attempt.error;
  return { schema: attempt.schema, compactionPasses: outcome.passes, raw: outcome.raw, keyLists: outcome.keyLists };
}

/** What the pipeline after pruning gives a library consumer (see {@link parsePrunedToolInputSchema}). */
export interface PrunedParse<Model extends JsonSchema | undefined> {
  schema: Model;
  compactionPasses: CompactionPassName[];
  raw: JsonValue;
  /** The key lists that still hold for `raw` (see `key-lists.ts`). */
  keyLists: KeyLists | undefined;
}

/**
 * {@link parsePrunedToolInputSchema} for a caller that starts from the compacted raw value
 * (a provider conversion) and may never read the model: the walks validate and measure without
 * building it. `schema` is the model when a step built it anyway, else undefined:
 * `decodeRawSchema(raw)` builds it, and cannot fail (the walks validated `raw`).
 */
export function compactPrunedToolInputSchema(
  pruned: JsonValue,
  options: ParseToolInputSchemaOptions | undefined,
  plainText: boolean,
  keyLists?: KeyLists,
  copyTally?: SchemaSizeTally,
  /** The copy wrote objects pass 3 collapses as `{}` already (see `CopyState.collapseSureToRun`). */
  collapsedByCopy = false,
): PrunedParse<JsonSchema | undefined> {
  const resolved = resolveCompactionOptions(options);
  const shared = plainText ? KEEP_RAW_PLAIN_TEXT : KEEP_RAW;
  const outcome = compactWithoutModel(
    pruned,
    resolved,
    collapsedByCopy ? { ...shared, collapsedByCopy } : shared,
    keyLists,
    copyTally,
  );
  const { attempt } = outcome;
  if ('error' in attempt) throw attempt.error;
  return { schema: attempt.schema, compactionPasses: outcome.passes, raw: outcome.raw, keyLists: outcome.keyLists };
}

/**
 * The same pipeline without compaction: `decode(prune(sanitize(copy(input))))`.
 * - Keeps descriptions and definitions however large the schema is.
 */
export function parseToolInputSchemaWithoutCompaction(input: unknown): JsonSchema {
  const state = new CopyState();
  // Decode reads nothing but the model's keys: the copy writes no other.
  state.modelShape = true;
  state.tally = decodabilityCheck();
  const pruned = sanitizeAndPrune(input, state);
  const adoptable = state.modelShape && state.modelShapeAdoptable;
  if (adoptable && state.tallyHolds && isJsonObject(pruned) && pruned.type !== 'null') return pruned as JsonSchema;
  return decodeRawSchema(pruned, state.keyLists, true, adoptable);
}
