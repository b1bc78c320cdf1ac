// Compaction of oversized schemas: the budget, the ordered passes and their report (SPEC §1.5, seed §5).
import { optionsObject, ToolSchemaError } from '../errors.js';
import type { PassResult } from './compaction-passes.js';
import {
  COLLAPSE_SCHEMA_DEPTH,
  collapseDeepSchemaObjectsInPlace,
  dropDefinitionRefsInPlace,
  pruneCompositionsInPlace,
  removeStrippedDescriptions,
  stripDescriptionsInPlace,
  stripDescriptionsOutsideRootTablesInPlace,
} from './compaction-passes.js';
import { copyJsonInput } from './copy.js';
import type { SchemaFacts } from './decode.js';
import {
  decodeAndMeasureRawSchema,
  decodeAndMeasureWithinLimit,
  decodeRawSchema,
  decodeRawSchemaWithoutDescriptions,
  measureRawSchema,
} from './decode.js';
import type { JsonValue } from './json.js';
import { isJsonObject } from './json.js';
import type { JsonSchema } from './model.js';

/** The byte budget a schema must fit in before compaction stops (compact JSON, UTF-8). */
export const MAX_COMPACT_SCHEMA_BYTES = 5_000;

/** Overrides of the compaction limits; the defaults reproduce the reference. */
export interface CompactionOptions {
  /** Byte budget (default {@link MAX_COMPACT_SCHEMA_BYTES}). */
  budgetBytes?: number;
  /** Depth from which pass 3 collapses objects (default {@link COLLAPSE_SCHEMA_DEPTH}). */
  collapseDepth?: number;
}

/** The names of the compaction passes, in the order they run. */
export type CompactionPassName =
  | 'strip_descriptions'
  | 'drop_definitions'
  | 'collapse_deep_objects'
  | 'prune_compositions';

/** One compaction pass: mutates a raw schema it owns and says what it did. */
export interface CompactionPass {
  name: CompactionPassName;
  run: (root: JsonValue, collapseDepth: number) => PassResult;
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
  { name: 'strip_descriptions', run: stripDescriptionsInPlace },
  { name: 'drop_definitions', run: dropDefinitionRefsInPlace },
  { name: 'collapse_deep_objects', run: collapseDeepSchemaObjectsInPlace },
  { name: 'prune_compositions', run: pruneCompositionsInPlace },
];

/**
 * A decode attempt: the schema, or the error that decode will report at the end (an undecodable
 * value measures 0 bytes, so it "fits", SPEC §1.5). `bytes` is exact, or undefined when the
 * bounds alone decided `fits` and exact sizes were not asked for.
 */
export type DecodeAttempt =
  | { schema: JsonSchema; bytes: number | undefined; fits: boolean; facts: SchemaFacts }
  | { error: ToolSchemaError; bytes: 0; fits: true };

/** A size verdict for a raw schema that decodes, with what the measure saw of it. */
interface SizeVerdict {
  bytes: number | undefined;
  fits: boolean;
  facts: SchemaFacts;
  /** The bounds of the same schema without descriptions (the size after pass 1). */
  withoutDescriptions: Bounds;
}

/** The size bounds a measure gives: `lowerBytes ≤ exact ≤ lowerBytes + 5 × textUnits`. */
interface Bounds {
  lowerBytes: number;
  textUnits: number;
}

/**
 * True when a pass cannot change the schema, from what the last measure saw: no need to walk it.
 * - drop definitions: no `$ref` anywhere and no root table;
 * - collapse: nothing as deep as the collapse depth;
 * - prune compositions: no composition anywhere.
 */
function passCannotChange(
  name: CompactionPassName,
  facts: SchemaFacts,
  raw: JsonValue,
  collapseDepth: number,
): boolean {
  switch (name) {
    case 'strip_descriptions':
      return false;
    case 'drop_definitions':
      return facts.refs === 0 && !(isJsonObject(raw) && (raw.$defs !== undefined || raw.definitions !== undefined));
    case 'collapse_deep_objects':
      return facts.maxDepth < collapseDepth;
    case 'prune_compositions':
      return facts.compositions === 0;
    default:
      return name satisfies never;
  }
}

/**
 * True when pass 2 is sure to run after pass 1 and drop the root definition tables: there are
 * some, and the schema is over budget even without its descriptions (by the lower bound alone).
 * Pass 1 then need not strip the entries of those tables. Never for explain, whose snapshot
 * after pass 1 shows every description stripped.
 */
function rootTablesWillBeDropped(raw: JsonValue, state: SizeVerdict, budgetBytes: number): boolean {
  return (
    isJsonObject(raw) &&
    (raw.$defs !== undefined || raw.definitions !== undefined) &&
    state.withoutDescriptions.lowerBytes > budgetBytes
  );
}

/**
 * Decides whether a measured schema fits. Without `exactSizes`, the scan-free bounds decide
 * when they can (far under or over budget, the common cases); otherwise the text is measured exactly.
 */
function judgeSize(
  raw: JsonValue,
  bounds: Bounds,
  budgetBytes: number,
  exactSizes: boolean,
): Omit<SizeVerdict, 'facts' | 'withoutDescriptions'> {
  const { lowerBytes, textUnits } = bounds;
  if (textUnits === 0) return { bytes: lowerBytes, fits: lowerBytes <= budgetBytes };
  if (!exactSizes) {
    const fits = fitsByBounds(bounds, budgetBytes);
    if (fits !== undefined) return { bytes: undefined, fits };
  }
  const bytes = measureRawSchema(raw, { exactText: true }).lowerBytes;
  return { bytes, fits: bytes <= budgetBytes };
}

/** Whether the bounds alone say the schema fits; undefined when only an exact measure can tell. */
function fitsByBounds({ lowerBytes, textUnits }: Bounds, budgetBytes: number): boolean | undefined {
  if (lowerBytes + 5 * textUnits <= budgetBytes) return true;
  if (lowerBytes > budgetBytes) return false;
  return undefined;
}

function asAttemptError(error: unknown): { error: ToolSchemaError; bytes: 0; fits: true } {
  if (error instanceof ToolSchemaError) return { error, bytes: 0, fits: true };
  throw error;
}

/** Decodes (building the model) and judges the size. */
export function decodeAndMeasure(raw: JsonValue, budgetBytes: number, exactSizes: boolean): DecodeAttempt {
  try {
    const measured = decodeAndMeasureRawSchema(raw, { exactText: exactSizes });
    const { bytes, fits } = judgeSize(raw, measured, budgetBytes, exactSizes);
    return { schema: measured.schema, bytes, fits, facts: measured.facts };
  } catch (error) {
    return asAttemptError(error);
  }
}

/**
 * Validates and judges the size, building the model only while the schema may still fit: past
 * the budget the walk goes on measuring only (`schema` is undefined then).
 */
function decodeIfFits(
  raw: JsonValue,
  budgetBytes: number,
  exactSizes: boolean,
): (SizeVerdict & { schema: JsonSchema | undefined }) | { error: ToolSchemaError; bytes: 0; fits: true } {
  try {
    const measured = decodeAndMeasureWithinLimit(raw, budgetBytes, { exactText: exactSizes });
    // Fields are picked one by one: rest destructuring and spreads here cost ~7% on the MCP corpus.
    const { bytes, fits } = judgeSize(raw, measured, budgetBytes, exactSizes);
    const { schema, facts, withoutDescriptions } = measured;
    return { schema, bytes, fits, facts, withoutDescriptions };
  } catch (error) {
    return asAttemptError(error);
  }
}

/**
 * When stripping descriptions is the last pass that can change anything (the schema fits
 * without them, or passes 2–4 provably change nothing), the model is decoded straight from the
 * unstripped raw value, leaving descriptions out: the stripping walk is skipped. The raw value
 * is then not compacted, so only for callers that do not keep it; undefined when it does not apply.
 */
function decodeWithoutDescriptionsIfLast(
  raw: JsonValue,
  first: SizeVerdict,
  options: Required<CompactionOptions>,
): CompactionOutcome | undefined {
  const fits = fitsByBounds(first.withoutDescriptions, options.budgetBytes);
  const laterPasses = LARGE_SCHEMA_COMPACTION_PASSES.slice(1);
  if (fits === undefined) {
    // Only an exact measure can tell: one exact decoding walk without descriptions; if that
    // does not fit either, the passes go on as usual (the walk is lost, a rare case).
    const { schema, lowerBytes } = decodeAndMeasureWithinLimit(raw, options.budgetBytes, {
      exactText: true,
      withoutDescriptions: true,
    });
    if (schema === undefined || lowerBytes > options.budgetBytes) return undefined;
    const attempt: DecodeAttempt = { schema, bytes: lowerBytes, fits: true, facts: first.facts };
    return { raw, attempt, passes: ['strip_descriptions'], report: undefined };
  }
  if (!fits && !laterPasses.every((pass) => passCannotChange(pass.name, first.facts, raw, options.collapseDepth)))
    return undefined;
  let attempt: DecodeAttempt;
  try {
    attempt = { schema: decodeRawSchemaWithoutDescriptions(raw), bytes: undefined, fits, facts: first.facts };
  } catch (error) {
    attempt = asAttemptError(error);
  }
  const passes = (fits ? LARGE_SCHEMA_COMPACTION_PASSES.slice(0, 1) : LARGE_SCHEMA_COMPACTION_PASSES).map(
    (pass) => pass.name,
  );
  return { raw, attempt, passes, report: undefined };
}

/** Validates the options and fills in the defaults. */
export function resolveCompactionOptions(input?: CompactionOptions): Required<CompactionOptions> {
  const options = optionsObject(input);
  const budgetBytes = options.budgetBytes ?? MAX_COMPACT_SCHEMA_BYTES;
  const collapseDepth = options.collapseDepth ?? COLLAPSE_SCHEMA_DEPTH;
  for (const [name, value] of [
    ['budgetBytes', budgetBytes],
    ['collapseDepth', collapseDepth],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new ToolSchemaError('invalid_option', [name], `expected a non-negative integer, found ${String(value)}`);
    }
  }
  return { budgetBytes, collapseDepth };
}

/** What {@link compactAndDecode} did. */
export interface CompactionOutcome {
  /** The compacted raw value (the same object, mutated, or a replacement root). */
  raw: JsonValue;
  /** The final decode attempt: the caller decodes nothing twice. */
  attempt: DecodeAttempt;
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
 * - After pass 1 the size needs no walk: the first measure also counted what the descriptions
 *   weigh. A pass that changed nothing needs no new measure either.
 * - No check after the fourth pass: the result may still be over budget (best effort).
 * - `keepRaw: false` says the caller only wants the model (the parse functions): when pass 1 is
 *   the last pass that matters, the model is then decoded without descriptions and `raw` is left
 *   uncompacted.
 * - `exactSizes` measures every size exactly for the report (explain); otherwise bounds decide.
 * - `onPass` sees each pass that ran and the raw value after it (for explain).
 */
export function compactAndDecode(
  raw: JsonValue,
  options: Required<CompactionOptions>,
  {
    exactSizes = false,
    keepRaw = true,
    onPass,
  }: {
    exactSizes?: boolean;
    keepRaw?: boolean;
    onPass?: (record: CompactionPassRecord, raw: JsonValue) => void;
  } = {},
): CompactionOutcome {
  const { budgetBytes } = options;
  const first = decodeIfFits(raw, budgetBytes, exactSizes);
  if (!keepRaw && !exactSizes && !('error' in first) && !first.fits) {
    const shortcut = decodeWithoutDescriptionsIfLast(raw, first, options);
    if (shortcut !== undefined) return shortcut;
  }
  let built: JsonSchema | undefined = 'schema' in first ? first.schema : undefined;
  let state: SizeVerdict | { error: ToolSchemaError; bytes: 0; fits: true } = first;
  const passes: CompactionPassName[] = [];
  const records: CompactionPassRecord[] = [];
  for (const pass of LARGE_SCHEMA_COMPACTION_PASSES) {
    if (state.fits || 'error' in state) break;
    const bytesBefore = state.bytes;
    const result = passCannotChange(pass.name, state.facts, raw, options.collapseDepth)
      ? { root: raw, changed: false }
      : pass.name === 'strip_descriptions' && !exactSizes && rootTablesWillBeDropped(raw, state, budgetBytes)
        ? stripDescriptionsOutsideRootTablesInPlace(raw)
        : pass.run(raw, options.collapseDepth);
    raw = result.root;
    if (result.changed) {
      built = undefined;
      if (pass.name === 'strip_descriptions') {
        // Pass 1 only removes descriptions: the last measure already knows the size without them.
        const { withoutDescriptions, facts } = state;
        if (!exactSizes && fitsByBounds(withoutDescriptions, budgetBytes) === undefined) {
          // Only an exact measure can tell: make it the walk that also decodes, in case it fits.
          const next = decodeIfFits(raw, budgetBytes, true);
          if ('schema' in next) built = next.schema;
          state = next;
        } else {
          const { bytes, fits } = judgeSize(raw, withoutDescriptions, budgetBytes, exactSizes);
          state = { bytes, fits, facts, withoutDescriptions };
        }
      } else {
        const next = decodeIfFits(raw, budgetBytes, exactSizes);
        if ('schema' in next) built = next.schema;
        state = next;
      }
    }
    passes.push(pass.name);
    if (exactSizes) {
      const record = { name: pass.name, bytesBefore: bytesBefore ?? 0, bytesAfter: state.bytes ?? 0 };
      records.push(record);
      onPass?.(record, raw);
    }
  }
  let attempt: DecodeAttempt;
  if ('error' in state) attempt = state;
  else {
    const { bytes, fits, facts } = state;
    try {
      attempt = { schema: built ?? decodeRawSchema(raw), bytes, fits, facts };
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
  return { raw, attempt, passes, report };
}

/**
 * Returns a compacted copy of a raw (sanitized, pruned) schema; the input is not modified.
 * - Runs {@link LARGE_SCHEMA_COMPACTION_PASSES} in order while the decoded size is over budget.
 * - A value that does not decode measures 0 bytes and is returned as it is.
 */
export function compactLargeToolSchema(input: unknown, options?: CompactionOptions): JsonValue {
  const { raw, passes } = compactAndDecode(copyJsonInput(input), resolveCompactionOptions(options));
  return passes.includes('strip_descriptions') ? removeStrippedDescriptions(raw) : raw;
}
