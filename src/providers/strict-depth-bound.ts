// A lower bound on the nesting depth that OpenAI strict's measure (`measureStrictSchema`) finds in
// a tool's strict conversion, read from the prepared schema without converting it. A tool sure to
// go past the limit is converted once, non-strict: converting it strict only to measure it and
// fall back was half the strict time of pydantic-shaped tools (27 in 100 fall back).
//
// The bound counts only levels the strict converter (`convertNode`, OpenAI strict's profile:
// refs kept under `$defs`, nullability as a type array) is sure to write, and never more:
// - a node is a level, unless it is a ref (a ref at level L to a definition of depth d reaches
//   L + d - 1, as the measure counts it); a value that is not an object is not counted;
// - below a node, only: the properties of an object (one non-null type, `object`) that are not
//   bare `{type: "string"}` (what sanitize makes of `true` and `false`; a `false` property leaves
//   the wire, and only the server's own schema tells which), the `items` schema of an array (one
//   non-null type, `array`), and the variants of a node with no type and an `anyOf` or a `oneOf`
//   (strict keeps every variant, null included, one level down);
// - nothing below an `allOf` (strict merges it), and a root that is not a plain object bounds
//   nothing (the root conversion merges or wraps it);
// - a ref is followed only to a root `$defs`/`definitions` entry, and only in a schema whose
//   definitions refer to each other in no cycle, by any keyword: the measure counts a definition
//   it meets again while working it out as 0 levels, in the order its own walk meets refs, so a
//   cycle's depth depends on that order (a cycle through a ref the walk does not see can make a
//   definition's measured depth lower than the walk's). A cycle, a ref to a schema's place, or
//   any local ref the bound cannot name leaves the bound at 0. Rings (Hasura's filters, Stripe's
//   expandable resources) are therefore still converted strict and measured.
// The strict converter only adds levels to these (an optional ref made nullable is an `anyOf`,
// a level more); a test checks the bound against the measure over every corpus.
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import { isPathRef, parseLocalDefinitionRef } from '../schema/refs.js';
import { isSanitizedBoolean } from './convert-object.js';
import { OPENAI_STRICT_MAX_DEPTH } from './strict-limits.js';

/** Levels counted at most along a path: enough to tell a message's "at least", and a bounded JS stack. */
const MAX_COUNTED_LEVELS = 64;

/** Marks a definition being worked out (counted as 0 when met again, as the measure does). */
const IN_PROGRESS = -1;

/**
 * The bound of {@link strictDepthLowerBound} when it is past OpenAI's limit, else undefined. Only
 * a schema with root definitions is looked at: without refs, the converter's own count of the
 * levels it wrote tells the depth, and a bound would be one more walk for nearly every tool.
 */
export function strictDepthOverLimit(raw: JsonValue): number | undefined {
  if (!isJsonObject(raw) || (raw.$defs === undefined && raw.definitions === undefined)) return undefined;
  const bound = depthBound(raw, OPENAI_STRICT_MAX_DEPTH);
  return bound > OPENAI_STRICT_MAX_DEPTH ? bound : undefined;
}

/**
 * A lower bound on the depth `measureStrictSchema` finds in the OpenAI strict conversion of `raw`
 * (0 when nothing can be said). `raw` is the tool's prepared schema, as the converter reads it.
 */
export function strictDepthLowerBound(raw: JsonValue): number {
  return depthBound(raw, 0);
}

/**
 * {@link strictDepthLowerBound}, when it is over `limit`; at most `limit` otherwise (then not
 * always a bound: what is over the limit is all a caller asks).
 */
function depthBound(raw: JsonValue, limit: number): number {
  if (!isJsonObject(raw) || !isPlainObjectNode(raw)) return 0;
  const tables = rootTables(raw);
  // One walk, given up at the first cycle it meets (rings, as Hasura's filters and Stripe's
  // expandable resources write, are most of the schemas whose walk goes deep).
  const walk = new DepthBound(tables);
  const bound = walk.tree(raw);
  if (walk.metCycle) return 0;
  if (bound <= limit || tables === undefined) return bound;
  // Past the limit: sound only if no cycle passes where the walk does not look (under an allOf,
  // an additionalProperties, a not…). Every ref of every definition is read, once.
  return refsFormNoCycle(raw, tables) ? bound : 0;
}

/** An object the root conversion keeps as it is: one type, `object`, no composition, no ref. */
function isPlainObjectNode(node: JsonObject): boolean {
  return (
    node.type === 'object' &&
    node.$ref === undefined &&
    node.allOf === undefined &&
    node.anyOf === undefined &&
    node.oneOf === undefined &&
    node.enum === undefined
  );
}

/** The root definition tables, or undefined when there are none. */
interface RootTables {
  $defs: JsonObject | undefined;
  definitions: JsonObject | undefined;
}

function rootTables(root: JsonObject): RootTables | undefined {
  const $defs = isJsonObject(root.$defs) ? root.$defs : undefined;
  const definitions = isJsonObject(root.definitions) ? root.definitions : undefined;
  return $defs === undefined && definitions === undefined ? undefined : { $defs, definitions };
}

/**
 * The root definition a ref names as a whole (`#/$defs/Name`, `#/definitions/Name`, decoded as
 * every stage decodes refs), when it exists and is an object (an object is its own key: no key
 * string made per ref); else undefined, a ref into a schema's place included.
 */
function definitionNamed(ref: string, tables: RootTables | undefined): JsonObject | undefined {
  if (tables === undefined || isPathRef(ref)) return undefined;
  const parsed = parseLocalDefinitionRef(ref);
  if (parsed === undefined) return undefined;
  const entries = tables[parsed.table];
  if (entries === undefined || !Object.hasOwn(entries, parsed.name)) return undefined;
  const definition = entries[parsed.name];
  return isJsonObject(definition) ? definition : undefined;
}

/** `object` or `array` when that is a node's one type besides null; else undefined (none, or several). */
function structuralType(type: JsonValue | undefined): 'object' | 'array' | undefined {
  if (type === 'object' || type === 'array') return type;
  if (!Array.isArray(type) || type.length === 0 || type.length > 2) return undefined;
  let found: 'object' | 'array' | undefined;
  for (const entry of type) {
    if (entry === 'null') continue;
    if ((entry !== 'object' && entry !== 'array') || found !== undefined) return undefined;
    found = entry;
  }
  return found;
}

/** The walk: each definition's bound worked out once; it stops at the first cycle it meets. */
class DepthBound {
  private readonly depths = new Map<JsonObject, number>();
  /** A ref met a definition being worked out: the bound says nothing (see the module's comment). */
  metCycle = false;

  constructor(private readonly tables: RootTables | undefined) {}

  /** The bound of a tree (the root, or a definition) whose top is level 1. */
  tree(node: JsonValue): number {
    return this.node(node, 1, 1);
  }

  /** The deepest level reached from `node` at `level` (level - 1 when it is not one); `absolute` counts from the root. */
  private node(node: JsonValue | undefined, level: number, absolute: number): number {
    if (this.metCycle || !isJsonObject(node) || absolute > MAX_COUNTED_LEVELS) return level - 1;
    const { $ref } = node;
    if (typeof $ref === 'string') {
      const definition = definitionNamed($ref, this.tables);
      return definition === undefined ? level - 1 : level - 1 + this.definition(definition, absolute);
    }
    if (node.allOf !== undefined) return level;
    let deepest = level;
    const { type } = node;
    if (type === undefined) {
      const { anyOf, oneOf } = node;
      const variants = Array.isArray(anyOf) ? (oneOf === undefined ? anyOf : undefined) : oneOf;
      if (Array.isArray(variants))
        for (const variant of variants) deepest = Math.max(deepest, this.node(variant, level + 1, absolute + 1));
      return deepest;
    }
    const structural = structuralType(type);
    if (structural === 'object') {
      const { properties } = node;
      if (!isJsonObject(properties)) return deepest;
      for (const name in properties) {
        if (!Object.hasOwn(properties, name)) continue;
        const member = properties[name] as JsonValue;
        if (isSanitizedBoolean(member)) continue;
        deepest = Math.max(deepest, this.node(member, level + 1, absolute + 1));
      }
    } else if (structural === 'array' && isJsonObject(node.items)) {
      deepest = Math.max(deepest, this.node(node.items, level + 1, absolute + 1));
    }
    return deepest;
  }

  /** A definition's bound (its top at level 1), met at `absolute` levels from the root. */
  private definition(definition: JsonObject, absolute: number): number {
    const known = this.depths.get(definition);
    if (known === IN_PROGRESS) {
      this.metCycle = true;
      return 0;
    }
    if (known !== undefined) return known;
    this.depths.set(definition, IN_PROGRESS);
    // Cut at the absolute limit, the bound is lower than it might be, never higher: kept as it is.
    const depth = this.node(definition, 1, absolute);
    this.depths.set(definition, depth);
    return depth;
  }
}

/**
 * Whether the root definitions' refs, wherever they stand in each definition, form no cycle, and
 * every local ref of the schema names one of them (a ref to a schema's place, a nested table or
 * the root is a kind the bound does not follow). A depth-first search with a stack of our own.
 */
function refsFormNoCycle(root: JsonObject, tables: RootTables): boolean {
  // The root's own refs outside its tables.
  for (const name in root) {
    if (!Object.hasOwn(root, name) || name === '$defs' || name === 'definitions') continue;
    if (localRefs(root[name] as JsonValue, tables) === undefined) return false;
  }
  const DONE = 2;
  const state = new Map<JsonObject, number>(); // 1 on the search's path, DONE once left
  for (const entries of [tables.$defs, tables.definitions]) {
    if (entries === undefined) continue;
    for (const name in entries) {
      const start = entries[name];
      if (!Object.hasOwn(entries, name) || !isJsonObject(start) || state.has(start)) continue;
      const startRefs = localRefs(start, tables);
      if (startRefs === undefined) return false;
      const frames: { definition: JsonObject; refs: JsonObject[]; next: number }[] = [
        { definition: start, refs: startRefs, next: 0 },
      ];
      state.set(start, 1);
      while (frames.length > 0) {
        const frame = frames[frames.length - 1] as (typeof frames)[number];
        if (frame.next === frame.refs.length) {
          state.set(frame.definition, DONE);
          frames.pop();
          continue;
        }
        const target = frame.refs[frame.next++] as JsonObject;
        const seen = state.get(target);
        if (seen === 1) return false; // back on the path: a cycle
        if (seen === DONE) continue;
        const refs = localRefs(target, tables);
        if (refs === undefined) return false;
        state.set(target, 1);
        frames.push({ definition: target, refs, next: 0 });
      }
    }
  }
  return true;
}

/**
 * The definitions every `$ref` under `value` names (with repeats), whatever keyword holds it;
 * undefined when a local ref names anything else. A walk with a stack of our own.
 */
function localRefs(value: JsonValue, tables: RootTables): JsonObject[] | undefined {
  const found: JsonObject[] = [];
  const stack: JsonValue[] = [value];
  while (stack.length > 0) {
    const next = stack.pop() as JsonValue;
    if (Array.isArray(next)) {
      for (const element of next) if (typeof element === 'object' && element !== null) stack.push(element);
      continue;
    }
    if (!isJsonObject(next)) continue;
    for (const key in next) {
      if (!Object.hasOwn(next, key)) continue;
      const member = next[key] as JsonValue;
      if (typeof member === 'object') {
        if (member !== null) stack.push(member);
      } else if (key === '$ref' && typeof member === 'string' && member.startsWith('#')) {
        // A ref that is not local is unresolved: a leaf.
        const target = definitionNamed(member, tables);
        if (target === undefined) return undefined;
        found.push(target);
      }
    }
  }
  return found;
}
