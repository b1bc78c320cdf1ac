// explainToolInputSchema: runs the pipeline's stages once and reports what each one changed, by JSON path.
import { optionsObject, ToolSchemaError, toJsonPointer } from '../errors.js';
import type { CompactionOptions, CompactionPassName, CompactionReport, DecodeAttempt } from './compaction/driver.js';
import { compactAndDecode, decodeAndMeasure, resolveCompactionOptions } from './compaction/driver.js';
import type { TokenBudgetOptions } from './compaction/token-budget.js';
import { copyJsonInput } from './copy.js';
import type { JsonDifference } from './diff.js';
import { diffJson } from './diff.js';
import type { JsonValue } from './json.js';
import { getOwn, isJsonObject } from './json.js';
import type { JsonSchema } from './model.js';
import { JSON_SCHEMA_KEYS } from './model.js';
import { budgetBytesForTokens } from './pipeline.js';
import type { LocalDefinitionRef } from './refs.js';
import { pruneInPlace } from './refs.js';
import { sanitizeJsonSchema } from './sanitize.js';
import { jsonByteLength } from './size.js';
import { DEFINITION_TABLE_KEYS, SCHEMA_CHILD_KEYS } from './walk.js';
import type { SchemaWarning } from './warnings.js';
import { findSchemaWarnings } from './warnings.js';

/** The stage that made a change. */
export type PipelineStage = 'sanitize' | 'prune' | 'compact' | 'decode';

/**
 * What kind of change. Sanitize: `boolean_schema_replaced`, `type_inferred`, `type_normalized`,
 * `const_to_enum`, `default_added`, `schema_emptied`, `key_dropped`. Prune: `definition_pruned`.
 * Compact: `description_stripped`, `ref_dropped`, `definitions_dropped`, `subtree_collapsed`,
 * `composition_pruned`; the fidelity policy's `definition_inlined`, `subtree_shared`, `enum_shared`,
 * `description_shortened`, `enum_dropped`, `property_dropped`. Decode: `keyword_dropped` (unknown to the model), `null_dropped`.
 */
export type SchemaChangeKind =
  | 'boolean_schema_replaced'
  | 'type_inferred'
  | 'type_normalized'
  | 'const_to_enum'
  | 'default_added'
  | 'schema_emptied'
  | 'key_dropped'
  | 'definition_pruned'
  | 'description_stripped'
  | 'ref_dropped'
  | 'definitions_dropped'
  | 'subtree_collapsed'
  | 'composition_pruned'
  | 'keyword_dropped'
  | 'null_dropped'
  | 'definition_inlined'
  | 'enum_shared'
  | 'subtree_shared'
  | 'description_shortened'
  | 'enum_dropped'
  | 'property_dropped';

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

const MODEL_KEYS: ReadonlySet<string> = new Set(JSON_SCHEMA_KEYS);

/**
 * Runs the same stages as {@link parseToolInputSchema} (or the no-compaction entry) once and
 * returns each stage's output, the compaction passes with their sizes, and the changes by path.
 * - Never throws for bad input: the error that the parse function would throw is in `error`.
 * - `final` is equal to the parse function's result for the same input and options.
 */
export function explainToolInputSchema(input: unknown, options?: ExplainOptions): ToolSchemaExplanation {
  const explanation: ToolSchemaExplanation = {
    ok: false,
    input: undefined,
    sanitized: undefined,
    pruned: undefined,
    prunedDefinitions: [],
    compaction: undefined,
    decoded: undefined,
    final: undefined,
    finalBytes: undefined,
    error: undefined,
    changes: [],
    counts: {},
    warnings: [],
  };
  const { changes } = explanation;
  try {
    const tokenBudgetBytes =
      optionsObject(options).compaction === false ? undefined : budgetBytesForTokens(input, options);
    const resolved = resolveCompactionOptions(
      tokenBudgetBytes === undefined ? options : { ...options, budgetBytes: tokenBudgetBytes },
    );
    const compaction = optionsObject(options).compaction !== false;
    const copied = copyJsonInput(input);
    explanation.input = copied;

    const sanitized = sanitizeJsonSchema(copied);
    explanation.sanitized = sanitized;
    for (const change of describeSanitizeChanges(diffJson(copied, sanitized))) changes.push(change);

    const pruned = pruneInPlace(copyJsonInput(sanitized), { removed: explanation.prunedDefinitions });
    explanation.pruned = pruned;
    for (const ref of explanation.prunedDefinitions) {
      const table = isJsonObject(sanitized) ? sanitized[ref.table] : undefined;
      changes.push({
        stage: 'prune',
        kind: 'definition_pruned',
        path: toJsonPointer([ref.table, ref.name]),
        ...(isJsonObject(table) ? { before: getOwn(table, ref.name) } : {}),
        message: `definition ${JSON.stringify(ref.name)} is not referenced from the schema; removed`,
      });
    }

    let raw: JsonValue;
    let attempt: DecodeAttempt;
    if (compaction) {
      // `pruned` is a snapshot nothing mutates: the first diff starts from it, compaction works on a copy.
      let previous: JsonValue = pruned;
      const compacted = compactAndDecode(copyJsonInput(pruned), resolved, {
        exactSizes: true,
        onPass: (record, snapshot) => {
          const current = snapshot();
          for (const change of describeCompactionChanges(record.name, diffJson(previous, current)))
            changes.push(change);
          previous = current;
        },
      });
      raw = compacted.raw;
      attempt = compacted.attempt;
      explanation.compaction = compacted.report;
    } else {
      // Without compaction the decoded JSON is the pruned JSON (decode does not mutate it).
      raw = pruned;
      attempt = decodeAndMeasure(pruned, resolved.budgetBytes, true);
    }
    explanation.decoded = raw;
    if ('error' in attempt) throw attempt.error;
    explanation.final = attempt.schema;
    explanation.finalBytes = attempt.bytes ?? jsonByteLength(attempt.schema);
    explanation.warnings = findSchemaWarnings(attempt.schema);
    explanation.ok = true;
    const decodeChanges = describeDecodeChanges(diffJson(raw, attempt.schema as JsonValue, { collapseEmptied: false }));
    for (const change of decodeChanges) changes.push(change);
  } catch (error) {
    if (!(error instanceof ToolSchemaError)) throw error;
    explanation.error = error;
  }
  for (const change of changes) explanation.counts[change.kind] = (explanation.counts[change.kind] ?? 0) + 1;
  return explanation;
}

function lastSegment(difference: JsonDifference): string | number | undefined {
  return difference.path[difference.path.length - 1];
}

/** Keywords whose value is a map of names to schemas. */
const NAMED_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set(['properties', ...DEFINITION_TABLE_KEYS]);
/** Keywords whose value is a schema or a list of schemas (sanitize also visits prefixItems). */
const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([...SCHEMA_CHILD_KEYS, 'prefixItems']);

/** Where a path lands: on a whole schema, or on (or inside) the value of one keyword. */
interface PathPosition {
  onSchema: boolean;
  keyword: string | undefined;
  insideValue: boolean;
}

/** Reads a path by the schema's structure, so a property named `type` is not the `type` keyword. */
function positionOf(path: readonly (string | number)[]): PathPosition {
  let state: 'schema' | 'name' | 'value' = 'schema';
  let keyword: string | undefined;
  let insideValue = false;
  for (const segment of path) {
    if (state === 'schema') {
      if (typeof segment === 'number') continue; // an element of a schema list
      keyword = segment;
      insideValue = false;
      state = NAMED_SCHEMA_KEYWORDS.has(segment) ? 'name' : SCHEMA_KEYWORDS.has(segment) ? 'schema' : 'value';
    } else if (state === 'name') {
      keyword = undefined;
      state = 'schema';
    } else {
      insideValue = true;
    }
  }
  return { onSchema: state === 'schema', keyword, insideValue };
}

function describeSanitizeChanges(differences: JsonDifference[]): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const normalizedTypes = new Set<string>();
  for (const difference of differences) {
    const position = positionOf(difference.path);
    const path = toJsonPointer(difference.path);
    const base = { stage: 'sanitize' as const, path };
    if (position.onSchema && difference.op === 'replaced') {
      if (typeof difference.before === 'boolean') {
        changes.push({
          ...base,
          kind: 'boolean_schema_replaced',
          ...beforeAfter(difference),
          message: `boolean schema ${String(difference.before)} became {"type":"string"}`,
        });
      } else {
        changes.push({
          ...base,
          kind: 'schema_emptied',
          ...beforeAfter(difference),
          message: 'no type could be inferred from its keywords; it became the empty schema {}',
        });
      }
    } else if (position.keyword === 'const' && difference.op === 'removed') {
      const value = difference.before;
      changes.push({
        ...base,
        kind: 'const_to_enum',
        before: value,
        after: [value],
        message: `const ${JSON.stringify(value)} became enum [${JSON.stringify(value)}]`,
      });
    } else if (position.keyword === 'enum') {
      // The enum half of const → enum, reported with the const.
    } else if (position.keyword === 'type' && difference.op === 'added') {
      changes.push({
        ...base,
        kind: 'type_inferred',
        after: difference.after,
        message: `type ${JSON.stringify(difference.after)} inferred from its keywords`,
      });
    } else if (position.keyword === 'type') {
      const typePath = toJsonPointer(difference.path.slice(0, position.insideValue ? -1 : undefined));
      if (normalizedTypes.has(typePath)) continue;
      normalizedTypes.add(typePath);
      changes.push({
        ...base,
        path: typePath,
        kind: 'type_normalized',
        ...beforeAfter(difference),
        message: 'type normalized to its valid type names',
      });
    } else if (difference.op === 'added') {
      changes.push({
        ...base,
        kind: 'default_added',
        after: difference.after,
        message: `${String(position.keyword)} ${JSON.stringify(difference.after)} added as the default`,
      });
    } else {
      changes.push({
        ...base,
        kind: 'key_dropped',
        ...beforeAfter(difference),
        message: `${String(position.keyword)} is not an object of definitions; removed`,
      });
    }
  }
  return changes;
}

function describeCompactionChanges(pass: CompactionPassName, differences: JsonDifference[]): SchemaChange[] {
  return differences.map((difference) => {
    const path = toJsonPointer(difference.path);
    const base = { stage: 'compact' as const, pass, path, ...beforeAfter(difference) };
    switch (pass) {
      case 'strip_descriptions':
        return { ...base, kind: 'description_stripped', message: 'description stripped to fit the budget' };
      case 'drop_definitions':
        return difference.op === 'removed'
          ? { ...base, kind: 'definitions_dropped', message: 'definition table dropped to fit the budget' }
          : { ...base, kind: 'ref_dropped', message: 'definition ref replaced by {} to fit the budget' };
      case 'collapse_deep_objects':
        return { ...base, kind: 'subtree_collapsed', message: 'deep subtree collapsed to {} to fit the budget' };
      case 'prune_compositions':
        return { ...base, kind: 'composition_pruned', message: 'composition replaced by {} to fit the budget' };
      case 'inline_definitions':
        return {
          ...base,
          kind: 'definition_inlined',
          message: 'definition used once inlined where it is used (fidelity policy)',
        };
      case 'share_subtrees':
        return {
          ...base,
          kind: 'subtree_shared',
          message: 'a subtree other schemas repeat, written once as a definition and referred to (fidelity policy)',
        };
      case 'share_enums':
        return {
          ...base,
          kind: 'enum_shared',
          message:
            'a list of values other schemas repeat, written once as a definition and referred to (fidelity policy)',
        };
      case 'shorten_descriptions':
        return { ...base, kind: 'description_shortened', message: 'description shortened to fit the budget' };
      case 'drop_least_valuable': {
        // One step gives up three kinds of thing: each difference says which it was.
        const key = lastSegment(difference);
        const parent = difference.path[difference.path.length - 2];
        if (difference.path.length === 2 && DEFINITION_TABLE_KEYS.includes(String(parent) as never))
          return {
            ...base,
            kind: 'definitions_dropped',
            message: 'definition no ref uses any more removed (fidelity policy)',
          };
        if (key === 'description' && difference.op === 'replaced')
          return { ...base, kind: 'description_shortened', message: 'description shortened to fit the budget' };
        if (key === 'description' && difference.op === 'removed')
          return { ...base, kind: 'description_stripped', message: 'description removed to fit the budget' };
        if (key === 'enum' && difference.op === 'removed')
          return { ...base, kind: 'enum_dropped', message: 'enum dropped to fit the budget (the type stays)' };
        return { ...base, kind: 'subtree_collapsed', message: 'subtree collapsed to its type to fit the budget' };
      }
      case 'trim_root':
        return { ...base, kind: 'property_dropped', message: 'root trimmed to fit the budget' };
      default:
        return pass satisfies never;
    }
  });
}

function describeDecodeChanges(differences: JsonDifference[]): SchemaChange[] {
  return differences.map((difference) => {
    const key = String(lastSegment(difference));
    const known = MODEL_KEYS.has(key) && difference.op === 'removed' && difference.before === null;
    return {
      stage: 'decode',
      kind: known ? 'null_dropped' : 'keyword_dropped',
      path: toJsonPointer(difference.path),
      ...beforeAfter(difference),
      message: known ? `${key} is null; dropped` : `${key} is not a keyword the model carries; dropped`,
    };
  });
}

function beforeAfter(difference: JsonDifference): { before?: JsonValue; after?: JsonValue } {
  switch (difference.op) {
    case 'added':
      return { after: difference.after };
    case 'removed':
      return { before: difference.before };
    case 'replaced':
      return { before: difference.before, after: difference.after };
  }
}
