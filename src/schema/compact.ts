// Compaction of oversized schemas: the budget, the ordered passes and their report (SPEC §1.5, seed §5).
import { ToolSchemaError } from '../errors.js';
import { copyJsonInput } from './copy.js';
import { decodeAndMeasureRawSchema } from './decode.js';
import type { JsonHolder, JsonObject, JsonValue } from './json.js';
import { hasOwnKey, isJsonObject, setChild } from './json.js';
import type { JsonSchema } from './model.js';
import { parseLocalDefinitionRef } from './refs.js';
import { jsonByteLength } from './size.js';
import { COMPOSITION_KEYS, DEFINITION_TABLE_KEYS, forEachSchemaChild } from './walk.js';

/** The byte budget a schema must fit in before compaction stops (compact JSON, UTF-8). */
export const MAX_COMPACT_SCHEMA_BYTES = 5_000;

/** Schema objects at this depth or deeper that have children are collapsed by pass 3. */
export const COLLAPSE_SCHEMA_DEPTH = 3;

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

/** One compaction pass: mutates the raw schema in place and returns the (possibly replaced) root. */
export interface CompactionPass {
  name: CompactionPassName;
  run: (root: JsonValue, collapseDepth: number) => JsonValue;
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
  { name: 'strip_descriptions', run: stripDescriptions },
  { name: 'drop_definitions', run: dropDefinitionRefs },
  { name: 'collapse_deep_objects', run: collapseDeepSchemaObjects },
  { name: 'prune_compositions', run: pruneCompositions },
];

/**
 * A decode attempt: the schema, or the error that decode will report at the end (an undecodable
 * value measures 0 bytes, so it "fits", SPEC §1.5). `bytes` is exact, or undefined when the
 * bounds alone decided `fits` and exact sizes were not asked for.
 */
export type DecodeAttempt =
  | { schema: JsonSchema; bytes: number | undefined; fits: boolean }
  | { error: ToolSchemaError; bytes: 0; fits: true };

/**
 * Decodes a raw schema and decides whether it fits the budget.
 * - Without `exactSizes`, the scan-free bounds of `decodeAndMeasureRawSchema` decide when they
 *   can (far under or over budget, the common cases); the exact size is computed otherwise.
 */
export function decodeAndMeasure(raw: JsonValue, budgetBytes: number, exactSizes: boolean): DecodeAttempt {
  let measured: ReturnType<typeof decodeAndMeasureRawSchema>;
  try {
    measured = decodeAndMeasureRawSchema(raw);
  } catch (error) {
    if (error instanceof ToolSchemaError) return { error, bytes: 0, fits: true };
    throw error;
  }
  const { schema, lowerBytes, textUnits } = measured;
  if (!exactSizes) {
    if (lowerBytes + 5 * textUnits <= budgetBytes) return { schema, bytes: undefined, fits: true };
    if (lowerBytes > budgetBytes) return { schema, bytes: undefined, fits: false };
  }
  const bytes = textUnits === 0 ? lowerBytes : jsonByteLength(schema);
  return { schema, bytes, fits: bytes <= budgetBytes };
}

/** Validates the options and fills in the defaults. */
export function resolveCompactionOptions(options: CompactionOptions = {}): Required<CompactionOptions> {
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
 * Runs the passes over a raw schema (in place) while it is over budget, decoding after each.
 * - No check after the fourth pass: the result may still be over budget (best effort).
 * - `exactSizes` measures every size exactly for the report (explain); otherwise bounds decide.
 * - `onPass` sees each pass that ran and the raw value after it (for explain).
 */
export function compactAndDecode(
  raw: JsonValue,
  options: Required<CompactionOptions>,
  {
    exactSizes = false,
    onPass,
  }: { exactSizes?: boolean; onPass?: (record: CompactionPassRecord, raw: JsonValue) => void } = {},
): CompactionOutcome {
  const { budgetBytes } = options;
  let attempt = decodeAndMeasure(raw, budgetBytes, exactSizes);
  const initialBytes = attempt.bytes;
  const passes: CompactionPassName[] = [];
  const records: CompactionPassRecord[] = [];
  for (const pass of LARGE_SCHEMA_COMPACTION_PASSES) {
    if (attempt.fits) break;
    const bytesBefore = attempt.bytes;
    raw = pass.run(raw, options.collapseDepth);
    attempt = decodeAndMeasure(raw, budgetBytes, exactSizes);
    passes.push(pass.name);
    if (exactSizes) {
      const record = { name: pass.name, bytesBefore: bytesBefore ?? 0, bytesAfter: attempt.bytes ?? 0 };
      records.push(record);
      onPass?.(record, raw);
    }
  }
  const report: CompactionReport | undefined = exactSizes
    ? {
        budgetBytes,
        initialBytes: initialBytes ?? 0,
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
  return compactAndDecode(copyJsonInput(input), resolveCompactionOptions(options)).raw;
}

/** Runs `act` on every schema object reachable from the root through the given children. */
function forEachSchemaObject(
  root: JsonValue,
  definitions: 'include' | 'skip',
  act: (node: JsonObject, holder: JsonHolder, key: string | number) => boolean,
): JsonValue {
  const box: JsonObject = { root };
  const visit = (holder: JsonHolder, key: string | number): void => {
    const node = Array.isArray(holder) ? holder[key as number] : holder[key as string];
    if (isJsonObject(node) && act(node, holder, key)) forEachSchemaChild(node, { definitions }, visit);
  };
  visit(box, 'root');
  return box.root as JsonValue;
}

/** Pass 1: removes `description` from every schema object, definition tables included. */
export function stripDescriptions(root: JsonValue): JsonValue {
  return forEachSchemaObject(root, 'include', (node) => {
    if (hasOwnKey(node, 'description')) delete node.description;
    return true;
  });
}

/** Pass 2: replaces objects whose `$ref` names a local definition by `{}`, then drops the root tables. */
export function dropDefinitionRefs(root: JsonValue): JsonValue {
  const result = forEachSchemaObject(root, 'skip', (node, holder, key) => {
    if (typeof node.$ref === 'string' && parseLocalDefinitionRef(node.$ref) !== undefined) {
      setChild(holder, key, {});
      return false;
    }
    return true;
  });
  if (isJsonObject(result)) {
    for (const table of DEFINITION_TABLE_KEYS) delete result[table];
  }
  return result;
}

/** Keys that make an object "not a simple leaf" for pass 3. */
const COLLAPSIBLE_KEYS = ['items', 'anyOf', 'oneOf', 'allOf', 'properties', 'additionalProperties', '$ref'] as const;

/** Pass 3: replaces objects with children at depth ≥ `collapseDepth` (root = 0) by `{}`. */
export function collapseDeepSchemaObjects(root: JsonValue, collapseDepth: number = COLLAPSE_SCHEMA_DEPTH): JsonValue {
  const box: JsonObject = { root };
  const visit = (holder: JsonHolder, key: string | number, depth: number): void => {
    const node = Array.isArray(holder) ? holder[key as number] : holder[key as string];
    if (!isJsonObject(node)) return;
    if (depth >= collapseDepth && COLLAPSIBLE_KEYS.some((name) => hasOwnKey(node, name))) {
      setChild(holder, key, {});
      return;
    }
    forEachSchemaChild(node, { definitions: 'skip' }, (child, childKey) => visit(child, childKey, depth + 1));
  };
  visit(box, 'root', 0);
  return box.root as JsonValue;
}

/** Pass 4: replaces every object that has `anyOf`, `oneOf` or `allOf` by `{}`, the root included. */
export function pruneCompositions(root: JsonValue): JsonValue {
  return forEachSchemaObject(root, 'skip', (node, holder, key) => {
    if (COMPOSITION_KEYS.some((name) => hasOwnKey(node, name))) {
      setChild(holder, key, {});
      return false;
    }
    return true;
  });
}
