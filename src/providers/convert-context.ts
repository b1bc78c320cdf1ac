// What converting one schema for a target carries along: the context, the converted result, small helpers.
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import type { KeyLists } from '../schema/key-lists.js';
import type { ChangeLog, SchemaPath } from './changes.js';
import { appendNotes } from './describe-constraint.js';
import type { SchemaProfile } from './profile.js';
import type { JsonTypeName, RestorePlan } from './restore-plan.js';
import type { StrictTally } from './strict-limits.js';

/** A local ref's pointer: its tokens and their `/`-joined key (the same for every schema). */
export interface ParsedRef {
  readonly tokens: readonly string[];
  readonly key: string;
}

export interface Context {
  profile: SchemaProfile;
  log: ChangeLog;
  root: JsonObject;
  /** Root definition → its name under `$defs`, the ref that names it there, its plan (key: `table/name`). */
  defNames: Map<string, { name: string; ref: string; plan: RestorePlan }> | undefined;
  /**
   * The names {@link defNames} gave out, and per base name the number to try next: a new name is
   * kept distinct without a set of them all per definition.
   */
  defNamesTaken: { names: Set<string>; next: Map<string, number> } | undefined;
  /** Definitions referred to, waiting to be converted under `$defs` (made on the first). */
  pending: { tokens: readonly string[]; outName: string }[] | undefined;
  /**
   * Refs being inlined, outermost first (made on the first inlined ref): a set, since every ref
   * inlined checks it for recursion, and a chain of definitions inlined is as deep as it is long.
   */
  inlineStack: Set<string> | undefined;
  inlinedNodes: number;
  /**
   * What inlining has written so far, as the input bytes of every subtree inlined (each use
   * counts), against the most it may write (-1 until the first inline measures the input).
   */
  inlinedBytes: number;
  inlineLimitBytes: number;
  /** Objects with properties that also take extra keys on purpose (strict: a reason to fall back), by pointer. */
  openObjects: string[] | undefined;
  /** Some ref was not inlined because of the limit. */
  inlineLimited: boolean;
  /** The input bytes of each inlined target, by ref key (measured once). */
  inlineSizes: Map<string, number> | undefined;
  /**
   * Definition being converted, and the definitions each one refers to (a name once per ref), for
   * the recursion check: kept only on a target that refuses recursion (Anthropic strict). A Set
   * per definition on every target was a tenth of what a small ref-heavy conversion allocated.
   */
  currentDef: string | undefined;
  edges: Map<string, string[]> | undefined;
  /** What the strict limits count, as written so far (upper bounds). */
  tally: StrictTally;
  /** Key lists that hold for the raw schema being converted (see `key-lists.ts`): a listed table is read through its list. */
  keyLists: KeyLists | undefined;
  /** The key lists of the large tables the conversion wrote, for what reads its result next (made on the first). */
  writtenKeyLists: KeyLists | undefined;
  /**
   * The tool's schema as the server wrote it, for what sanitize dropped and the model still
   * needs (the description of a schema it emptied); undefined when not known.
   */
  original: JsonValue | undefined;
  /** Converts a child schema position (convertNode: passed here so the modules need no import cycle). */
  convert: (value: JsonValue | undefined, path: SchemaPath, ctx: Context, depth: number) => Converted;
}

export interface Converted {
  schema: JsonObject;
  plan: RestorePlan;
  /** The JSON types the wire schema admits; undefined when any (a ref, or unknown). */
  types: JsonTypeName[] | undefined;
  /**
   * Set by the converter when the schema's `type` is this one name (not null) and nothing else
   * says whether null is admitted (no ref, alternatives, `nullable`, null enum value) on a
   * `type: [T, "null"]` target: made nullable, only `type` (and `enum`) change. Strict mode
   * does so for every optional property; reading those keywords back was most of its cost.
   */
  singleType?: string | undefined;
}

/** The note on a value sent as JSON text. */
export const JSON_TEXT_NOTE = 'any JSON value, written as JSON text';

/** One shared list per single type name: `typeList` runs once per schema node, and most have one type. */
const SINGLE_TYPE_LISTS = new Map<string, readonly string[]>();

/** The type names of a `type` keyword; read-only (a single name's list is shared). */
export function typeList(type: JsonValue | undefined): readonly string[] | undefined {
  if (typeof type === 'string') {
    let list = SINGLE_TYPE_LISTS.get(type);
    if (list === undefined) {
      list = [type];
      if (SINGLE_TYPE_LISTS.size < 64) SINGLE_TYPE_LISTS.set(type, list);
    }
    return list;
  }
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string');
  return undefined;
}

/** One shared array per single type: most schemas have one, and this runs once per schema node. */
const SINGLE_WIRE_TYPES: Readonly<Record<string, readonly JsonTypeName[]>> = {
  object: ['object'],
  array: ['array'],
  string: ['string'],
  number: ['number'],
  integer: ['number'],
  boolean: ['boolean'],
  null: ['null'],
};

/** The same with null. */
const NULLABLE_WIRE_TYPES: Readonly<Record<string, readonly JsonTypeName[]>> = {
  object: ['object', 'null'],
  array: ['array', 'null'],
  string: ['string', 'null'],
  number: ['number', 'null'],
  integer: ['number', 'null'],
  boolean: ['boolean', 'null'],
};

/** The JSON types a value of these schema types can have (`integer` values are numbers). Read-only. */
export function wireTypes(types: readonly string[]): JsonTypeName[] {
  if (types.length === 1) {
    const single = SINGLE_WIRE_TYPES[types[0] as string];
    if (single !== undefined) return single as JsonTypeName[];
  } else if (types.length === 2 && types[1] === 'null') {
    // One type or null: strict mode's optional properties.
    const single = NULLABLE_WIRE_TYPES[types[0] as string];
    if (single !== undefined) return single as JsonTypeName[];
  }
  const wire: JsonTypeName[] = [];
  for (const type of types) {
    const name = (type === 'integer' ? 'number' : type) as JsonTypeName;
    if (!wire.includes(name)) wire.push(name);
  }
  return wire;
}

/** The distinct entries of a short list (a node's types), in first-seen order: no set per node. */
export function distinctTypes<T>(list: readonly T[]): T[] {
  const distinct: T[] = [];
  for (const entry of list) if (!distinct.includes(entry)) distinct.push(entry);
  return distinct;
}

export function typeOfValue(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether one of `types` admits a value of type `valueType` (integer values are numbers too). */
export function admits(types: readonly string[], valueType: string): boolean {
  return types.includes(valueType) || (valueType === 'integer' && types.includes('number'));
}

/** A description with notes appended ({@link appendNotes}), as the converter writes it. */
export function describe(description: JsonValue | undefined, notes: readonly string[]): string | undefined {
  return appendNotes(description, notes);
}

/** The converted form of "any JSON value" where the target needs a type: JSON text. */
export function jsonText(description: string | undefined, note: string, nullable: boolean, ctx: Context): Converted {
  const schema: JsonObject = { type: nullable ? typeWithNull('string', ctx) : 'string' };
  if (nullable && ctx.profile.nullability === 'nullable') schema.nullable = true;
  const text = describe(description, [note]);
  if (text !== undefined) schema.description = text;
  return { schema, plan: { kind: 'json-text' }, types: nullable ? ['string', 'null'] : ['string'] };
}

export function typeWithNull(type: string, ctx: Context): JsonValue {
  return ctx.profile.nullability === 'type-array' ? [type, 'null'] : type;
}

/** Key order on the wire: type and description first, as people write schemas. */
export function orderKeys(schema: JsonObject): JsonObject {
  if (schema.type === undefined && schema.description === undefined) return schema;
  const ordered: JsonObject = {};
  if (schema.type !== undefined) ordered.type = schema.type;
  if (schema.description !== undefined) ordered.description = schema.description;
  for (const key of Object.keys(schema))
    if (key !== 'type' && key !== 'description') ordered[key] = schema[key] as JsonValue;
  return ordered;
}

/**
 * What the server wrote at `path` (`/inputSchema/...`) in its own schema, before sanitize; undefined
 * where the path does not exist there (an inlined ref's use site, a renamed member).
 */
export function originalAt(original: JsonValue, path: SchemaPath): JsonValue | undefined {
  const keys: (string | number)[] = [];
  for (let step: SchemaPath | undefined = path; step !== undefined; step = step.parent) keys.push(step.key);
  keys.reverse();
  let node: JsonValue | undefined = original;
  // The first key is the tool's `inputSchema`.
  for (const key of keys.slice(1)) {
    if (Array.isArray(node) && typeof key === 'number') node = node[key];
    else if (isJsonObject(node) && Object.hasOwn(node, String(key))) node = node[String(key)];
    else return undefined;
  }
  return node;
}
