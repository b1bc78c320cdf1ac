// Sharing what a schema repeats word for word as root definitions, for the fidelity policy: a
// reader loses nothing, and the repeated part is written once.
import type { JsonObject, JsonValue } from '../json.js';
import { isJsonObject, setOwn } from '../json.js';
import { JSON_SCHEMA_KEYS } from '../model.js';
import { parseLocalDefinitionRef } from '../refs.js';
import { jsonByteLength } from '../size.js';
import { DEFINITION_TABLE_KEYS } from '../walk.js';

/**
 * At most this many different contents are told apart within one bucket of equal hashes (or
 * signatures): a schema written to collide (many subtrees alike in all that is hashed) would
 * otherwise have each compared with every other. The rest of such a bucket is left as it is.
 */
const MAX_CLASSES_PER_BUCKET = 8;

/** The keywords the model keeps: only these count towards a size (and a list with another of them is not moved). */
const MODEL_KEYS: ReadonlySet<string> = new Set(JSON_SCHEMA_KEYS);

/** Puts a node back as it was (own members only: `__proto__` is a name like any other). */
function restore(node: JsonObject, before: JsonObject): void {
  for (const key of Object.keys(node)) delete node[key];
  for (const key of Object.keys(before)) setOwn(node, key, before[key] as JsonValue);
}

/** The schemas that carry one list of values (their type and enum), as the model reads them. */
interface SharedValues {
  type: JsonValue | undefined;
  values: JsonValue[];
  /** Its other keywords (a `default`, a `format`: the model drops them, a provider target may say them in words), if any. */
  extras: JsonObject | undefined;
  /** Where each use is: the schema, its key in its holder (a property name, `items`…), its root definition (`table/name`, or undefined in the root's own tree). */
  uses: { node: JsonObject; key: string | number; definition: string | undefined }[];
}

/**
 * How many refs a reader of the schema follows on one path (the fidelity measure's and
 * `countSchemaInventory`'s bound, for schemas that refer to themselves): a list moved into a
 * definition is one ref further away.
 */
const REF_HOPS_FOLLOWED = 3;

/**
 * One walk over the schemas the model carries (the root's tree, then each root definition's):
 * the lists of values by their text, and the local refs of each tree, by definition. A class,
 * not closures: this runs once per oversized schema, over all of it.
 */
class ValueListCollector {
  /** The lists, by a cheap signature (type, length, first and last value): equal lists share one, a few others may. */
  readonly buckets = new Map<string, SharedValues[]>();
  /** The root definitions each tree refers to (`table/name`); the root's own tree under "". */
  readonly refs = new Map<string, string[]>();
  private definition: string | undefined;
  private found: string[] = [];

  constructor(private readonly root: JsonObject) {}

  collectAll(): void {
    this.tree(this.root, undefined, 'root', undefined);
    // A definition entry itself stays what it is (only schemas below it may refer to a list).
    forEachRootDefinition(this.root, (entry, id, name) => this.tree(entry, id, name, entry));
  }

  private tree(node: JsonObject, definition: string | undefined, key: string | number, top: JsonObject | undefined) {
    this.definition = definition;
    this.found = [];
    this.refs.set(definition ?? '', this.found);
    this.visit(node, key, node === this.root || node === top);
  }

  private visit(node: JsonObject, key: string | number, top: boolean): void {
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const local = parseLocalDefinitionRef(ref);
      if (local !== undefined) this.found.push(`${local.table}/${local.name}`);
    } else if (!top && Array.isArray(node.enum) && node.enum.length > 0 && isTypeName(node.type)) {
      const extras = this.extrasOf(node);
      if (extras !== null) {
        this.add(node, key, node.enum, extras);
        return;
      }
      // Another keyword of the model (structure below it, say): not a list, walked as any schema.
    }
    const { properties, items, additionalProperties, anyOf, oneOf, allOf } = node;
    if (isJsonObject(properties))
      for (const name in properties) {
        if (!Object.hasOwn(properties, name)) continue;
        const child = properties[name];
        if (isJsonObject(child)) this.visit(child, name, false);
      }
    this.slot(items, 'items');
    if (isJsonObject(additionalProperties)) this.visit(additionalProperties, 'additionalProperties', false);
    this.slot(anyOf, 'anyOf');
    this.slot(oneOf, 'oneOf');
    this.slot(allOf, 'allOf');
  }

  private slot(value: JsonValue | undefined, key: string): void {
    if (Array.isArray(value)) {
      for (const item of value) if (Array.isArray(item) || isJsonObject(item)) this.slot(item, key);
    } else if (isJsonObject(value)) this.visit(value, key, false);
  }

  /**
   * Files a list with its equals: a signature, then an exact comparison within its bucket (the
   * text of every list cost most of this walk).
   */
  private add(node: JsonObject, key: string | number, values: JsonValue[], extras: JsonObject | undefined): void {
    const use = { node, key, definition: this.definition };
    const { type } = node;
    const signature = `${typeof type === 'string' ? type : JSON.stringify(type ?? null)}\u0000${values.length}\u0000${valueSignature(values[0])}\u0000${valueSignature(values[values.length - 1])}\u0000${extras === undefined ? '' : JSON.stringify(extras)}`;
    const bucket = this.buckets.get(signature);
    const group = bucket?.find(
      (candidate) =>
        sameJson(candidate.type, type) && sameValues(candidate.values, values) && sameJson(candidate.extras, extras),
    );
    const shared = { type, values, extras, uses: [use] };
    if (group !== undefined) group.uses.push(use);
    else if (bucket === undefined) this.buckets.set(signature, [shared]);
    else if (bucket.length < MAX_CLASSES_PER_BUCKET) bucket.push(shared);
  }

  /**
   * A list's keywords besides `type`, `enum` and `description`: undefined when there are none,
   * null when one is a keyword the model keeps (its size would change where it moved).
   */
  private extrasOf(node: JsonObject): JsonObject | undefined | null {
    let extras: JsonObject | undefined;
    for (const key in node) {
      if (!Object.hasOwn(node, key) || key === 'type' || key === 'enum' || key === 'description') continue;
      if (MODEL_KEYS.has(key)) return null;
      extras ??= {};
      setOwn(extras, key, node[key] as JsonValue);
    }
    return extras;
  }

  /**
   * The root definitions some path enters through exactly {@link REF_HOPS_FOLLOWED} refs: there
   * a reader stops, so their lists must stay where they are.
   */
  definitionsAtLastHop(): Set<string> {
    return definitionsAtLastHop(this.refs);
  }
}

/** A `type` the model carries as it is: absent, a name, or a list of names (a size can be told from it). */
function isTypeName(type: JsonValue | undefined): boolean {
  return (
    type === undefined ||
    typeof type === 'string' ||
    (Array.isArray(type) && type.every((name) => typeof name === 'string'))
  );
}

/** Whether two JSON values are equal (primitives compared as they are, the rest by their text). */
function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}

/** Whether two enum lists are the same values in the same order. */
function sameValues(a: readonly JsonValue[], b: readonly JsonValue[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (!sameJson(a[index], b[index])) return false;
  return true;
}

/** Calls `visit` with each root definition entry that is an object, its id (`table/name`) and its name. */
function forEachRootDefinition(root: JsonObject, visit: (entry: JsonObject, id: string, name: string) => void): void {
  for (const table of DEFINITION_TABLE_KEYS) {
    const entries = root[table];
    if (!isJsonObject(entries)) continue;
    for (const name in entries) {
      if (!Object.hasOwn(entries, name)) continue;
      const entry = entries[name];
      if (isJsonObject(entry)) visit(entry, `${table}/${name}`, name);
    }
  }
}

/**
 * The root definitions (`table/name`) some path enters through exactly {@link REF_HOPS_FOLLOWED}
 * refs, from the local refs of each tree (the root's own under ""): a reader stops there.
 */
function definitionsAtLastHop(refs: ReadonlyMap<string, readonly string[]>): Set<string> {
  let frontier = new Set(refs.get('') ?? []);
  for (let hop = 1; hop < REF_HOPS_FOLLOWED; hop++) {
    const next = new Set<string>();
    for (const id of frontier) for (const ref of refs.get(id) ?? []) next.add(ref);
    frontier = next;
  }
  return frontier;
}

/** What a sharing did, to be undone and done again (see `FidelityRun.reshape`). */
export interface DefinitionSharing {
  undo(): void;
  redo(): void;
}

/**
 * The root definitions' names, and new ones made unique: a counter per base name, so that many
 * lists under one name (`items`, say) do not each search the suffixes from the start.
 */
class DefinitionNames {
  private readonly taken = new Set<string>();
  private readonly next = new Map<string, number>();

  constructor(root: JsonObject) {
    for (const table of DEFINITION_TABLE_KEYS) {
      const entries = root[table];
      if (isJsonObject(entries)) for (const name of Object.keys(entries)) this.taken.add(name);
    }
  }

  /** A free name for a shared part: the first use's property name when it has one, and what it is (`values`, `shape`). */
  propose(key: string | number | undefined, kind: 'values' | 'shape'): string {
    const base =
      typeof key === 'string' && key !== 'items' && key !== 'additionalProperties' && /^[A-Za-z0-9_.-]{1,40}$/.test(key)
        ? `${key}_${kind}`
        : kind;
    if (!this.taken.has(base)) return base;
    let count = this.next.get(base) ?? 2;
    while (this.taken.has(`${base}_${count}`)) count++;
    this.next.set(base, count);
    return `${base}_${count}`;
  }

  take(name: string): void {
    this.taken.add(name);
  }
}

/**
 * Moves each list of values (`type` and `enum`) that several schemas repeat word for word into
 * one root definition, referred to where it was (Notion's colours in every rich-text annotation,
 * Graph's status enums on every entity): nothing the model reads is lost, and the list is
 * written once. Only where it saves bytes; a definition entry itself is left as it is, and so is
 * a list a reader would reach only through one ref more than it follows.
 */
export function shareRepeatedEnums(root: JsonObject): (DefinitionSharing & { delta: number }) | undefined {
  const collector = new ValueListCollector(root);
  collector.collectAll();
  const atLastHop = collector.definitionsAtLastHop();
  const names = new DefinitionNames(root);
  let defs = isJsonObject(root.$defs) ? root.$defs : undefined;
  let entries = defs === undefined ? 0 : Object.keys(defs).length;
  // The model's size changes by exactly this much (compact JSON): no measure is needed after.
  let delta = 0;
  const createdTable = defs === undefined;
  const moves: { name: string; body: JsonObject; nodes: JsonObject[]; before: JsonObject[] }[] = [];
  for (const group of [...collector.buckets.values()].flat()) {
    const { type, values, extras } = group;
    const uses =
      atLastHop.size === 0
        ? group.uses
        : group.uses.filter((use) => use.definition === undefined || !atLastHop.has(use.definition));
    if (uses.length < 2) continue;
    const name = names.propose(uses[0]?.key, 'values');
    const pointer = `#/$defs/${name}`;
    const typeBytes = type === undefined ? 0 : jsonByteLength(type);
    const valuesBytes = jsonByteLength(values);
    // Each use: `"type":T,"enum":E` (7 + T + 1 + 7 + E bytes) becomes `"$ref":R` (7 + R).
    const perUse = jsonByteLength(pointer) - valuesBytes - (type === undefined ? 0 : typeBytes + 8);
    // The entry `"name":{"type":T,"enum":E}`, after a comma unless it is the table's first; a
    // new table is `,"$defs":{}` on the root.
    const entry =
      jsonByteLength(name) +
      1 +
      (type === undefined ? valuesBytes + 9 : typeBytes + valuesBytes + 17) +
      (entries > 0 ? 1 : 0) +
      (defs === undefined ? 11 : 0);
    const change = uses.length * perUse + entry;
    if (change >= 0) continue;
    delta += change;
    names.take(name);
    entries++;
    defs ??= {};
    const nodes = uses.map((use) => use.node);
    // The definition takes every keyword but the description (the model counts type and enum
    // only; a provider target reads the rest where the ref leads).
    const body: JsonObject = type === undefined ? { enum: values } : { type, enum: values };
    if (extras !== undefined) for (const key of Object.keys(extras)) setOwn(body, key, extras[key] as JsonValue);
    moves.push({ name, body, nodes, before: nodes.map((node) => ({ ...node })) });
  }
  if (moves.length === 0) return undefined;
  const table = defs as JsonObject;
  const redo = () => {
    if (createdTable) root.$defs = table;
    for (const { name, body, nodes } of moves) {
      table[name] = body;
      for (const node of nodes) {
        for (const key of Object.keys(node)) if (key !== 'description') delete node[key];
        node.$ref = `#/$defs/${name}`;
      }
    }
  };
  const undo = () => {
    for (const { name, nodes, before } of moves) {
      delete table[name];
      nodes.forEach((node, index) => {
        restore(node, before[index] as JsonObject);
      });
    }
    if (createdTable) delete root.$defs;
  };
  redo();
  return { delta, undo, redo };
}

/** Keys whose value is one schema (or a boolean), or a list of schemas. */
const ONE_SCHEMA = new Set(['items', 'additionalProperties']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);

/** The smallest subtree worth a definition (compact JSON bytes, its own description aside). */
const MIN_SHARED_SUBTREE_BYTES = 40;

/** One schema object of the model, as {@link SubtreeIndex} saw it. */
interface IndexedNode {
  node: JsonObject;
  key: string | number;
  /** A hash of its content, its own description aside: equal subtrees, equal hashes (and a few others). */
  body: number;
  /** Its root definition (`table/name`), undefined in the root's own tree. */
  definition: string | undefined;
  /** Its entries in the index: its descendants' from `first`, then its own at `self` (post-order). */
  first: number;
  self: number;
  /** About the bytes of its model's compact JSON, its own description aside (escapes not counted). */
  bytes: number;
}

/** Mixes a 32-bit value into a hash (FNV-style multiply; collisions are settled by comparing). */
function mix(hash: number, value: number): number {
  return Math.imul(hash ^ value, 0x01000193);
}

/** A cheap hash of a string: its length and three of its characters (collisions are settled by comparing). */
function hashText(text: string): number {
  const { length } = text;
  if (length === 0) return 0x811c9dc5;
  return mix(mix(mix(length, text.charCodeAt(0)), text.charCodeAt(length >> 1)), text.charCodeAt(length - 1));
}

/** What {@link hashJson} learns besides the hash: a `$ref` in the value, and about its JSON size. */
interface ValueFacts {
  found: boolean;
  bytes: number;
}

/** A hash of any JSON value; a `$ref` anywhere in it and its size (escapes aside) go into `facts`. */
function hashJson(value: JsonValue, facts: ValueFacts): number {
  if (typeof value === 'string') {
    facts.bytes += value.length + 2;
    return hashText(value);
  }
  if (typeof value === 'number') {
    facts.bytes += String(value).length;
    return mix(0x3, value | 0) ^ Math.round((value % 1) * 1e6);
  }
  if (typeof value === 'boolean') {
    facts.bytes += value ? 4 : 5;
    return value ? 0x5 : 0x7;
  }
  if (value === null) {
    facts.bytes += 4;
    return 0x9;
  }
  let hash = Array.isArray(value) ? 0xb : 0xd;
  facts.bytes += 2;
  if (Array.isArray(value)) {
    for (const item of value) {
      hash = mix(hash, hashJson(item, facts));
      facts.bytes++;
    }
    return hash;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key === '$ref') facts.found = true;
    facts.bytes += key.length + 4;
    hash = mix(mix(hash, hashText(key)), hashJson(value[key] as JsonValue, facts));
  }
  return hash;
}

/** Whether two JSON values are the same (objects: the same members in the same order). */
function sameTree(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameTree(a[index], b[index])) return false;
    return true;
  }
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    if (key !== others[index] || !sameTree(a[key], b[key])) return false;
  }
  return true;
}

/** {@link sameTree} for two schema objects, their own descriptions aside. */
function sameBody(a: JsonObject, b: JsonObject): boolean {
  const keys = Object.keys(a).filter((key) => key !== 'description');
  const others = Object.keys(b).filter((key) => key !== 'description');
  if (keys.length !== others.length) return false;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    if (key !== others[index] || !sameTree(a[key], b[key])) return false;
  }
  return true;
}

/**
 * Every schema object with structure below it (properties, items, a union…) in the root's tree
 * and in each root definition's, with a hash of its content made bottom-up (no text is built:
 * equal hashes are compared before anything is shared), and without those that have a `$ref`
 * at or below them.
 */
class SubtreeIndex {
  readonly nodes: IndexedNode[] = [];
  /** The root definitions each tree refers to (`table/name`); the root's own tree under "". */
  readonly refs = new Map<string, string[]>();
  private definition: string | undefined;
  private found: string[] = [];
  private readonly inValue: ValueFacts = { found: false, bytes: 0 };
  /** The size of the node {@link visit} last returned, its description included. */
  private lastBytes = 0;

  constructor(private readonly root: JsonObject) {}

  build(): void {
    this.visitRoot(this.root, undefined);
    forEachRootDefinition(this.root, (entry, id) => this.visitRoot(entry, id));
  }

  private visitRoot(node: JsonObject, definition: string | undefined): void {
    this.definition = definition;
    this.found = [];
    this.refs.set(definition ?? '', this.found);
    // A tree's top (the root, a definition entry) is never shared itself: its children may be.
    this.visit(node, '', true);
  }

  /** Indexes a node; returns its hash (description included), or undefined when a `$ref` is at or below it. */
  private visit(node: JsonObject, key: string | number, top: boolean): number | undefined {
    const first = this.nodes.length;
    let hasRef = false;
    let structure = false;
    let body = 0x811c9dc5;
    let description = 0;
    // `{}`, and each model member: `"name":` and its value, and a comma.
    let bytes = 2;
    let descriptionBytes = 0;
    for (const name in node) {
      if (!Object.hasOwn(node, name)) continue;
      const value = node[name] as JsonValue;
      if (name === 'description') {
        description = typeof value === 'string' ? hashText(value) : 0x1f;
        if (typeof value === 'string') descriptionBytes = value.length + 17;
        continue;
      }
      const counted = MODEL_KEYS.has(name);
      if (counted) bytes += name.length + 4;
      let part: number | undefined;
      if (name === '$ref') {
        hasRef = true;
        const local = typeof value === 'string' ? parseLocalDefinitionRef(value) : undefined;
        if (local !== undefined) this.found.push(`${local.table}/${local.name}`);
        part = 0;
      } else if (name === 'properties' && isJsonObject(value)) {
        structure = true;
        part = 0x21;
        bytes += 2;
        for (const property in value) {
          if (!Object.hasOwn(value, property)) continue;
          const child = value[property] as JsonValue;
          const hash = isJsonObject(child) ? this.visit(child, property, false) : this.value(child);
          bytes += property.length + 4 + this.lastBytes;
          if (hash === undefined) hasRef = true;
          else part = mix(mix(part, hashText(property)), hash);
        }
      } else if (ONE_SCHEMA.has(name) && isJsonObject(value)) {
        structure = true;
        part = this.visit(value, name, false);
        bytes += this.lastBytes;
      } else if (SCHEMA_LISTS.has(name) && Array.isArray(value)) {
        structure = true;
        part = 0x23;
        bytes += 2;
        for (const member of value) {
          const hash = isJsonObject(member) ? this.visit(member, name, false) : this.value(member);
          bytes += this.lastBytes + 1;
          if (hash === undefined) hasRef = true;
          else part = mix(part, hash);
        }
      } else {
        part = this.value(value);
        if (counted) bytes += this.lastBytes;
      }
      if (part === undefined) hasRef = true;
      else body = mix(mix(body, hashText(name)), part);
    }
    this.lastBytes = bytes + descriptionBytes;
    if (hasRef) return undefined;
    if (!top && structure) {
      const self = this.nodes.length;
      this.nodes.push({ node, key, body, definition: this.definition, first, self, bytes });
    }
    return mix(body, description);
  }

  /** The hash of a value that is not a schema object of the walk (undefined when a `$ref` is in it); its size in `lastBytes`. */
  private value(value: JsonValue): number | undefined {
    const { inValue } = this;
    inValue.found = false;
    inValue.bytes = 0;
    const hash = hashJson(value, inValue);
    this.lastBytes = inValue.bytes;
    return inValue.found ? undefined : hash;
  }
}

/**
 * Moves each subtree (an object with its properties, a union, …) that several schemas repeat
 * word for word into one root definition, referred to where it was, each use keeping its own
 * description: Graph's nullable date-times and entity shapes, Stripe's metadata maps, the
 * same address or money object under many names. Only subtrees without a `$ref` (a ref moved
 * under one more ref could fall past what a reader follows), the largest first, and only
 * where the bytes saved (estimated from their text) outweigh the refs and the entry; a
 * definition entry, and a subtree in a definition a reader reaches only through as many refs
 * as it follows, stay where they are.
 */
export function shareRepeatedSubtrees(root: JsonObject): DefinitionSharing | undefined {
  const index = new SubtreeIndex(root);
  index.build();
  const atLastHop = definitionsAtLastHop(index.refs);
  const byHash = new Map<number, IndexedNode[]>();
  for (const entry of index.nodes) {
    if (entry.definition !== undefined && atLastHop.has(entry.definition)) continue;
    const bucket = byHash.get(entry.body);
    if (bucket === undefined) byHash.set(entry.body, [entry]);
    else bucket.push(entry);
  }
  // Largest first (a subtree shared takes its repeated parts with it, unexamined); within a
  // bucket of equal hashes, the truly equal, compared only once the bucket's turn comes.
  const buckets = [...byHash.values()].filter(
    (bucket) => bucket.length >= 2 && (bucket[0] as IndexedNode).bytes >= MIN_SHARED_SUBTREE_BYTES,
  );
  if (buckets.length === 0) return undefined;
  buckets.sort((a, b) => (b[0] as IndexedNode).bytes - (a[0] as IndexedNode).bytes);
  const consumed = new Uint8Array(index.nodes.length);
  const names = new DefinitionNames(root);
  const moves: { name: string; body: JsonObject; uses: IndexedNode[]; before: JsonObject[] }[] = [];
  for (const bucket of buckets) {
    const live = bucket.filter((entry) => consumed[entry.self] === 0);
    if (live.length < 2) continue;
    const classes: IndexedNode[][] = [];
    for (const entry of live) {
      const same = classes.find((members) => sameBody((members[0] as IndexedNode).node, entry.node));
      if (same !== undefined) same.push(entry);
      else if (classes.length < MAX_CLASSES_PER_BUCKET) classes.push([entry]);
    }
    for (const uses of classes) {
      if (uses.length < 2) continue;
      const { bytes } = uses[0] as IndexedNode;
      const name = names.propose(uses[0]?.key, 'shape');
      const refBytes = 8 + jsonByteLength(`#/$defs/${name}`);
      const entryBytes = jsonByteLength(name) + 2 + bytes;
      const change = entryBytes - uses.length * (bytes - refBytes);
      if (change >= 0) continue;
      names.take(name);
      for (const use of uses) consumed.fill(1, use.first, use.self + 1);
      const { description: _description, ...body } = (uses[0] as IndexedNode).node;
      moves.push({ name, body, uses, before: uses.map((use) => ({ ...use.node })) });
    }
  }
  if (moves.length === 0) return undefined;
  const createdTable = !isJsonObject(root.$defs);
  const table: JsonObject = createdTable ? {} : (root.$defs as JsonObject);
  const redo = () => {
    if (createdTable) root.$defs = table;
    for (const { name, body, uses } of moves) {
      table[name] = body;
      for (const { node } of uses) {
        const description = node.description;
        for (const key of Object.keys(node)) delete node[key];
        node.$ref = `#/$defs/${name}`;
        if (description !== undefined) node.description = description;
      }
    }
  };
  const undo = () => {
    for (let move = moves.length - 1; move >= 0; move--) {
      const { name, uses, before } = moves[move] as (typeof moves)[number];
      delete table[name];
      uses.forEach(({ node }, position) => {
        restore(node, before[position] as JsonObject);
      });
    }
    if (createdTable) delete root.$defs;
  };
  redo();
  return { undo, redo };
}

/**
 * A value's part of a list's signature: a primitive as text, an object or array by its kind only
 * (the exact comparison decides). `String` of an object calls its own `toString` member, which in
 * JSON may be a number: a TypeError.
 */
function valueSignature(value: JsonValue | undefined): string {
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? '[]' : '{}';
}
