// The documented limits of strict schemas: OpenAI's per schema, Anthropic's per request.
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import type { KeyLists } from '../schema/key-lists.js';
import { unescapeToken } from '../schema/pointer-tokens.js';
import { mayBeForbidden } from './convert-object.js';

/** OpenAI strict: at most this many object properties in total. */
export const OPENAI_STRICT_MAX_PROPERTIES = 5_000;
/** OpenAI strict: at most this many levels of nesting. */
export const OPENAI_STRICT_MAX_DEPTH = 10;
/** OpenAI strict: at most this many enum values in total. */
export const OPENAI_STRICT_MAX_ENUM_VALUES = 1_000;
/** OpenAI strict: property names, definition names, enum and const values, in characters. */
export const OPENAI_STRICT_MAX_NAME_CHARS = 120_000;
/** OpenAI strict: a string enum of more than this many values … */
export const OPENAI_STRICT_LARGE_ENUM_VALUES = 250;
/** … has at most this many characters. */
export const OPENAI_STRICT_LARGE_ENUM_CHARS = 15_000;
/** Anthropic: strict tools per request. */
export const ANTHROPIC_MAX_STRICT_TOOLS = 20;
/** Anthropic: optional parameters across all strict schemas of a request. */
export const ANTHROPIC_MAX_OPTIONAL_PARAMETERS = 24;
/** Anthropic: union-typed parameters (anyOf or type arrays) across all strict schemas of a request. */
export const ANTHROPIC_MAX_UNION_PARAMETERS = 16;

/** What a schema weighs against the strict limits. */
export interface StrictSchemaMeasure {
  properties: number;
  /** Deepest nesting of schemas, the root at level 1, refs followed once. */
  depth: number;
  enumValues: number;
  nameChars: number;
  /** The largest string enum over 250 values, in characters (0 when none). */
  largeEnumChars: number;
  /** Properties not listed in `required` (Anthropic counts them). */
  optionalProperties: number;
  /** Schemas with `anyOf` or a type array (Anthropic counts them). */
  unions: number;
}

/**
 * Measures a converted schema: counts over every schema (definitions included once), and the
 * deepest nesting along paths, refs to `#/$defs/…` followed (each definition's depth worked out
 * once; a recursive one counts its first pass and the ref that goes round again).
 * - The root and each definition are walked once, counting, and each walk notes the refs it met,
 *   in the order met, with the level each stands at. The depths through refs are then worked out
 *   from those notes with a stack of our own, in that order: a ref to a definition still being
 *   worked out is one level (its own node), as a recursive walk would count it. A chain of a thousand
 *   definitions nested a thousand JS calls deep and overflowed the stack; and a definition a ref
 *   reached was walked twice, once for its depth and once for its counts.
 * - Within one tree the walk recurses: a converted tree nests at most as deep as the converter
 *   writes, and a caller measuring a schema it did not convert checks its depth first.
 */
export function measureStrictSchema(
  schema: JsonObject,
  /** False: refs are not followed, and `depth` counts the levels written only (the counts are the same). */
  followRefs = true,
  /** The converter's lists of the large tables it wrote (see `key-lists.ts`): read through them, not listed again. */
  keyLists?: KeyLists,
  /** Count a `oneOf` as a union too: for a non-strict conversion, where strict would write it as `anyOf`. */
  oneOfUnions = false,
): StrictSchemaMeasure {
  const measure: StrictSchemaMeasure = {
    properties: 0,
    depth: 0,
    enumValues: 0,
    nameChars: 0,
    largeEnumChars: 0,
    optionalProperties: 0,
    unions: 0,
  };
  const defs = isJsonObject(schema.$defs) ? schema.$defs : {};
  const countEnum = (values: JsonValue[]) => {
    measure.enumValues += values.length;
    let chars = 0;
    for (const value of values) if (typeof value === 'string') chars += value.length;
    measure.nameChars += chars;
    if (values.length > OPENAI_STRICT_LARGE_ENUM_VALUES)
      measure.largeEnumChars = Math.max(measure.largeEnumChars, chars);
  };
  /** The definition a `$ref` names, when it is one of this schema's (refs followed); else undefined. */
  const definitionName = (ref: string): string | undefined => {
    if (!ref.startsWith('#/$defs/')) return undefined;
    // Unescaped only when escaped: two replaceAll calls on every ref were 4% of a strict
    // conversion of pydantic-shaped tools (each measured through its definitions).
    const name = unescapeToken(ref.slice('#/$defs/'.length));
    return Object.hasOwn(defs, name) ? name : undefined;
  };
  // The tree being walked: its deepest level that is not a ref to a definition, and its refs to
  // definitions as pairs (name, level), in the order met.
  let deepest = 0;
  let refs: (string | number)[] = [];
  /**
   * Counts a node at `level` (the tree's root is 1) and walks its children. A ref to a definition
   * is a level only through what it refers to (noted); any other object node is one.
   * One pass over the node's own keys: reading each keyword by name, present or not, was most of
   * this walk's time on converted schemas (every absent read a megamorphic miss).
   */
  const walk = (node: JsonValue | undefined, level: number): void => {
    if (!isJsonObject(node)) return;
    let properties: JsonValue | undefined;
    let required: JsonValue | undefined;
    let union = false;
    let referred: string | undefined;
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      const value = node[key] as JsonValue;
      switch (key) {
        case 'properties':
          properties = value;
          break;
        case 'required':
          required = value;
          break;
        case 'enum':
          if (Array.isArray(value)) countEnum(value);
          break;
        case 'type':
          if (Array.isArray(value)) union = true;
          break;
        case '$ref':
          if (followRefs && typeof value === 'string') {
            referred = definitionName(value);
            if (referred !== undefined) refs.push(referred, level);
          }
          break;
        case 'items':
          walk(value, level + 1);
          break;
        case 'additionalProperties':
          walk(value, level + 1);
          break;
        case 'anyOf':
        case 'oneOf':
        case 'allOf':
          if (!Array.isArray(value)) break;
          if (key === 'anyOf' || (oneOfUnions && key === 'oneOf')) union = true;
          for (const child of value) walk(child, level + 1);
          break;
      }
    }
    if (referred === undefined && level > deepest) deepest = level;
    if (union) measure.unions++;
    if (isJsonObject(properties)) {
      // A long required list is read once into a set: searching it per property was quadratic
      // (80,000 properties took 21 s); a short one is searched as it is (no set per object).
      const requiredNames = Array.isArray(required) ? required : undefined;
      const requiredSet = requiredNames !== undefined && requiredNames.length > 16 ? new Set(requiredNames) : undefined;
      // A large table through its list: for-in would list and sort its keys first.
      const names = keyLists?.get(properties);
      if (names !== undefined) {
        for (const name of names) property(properties, name, level, requiredNames, requiredSet);
      } else {
        for (const name in properties) {
          if (!Object.hasOwn(properties, name)) continue;
          property(properties, name, level, requiredNames, requiredSet);
        }
      }
    }
  };
  /** One property of the object at `level`: counted, and walked. */
  const property = (
    properties: JsonObject,
    name: string,
    level: number,
    requiredNames: JsonValue[] | undefined,
    requiredSet: Set<JsonValue> | undefined,
  ): void => {
    measure.properties++;
    measure.nameChars += name.length;
    const listed = requiredSet !== undefined ? requiredSet.has(name) : requiredNames?.includes(name) === true;
    if (!listed) measure.optionalProperties++;
    walk(properties[name], level + 1);
  };
  /** Walks one tree (the root, or a definition) and returns what it noted. */
  const noteTree = (node: JsonValue | undefined): NotedTree => {
    deepest = 0;
    refs = [];
    walk(node, 1);
    return { deepest, refs };
  };
  const root = noteTree(schema);
  const definitions = new Map<string, NotedTree>();
  for (const name of Object.keys(defs)) {
    measure.nameChars += name.length;
    definitions.set(name, noteTree(defs[name]));
  }
  measure.depth = followRefs ? depthThroughRefs(root, definitions) : root.deepest;
  return measure;
}

/** What the walk of one tree noted: its deepest level but refs, and its refs as (name, level) pairs. */
interface NotedTree {
  deepest: number;
  refs: (string | number)[];
}

/**
 * The depth of `root` with refs followed: a ref at level L to a definition of depth d reaches
 * L + d - 1 (the ref is not a level of its own). Each definition's depth is worked out once, the
 * first time a ref needs it, its refs in the order its walk met them; while it is being worked
 * out it counts as 1 (a recursive definition counts its first pass, and the node of the ref that
 * goes round again: the independent checker reads recursion so, and of two readings of a limit
 * OpenAI does not document, the one that counts more is the one no request fails for). An
 * explicit stack, so that a chain of definitions of any length takes no JS call per link.
 */
function depthThroughRefs(root: NotedTree, definitions: ReadonlyMap<string, NotedTree>): number {
  const depths = new Map<string, number>();
  const stack: { tree: NotedTree; name: string | undefined; next: number; depth: number }[] = [
    { tree: root, name: undefined, next: 0, depth: root.deepest },
  ];
  let rootDepth = 0;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    const { refs } = frame.tree;
    if (frame.next < refs.length) {
      const name = refs[frame.next] as string;
      const known = depths.get(name);
      if (known === undefined) {
        // Worked out first; this ref is read again once it is. Met again meanwhile (recursion),
        // it is one level: the ref's own node, where the definition would start again.
        depths.set(name, 1);
        const tree = definitions.get(name) as NotedTree;
        stack.push({ tree, name, next: 0, depth: tree.deepest });
        continue;
      }
      frame.depth = Math.max(frame.depth, (refs[frame.next + 1] as number) + known - 1);
      frame.next += 2;
      continue;
    }
    stack.pop();
    if (frame.name === undefined) rootDepth = frame.depth;
    else depths.set(frame.name, frame.depth);
  }
  return rootDepth;
}

/** What a strict schema costs of Anthropic's per-request budget. */
export interface StrictRequestCost {
  /** Properties not listed in `required`, over every schema (definitions included once). */
  optional: number;
  /** Schemas with `anyOf` or a type array. */
  unions: number;
}

/**
 * The two counts of {@link measureStrictSchema} that Anthropic's request budget reads: the same
 * walk, without following refs for the depth (the budget weighs every tool of a request, strict
 * or not, so this runs on each of them). Of a non-strict conversion (`nonStrict`), what its
 * strict conversion would cost: the same but for each `oneOf`, which strict writes as `anyOf` at
 * the same place (its variants kept alike), a union. Counted as it stands, a list of tools of
 * oneOfs looked free of unions: each was converted strict only to be found over the budget.
 */
export function measureStrictRequestCost(
  schema: JsonObject,
  keyLists?: KeyLists,
  nonStrict = false,
): StrictRequestCost {
  const measure = measureStrictSchema(schema, false, keyLists, nonStrict);
  return { optional: measure.optionalProperties, unions: measure.unions };
}

/**
 * Upper bounds of what OpenAI's strict limits count, gathered by the converter as it writes the
 * schema: the deepest conversion step, and every property, enum value and name it wrote (a null
 * that strict mode may add to an enum included).
 */
export interface StrictTally {
  maxDepth: number;
  properties: number;
  enumValues: number;
  nameChars: number;
  largeEnumChars: number;
}

/** An empty tally. */
export function emptyStrictTally(): StrictTally {
  return { maxDepth: 0, properties: 0, enumValues: 0, nameChars: 0, largeEnumChars: 0 };
}

/** Adds an enum the converter wrote (strict mode may add a null to it). */
export function tallyEnum(tally: StrictTally, values: readonly JsonValue[]): void {
  const count = values.length + 1;
  tally.enumValues += count;
  let chars = 0;
  for (const value of values) if (typeof value === 'string') chars += value.length;
  tally.nameChars += chars;
  if (count > OPENAI_STRICT_LARGE_ENUM_VALUES) tally.largeEnumChars = Math.max(tally.largeEnumChars, chars);
}

/**
 * Whether a converted schema without definitions is sure to be within OpenAI's strict limits, so
 * that {@link measureStrictSchema} need not walk it. Its depth is at most 2 × (steps + 1) + 1: a
 * conversion step writes at most two levels (an open map's array and its entry object, or an
 * anyOf made nullable and the anyOf), and a root the target cannot carry is wrapped once.
 */
export function withinStrictLimits(tally: StrictTally): boolean {
  return (
    2 * (tally.maxDepth + 1) + 1 <= OPENAI_STRICT_MAX_DEPTH &&
    tally.properties <= OPENAI_STRICT_MAX_PROPERTIES &&
    tally.enumValues <= OPENAI_STRICT_MAX_ENUM_VALUES &&
    tally.nameChars <= OPENAI_STRICT_MAX_NAME_CHARS &&
    tally.largeEnumChars <= OPENAI_STRICT_LARGE_ENUM_CHARS
  );
}

/**
 * The properties a strict conversion of this raw root is sure to write, when they alone exceed
 * {@link OPENAI_STRICT_MAX_PROPERTIES}; else undefined. For a caller that would otherwise
 * convert the whole schema strict only to find it over the limit and convert it again (a wide
 * object of 90,000 properties was converted twice).
 * - Counted only where the converter is sure to keep each property: a plain object root
 *   (`type: "object"`, no `$ref`, composition or enum, which could reshape it), whose
 *   properties it writes one by one. A property that may be a server's `false` or `{"not": {}}`
 *   (forbidden, and left out: see `mayBeForbidden`) is not counted.
 * - `keyLists`: key lists that hold for `raw` (see `key-lists.ts`).
 */
export function strictRootPropertiesOverLimit(
  raw: JsonValue,
  keyLists?: KeyLists,
  /** False when the copy met no boolean or `not` (`CopyState.booleanSchemas`): every property counts. */
  booleanSchemas = true,
): number | undefined {
  if (!isJsonObject(raw) || raw.type !== 'object' || !isJsonObject(raw.properties)) return undefined;
  if (raw.$ref != null || raw.anyOf != null || raw.oneOf != null || raw.allOf != null || raw.enum != null)
    return undefined;
  const properties = raw.properties;
  const names = keyLists?.get(properties) ?? Object.keys(properties);
  if (names.length <= OPENAI_STRICT_MAX_PROPERTIES) return undefined; // most tools: one short listing
  let count = 0;
  if (!booleanSchemas) count = names.length;
  else for (const name of names) if (!mayBeForbidden(properties[name], true)) count++;
  return count > OPENAI_STRICT_MAX_PROPERTIES ? count : undefined;
}

/** The OpenAI strict limits a schema exceeds, as readable reasons (empty when within all). */
export function openAiStrictLimitViolations(measure: StrictSchemaMeasure): string[] {
  const reasons: string[] = [];
  if (measure.properties > OPENAI_STRICT_MAX_PROPERTIES)
    reasons.push(`${measure.properties} properties (limit ${OPENAI_STRICT_MAX_PROPERTIES})`);
  if (measure.depth > OPENAI_STRICT_MAX_DEPTH)
    reasons.push(`${measure.depth} levels of nesting (limit ${OPENAI_STRICT_MAX_DEPTH})`);
  if (measure.enumValues > OPENAI_STRICT_MAX_ENUM_VALUES)
    reasons.push(`${measure.enumValues} enum values (limit ${OPENAI_STRICT_MAX_ENUM_VALUES})`);
  if (measure.nameChars > OPENAI_STRICT_MAX_NAME_CHARS)
    reasons.push(`${measure.nameChars} characters of names and enum values (limit ${OPENAI_STRICT_MAX_NAME_CHARS})`);
  if (measure.largeEnumChars > OPENAI_STRICT_LARGE_ENUM_CHARS)
    reasons.push(
      `a string enum of ${measure.largeEnumChars} characters (limit ${OPENAI_STRICT_LARGE_ENUM_CHARS} over 250 values)`,
    );
  return reasons;
}
