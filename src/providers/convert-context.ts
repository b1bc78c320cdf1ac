// What converting one schema for a target carries along: the context, the converted result, small helpers.
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import type { KeyLists } from '../schema/key-lists.js';
import type { ChangeLog, LoggedChanges, SchemaPath } from './changes.js';
import { appendNotes } from './describe-constraint.js';
import type { MadeMerges } from './merge-all-of.js';
import type { SchemaProfile } from './profile.js';
import type { PlaceConversion, ReferredPlace } from './referred-places.js';
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
  pending: { tokens: readonly string[]; key: string; outName: string }[] | undefined;
  /**
   * Refs being inlined, outermost first, each with its position (how many were on the stack when
   * it was put there; made on the first inlined ref): a map, since every ref inlined checks it for
   * recursion, and a chain of definitions inlined is as deep as it is long.
   */
  inlineStack: Map<string, number> | undefined;
  /** The allOf merges made for this schema, shared with OpenAI strict's bounds walk (made on the first else). */
  merges: MadeMerges | undefined;
  inlinedNodes: number;
  /**
   * What inlining has written so far, as the input bytes of every subtree inlined (each use
   * counts), against the most it may write (-1 until the first inline measures the input).
   */
  inlinedBytes: number;
  inlineLimitBytes: number;
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
  /**
   * Whether a bare `{"type": "string"}` may be a boolean schema of {@link original}'s: false when
   * the copy that made the input replaced none, so no object's properties are looked up there.
   */
  booleanSchemas: boolean;
  /**
   * Whether an empty schema's conditions (`not`, `if`…) are read back from {@link original},
   * where sanitize emptied it for want of a type. Not after compaction, which empties objects on
   * purpose to meet a budget (their description still comes back: the model's one hint).
   */
  restoresConditions: boolean;
  /**
   * Inlined refs converted once, by ref key, to be used again at their next uses with the changes
   * they made there (see `convert-ref.ts`); made on the first.
   */
  inlineMemo: Map<string, InlinedConversion> | undefined;
  /** Ref keys looked up in {@link inlineStack} while some inlined conversion is recorded (made on the first). */
  inlineKeysChecked: string[] | undefined;
  /** Inlined conversions being recorded, nested. */
  recording: number;
  /**
   * The lowest stack position of a ref cut as recursive (found on {@link inlineStack}) in the
   * inlined conversion being recorded (Infinity: none): one cut by a ref from above where it
   * started cannot be used again, and is not kept (see `convert-ref.ts`).
   */
  lowestCut: number;
  /**
   * What recording may still keep, in changes and ref keys (see `MAX_RECORDED_ENTRIES`): each
   * recording keeps what its subtree logged, so nested ones keep the same entries again.
   */
  recordBudget: number;
  /**
   * Where each ref being inlined is in the server's schema, by the path it is inlined at: what
   * {@link originalAt} reads below that path is the definition's, not the use site's (made on the first).
   */
  inlinedFrom: Map<SchemaPath, readonly string[]> | undefined;
  /**
   * The last parent path {@link originalAt} read through, and what the server wrote there: the
   * properties of one object are converted one after the other, and each `{}` among them
   * (compaction collapses thousands) walked the path from the root again.
   */
  originalParent: SchemaPath | undefined;
  originalParentValue: JsonValue | undefined;
  /**
   * The inlined refs' paths whose description was read at their use site ({@link originalUseSite}):
   * what was converted there depends on where the ref is (made on the first).
   */
  useSiteReads: Set<SchemaPath> | undefined;
  /**
   * The places refs point at (`#/properties/a`, see `referred-places.ts`), by schema object, until
   * each is first converted: their conversion where they are serves their definition too.
   */
  referredPlaces: Map<JsonObject, ReferredPlace> | undefined;
  /** Referred places converted where they are, by ref key, for their definition (made on the first). */
  placeConversions: Map<string, PlaceConversion> | undefined;
  /** Referred places being converted where they are, nested. */
  placeRecording: number;
  /** The definitions refs named while {@link placeRecording} (made on the first). */
  placeRefNames: string[] | undefined;
  /** Converts a child schema position (convertNode: passed here so the modules need no import cycle). */
  convert: (value: JsonValue | undefined, path: SchemaPath, ctx: Context, depth: number) => Converted;
}

/**
 * An inlined ref's conversion as it was recorded, to be used again at another use of the ref: what it
 * wrote, the changes it logged under the path it was converted at, and what it added to the
 * context's counts (see `convert-ref.ts`).
 */
export interface InlinedConversion {
  readonly converted: Converted;
  readonly path: SchemaPath;
  readonly depth: number;
  readonly changes: LoggedChanges;
  /** The ref keys its own refs looked up in the inline stack, each once: none may be on the stack where it is used again. */
  readonly keysChecked: readonly string[];
  /** What it added to the inlining counts (its own ref's aside). */
  readonly inlinedNodes: number;
  readonly inlinedBytes: number;
  /** The deepest level it reached, and what it added to the strict tally. */
  readonly maxDepth: number;
  readonly properties: number;
  readonly enumValues: number;
  readonly nameChars: number;
  readonly largeEnumChars: number;
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

/** Deepest conversion before a subtree becomes JSON text (inlining can nest past the input's depth). */
export const MAX_CONVERT_DEPTH = 400;

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
 * where the path does not exist there (a renamed member) or the schema is not known. At and below
 * an inlined ref, the path is read in the definition it inlines, where the server wrote that
 * part: a subtree reads the same wherever its ref is inlined.
 */
export function originalAt(ctx: Context, path: SchemaPath): JsonValue | undefined {
  if (ctx.original === undefined) return undefined;
  const parent = path.parent;
  // Outside inlined refs a path's value is its parent's member: the parent read once for its
  // siblings. (Below an inlined ref the map says where to read, and it changes as refs are inlined.)
  if (parent === undefined || (ctx.inlinedFrom !== undefined && ctx.inlinedFrom.size > 0))
    return readOriginal(ctx, path, false);
  if (ctx.originalParent !== parent) {
    ctx.originalParentValue = readOriginal(ctx, parent, false);
    ctx.originalParent = parent;
  }
  return memberOf(ctx.originalParentValue, path.key);
}

/** The member `key` of an array or object, or undefined. */
function memberOf(node: JsonValue | undefined, key: string | number): JsonValue | undefined {
  if (Array.isArray(node) && typeof key === 'number') return node[key];
  if (isJsonObject(node) && Object.hasOwn(node, String(key))) return node[String(key)];
  return undefined;
}

/**
 * What the server wrote where an inlined ref at `path` is used (its `$ref` and what it wrote
 * beside it), noted in {@link Context.useSiteReads}; undefined where `path` is not an inlined
 * ref's or the schema is not known.
 */
export function originalUseSite(ctx: Context, path: SchemaPath): JsonValue | undefined {
  if (ctx.original === undefined || ctx.inlinedFrom?.has(path) !== true) return undefined;
  ctx.useSiteReads ??= new Set();
  ctx.useSiteReads.add(path);
  return readOriginal(ctx, path, true);
}

function readOriginal(ctx: Context, path: SchemaPath, atUseSite: boolean): JsonValue | undefined {
  const { inlinedFrom } = ctx;
  const keys: (string | number)[] = [];
  let from: readonly string[] | undefined;
  for (let step: SchemaPath | undefined = path; step !== undefined; step = step.parent) {
    from = atUseSite && step === path ? undefined : inlinedFrom?.get(step);
    if (from !== undefined) break;
    keys.push(step.key);
  }
  // A path from the root starts with the tool's `inputSchema`; a definition's tokens start below it.
  if (from === undefined) keys.pop();
  else for (let index = from.length - 1; index >= 0; index--) keys.push(from[index] as string);
  let node: JsonValue | undefined = ctx.original;
  for (let index = keys.length - 1; index >= 0 && node !== undefined; index--)
    node = memberOf(node, keys[index] as string | number);
  return node;
}
