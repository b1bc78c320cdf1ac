// Compaction of oversized schemas: the budget, the ordered passes and their report (SPEC §1.5, seed §5).
import { describeValue, optionsObject, showOptionValue, ToolSchemaError } from '../../errors.js';
import { copyJsonInput, type DescribedHolders } from '../copy.js';
import { type DecodeObserver, decodeObserved, decodeRawSchema } from '../decode.js';
import type { JsonValue } from '../json.js';
import { isJsonObject } from '../json.js';
import type { KeyLists } from '../key-lists.js';
import type { JsonSchema } from '../model.js';
import { compactForFidelity, type FidelityStepName } from './fidelity.js';
import { countSchemaInventory, keepsAtLeast } from './inventory.js';
import {
  boundsWithoutDescriptions,
  exactBytesFromListedText,
  fitsByScanningBoundedText,
  fitsByScanningListedText,
  fitsWithoutDescriptionsByListedText,
  type MeasuredWeights,
  measureRawSchema,
  type SchemaFacts,
  SchemaSizeTally,
  type SizeBounds,
} from './measure.js';
import type { PassResult } from './reference-passes.js';
import {
  COLLAPSE_SCHEMA_DEPTH,
  collapseDeepSchemaObjectsInPlace,
  copyAfterDefinitionsDropped,
  copyWithoutDescriptions,
  dropDefinitionRefsInPlace,
  pruneCompositionsInPlace,
  removeStrippedDescriptions,
  replaceThenStripDescriptions,
  stripDescriptionsByCopying,
  stripDescriptionsInPlace,
  stripDescriptionsOutsideRootTablesInPlace,
  stripDescriptionsThenDropDefinitions,
  stripNotedDescriptions,
} from './reference-passes.js';

/** The byte budget a schema must fit in before compaction stops (compact JSON, UTF-8). */
export const MAX_COMPACT_SCHEMA_BYTES = 5_000;

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
export const COMPACTION_POLICIES: readonly CompactionPolicy[] = ['reference', 'fidelity'];

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
export type CompactionPassName =
  | 'strip_descriptions'
  | 'drop_definitions'
  | 'collapse_deep_objects'
  | 'prune_compositions'
  | FidelityStepName;

export type { MeasuredWeights, SizeBounds };

/** A build limit that builds no model at all: a measure validates and counts only. */
const NO_MODEL = -1;

/**
 * A pass whose result is known before it runs, from the measure of the schema before it.
 * - `bounds`: the result's size bounds (`plainText`: the measured text was known to be plain).
 * - `decode`: the model as if the pass had run, from the raw value before it, telling `observer`
 *   (undefined past `buildLimitBytes`, or with {@link NO_MODEL}): for a caller that wants only the
 *   model, the pass itself need not run.
 */
export interface PassPrediction {
  bounds: (before: MeasuredWeights, plainText: boolean) => SizeBounds;
  /** The verdict from the text the measure before listed, when the bounds leave it open (undefined: unknown). */
  listedVerdict: (before: SchemaSizeTally, budgetBytes: number) => boolean | undefined;
  decode: (
    raw: JsonValue,
    observer: DecodeObserver | undefined,
    buildLimitBytes: number,
    keyLists: KeyLists | undefined,
    consumeRaw: boolean,
    adoptRaw?: boolean,
  ) => JsonSchema | undefined;
  /**
   * The model as if the pass had run, for a raw value as a model-shaped copy wrote it (see
   * `decodeRawSchema`'s `adoptRaw`) that is known to decode and is discarded after: the same
   * model `decode` would give with `adoptRaw`, without decode's checks, which the first measure
   * already passed (it mutates `raw`). `describedHolders`: where that copy wrote its described
   * objects, when it noted them (see `CopyState.describedHolders`).
   */
  adopt?: (
    raw: JsonValue,
    keyLists: KeyLists | undefined,
    describedHolders: DescribedHolders | undefined,
  ) => JsonSchema;
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
  /** The key lists that hold for the raw value as it stands (see `key-lists.ts`), for a pass that lists tables. */
  keyLists?: KeyLists;
}

/**
 * One compaction pass, as one table entry: what it does, when it can do nothing, and what its
 * result weighs when that is known before it runs.
 * - `run` mutates a raw schema it owns and says what it did.
 * - `idle` says, from what the last measure saw, that the pass cannot change the schema, so the
 *   driver does not walk it.
 * - `predict`: the driver measures nothing after the pass (see {@link PassPrediction}).
 * - `dropsRootTables`: whenever the pass runs, the root definition tables are gone after it.
 * - `keepsListedKeys`: the pass adds and removes no member of any object but schema objects (it
 *   may replace a table's members, or drop a whole table from its schema object), so the key
 *   lists of the copy's large tables still hold after it (see `key-lists.ts`).
 */
export interface CompactionPass {
  name: 'strip_descriptions' | 'drop_definitions' | 'collapse_deep_objects' | 'prune_compositions';
  run: (root: JsonValue, collapseDepth: number, context?: PassContext) => PassResult;
  idle: (facts: SchemaFacts, raw: JsonValue, collapseDepth: number) => boolean;
  predict?: PassPrediction;
  dropsRootTables?: boolean;
  keepsListedKeys: boolean;
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
export const LARGE_SCHEMA_COMPACTION_PASSES: readonly CompactionPass[] = [
  {
    name: 'strip_descriptions',
    run: (root, _collapseDepth, context) => {
      const leaveRootTables = context?.rootTablesDroppedNext === true;
      if (context?.removeKeys === true) return stripDescriptionsByCopying(root, leaveRootTables, context.keyLists);
      return leaveRootTables ? stripDescriptionsOutsideRootTablesInPlace(root) : stripDescriptionsInPlace(root);
    },
    idle: () => false,
    keepsListedKeys: true,
    // The measure before it also weighed the descriptions.
    predict: {
      bounds: boundsWithoutDescriptions,
      listedVerdict: fitsWithoutDescriptionsByListedText,
      decode: (raw, observer, buildLimitBytes, keyLists, consumeRaw, adoptRaw) =>
        decodeObserved(
          raw,
          observer,
          buildLimitBytes !== NO_MODEL,
          buildLimitBytes,
          true,
          keyLists,
          consumeRaw,
          adoptRaw,
        ),
      // Decode with descriptions dropped keeps every object without one and builds each other one
      // again without it, its members in the same order: what pass 1 by copying does, in one walk
      // of each object's own keys rather than a read of every keyword by name.
      // Where the copy noted its described objects, only those are rebuilt: no walk to find them.
      adopt: (raw, keyLists, describedHolders) =>
        (describedHolders === undefined
          ? stripDescriptionsByCopying(raw, false, keyLists).root
          : stripNotedDescriptions(raw, describedHolders)) as JsonSchema,
    },
  },
  {
    name: 'drop_definitions',
    run: dropDefinitionRefsInPlace,
    idle: (facts, raw) => facts.refs === 0 && !hasRootDefinitionTables(raw),
    dropsRootTables: true,
    keepsListedKeys: true,
  },
  {
    name: 'collapse_deep_objects',
    run: collapseDeepSchemaObjectsInPlace,
    idle: (facts, _raw, collapseDepth) => facts.maxDepth < collapseDepth,
    keepsListedKeys: true,
  },
  {
    name: 'prune_compositions',
    run: pruneCompositionsInPlace,
    idle: (facts) => facts.compositions === 0,
    keepsListedKeys: true,
  },
];

/**
 * A decode attempt: the schema, or the error that decode will report at the end (an undecodable
 * value measures 0 bytes, so it "fits", SPEC §1.5). `bytes` is exact, or undefined when the
 * bounds alone decided `fits` and exact sizes were not asked for.
 */
export type DecodeAttempt<Model extends JsonSchema | undefined = JsonSchema> =
  | { schema: Model; bytes: number | undefined; fits: boolean; facts: SchemaFacts }
  | { error: ToolSchemaError; bytes: 0; fits: true };

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
type Measured = SizeVerdict & { schema: JsonSchema | undefined };

/** An undecodable value: it measures 0 bytes, so it "fits" (SPEC §1.5), and decode reports the error at the end. */
type Undecodable = { error: ToolSchemaError; bytes: 0; fits: true };

function hasRootDefinitionTables(raw: JsonValue): boolean {
  return isJsonObject(raw) && (raw.$defs !== undefined || raw.definitions !== undefined);
}

/** Whether the bounds alone say the schema fits; undefined when only an exact measure can tell. */
function fitsByBounds(lowerBytes: number, textUnits: number, budgetBytes: number): boolean | undefined {
  if (lowerBytes + 5 * textUnits <= budgetBytes) return true;
  if (lowerBytes > budgetBytes) return false;
  return undefined;
}

function asAttemptError(error: unknown): Undecodable {
  if (error instanceof ToolSchemaError) return { error, bytes: 0, fits: true };
  throw error;
}

/**
 * Validates and judges the size in one decoding walk, which builds the model only while the
 * bytes counted stay within `buildLimitBytes` (past it, `schema` is undefined). The limit is
 * never below `budgetBytes`: a schema that may fit is always built (its exact size needs it),
 * unless it is {@link NO_MODEL} (the caller wants no model: a size the bounds leave undecided is
 * then measured exactly, in a second walk that builds nothing).
 * - `exactSizes` measures every string; else the scan-free bounds decide when they can (far
 *   under or over budget, the common cases), and otherwise the built model's strings are scanned
 *   until the verdict is sure (the size stays unknown then).
 * - `plainText`: the caller knows every string of the raw value (keys included) is plain
 *   printable ASCII with nothing to escape (it scanned them as it copied), so the bounded text
 *   counts exactly `length + 2` and the bounds are the exact size.
 * - `keyLists`: what the copy that built `raw` listed, unchanged since (see `key-lists.ts`).
 */
function measureAndDecode(
  raw: JsonValue,
  budgetBytes: number,
  exactSizes: boolean,
  buildLimitBytes: number,
  plainText = false,
  keyLists?: KeyLists,
  /** As for `decodeObserved` (without a build limit only): the caller reads `raw` no more. */
  consumeRaw = false,
  /** As for `decodeObserved` (with `consumeRaw`): `raw` is model-shaped. */
  adoptRaw = false,
  /**
   * Only the verdict is wanted, of a value known to decode (no model, no exact size), and these
   * are the facts to give with it: the walk stops as soon as the schema is sure not to fit.
   */
  verdictFacts?: SchemaFacts,
): Measured | Undecodable {
  try {
    const tally = new SchemaSizeTally(exactSizes, !exactSizes && !plainText, budgetBytes);
    const build = buildLimitBytes !== NO_MODEL;
    const stopPast = verdictFacts === undefined || build || exactSizes ? Number.POSITIVE_INFINITY : budgetBytes;
    const schema = decodeObserved(raw, tally, build, buildLimitBytes, false, keyLists, consumeRaw, adoptRaw, stopPast);
    if (tally.bytes > stopPast) {
      // Stopped where it was sure (or read to the end over budget): a verdict with no size.
      return {
        schema: undefined,
        bytes: undefined,
        fits: false,
        facts: verdictFacts as SchemaFacts,
        tally: undefined,
        plainText,
      };
    }
    const { bytes: lowerBytes, textUnits } = tally;
    // No object per verdict: this runs once per schema, and each allocation here showed.
    let bytes: number | undefined;
    let fits: boolean | undefined;
    if (textUnits === 0 || plainText) {
      bytes = lowerBytes;
      fits = lowerBytes <= budgetBytes;
    } else {
      fits = fitsByBounds(lowerBytes, textUnits, budgetBytes);
      if (fits === undefined && schema === undefined) {
        // No model to scan (NO_MODEL): measured exactly instead, from the text the walk listed.
        bytes = exactBytesFromListedText(tally) ?? measureRawSchema(raw, { exactText: true }, keyLists).lowerBytes;
        fits = bytes <= budgetBytes;
      }
      fits ??= fitsByScanningListedText(tally, budgetBytes);
      // Undecided means the bounded size is within budget, and the build limit is never below
      // the budget, so the walk built the whole model: scanning its strings is faster than
      // decoding again, and only until the verdict is sure.
      fits ??= fitsByScanningBoundedText(
        schema as JsonSchema,
        lowerBytes,
        textUnits,
        budgetBytes,
        tally.longDescriptions,
      );
    }
    return { schema, bytes, fits, facts: tally.facts, tally, plainText };
  } catch (error) {
    return asAttemptError(error);
  }
}

/**
 * `parseToolInputSchema` under the reference's passes, only the model wanted: a schema that fits
 * (nearly all of them) returns from the first measure, without the driver's records; one that
 * does not goes on to the driver with that measure. Throws the decode's error.
 * `keyLists`: what the copy that built `raw` listed (see `key-lists.ts`).
 */
export function decodeWithinBudget(
  raw: JsonValue,
  keyLists?: KeyLists,
  tally?: SchemaSizeTally,
  /** `raw` is as a model-shaped copy wrote it, no null member (see `decodeRawSchema`'s `adoptRaw`). */
  modelShaped = false,
  /** Resolved, with the reference policy (the fidelity policy's steps take the driver's records). */
  options: Required<CompactionOptions> = DEFAULT_COMPACTION_OPTIONS,
  /** Where the model-shaped copy that built `raw` wrote described objects (see `CopyState.describedHolders`). */
  describedHolders?: DescribedHolders,
  /** The copy wrote objects pass 3 collapses as `{}` already (see {@link CompactionFlags}). */
  collapsedByCopy = false,
): JsonSchema {
  const { budgetBytes } = options;
  const first =
    (tally === undefined
      ? undefined
      : measuredByCopy(raw, tally, budgetBytes, false, true, keyLists, true, modelShaped)) ??
    measureAndDecode(raw, budgetBytes, false, budgetBytes, false, keyLists);
  if ('error' in first) throw first.error;
  if (first.fits) return first.schema as JsonSchema;
  const shared = modelShaped ? MODEL_ONLY_MODEL_SHAPED : MODEL_ONLY;
  const flags = collapsedByCopy ? { ...shared, collapsedByCopy } : shared;
  const { attempt } = compact(raw, options, flags, first, true, keyLists, undefined, describedHolders);
  if ('error' in attempt) throw attempt.error;
  return attempt.schema as JsonSchema;
}

const MODEL_ONLY = Object.freeze({ keepRaw: false, rawDiscarded: true, modelOnly: true });
const MODEL_ONLY_MODEL_SHAPED = Object.freeze({
  keepRaw: false,
  rawDiscarded: true,
  modelShaped: true,
  modelOnly: true,
});

/**
 * {@link measureAndDecode}'s result from the measure the sanitizing copy told as it went
 * (bounded text, see `model-tally.ts`), for a copy that vouched for the value decoding: the
 * verdict takes no decoding walk. Where the bounds leave it open, the text the copy listed
 * settles it (see `SchemaSizeTally.otherText`). The model is built (by a walk that only builds)
 * when the schema fits and `buildModel`, and, should the lists not settle it, to scan its text.
 * Undefined when only the decoding measure can tell: a root decode does not take (it reports
 * why), or an open verdict without a model wanted (it measures exactly).
 * - `consumeRaw`: the caller discards `raw` once the model is built (see `decodeRawSchema`);
 *   `adoptRaw`: and it is as a model-shaped copy wrote it (idem).
 */
function measuredByCopy(
  raw: JsonValue,
  tally: SchemaSizeTally,
  budgetBytes: number,
  plainText: boolean,
  buildModel: boolean,
  keyLists: KeyLists | undefined,
  consumeRaw: boolean,
  adoptRaw = false,
): Measured | Undecodable | undefined {
  if (!isJsonObject(raw) || raw.type === 'null') return undefined;
  const { bytes: lowerBytes, textUnits, facts } = tally;
  const exact = textUnits === 0 || plainText;
  let fits = exact ? lowerBytes <= budgetBytes : fitsByBounds(lowerBytes, textUnits, budgetBytes);
  // Open: the text the copy listed as it counted settles it, without a model.
  fits ??= fitsByScanningListedText(tally, budgetBytes);
  if (fits === undefined && !buildModel) return undefined;
  try {
    // Raw stays whole unless it fits: compaction reads it. A model-shaped copy that fits is the
    // model as it stands: the copy vouched that it decodes, and decode would keep every object.
    const schema =
      !buildModel || fits === false
        ? undefined
        : fits === true && consumeRaw && adoptRaw
          ? (raw as JsonSchema)
          : decodeRawSchema(raw, keyLists, consumeRaw && fits === true, adoptRaw);
    const scanned =
      fits ??
      fitsByScanningBoundedText(schema as JsonSchema, lowerBytes, textUnits, budgetBytes, tally.longDescriptions);
    const bytes = exact ? lowerBytes : undefined;
    return { schema: scanned ? schema : undefined, bytes, fits: scanned, facts, tally, plainText };
  } catch (error) {
    return asAttemptError(error);
  }
}

/** Decodes (building the whole model) and judges the size. */
export function decodeAndMeasure(raw: JsonValue, budgetBytes: number, exactSizes: boolean): DecodeAttempt {
  const measured = measureAndDecode(raw, budgetBytes, exactSizes, Number.POSITIVE_INFINITY);
  if ('error' in measured) return measured;
  const { schema, bytes, fits, facts } = measured;
  return { schema: schema as JsonSchema, bytes, fits, facts };
}

/**
 * The verdict after a pass that predicts its result, without running it: the bounds when they
 * decide (always, when they are exact), else one exact decoding walk as if the pass had run,
 * which also builds the model while within `buildLimit` ({@link NO_MODEL}: never).
 */
function predictVerdict(
  raw: JsonValue,
  before: Measured,
  prediction: PassPrediction,
  budgetBytes: number,
  buildLimit: number,
  keyLists: KeyLists | undefined,
): Measured {
  const { facts } = before;
  const { lowerBytes, textUnits } = prediction.bounds(before.tally as SchemaSizeTally, before.plainText);
  const fits = fitsByBounds(lowerBytes, textUnits, budgetBytes);
  if (fits !== undefined) {
    const bytes = textUnits === 0 ? lowerBytes : undefined;
    return { schema: undefined, bytes, fits, facts, tally: undefined, plainText: false };
  }
  // Open: the text the measure listed settles it without a walk (a model wanted is built later).
  const listed = prediction.listedVerdict(before.tally as SchemaSizeTally, budgetBytes);
  if (listed !== undefined)
    return { schema: undefined, bytes: undefined, fits: listed, facts, tally: undefined, plainText: false };
  const exact = new SchemaSizeTally(true);
  const schema = prediction.decode(raw, exact, buildLimit, keyLists, false);
  const bytes = exact.bytes;
  return { schema, bytes, fits: bytes <= budgetBytes, facts, tally: undefined, plainText: false };
}

/**
 * The measure a sanitizing copy tells (see `model-tally.ts`) for a budget of `budgetBytes`
 * (default {@link MAX_COMPACT_SCHEMA_BYTES}): bounded, listing its text while the schema may
 * still fit, so that an open verdict scans the lists.
 */
export function copyTallyFor(budgetBytes: number | undefined): SchemaSizeTally {
  // An option that is no number yet (it is reported after the input's own errors) bounds nothing.
  return new SchemaSizeTally(false, true, typeof budgetBytes === 'number' ? budgetBytes : MAX_COMPACT_SCHEMA_BYTES);
}

/** The defaults, resolved once: most calls pass no options, and this runs once per schema. */
const DEFAULT_COMPACTION_OPTIONS: Required<CompactionOptions> = Object.freeze({
  budgetBytes: MAX_COMPACT_SCHEMA_BYTES,
  collapseDepth: COLLAPSE_SCHEMA_DEPTH,
  compactionPolicy: 'reference',
  shareRepeated: true,
});

/** Validates the options and fills in the defaults. */
export function resolveCompactionOptions(input?: CompactionOptions): Required<CompactionOptions> {
  if (input === undefined) return DEFAULT_COMPACTION_OPTIONS;
  const options = optionsObject(input);
  const budgetBytes = options.budgetBytes ?? MAX_COMPACT_SCHEMA_BYTES;
  const collapseDepth = options.collapseDepth ?? COLLAPSE_SCHEMA_DEPTH;
  const compactionPolicy = options.compactionPolicy ?? 'reference';
  if (!COMPACTION_POLICIES.includes(compactionPolicy)) {
    throw new ToolSchemaError(
      'invalid_option',
      ['compactionPolicy'],
      `expected ${COMPACTION_POLICIES.map((policy) => JSON.stringify(policy)).join(' or ')}, found ${showOptionValue(compactionPolicy)}`,
    );
  }
  // Checked one by one: a list of pairs made for the loop was made for every tool of a batch.
  checkNonNegativeInteger('budgetBytes', budgetBytes);
  checkNonNegativeInteger('collapseDepth', collapseDepth);
  const shareRepeated = options.shareRepeated ?? true;
  if (typeof shareRepeated !== 'boolean')
    throw new ToolSchemaError(
      'invalid_option',
      ['shareRepeated'],
      `expected true or false, found ${showOptionValue(shareRepeated)}`,
    );
  return { budgetBytes, collapseDepth, compactionPolicy, shareRepeated };
}

function checkNonNegativeInteger(name: 'budgetBytes' | 'collapseDepth', value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new ToolSchemaError(
      'invalid_option',
      [name],
      `expected a non-negative integer, found ${describeValue(value)}`,
    );
}

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
  /** The key lists the caller gave, when they still hold for `raw` (see `key-lists.ts`). */
  keyLists?: KeyLists | undefined;
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
 * - When pass 1 is sure not to fit, pass 2 has nothing to do and pass 3 something, pass 3 runs
 *   first and pass 1 strips only what it leaves (the same schema, the passes listed in order).
 * - No check after the fourth pass: the result may still be over budget (best effort).
 * - `exactSizes` measures every size exactly for the report (explain), and takes no shortcut:
 *   explain shows the raw value after each pass.
 * - `onPass` sees each pass that ran and can take a snapshot of the raw value after it (explain).
 * - The driver owns the undo of pass 1's nulled descriptions: the raw value it returns (with
 *   `keepRaw`) and its snapshots have them removed.
 */
export function compactAndDecode(
  raw: JsonValue,
  options: Required<CompactionOptions>,
  flags: CompactionFlags = {},
  /** The first measure, when the caller took it already (see {@link decodeWithinBudget}). */
  measured?: Measured | Undecodable,
  /** What the copy that built `raw` listed, unchanged since (see `key-lists.ts`). */
  keyLists?: KeyLists,
  /** The measure that copy told, when it held (see `model-tally.ts`): the first measure then takes no walk. */
  copyTally?: SchemaSizeTally,
): CompactionOutcome {
  // With the model wanted, every attempt that decodes carries one: `finish` decodes the raw
  // value whenever no measure built it.
  return compact(raw, options, flags, measured, true, keyLists, copyTally) as CompactionOutcome;
}

/**
 * {@link compactAndDecode} for a caller that wants the compacted raw value and decodes the model
 * only if it is asked for (a provider conversion starts from the raw value): the measures
 * validate and count, and build no model that nobody may read. The attempt's schema is
 * undefined unless a step needed the model anyway (the fidelity policy compares models).
 */
export function compactWithoutModel(
  raw: JsonValue,
  options: Required<CompactionOptions>,
  flags: CompactionFlags = {},
  /** What the copy that built `raw` listed, unchanged since (see `key-lists.ts`). */
  keyLists?: KeyLists,
  /** The measure that copy told, when it held (see `model-tally.ts`). */
  copyTally?: SchemaSizeTally,
): CompactionOutcome<JsonSchema | undefined> {
  return compact(raw, options, flags, undefined, false, keyLists, copyTally);
}

/** How {@link compactAndDecode} runs. */
interface CompactionFlags {
  exactSizes?: boolean;
  keepRaw?: boolean;
  /** Every string of `raw` is known to be plain ASCII with nothing to escape (see `measureAndDecode`). */
  plainText?: boolean;
  onPass?: (record: CompactionPassRecord, snapshot: () => JsonValue) => void;
  /** How many of the first passes were already done on `raw`: they are not run (nor listed) again. */
  passesDone?: number;
  /**
   * The caller reads neither `raw` nor the outcome's `raw` after (needs `keepRaw` false): the
   * final decode may make the raw value's large tables the model's (see `decodeRawSchema`).
   */
  rawDiscarded?: boolean;
  /**
   * With `rawDiscarded`: `raw` is as a model-shaped copy wrote it, no null member. A decode of
   * it before any pass ran keeps its objects as the model (see `decodeRawSchema`'s `adoptRaw`).
   */
  modelShaped?: boolean;
  /**
   * The caller reads only the outcome's model or error: not its sizes, its verdict, nor the
   * passes it lists (they may then stop at the last pass that changed the schema).
   */
  modelOnly?: boolean;
  /**
   * The copy that built `raw` wrote objects pass 3 collapses as `{}` already (see
   * `CopyState.collapseSureToRun`), its measure telling them as they were: pass 3 may then find
   * nothing left to collapse, yet the schema is not what the first measure saw, so it is
   * measured after pass 3 whatever the pass says it changed.
   */
  collapsedByCopy?: boolean;
}

function compact(
  raw: JsonValue,
  options: Required<CompactionOptions>,
  {
    exactSizes = false,
    keepRaw = true,
    plainText = false,
    onPass,
    passesDone = 0,
    rawDiscarded = false,
    modelShaped = false,
    modelOnly = false,
    collapsedByCopy = false,
  }: CompactionFlags,
  measured: Measured | Undecodable | undefined,
  buildModel: boolean,
  /** Dropped as soon as a step may add or remove a listed object's keys (see `keepsListedKeys`). */
  keyLists?: KeyLists,
  /** The measure the copy that built `raw` told, when it held (see {@link measuredByCopy}). */
  copyTally?: SchemaSizeTally,
  /** Where the model-shaped copy that built `raw` wrote described objects, unchanged since (see `CopyState.describedHolders`). */
  describedHolders?: DescribedHolders,
): CompactionOutcome<JsonSchema | undefined> {
  const { budgetBytes, collapseDepth } = options;
  // The measures build the model while within budget, or (without one wanted) never.
  const buildLimit = buildModel ? budgetBytes : NO_MODEL;
  // Only the first measure sees the raw value as the caller scanned it; passes may write text.
  const first =
    measured ??
    (copyTally === undefined || exactSizes
      ? undefined
      : measuredByCopy(
          raw,
          copyTally,
          budgetBytes,
          plainText,
          buildModel,
          keyLists,
          rawDiscarded && !keepRaw,
          modelShaped && rawDiscarded && !keepRaw,
        )) ??
    measureAndDecode(raw, budgetBytes, exactSizes, buildLimit, plainText, keyLists);
  if (!exactSizes && ('error' in first || first.fits)) {
    // The common case, kept free of the closures below (they cost ~3% on the MCP corpus). A
    // schema that fits never passed the build limit (the budget), so its model is whole (or,
    // without one wanted, absent).
    const attempt: DecodeAttempt<JsonSchema | undefined> =
      'error' in first ? first : { schema: first.schema, bytes: first.bytes, fits: true, facts: first.facts };
    return { raw, attempt, passes: [], report: undefined, keyLists };
  }
  const passes: CompactionPassName[] = [];
  const records: CompactionPassRecord[] = [];
  // The final decode's tables may be the raw value's own where the caller discards it.
  const consumeRaw = rawDiscarded && !keepRaw;
  // A model-shaped raw value's objects can be the model's, as long as every pass that ran kept
  // it model-shaped: passes 2-4 replace objects by `{}` and delete root tables, and pass 1 does
  // when it removes descriptions by copying (nulling them in place would not).
  const adoptRaw = consumeRaw && modelShaped && !exactSizes;
  // Pass 1 removes descriptions as it goes where nothing but the result sees the raw value, and
  // where the model adopts the raw value's objects.
  const removeKeys = (keepRaw || adoptRaw) && !exactSizes;
  // Where the caller reads only the model and raw's objects are it, the measure after the last
  // pass that can change the schema would only walk it to hand it back: it decodes (the first
  // measure said so, and the passes only remove keys and write `{}`), so it is the model as it
  // stands. A 10 MB schema of nested lists spent a seventh of its time in that walk.
  const adoptAsIs = modelOnly && adoptRaw && buildModel;
  // Whether none of `rest` can change the schema, from what a measure saw (`raw` as it stands).
  const allIdle = (rest: readonly CompactionPass[], facts: SchemaFacts): boolean =>
    rest.every((next) => next.idle(facts, raw, collapseDepth));
  const adoptedAsIs = (facts: SchemaFacts): Measured => ({
    schema: raw as JsonSchema,
    bytes: undefined,
    fits: false,
    facts,
    tally: undefined,
    plainText: false,
  });
  // Without a model wanted, the measure after the last pass that can change the schema tells
  // only whether it fits (which decides no more than whether the idle passes after it are
  // listed): it stops as soon as it is sure not to (see `measureAndDecode`'s `verdictFacts`).
  const verdictOnlyAfter = (rest: readonly CompactionPass[], facts: SchemaFacts): SchemaFacts | undefined =>
    !buildModel && !exactSizes && allIdle(rest, facts) ? facts : undefined;
  const finish = (
    state: Measured | Undecodable,
    decode: () => JsonSchema,
  ): CompactionOutcome<JsonSchema | undefined> => {
    let attempt: DecodeAttempt<JsonSchema | undefined>;
    if ('error' in state) attempt = state;
    else {
      const { bytes, fits, facts } = state;
      try {
        attempt = { schema: state.schema ?? (buildModel ? decode() : undefined), bytes, fits, facts };
      } catch (error) {
        attempt = asAttemptError(error);
      }
    }
    const report: CompactionReport | undefined = exactSizes
      ? {
          budgetBytes,
          initialBytes: first.bytes ?? 0,
          finalBytes: attempt.bytes ?? 0,
          fits: attempt.fits,
          passes: records,
        }
      : undefined;
    // Pass 1 nulls descriptions (faster than deleting them); the raw JSON that leaves the driver
    // has them removed, as the reference's JSON has.
    if (keepRaw && !removeKeys && passes.includes('strip_descriptions')) {
      raw = removeStrippedDescriptions(raw);
      keyLists = undefined;
    }
    return { raw, attempt, passes, report, keyLists };
  };
  // A copy of the raw value as it stands, descriptions stripped as removed keys (for explain's diffs).
  const snapshot = () => removeStrippedDescriptions(copyJsonInput(raw));
  const ran = (
    name: CompactionPass['name'],
    bytesBefore: number | undefined,
    after: { bytes: number | undefined },
  ): void => {
    passes.push(name);
    if (!exactSizes) return;
    const record = { name, bytesBefore: bytesBefore ?? 0, bytesAfter: after.bytes ?? 0 };
    records.push(record);
    onPass?.(record, snapshot);
  };
  if ('error' in first || first.fits) return finish(first, () => decodeRawSchema(raw, keyLists, consumeRaw, adoptRaw));

  if (options.compactionPolicy === 'fidelity') {
    // Its steps add and remove table members (shared definitions, dropped properties).
    keyLists = undefined;
    // A policy of its own, only ever for a schema over budget: the reference's path stays as it is.
    // Never worse than the reference, by construction: the input is kept for the comparison (and
    // explain's snapshots wait for its verdict), below. Only a report of sizes needs it as it came;
    // else it is copied only if something but descriptions is about to change, descriptions
    // stripped: the reference's first pass strips them all, so its result is the same from there.
    let before: JsonValue | undefined = exactSizes ? copyJsonInput(raw) : undefined;
    // The reference's passes already done on `before` (none when it is the input as it came).
    let referenceStart: CompactionPass['name'][] = [];
    const snapshots: { record: CompactionPassRecord; snapshot: JsonValue }[] = [];
    const result = compactForFidelity(raw, budgetBytes, {
      shareRepeated: options.shareRepeated,
      onStep: exactSizes
        ? (step, after) => {
            records.push(step);
            if (onPass !== undefined) snapshots.push({ record: step, snapshot: copyJsonInput(after) });
          }
        : undefined,
      initialBytes: first.bytes,
      bytesWithoutDescriptions: boundsWithoutDescriptions(first.tally as SchemaSizeTally).lowerBytes,
      beforeReshape: exactSizes
        ? undefined
        : (root, overWithoutDescriptions) => {
            // Over budget without descriptions, the reference's second pass is sure to run too:
            // the copy is of what it leaves, smaller where definitions are most of the schema.
            before = overWithoutDescriptions ? copyAfterDefinitionsDropped(root) : copyWithoutDescriptions(root);
            referenceStart = overWithoutDescriptions
              ? ['strip_descriptions', 'drop_definitions']
              : ['strip_descriptions'];
          },
    });
    for (const step of result.steps) passes.push(step.name);
    raw = result.raw;
    // No dead weight: the step that collapses subtrees prunes the tables they stopped referring
    // to before it measures, so the result is never pruned again here.
    const measured: Measured | Undecodable =
      result.schema !== undefined && !exactSizes
        ? {
            schema: result.schema,
            bytes: result.bytes,
            fits: true,
            facts: first.facts,
            tally: undefined,
            plainText: false,
          }
        : measureAndDecode(raw, budgetBytes, exactSizes, Number.POSITIVE_INFINITY);
    const fidelity = finish(measured, () => decodeRawSchema(raw));
    // Only descriptions given up: every path and enum value is kept, and no reference result can
    // keep more of them (its first pass strips every description), so it is not run.
    const reference =
      result.structural && before !== undefined
        ? referenceIfBetter(fidelity, before, options, { exactSizes, keepRaw, onPass }, referenceStart)
        : undefined;
    if (reference !== undefined) return reference;
    for (const { record, snapshot } of snapshots) onPass?.(record, () => snapshot);
    return fidelity;
  }

  // The build limit of the measure after a pass, `rest` the passes after it: when none of them
  // can change the schema, the model that measure would give up past the budget is the one
  // `finish` builds next (best effort, over budget), so it is built in that walk instead of in
  // one more. `facts` and `raw` are from before the pass: passes only remove, so what is idle
  // then stays idle.
  const limitAfter = (rest: readonly CompactionPass[], facts: SchemaFacts): number =>
    buildModel && allIdle(rest, facts) ? Number.POSITIVE_INFINITY : buildLimit;
  // The measure after passes run in one walk, `rest` the passes after them, `facts` from before.
  const measureAfterFused = (rest: readonly CompactionPass[], facts: SchemaFacts): Measured | Undecodable =>
    measureAndDecode(
      raw,
      budgetBytes,
      exactSizes,
      limitAfter(rest, facts),
      false,
      keyLists,
      consumeRaw,
      adoptRaw,
      verdictOnlyAfter(rest, facts),
    );
  // The passes in order, each while still over budget.
  let state: Measured = first;
  for (let index = passesDone; index < LARGE_SCHEMA_COMPACTION_PASSES.length; index++) {
    if (state.fits) break;
    const pass = LARGE_SCHEMA_COMPACTION_PASSES[index] as CompactionPass;
    const bytesBefore = state.bytes;
    if (pass.idle(state.facts, raw, collapseDepth)) {
      ran(pass.name, bytesBefore, state);
      continue;
    }
    const { predict } = pass;
    const later = LARGE_SCHEMA_COMPACTION_PASSES.slice(index + 1);
    let predicted: Measured | undefined;
    if (predict !== undefined && state.tally !== undefined) {
      predicted = predictVerdict(raw, state, predict, budgetBytes, limitAfter(later, state.facts), keyLists);
      // A caller that wants only the model, with nothing left for a later pass to do, gets the
      // model as if the pass had run: the pass's walk and the raw value it would write are skipped.
      const { facts } = state;
      if (!keepRaw && !exactSizes && (predicted.fits || allIdle(later, facts))) {
        passes.push(pass.name);
        if (!predicted.fits) for (const next of later) passes.push(next.name);
        // Pass 1 is the first to run: nothing wrote into raw yet, and the first measure, which
        // was no error, says that it decodes.
        const adopting = adoptRaw && index === 0;
        return finish(predicted, () =>
          adopting && predict.adopt !== undefined
            ? predict.adopt(raw, keyLists, describedHolders)
            : (predict.decode(raw, undefined, Number.POSITIVE_INFINITY, keyLists, consumeRaw, adopting) as JsonSchema),
        );
      }
    }
    if (predicted !== undefined && !predicted.fits && !exactSizes && index === 0) {
      // Over budget without descriptions, nothing for pass 2 to do, and objects deep enough for
      // pass 3: it is sure to run right after pass 1, so it runs first, and pass 1 strips only
      // what it leaves. Neither pass reads what the other writes (pass 3 replaces the objects
      // it collapses by `{}`, whatever their descriptions), so the schema after both is the same,
      // and it is measured once, as before. A deep schema inlined by a generator is mostly what
      // pass 3 collapses: pass 1 rebuilt every described object of it for nothing. Where pass 1
      // copies (removeKeys), both run in one walk (`replaceThenStripDescriptions`).
      // The same holds for pass 4 when passes 2 and 3 have nothing to do: pydantic's optional
      // fields (a described anyOf each) were copied by pass 1 for pass 4 to drop.
      const [dropDefinitions, collapse, prune] = later;
      const dropIdle = dropDefinitions?.idle(predicted.facts, raw, collapseDepth) === true;
      const collapseIdle = collapse?.idle(predicted.facts, raw, collapseDepth) === true;
      if (removeKeys && dropDefinitions?.name === 'drop_definitions' && !dropIdle) {
        // Over budget without descriptions, with refs or root tables for pass 2: it is sure to
        // run right after pass 1, so both run in one walk (pass 1 by copying, which leaves the
        // root tables to pass 2), and what they leave is measured once, as before.
        const both = stripDescriptionsThenDropDefinitions(raw, keyLists);
        raw = both.root;
        ran(pass.name, bytesBefore, predicted);
        const rest = later.slice(1);
        const { facts } = predicted;
        if (both.dropped && adoptAsIs && allIdle(rest, facts)) {
          ran(dropDefinitions.name, predicted.bytes, predicted);
          return finish(adoptedAsIs(facts), () => raw as JsonSchema);
        }
        const after = both.dropped ? measureAfterFused(rest, facts) : predicted;
        ran(dropDefinitions.name, predicted.bytes, after);
        if ('error' in after) return finish(after, () => decodeRawSchema(raw, keyLists, consumeRaw, adoptRaw));
        state = after;
        index += 1;
        continue;
      }
      if (dropIdle && collapse?.name === 'collapse_deep_objects' && !collapseIdle) {
        let collapsedAny: boolean;
        if (removeKeys) {
          // Pass 1 by copying: both in one walk (their key lists still hold after either).
          const both = replaceThenStripDescriptions(raw, collapseDepth, false, keyLists);
          raw = both.root;
          collapsedAny = both.replaced || collapsedByCopy;
        } else {
          const collapsed = collapse.run(raw, collapseDepth, { rootTablesDroppedNext: false, removeKeys, keyLists });
          raw = collapsed.root;
          collapsedAny = collapsed.changed || collapsedByCopy;
          if (!collapse.keepsListedKeys) keyLists = undefined;
          raw = pass.run(raw, collapseDepth, { rootTablesDroppedNext: false, removeKeys, keyLists }).root;
          if (!pass.keepsListedKeys) keyLists = undefined;
        }
        ran(pass.name, bytesBefore, predicted);
        ran(dropDefinitions.name, predicted.bytes, predicted);
        const { facts } = predicted;
        if (collapsedAny && adoptAsIs && allIdle(later.slice(2), facts)) {
          ran(collapse.name, predicted.bytes, predicted);
          return finish(adoptedAsIs(facts), () => raw as JsonSchema);
        }
        const after = collapsedAny ? measureAfterFused(later.slice(2), predicted.facts) : predicted;
        ran(collapse.name, predicted.bytes, after);
        if ('error' in after) return finish(after, () => decodeRawSchema(raw, keyLists, consumeRaw, adoptRaw));
        state = after;
        index += 2;
        continue;
      }
      if (
        removeKeys &&
        dropIdle &&
        collapseIdle &&
        dropDefinitions !== undefined &&
        collapse !== undefined &&
        prune?.name === 'prune_compositions' &&
        !prune.idle(predicted.facts, raw, collapseDepth)
      ) {
        // Pass 4 is the last: nothing measures after it but the final decode, which builds the model.
        const both = replaceThenStripDescriptions(raw, Number.POSITIVE_INFINITY, true, keyLists);
        raw = both.root;
        ran(pass.name, bytesBefore, predicted);
        ran(dropDefinitions.name, predicted.bytes, predicted);
        ran(collapse.name, predicted.bytes, predicted);
        if (both.replaced && adoptAsIs) {
          ran(prune.name, predicted.bytes, predicted);
          return finish(adoptedAsIs(predicted.facts), () => raw as JsonSchema);
        }
        const after = both.replaced ? measureAfterFused(later.slice(3), predicted.facts) : predicted;
        ran(prune.name, predicted.bytes, after);
        return finish(after, () => decodeRawSchema(raw, keyLists, consumeRaw, adoptRaw));
      }
    }
    // Explain shows the raw value after each pass, so there it always does all its work.
    const rootTablesDroppedNext =
      !exactSizes &&
      predicted !== undefined &&
      !predicted.fits &&
      later[0]?.dropsRootTables === true &&
      hasRootDefinitionTables(raw);
    const limit = predicted === undefined ? limitAfter(later, state.facts) : buildLimit;
    const result = pass.run(raw, collapseDepth, { rootTablesDroppedNext, removeKeys, keyLists });
    raw = result.root;
    if (!pass.keepsListedKeys) keyLists = undefined;
    if (predicted === undefined && result.changed && adoptAsIs && allIdle(later, state.facts)) {
      ran(pass.name, bytesBefore, state);
      return finish(adoptedAsIs(state.facts), () => raw as JsonSchema);
    }
    const after =
      predicted ??
      (result.changed || (collapsedByCopy && pass.name === 'collapse_deep_objects')
        ? measureAndDecode(
            raw,
            budgetBytes,
            exactSizes,
            limit,
            false,
            keyLists,
            consumeRaw,
            adoptRaw,
            predicted === undefined ? verdictOnlyAfter(later, state.facts) : undefined,
          )
        : state);
    ran(pass.name, bytesBefore, after);
    if ('error' in after) return finish(after, () => decodeRawSchema(raw, keyLists, consumeRaw, adoptRaw));
    state = after;
  }
  return finish(state, () => decodeRawSchema(raw, keyLists, consumeRaw, adoptRaw));
}

/**
 * The reference's result for the same input, when it lands within the budget and the fidelity
 * result tells the model less than it on any count (paths, descriptions, enum values: see
 * `countSchemaInventory`); undefined when the fidelity result keeps at least as much on every count.
 * - Called only when the fidelity policy gave up a path or an enum value: the reference's first
 *   pass strips every description (its description count is 0), so a fidelity result that gave
 *   up descriptions alone cannot be worse, and the reference is not run (nor the input counted).
 */
function referenceIfBetter(
  fidelity: CompactionOutcome<JsonSchema | undefined>,
  input: JsonValue,
  options: Required<CompactionOptions>,
  run: {
    exactSizes: boolean;
    keepRaw: boolean;
    onPass: ((record: CompactionPassRecord, snapshot: () => JsonValue) => void) | undefined;
  },
  /** The reference's first passes, already done on `input` (see the caller). */
  alreadyRun: readonly CompactionPass['name'][] = [],
): CompactionOutcome | undefined {
  if ('error' in fidelity.attempt || fidelity.attempt.schema === undefined) return undefined;
  const fidelitySchema = fidelity.attempt.schema as JsonValue;
  // The reference's passes are told only if its result is the one returned (explain would
  // otherwise list both policies' changes, and diff the fidelity steps against the reference's end).
  const told: { record: CompactionPassRecord; snapshot: JsonValue }[] = [];
  const onPass =
    run.onPass === undefined
      ? undefined
      : (record: CompactionPassRecord, snapshot: () => JsonValue) => told.push({ record, snapshot: snapshot() });
  const reference = compactAndDecode(
    input,
    { ...options, compactionPolicy: 'reference' },
    { ...run, onPass, passesDone: alreadyRun.length },
  );
  // From an input on which its first passes were done, they are not run again: they are listed
  // as the passes that did it.
  alreadyRun.forEach((name, index) => {
    if (reference.passes[index] !== name) reference.passes.splice(index, 0, name);
  });
  if (alreadyRun.length > 0 && run.keepRaw) reference.raw = removeStrippedDescriptions(reference.raw);
  // The reference's result is best effort and may stay over budget; the fidelity policy never does.
  if ('error' in reference.attempt || reference.attempt.schema === undefined || !reference.attempt.fits)
    return undefined;
  // The fidelity result is counted only as far as the reference's counts: it usually passes them early.
  const referenceKeeps = countSchemaInventory(reference.attempt.schema as JsonValue);
  if (keepsAtLeast(countSchemaInventory(fidelitySchema, referenceKeeps), referenceKeeps)) return undefined;
  for (const { record, snapshot } of told) run.onPass?.(record, () => snapshot);
  return reference;
}

/**
 * Returns a compacted copy of a raw (sanitized, pruned) schema; the input is not modified.
 * - Runs {@link LARGE_SCHEMA_COMPACTION_PASSES} in order while the decoded size is over budget.
 * - A value that does not decode measures 0 bytes and is returned as it is.
 */
export function compactLargeToolSchema(input: unknown, options?: CompactionOptions): JsonValue {
  return compactAndDecode(copyJsonInput(input), resolveCompactionOptions(options)).raw;
}
