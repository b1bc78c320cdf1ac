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
//   (strict keeps every variant, null included, one level down); nothing below a node with an
//   enum (its values may retype it);
// - an `allOf` below the root is merged as strict merges it (`mergeAllOf`, OpenAPI's
//   inheritance: Microsoft Graph's types nest past the limit through merges), the merged node
//   at the allOf's level; a merge of a ref that a merge around it is inlining is recursion,
//   which the converter cuts into JSON text there, a leaf. What the merges inline counts against
//   the converter's inlining limit, whose cuts the walk cannot place, so the walk vouches for
//   its merges only when it went everywhere (no ref hidden from it) and they inline at most the
//   least limit any tool has (64 KB); else it walks again, counting nothing below an allOf;
// - `{allOf: [{$ref}]}` (a described ref, as zod writes one) is the ref, as strict writes it; a
//   root that is not a plain object bounds nothing (the root conversion merges or wraps it).
// Refs are followed to root `$defs`/`definitions` entries as the measure follows them: each
// definition worked out once, the first time a ref needs it, and counted as 0 levels when met
// again while being worked out (the measure counts that ref's node, 1: the bound stays below
// it). Through a cycle that count depends on the order refs are met
// (Hasura's filters, Stripe's expandable resources and rings of definitions are cycles), so:
// - when every local ref of every tree the walk entered either stands where the walk counts (and
//   names a definition) or lies under a keyword strict does not write as a schema (a `not` or an
//   `if` becomes words, a vendor extension such as Stripe's `x-expansionResources` is dropped),
//   the converter writes those refs in the walk's order and no others, each at a level at least
//   the walk's: the measure meets them in the same order, and counts at least as much at every
//   step. The bound holds, cycles included;
// - otherwise (a ref under an additionalProperties, a tuple's items, an allOf the walk does not
//   merge; a ref to a schema's place) the order is unknown, and only a schema whose definitions form no
//   cycle by any keyword is bounded (there no order matters); else the bound is 0.
// A path counted past 64 levels stops the walk: those levels, on refs followed in the measure's
// order, are the measure's too. An optional property that is a ref counts the `anyOf` strict makes
// it nullable with, a level more (strict makes every property required), and so does an optional
// union whose variants are refs or non-null types (see isNonNullUnion). The strict converter
// only adds levels to these; a test checks the bound against the measure over every corpus and
// random schemas with cycles.
//
// The same walk counts the properties strict is sure to write, a lower bound on the measure's
// property count (OpenAI's limit is 5,000): each property of an object it counts as a level (but
// a server's possible `false`, where the copy replaced a boolean schema), in the root's tree and in each definition it enters, once per
// definition, as the converter writes each under `$defs` once, and in what merges inline each
// time. That count needs no order, so it holds whatever ref the walk could not place. A tool of lists of objects holding 12,000 properties,
// only 3,000 of them at the root, was converted strict, measured, and converted again.
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import {
  type DefinitionTable,
  everyLocalRef,
  holdsLocalRef,
  isPathRef,
  parseLocalDefinitionRef,
} from '../schema/refs.js';
import { jsonByteLength } from '../schema/size.js';
import { mayBeForbidden } from './convert-object.js';
import { MAX_INLINED_NODES, MIN_INLINE_LIMIT_BYTES } from './convert-ref.js';
import { type MadeMerges, madeMerges, mergeAllOfOnce } from './merge-all-of.js';
import { OPENAI_STRICT_MAX_DEPTH, OPENAI_STRICT_MAX_PROPERTIES } from './strict-limits.js';

/** Levels counted at most along a path: enough to tell a message's "at least", and a bounded JS stack. */
const MAX_COUNTED_LEVELS = 64;

/**
 * Definitions worked out one inside another at most. A definition that is only a ref to the next
 * adds no level, so the level cap does not stop a chain of them, but each link is JS calls: a
 * chain of 20,000 overflowed the stack. Past this, the walk gives up (the bound is 0).
 */
const MAX_NESTED_DEFINITIONS = 500;

/** Marks a definition being worked out (counted as 0 when met again, as the measure does). */
const IN_PROGRESS = -1;

/** What the parse's copy measured of a tool's model: a bound from above, as compaction only removes. */
export interface CopiedModelSize {
  /** The deepest schema object (the root at 0). */
  depth: number;
  /** A lower bound on its compact JSON bytes (see `SchemaSizeTally`). */
  bytes: number;
}

/** What a strict conversion is sure to exceed of OpenAI's limits, read before converting. */
export interface StrictBoundsOverLimit {
  /** At least this many levels of nesting, past {@link OPENAI_STRICT_MAX_DEPTH}; else undefined. */
  levels: number | undefined;
  /** At least this many properties, past {@link OPENAI_STRICT_MAX_PROPERTIES}; else undefined. */
  properties: number | undefined;
}

/**
 * Serialized bytes each property takes at least in the copy's measure: its quoted name, colon and
 * comma (4), and its schema's braces (2). A model of fewer bytes than the limit's properties take
 * cannot hold that many.
 */
const MIN_PROPERTY_BYTES = 6;

/**
 * The bounds of {@link strictDepthLowerBound} and {@link strictPropertiesLowerBound} that are past
 * OpenAI's limits, when any is; else undefined. One walk gives both, made only when it may find one:
 * - levels: a schema with root definitions; or one whose deepest schema object (as the copy
 *   counted it) is at least the limit deep. Without definitions the walk counts at most one level
 *   per schema object on a path, so a shallower schema cannot be bounded past the limit;
 * - properties: a model of at least {@link MIN_PROPERTY_BYTES} bytes per property of the limit.
 * Nearly every tool is neither, and is not walked. A size unknown (undefined) counts as neither.
 */
export function strictBoundsOverLimit(
  raw: JsonValue,
  size?: CopiedModelSize,
  /** False when the copy replaced no boolean schema: a bare `{type: "string"}` is then written as it is, and counted. */
  booleanSchemas?: boolean,
  /** Where the walk keeps the allOf merges it makes, for the converter to take (see `MadeMerges`). */
  made?: MadeMerges,
): StrictBoundsOverLimit | undefined {
  if (!isJsonObject(raw)) return undefined;
  const hasDefinitions = raw.$defs !== undefined || raw.definitions !== undefined;
  const deepEnough = size !== undefined && size.depth >= OPENAI_STRICT_MAX_DEPTH;
  const largeEnough = size !== undefined && size.bytes > MIN_PROPERTY_BYTES * OPENAI_STRICT_MAX_PROPERTIES;
  if (!hasDefinitions && !deepEnough && !largeEnough) return undefined;
  const walk = walkBounds(raw, booleanSchemas !== false, made);
  const depth = walk === undefined ? 0 : depthBound(raw, walk, OPENAI_STRICT_MAX_DEPTH);
  const properties = walk?.properties ?? 0;
  const levels = depth > OPENAI_STRICT_MAX_DEPTH ? depth : undefined;
  const over = properties > OPENAI_STRICT_MAX_PROPERTIES ? properties : undefined;
  return levels === undefined && over === undefined ? undefined : { levels, properties: over };
}

/**
 * A lower bound on the depth `measureStrictSchema` finds in the OpenAI strict conversion of `raw`
 * (0 when nothing can be said). `raw` is the tool's prepared schema, as the converter reads it.
 */
export function strictDepthLowerBound(raw: JsonValue): number {
  const walk = walkBounds(raw);
  return walk === undefined ? 0 : depthBound(raw as JsonObject, walk, 0);
}

/**
 * A lower bound on the properties `measureStrictSchema` counts in the OpenAI strict conversion of
 * `raw` (0 when nothing can be said). `raw` is the tool's prepared schema, as the converter reads it.
 */
export function strictPropertiesLowerBound(raw: JsonValue, booleanSchemas?: boolean): number {
  return walkBounds(raw, booleanSchemas !== false)?.properties ?? 0;
}

/**
 * A lower bound of the optional properties (those Anthropic's request budget counts) a strict
 * conversion of this raw schema writes: for a caller that would otherwise convert a tool strict
 * only to find it over the budget alone (a short list is converted strict whole, so a tool the
 * budget can never take was converted twice).
 * - Counted only where the converter is sure to write each property as the server did, optional
 *   where the server's `required` does not list it: plain objects (`type: "object"`, no `$ref`,
 *   composition, enum or condition, which could reshape them or their `required`), from the root
 *   down through properties and array items that are plain too, and through plain refs (a `$ref`
 *   to one of the root's definitions, with nothing but annotations beside it) to the definition,
 *   each definition once (strict writes each at least once, under `$defs` or at its uses); a
 *   property that may be a server's `false` or `{"not": {}}` (left out: see `mayBeForbidden`)
 *   is not counted.
 * - Stops as soon as the count is over `stopAbove`.
 */
export function strictOptionalPropertiesLowerBound(
  raw: JsonValue,
  /** False when the copy met no boolean or `not` (`CopyState.booleanSchemas`): every property counts. */
  booleanSchemas = true,
  stopAbove = Number.POSITIVE_INFINITY,
): number {
  let count = 0;
  const pending: JsonValue[] = [raw];
  const tables = isJsonObject(raw) ? rootTables(raw) : undefined;
  // Definitions reached through a ref where the walk goes: each is written at least once.
  const reached = new Set<JsonValue>();
  const follow = (value: JsonObject) => {
    const definition = isPlainRef(value) ? definitionNamed(value.$ref as string, tables) : undefined;
    if (definition !== undefined && !reached.has(definition)) {
      reached.add(definition);
      pending.push(definition);
    }
  };
  while (pending.length > 0) {
    const node = pending.pop();
    if (!isPlainObjectSchema(node)) continue;
    const properties = node.properties as JsonObject;
    const listed = Array.isArray(node.required) ? node.required : NO_NAMES;
    // A set for a long list: a scan per property would be properties × required.
    const set = listed.length > 8 ? new Set(listed) : undefined;
    const isRequired = (name: string) => (set === undefined ? listed.includes(name) : set.has(name));
    for (const name in properties) {
      if (!Object.hasOwn(properties, name)) continue;
      const value = properties[name] as JsonValue;
      if (mayBeForbidden(value, booleanSchemas)) continue;
      if (!isRequired(name) && ++count > stopAbove) return count;
      if (!isJsonObject(value)) continue;
      if (value.type === 'object') pending.push(value);
      else if (typeof value.$ref === 'string') follow(value);
      else if (value.type === 'array' && isJsonObject(value.items) && isPlainArrayNode(value)) {
        if (typeof value.items.$ref === 'string') follow(value.items);
        else pending.push(value.items);
      }
    }
  }
  return count;
}

/** Keywords beside a `$ref` that change nothing of what it refers to. */
const REF_ANNOTATIONS: ReadonlySet<string> = new Set([
  '$ref',
  'description',
  'title',
  '$comment',
  'examples',
  'default',
]);

/** A `$ref` with nothing but annotations beside it: one with other keywords may be merged into something else. */
function isPlainRef(node: JsonObject): boolean {
  for (const key in node) if (Object.hasOwn(node, key) && !REF_ANNOTATIONS.has(key)) return false;
  return true;
}

const NO_NAMES: readonly JsonValue[] = [];

/**
 * An object schema whose properties a strict conversion writes one by one: a plain object node
 * (see {@link isPlainObjectNode}) with its properties, and no condition or `const` either, which
 * could change what its properties or its `required` become.
 */
function isPlainObjectSchema(node: JsonValue | undefined): node is JsonObject {
  return (
    isJsonObject(node) &&
    isJsonObject(node.properties) &&
    isPlainObjectNode(node) &&
    node.const === undefined &&
    node.not === undefined &&
    node.if === undefined &&
    node.dependentSchemas === undefined &&
    node.dependentRequired === undefined
  );
}

/** An array node whose `items` strict writes as they are: no composition, ref or enum beside them. */
function isPlainArrayNode(node: JsonObject): boolean {
  return (
    node.$ref === undefined &&
    node.allOf === undefined &&
    node.anyOf === undefined &&
    node.oneOf === undefined &&
    node.enum === undefined &&
    node.const === undefined &&
    node.not === undefined &&
    node.if === undefined
  );
}

/**
 * A definition strict mode is sure to write as recursive, when the prepared schema shows one;
 * else undefined (none, or none the walk can vouch for). Anthropic strict takes no recursive
 * schema: a tool with one is sent non-strict without a strict conversion made to find it.
 * The walk follows only refs strict writes where they stand, inside definitions it keeps under
 * `$defs` (a property, an array's items, an untyped union's variant, a described ref): a ref met
 * while its definition is being worked out closes a cycle of such refs, which the converter
 * records as edges between those definitions (`recursiveDefinitions`).
 */
export function recursiveDefinitionSeen(raw: JsonValue): string | undefined {
  if (!isJsonObject(raw) || !isPlainObjectNode(raw)) return undefined;
  const tables = rootTables(raw);
  if (tables === undefined) return undefined;
  const walk = new DepthBound(tables, true);
  walk.tree(raw);
  return walk.cycleAt;
}

/**
 * The walk of a root the strict conversion keeps as it is; undefined for any other root. It goes
 * through allOf merges first; when it cannot vouch for what it counted below them (see
 * `mergesHold`), it walks again stopping at each.
 */
function walkBounds(raw: JsonValue, maybeBooleans = true, made?: MadeMerges): DepthBound | undefined {
  if (!isJsonObject(raw) || !isPlainObjectNode(raw)) return undefined;
  const tables = rootTables(raw);
  const merging = new DepthBound(tables, false, raw, maybeBooleans, made);
  merging.tree(raw);
  if (merging.mergesHold) return merging;
  const walk = new DepthBound(tables, false, undefined, maybeBooleans);
  walk.tree(raw);
  return walk;
}

/**
 * {@link strictDepthLowerBound} from its walk, when it is over `limit`; at most `limit` otherwise
 * (then not always a bound: what is over the limit is all a caller asks).
 */
function depthBound(raw: JsonObject, walk: DepthBound, limit: number): number {
  if (walk.gaveUp) return 0;
  const bound = walk.bound;
  // Every ref of every tree the walk entered was met where the converter writes it, so the walk
  // met them in the measure's order: the bound holds, cycles included (see the module's comment).
  if (!walk.hidden) return walk.capped ? MAX_COUNTED_LEVELS : bound;
  // A ref the walk could not place: the measure's order is unknown, so only a schema without a
  // cycle (where no order matters) is bounded.
  if (walk.metCycle || walk.capped) return 0;
  const tables = rootTables(raw);
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
 * every stage decodes refs), when it exists and is an object; else undefined, a ref into a
 * schema's place included.
 */
function namedDefinition(
  ref: string,
  tables: RootTables | undefined,
): { definition: JsonObject; table: DefinitionTable; name: string } | undefined {
  if (tables === undefined || isPathRef(ref)) return undefined;
  const parsed = parseLocalDefinitionRef(ref);
  if (parsed === undefined) return undefined;
  const entries = tables[parsed.table];
  if (entries === undefined || !Object.hasOwn(entries, parsed.name)) return undefined;
  const definition = entries[parsed.name];
  return isJsonObject(definition) ? { definition, table: parsed.table, name: parsed.name } : undefined;
}

/** {@link namedDefinition}'s definition alone (an object is its own key for the cycle search). */
function definitionNamed(ref: string, tables: RootTables | undefined): JsonObject | undefined {
  return namedDefinition(ref, tables)?.definition;
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

/**
 * The keywords under which strict may write a schema the measure walks: the structure the
 * converter rebuilds (`STRUCTURAL` in convert-schema.ts). Any other keyword's value leaves the
 * wire, becomes words in a description, or is kept as data (a constraint, a default), where the
 * measure does not look: a ref under one is no ref of the output.
 */
const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'additionalProperties',
  'items',
  'anyOf',
  'oneOf',
  'allOf',
  '$defs',
  'definitions',
]);

/** What the merges a walk went through inlined, as the converter counts it against its limit. */
interface MergeTally {
  /** The keys of the refs the merges around the walk's place are inlining. */
  open: Set<string>;
  /** Merges that inlined a ref. */
  count: number;
  /** The bytes of every schema they inlined, each time. */
  bytes: number;
  /** Each inlined schema's bytes, by its key. */
  sizes: Map<string, number>;
  /** Each allOf node's merge, and the refs it followed (the caller's, to share with the converter). */
  made: MadeMerges;
}

/** A definition the walk met: its bound once worked out (IN_PROGRESS meanwhile). */
interface DefinitionState {
  readonly definition: JsonObject;
  /** Its name in its table. */
  readonly name: string;
  depth: number | undefined;
}

/**
 * The walk: each definition's bound worked out once, the first time a ref needs it, in the order
 * the walk meets refs; a definition met again while being worked out counts as 0 levels (the
 * measure counts 1: a bound from below). Alongside, it notes whether any local ref stands where it does not look.
 */
class DepthBound {
  /** Per table, each definition met, by name: two names are two definitions, as in the output. */
  private readonly definitions: Record<DefinitionTable, Map<string, DefinitionState>> = {
    $defs: new Map(),
    definitions: new Map(),
  };
  /**
   * Each ref text met, resolved once (null: no definition). A schema spells the same few refs
   * many times (Hasura's comparison types): parsing each one was a third of the walk.
   */
  private readonly resolved = new Map<string, DefinitionState | null>();
  /** A ref met a definition being worked out. */
  metCycle = false;
  /** The first definition a ref met while it was being worked out. */
  cycleAt: string | undefined = undefined;
  /** A local ref stood where the walk does not count (or named no definition): the walk's order may not be the measure's. */
  hidden = false;
  /** A path went past {@link MAX_COUNTED_LEVELS}: the walk stopped there. */
  capped = false;
  /** Definitions nested past {@link MAX_NESTED_DEFINITIONS}: the walk stopped, and says nothing. */
  gaveUp = false;
  /** Definitions being worked out, one inside another. */
  private nested = 0;
  /** Set when the walk goes through allOf merges (see {@link merge}): what they inlined. */
  readonly merges: MergeTally | undefined;
  /** The root tree's bound, once {@link tree} has walked it. */
  bound = 0;
  /**
   * Properties counted where strict is sure to write them: in the trees walked (each definition
   * entered once), but a server's possible `false`. A lower bound however the walk stopped: every
   * one counted is written.
   */
  properties = 0;

  constructor(
    private readonly tables: RootTables | undefined,
    /** Stop at the first cycle (all a caller asking whether there is one needs). */
    private readonly stopAtCycle = false,
    /** The schema's root, to merge allOf below it against as strict does; undefined: no merge is walked. */
    private readonly root: JsonObject | undefined = undefined,
    /**
     * A bare `{type: "string"}` or empty property may be a server's `false` or `{"not": {}}`,
     * which strict leaves out: not counted. False when the copy met neither
     * (`CopyState.booleanSchemas`).
     */
    private readonly maybeBooleans = true,
    made: MadeMerges = madeMerges(),
  ) {
    this.merges = root === undefined ? undefined : { open: new Set(), count: 0, bytes: 0, sizes: new Map(), made };
  }

  /**
   * Whether what the walk counted below merges is sure to be written: the converter merged each
   * of them as the walk did, none cut for the tool's inlining limit. So when every local ref
   * stands where the walk counts (any merge inlining one elsewhere would hide it), the walk went
   * everywhere (the converter merges nowhere else), and all the merges together inline no more
   * than the least limit any tool has.
   */
  get mergesHold(): boolean {
    const merges = this.merges;
    if (merges === undefined || merges.count === 0) return true;
    return (
      !this.hidden &&
      !this.capped &&
      !this.gaveUp &&
      merges.count <= MAX_INLINED_NODES &&
      merges.bytes <= MIN_INLINE_LIMIT_BYTES
    );
  }

  /** Walks the root's tree (its top is level 1), noting its bound. */
  tree(node: JsonObject): number {
    this.bound = this.node(node, 1, 1, true);
    return this.bound;
  }

  /** The deepest level reached from `node` at `level` (level - 1 when it is not one); `absolute` counts from the root. */
  private node(value: JsonValue | undefined, level: number, absolute: number, isRoot = false): number {
    if (this.capped || this.gaveUp || !isJsonObject(value)) return level - 1;
    if (absolute > MAX_COUNTED_LEVELS) {
      // The nodes above, on refs the walk followed first, are levels of the measure's too.
      this.capped = true;
      return level - 1;
    }
    const node = value;
    const { $ref } = node;
    if (typeof $ref === 'string') {
      // Strict writes a ref as the ref alone (a description aside): nothing beside it is written.
      return this.ref($ref, level, absolute);
    }
    if (node.allOf !== undefined) {
      // `{allOf: [{$ref}]}`, described or not, is written as that ref; any other allOf is merged.
      const described = isRoot ? undefined : describedRef(node);
      if (described !== undefined) return this.ref(described, level, absolute);
      if (this.merges !== undefined && !isRoot && Array.isArray(node.allOf)) return this.merge(node, level, absolute);
      this.noteHiddenRefs(node, undefined, undefined);
      return level;
    }
    let deepest = level;
    const { type } = node;
    if (type === undefined) {
      const { anyOf, oneOf } = node;
      const key = Array.isArray(anyOf) ? (oneOf === undefined ? 'anyOf' : undefined) : 'oneOf';
      const variants = key === undefined ? undefined : node[key];
      this.noteHiddenRefs(node, Array.isArray(variants) ? key : undefined, undefined);
      if (Array.isArray(variants))
        for (const variant of variants) deepest = Math.max(deepest, this.node(variant, level + 1, absolute + 1));
      return deepest;
    }
    // An enum may retype a node to its values' types (an object of string values is a string):
    // nothing below it is counted. A merge can bring one beside an object's properties.
    const structural = Array.isArray(node.enum) && node.enum.length > 0 ? undefined : structuralType(type);
    if (structural === 'object') {
      const { properties } = node;
      this.noteHiddenRefs(node, 'properties', isRoot ? ROOT_TABLE_KEYS : undefined);
      if (!isJsonObject(properties)) return deepest;
      const required = Array.isArray(node.required) ? node.required : undefined;
      // A long list is read once into a set: searching it for each ref property was quadratic.
      let requiredSet: ReadonlySet<JsonValue> | undefined;
      for (const name in properties) {
        if (!Object.hasOwn(properties, name)) continue;
        const member = properties[name] as JsonValue;
        if (mayBeForbidden(member, this.maybeBooleans)) continue;
        this.properties++;
        // An optional ref, or union none of whose variants admits null, is made nullable as
        // `{anyOf: [it, {type: "null"}]}`: a level more.
        let wrapped = false;
        if (isRefNode(member) || isNonNullUnion(member)) {
          if (required === undefined) wrapped = true;
          else if (required.length <= 16) wrapped = !required.includes(name);
          else {
            requiredSet ??= new Set(required);
            wrapped = !requiredSet.has(name);
          }
        }
        const step = wrapped ? 2 : 1;
        deepest = Math.max(deepest, this.node(member, level + step, absolute + step));
      }
    } else if (structural === 'array' && isJsonObject(node.items)) {
      this.noteHiddenRefs(node, 'items', undefined);
      deepest = Math.max(deepest, this.node(node.items, level + 1, absolute + 1));
    } else this.noteHiddenRefs(node, undefined, undefined);
    return deepest;
  }

  /** A ref at `level`: a level only through the definition it names (as the measure counts it). */
  private ref(ref: string, level: number, absolute: number): number {
    if (!ref.startsWith('#')) return level - 1; // not local: unresolved, a leaf in the output too
    const state = this.resolve(ref);
    if (state === null) {
      // A ref to the root or a schema's place: the converter makes a definition of it.
      this.hidden = true;
      return level - 1;
    }
    return level - 1 + this.definition(state, absolute);
  }

  private resolve(ref: string): DefinitionState | null {
    let state = this.resolved.get(ref);
    if (state !== undefined) return state;
    const named = namedDefinition(ref, this.tables);
    if (named === undefined) state = null;
    else {
      const table = this.definitions[named.table];
      state = table.get(named.name) ?? null;
      if (state === null) {
        state = { definition: named.definition, name: named.name, depth: undefined };
        table.set(named.name, state);
      }
    }
    this.resolved.set(ref, state);
    return state;
  }

  /** A definition's bound (its top at level 1), met at `absolute` levels from the root. */
  private definition(state: DefinitionState, absolute: number): number {
    const known = state.depth;
    if (known === IN_PROGRESS) {
      this.metCycle = true;
      this.cycleAt ??= state.name;
      if (this.stopAtCycle) this.gaveUp = true;
      return 0;
    }
    if (known !== undefined) return known;
    if (this.nested === MAX_NESTED_DEFINITIONS) {
      this.gaveUp = true;
      return 0;
    }
    state.depth = IN_PROGRESS;
    this.nested++;
    // The converter converts each definition on its own, after the tree that refers to it: no
    // merge around it is open then.
    const merges = this.merges;
    let around: Set<string> | undefined;
    if (merges !== undefined) {
      around = merges.open;
      merges.open = new Set();
    }
    const depth = this.node(state.definition, 1, absolute);
    if (merges !== undefined) merges.open = around as Set<string>;
    this.nested--;
    state.depth = depth;
    return depth;
  }

  /**
   * An allOf below the root, merged as strict merges it (`mergeAllOf`): the merged node at the
   * allOf's level, its own children below it. A ref it inlines that a merge around it is
   * inlining already is recursion, which the converter cuts into JSON text there: a leaf.
   */
  private merge(node: JsonObject, level: number, absolute: number): number {
    const merges = this.merges as MergeTally;
    // A merge walked again (inlined content holds the same allOf nodes) is made once.
    const { merged, followed } = mergeAllOfOnce(node, this.root as JsonObject, merges.made);
    if (typeof merged.$ref === 'string') {
      // Written as a ref, as a chain of refs too long to follow leaves it: not worth placing.
      this.hidden = true;
      return level;
    }
    if (followed.length === 0) return this.node(merged, level, absolute);
    for (const { key } of followed) if (merges.open.has(key)) return level;
    merges.count++;
    for (const { key, target } of followed) {
      let size = merges.sizes.get(key);
      if (size === undefined) {
        size = jsonByteLength(target);
        merges.sizes.set(key, size);
      }
      merges.bytes += size;
    }
    if (merges.bytes > MIN_INLINE_LIMIT_BYTES || merges.count > MAX_INLINED_NODES) {
      // Past what the walk can vouch for (see `mergesHold`): it stops here. Going on walked
      // every inlined copy, and a diamond of definitions merging the next twice doubles them
      // at each level (24 levels took 4 s).
      this.gaveUp = true;
      return level;
    }
    const entered: string[] = [];
    for (const { key } of followed) {
      if (merges.open.has(key)) continue;
      merges.open.add(key);
      entered.push(key);
    }
    const deepest = this.node(merged, level, absolute);
    for (const key of entered) merges.open.delete(key);
    return deepest;
  }

  /**
   * Notes a local ref under any of `node`'s {@link SUBSCHEMA_KEYWORDS} but `walked` (the keyword
   * the walk goes on into) and `skipped`. Read only until the first is found.
   */
  private noteHiddenRefs(node: JsonObject, walked: string | undefined, skipped: ReadonlySet<string> | undefined): void {
    if (this.hidden) return;
    for (const key in node) {
      if (key === walked || !SUBSCHEMA_KEYWORDS.has(key) || !Object.hasOwn(node, key) || skipped?.has(key)) continue;
      const member = node[key] as JsonValue;
      if (typeof member === 'object' && member !== null && holdsLocalRef(member)) {
        this.hidden = true;
        return;
      }
    }
  }
}

/** The root's definition tables: walked through refs, not as the root's own keywords. */
const ROOT_TABLE_KEYS: ReadonlySet<string> = new Set(['$defs', 'definitions']);

/**
 * The ref of `{allOf: [{$ref}]}` with at most a description beside each (how draft 7 writes a
 * described ref), which strict writes as the ref itself below the root; else undefined.
 */
function describedRef(node: JsonObject): string | undefined {
  const { allOf } = node;
  if (!Array.isArray(allOf) || allOf.length !== 1) return undefined;
  const member = allOf[0];
  if (!isJsonObject(member) || typeof member.$ref !== 'string') return undefined;
  for (const key in node) if (key !== 'allOf' && key !== 'description') return undefined;
  for (const key in member) if (key !== '$ref' && key !== 'description') return undefined;
  return member.$ref;
}

/**
 * An untyped union the walk goes into (an `anyOf` or a `oneOf`, not both) whose every variant is
 * a ref or one type other than null, with no null in an enum: strict keeps every variant as it
 * is, so its conversion admits no null (an optional one is wrapped to admit it).
 */
function isNonNullUnion(value: JsonValue): boolean {
  if (!isJsonObject(value) || value.type !== undefined || value.enum !== undefined || value.nullable === true)
    return false;
  if (value.$ref !== undefined || value.allOf !== undefined) return false;
  const { anyOf, oneOf } = value;
  const variants = Array.isArray(anyOf) ? (oneOf === undefined ? anyOf : undefined) : oneOf;
  if (!Array.isArray(variants) || variants.length === 0) return false;
  for (const variant of variants) {
    if (!isJsonObject(variant)) return false;
    if (typeof variant.$ref === 'string') continue;
    const { type } = variant;
    if (typeof type !== 'string' || type === 'null' || variant.nullable === true) return false;
    if (variant.$ref !== undefined || variant.anyOf !== undefined || variant.oneOf !== undefined) return false;
    if (variant.allOf !== undefined || (Array.isArray(variant.enum) && variant.enum.includes(null))) return false;
  }
  return true;
}

/** A node strict writes as a ref: a `$ref`, or a described one (below the root). */
function isRefNode(value: JsonValue): boolean {
  return isJsonObject(value) && (typeof value.$ref === 'string' || describedRef(value) !== undefined);
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
 * undefined when a local ref names anything else.
 */
function localRefs(value: JsonValue, tables: RootTables): JsonObject[] | undefined {
  const found: JsonObject[] = [];
  const named = everyLocalRef(value, (ref) => {
    const target = definitionNamed(ref, tables);
    if (target !== undefined) found.push(target);
    return target !== undefined;
  });
  return named ? found : undefined;
}
