// Local definition refs: parse, reachability, and pruning of the root tables (SPEC §1.3–1.4, seed §4).
import { copyJsonInput } from './copy.js';
import type { JsonHolder, JsonObject, JsonValue } from './json.js';
import { isJsonObject, setOwn } from './json.js';
import { NameIndex } from './name-index.js';
import { unescapeToken } from './pointer-tokens.js';
import type { CollectedRefs } from './ref-collection.js';
import type { SchemaChildOptions } from './walk.js';
import { DEFINITION_TABLE_KEYS, forEachSchemaChild } from './walk.js';

/** A definition table of the root: `$defs` or `definitions`. */
export type DefinitionTable = (typeof DEFINITION_TABLE_KEYS)[number];

/** A reference to one entry of a root definition table. */
export interface LocalDefinitionRef {
  table: DefinitionTable;
  name: string;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextEncoder();
/** A ref with any of these needs the full path: percent-decoding, `~` escapes, surrogate checks. */
const NEEDS_DECODING = /[%~\ud800-\udfff]/;
/** Matches a lone UTF-16 surrogate (a pair is one code point under the `u` flag). */
const LONE_SURROGATE = /\p{Cs}/u;
const DEFS_PREFIX = '#/$defs/';
const DEFINITIONS_PREFIX = '#/definitions/';

/**
 * Parses a `$ref` that names a local definition, or returns undefined.
 * - Must start with `#` (one is stripped); the rest is percent-decoded to bytes (malformed `%`
 *   stays literal, `+` stays `+`) and must be valid UTF-8 — decoding comes before splitting.
 * - The rest must be an RFC 6901 pointer: starts with `/`, every `~` followed by `0` or `1`.
 * - First token `$defs` or `definitions`, then a second token (may be empty) naming the entry;
 *   further tokens are ignored, so `#/$defs/User/properties/name` names `User`.
 */
export function parseLocalDefinitionRef(ref: string): LocalDefinitionRef | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  if (!NEEDS_DECODING.test(ref)) {
    const table = plainRefTable(ref);
    if (table === undefined) return undefined;
    const start = PREFIX_LENGTH[table];
    return { table, name: ref.slice(start, plainRefNameEnd(ref, start)) };
  }
  const pointer = percentDecode(ref.slice(1));
  if (pointer === undefined || !pointer.startsWith('/')) return undefined;
  if (/~(?![01])/.test(pointer)) return undefined;
  const tokens = pointer.split('/');
  const table = unescapeToken(tokens[1] as string);
  if (table !== '$defs' && table !== 'definitions') return undefined;
  const name = tokens[2];
  if (name === undefined) return undefined;
  return { table, name: unescapeToken(name) };
}

/**
 * Whether a `$ref` names a local definition: {@link parseLocalDefinitionRef} would not return
 * undefined. Compaction's pass 2 asks it of every ref it meets; a plain ref is answered by its
 * prefix, without the parse's result object and name.
 */
export function isLocalDefinitionRef(ref: string): boolean {
  if (!NEEDS_DECODING.test(ref)) return plainRefTable(ref) !== undefined;
  return parseLocalDefinitionRef(ref) !== undefined;
}

// Most refs are plain (`#/$defs/Name`): nothing to decode or unescape, so the name is the text
// between the prefix and the next `/` (what splitting on `/` would give, without the array).

/** The table a ref with nothing to decode names by its prefix, or undefined. */
function plainRefTable(ref: string): DefinitionTable | undefined {
  if (ref.startsWith(DEFS_PREFIX)) return '$defs';
  if (ref.startsWith(DEFINITIONS_PREFIX)) return 'definitions';
  return undefined;
}

const PREFIX_LENGTH: Readonly<Record<DefinitionTable, number>> = {
  $defs: DEFS_PREFIX.length,
  definitions: DEFINITIONS_PREFIX.length,
};

/** Where the name of a plain ref ends: at the next `/` after its start, or at the ref's end. */
function plainRefNameEnd(ref: string, start: number): number {
  const end = ref.indexOf('/', start);
  return end < 0 ? ref.length : end;
}

/**
 * Whether a local ref points at a schema's place rather than at a whole root definition
 * (`#/properties/a`, `#/$defs/User/properties/name`; `#` itself is not). A hint, read as written:
 * a percent-encoded definition ref counts too, and whoever acts on it parses the ref.
 * Read by character: the sanitizing copy asks it of every `$ref` (a Hasura filter has hundreds,
 * all `#/$defs/…`), and two `startsWith` were 3% of a provider conversion.
 */
export function isPathRef(ref: string): boolean {
  if (ref.charCodeAt(0) !== HASH || ref.charCodeAt(1) !== SLASH || ref.length < 3) return false;
  // Where the slash after `$defs` or `definitions` would be; a ref into another table is a place.
  const first = ref.charCodeAt(2);
  const tableEnd = first === DOLLAR ? DEFS_PREFIX.length - 1 : first === LETTER_D ? DEFINITIONS_PREFIX.length - 1 : -1;
  if (tableEnd < 0 || ref.charCodeAt(tableEnd) !== SLASH) return true;
  // A definition's own ref names it and stops; a place in it goes on.
  return ref.indexOf('/', tableEnd + 1) >= 0;
}

const HASH = 35;
const SLASH = 47;
const DOLLAR = 36;
const LETTER_D = 100;

/**
 * Parses any local `$ref` (`#`, `#/properties/a`, `#/$defs/User/properties/name`) into the
 * unescaped tokens of its JSON Pointer, with the same decoding as {@link parseLocalDefinitionRef};
 * undefined for a ref that is not local or not a valid pointer.
 */
export function parseLocalRefPointer(ref: string): string[] | undefined {
  if (!ref.startsWith('#')) return undefined;
  // Nothing to decode or unescape (no `%`, `~` nor surrogate): the tokens are the text between
  // the slashes. Every allOf member a merge resolves is parsed here.
  if (!NEEDS_DECODING.test(ref)) {
    if (ref.length === 1) return [];
    return ref.charCodeAt(1) === SLASH ? ref.slice(2).split('/') : undefined;
  }
  const pointer = percentDecode(ref.slice(1));
  if (pointer === undefined) return undefined;
  if (pointer === '') return [];
  if (!pointer.startsWith('/') || /~(?![01])/.test(pointer)) return undefined;
  return pointer.slice(1).split('/').map(unescapeToken);
}

/** Percent-decodes to bytes and then to text; undefined when the result is not valid UTF-8. */
function percentDecode(text: string): string | undefined {
  if (LONE_SURROGATE.test(text)) return undefined;
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(text.slice(index + 1, index + 3), 16));
      index += 3;
    } else {
      const codePoint = text.codePointAt(index) as number;
      const width = codePoint > 0xffff ? 2 : 1;
      for (const byte of utf8.encode(text.slice(index, index + width))) bytes.push(byte);
      index += width;
    }
  }
  try {
    return strictUtf8.decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

/** Above this many entries a table is pruned in place rather than rebuilt (see pruneInPlace). */
const LARGE_TABLE_KEYS = 1_000;

/** The root definitions a pruning kept and removed, by table. */
export interface PruneReport {
  removed: LocalDefinitionRef[];
}

/**
 * Returns a copy of a raw schema without the root definitions no reachable schema refers to.
 * - Seeds: from the root, each object's own `$ref` and its schema children (tables skipped at
 *   every level, so refs inside nested tables never seed).
 * - Reached definitions are searched whole (enum literals, `not`, unknown keywords, nested
 *   tables) for more local refs; lookups always go to the root tables; cycles terminate.
 * - Each root table keeps only reached entries, in order; an emptied table is removed.
 * - Nested tables are never pruned; missing and non-local refs are left as written.
 */
export function pruneUnreachableDefinitions(input: unknown, report?: PruneReport): JsonValue {
  return pruneInPlace(copyJsonInput(input), report);
}

/** {@link pruneUnreachableDefinitions} on a value the caller owns: mutates it and returns it. */
export function pruneInPlace(root: JsonValue, report?: PruneReport): JsonValue {
  if (!isJsonObject(root)) return root;
  const tables: NamedTable[] = [];
  for (const key of DEFINITION_TABLE_KEYS) {
    const table = root[key];
    if (isJsonObject(table)) tables.push({ key, names: Object.keys(table) });
  }
  if (tables.length === 0) return root;

  const reach = new DefinitionReach(root, tables);
  reach.seed(root);
  reach.followPending();
  keepReachedDefinitions(root, tables, reach.entries.reached, report);
  return root;
}

/**
 * {@link pruneInPlace} for a value `sanitizeCollectingRefs` just returned: that copy already
 * built the root tables with only the entries their refs reach (see `copyReachedDefinitions` in
 * sanitize.ts), so nothing is left to do unless it met what it does not follow (`exact` false),
 * and then the schema is pruned by walking it.
 */
export function pruneWithCollectedRefs(root: JsonValue, refs: CollectedRefs): JsonValue {
  return refs.exact ? root : pruneInPlace(root);
}

/** Each root table keeps only its reached entries, in order; an emptied table is removed. */
function keepReachedDefinitions(
  root: JsonObject,
  tables: readonly NamedTable[],
  reachedByTable: readonly Uint8Array[],
  report: PruneReport | undefined,
): void {
  tables.forEach(({ key: tableKey, names }, index) => {
    const table = root[tableKey] as JsonObject;
    const reached = reachedByTable[index] as Uint8Array;
    const removed = names.filter((_, position) => reached[position] !== 1);
    for (const name of removed) report?.removed.push({ table: tableKey, name });
    if (removed.length === names.length) {
      delete root[tableKey]; // emptied, or empty to begin with: an empty table is removed
    } else if (removed.length === 0) {
    } else if (names.length > LARGE_TABLE_KEYS) {
      // A table this large is already a dictionary-mode object: deleting is cheap, rebuilding is not.
      for (const name of removed) delete table[name];
    } else {
      // A small table stays a fast object when rebuilt; deleting would demote it.
      const kept: JsonObject = {};
      names.forEach((name, position) => {
        if (reached[position] === 1) setOwn(kept, name, table[name] as JsonValue);
      });
      root[tableKey] = kept;
    }
  });
}

/** A root table whose entries' names are known: its key and the names, in order. */
export interface NamedTable {
  readonly key: DefinitionTable;
  readonly names: readonly string[];
}

/**
 * The entries of the root tables reached so far, by position in each table's names, and those
 * whose own refs are still to be followed: for the copy that fills the tables
 * (`copyReachedDefinitions` in sanitize.ts) and for pruning by walking (`pruneInPlace`). A plain
 * ref's name is looked up where it stands in the ref (see {@link NameIndex}); a ref to a name no
 * table has reaches nothing.
 */
export class ReachedEntries {
  /** Per table, 1 at the position of each entry reached. */
  readonly reached: Uint8Array[];
  private readonly indexes: NameIndex[];
  /** The reached entries to follow, a stack: the table's index and the entry's position. */
  private readonly pendingTables: number[] = [];
  private readonly pendingPositions: number[] = [];

  constructor(private readonly tables: readonly NamedTable[]) {
    this.reached = tables.map((table) => new Uint8Array(table.names.length));
    this.indexes = tables.map((table) => new NameIndex(table.names));
    this.memoAfter = 0;
    for (const table of tables) this.memoAfter += table.names.length;
  }

  /**
   * Ref strings noted already, direct-mapped by {@link memoSlot}: noting a ref a second time does
   * nothing (its entry is reached, or it reaches none), and most schemas name a few definitions
   * hundreds of times (a comparison type under every column of a filter).
   * - Made once more refs were noted than the tables have names: before that, the refs may all
   *   be distinct (a ring refers to each definition once), and a miss only costs.
   * - Null once {@link MEMO_TRIAL} misses came with fewer than a quarter as many hits: where
   *   nearly every ref is distinct (thousands of definitions), a miss reads a string for nothing.
   * - A slot holds one string: never a hash table of thousands of refs (see name-index.ts).
   */
  private memo: string[] | null | undefined;
  /** Refs to note before the memo is made. */
  private memoAfter: number;
  private memoMissed = 0;
  private memoFound = 0;

  /** Notes a ref: an entry of a known table not reached before is reached, its own refs to follow. */
  note(ref: unknown): void {
    if (typeof ref !== 'string' || !ref.startsWith('#')) return;
    let memo = this.memo;
    if (memo === undefined && --this.memoAfter < 0) memo = this.memo = new Array<string>(MEMO_SLOTS).fill('');
    if (memo) {
      const slot = memoSlot(ref);
      if (memo[slot] === ref) {
        this.memoFound++;
        return;
      }
      memo[slot] = ref;
      if (++this.memoMissed === MEMO_TRIAL && this.memoFound < MEMO_TRIAL / 4) this.memo = null;
    }
    if (NEEDS_DECODING.test(ref)) {
      const parsed = parseLocalDefinitionRef(ref);
      if (parsed !== undefined) this.reach(parsed.table, parsed.name, 0, parsed.name.length);
      return;
    }
    const table = plainRefTable(ref);
    if (table === undefined) return;
    const start = PREFIX_LENGTH[table];
    this.reach(table, ref, start, plainRefNameEnd(ref, start));
  }

  /**
   * Calls `visit` with each entry noted and not yet passed to it, the latest first, until none is
   * left (a visit may note more).
   */
  followPending(visit: (table: number, position: number) => void): void {
    const { pendingTables, pendingPositions } = this;
    while (pendingTables.length > 0) visit(pendingTables.pop() as number, pendingPositions.pop() as number);
  }

  private reach(key: DefinitionTable, text: string, start: number, end: number): void {
    const { tables } = this;
    for (let table = 0; table < tables.length; table++) {
      if ((tables[table] as NamedTable).key !== key) continue;
      const position = (this.indexes[table] as NameIndex).positionOf(text, start, end);
      const reached = this.reached[table] as Uint8Array;
      if (position < 0 || reached[position] === 1) return;
      reached[position] = 1;
      this.pendingTables.push(table);
      this.pendingPositions.push(position);
      return;
    }
  }
}

/** Slots of {@link ReachedEntries}' memo of noted refs: a power of two. */
const MEMO_SLOTS = 64;
/** Misses after which the memo is dropped if it found fewer than a quarter as many. */
const MEMO_TRIAL = 256;

/**
 * A ref's memo slot, from its length and four of its code units: the last two (`Def12`, `Def13`)
 * and two inside it (`String_comparison_exp`, `Int_comparison_exp` share their end). Any ref maps
 * to some slot (`#` alone to 0); a collision only costs noting that ref again.
 */
export function memoSlot(ref: string): number {
  const length = ref.length;
  if (length < 2) return 0;
  const mixed =
    Math.imul(length, 0x9e3779b1) ^
    Math.imul(ref.charCodeAt(length - 1), 0x85ebca6b) ^
    Math.imul(ref.charCodeAt(length - 2), 0xc2b2ae35) ^
    Math.imul(ref.charCodeAt(length >> 1), 0x27d4eb2f) ^
    Math.imul(ref.charCodeAt((length * 3) >> 2), 0x165667b1);
  return (mixed ^ (mixed >>> 16)) & (MEMO_SLOTS - 1);
}

const SEED_CHILDREN: SchemaChildOptions = { definitions: 'skip' };

/** The root definitions reached by walking the schema: seeds first, then each reached definition whole. */
class DefinitionReach {
  readonly entries: ReachedEntries;
  /** Bound once: the seed walk passes it to forEachSchemaChild for every node. */
  private readonly seedSlot = (holder: JsonHolder, key: string | number): void => {
    const node = Array.isArray(holder) ? holder[key as number] : holder[key as string];
    if (isJsonObject(node)) this.seed(node);
  };

  constructor(
    private readonly root: JsonObject,
    private readonly tables: readonly NamedTable[],
  ) {
    this.entries = new ReachedEntries(tables);
  }

  /** Seeds from a schema object: its own `$ref` and its schema children, tables skipped. */
  seed(node: JsonObject): void {
    this.entries.note(node.$ref);
    forEachSchemaChild(node, SEED_CHILDREN, this.seedSlot);
  }

  /** Searches each newly reached definition whole for more local refs, until none is new. */
  followPending(): void {
    const { root, tables } = this;
    this.entries.followPending((index, position) => {
      const { key, names } = tables[index] as NamedTable;
      // The names are the table's own keys (`__proto__` included, read as its own member), and
      // only an object or an array can hold refs.
      const entry = (root[key] as JsonObject)[names[position] as string];
      if (typeof entry === 'object' && entry !== null) this.collect(entry);
    });
  }

  private collect(value: JsonValue): void {
    if (Array.isArray(value)) {
      // Only objects and arrays can hold refs: an enum's literals are skipped here, not in a call each.
      for (let index = 0; index < value.length; index++) {
        const element = value[index];
        if (typeof element === 'object' && element !== null) this.collect(element);
      }
    } else if (isJsonObject(value)) {
      // for-in over the library's own JSON copy: no key array per object.
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const member = value[key] as JsonValue;
        if (key === '$ref') this.entries.note(member);
        if (typeof member === 'object' && member !== null) this.collect(member);
      }
    }
  }
}

/**
 * Calls `visit` with every local `$ref` under `value`, whatever keyword holds it, until it returns
 * false; false when it did. A ref that is not local is unresolved, a leaf. A walk with a stack of
 * our own.
 */
export function everyLocalRef(value: JsonValue, visit: (ref: string) => boolean): boolean {
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
      } else if (key === '$ref' && typeof member === 'string' && member.startsWith('#') && !visit(member)) return false;
    }
  }
  return true;
}

/** Whether any `$ref` under `value` is local (read until the first is found). */
export function holdsLocalRef(value: JsonValue): boolean {
  return !everyLocalRef(value, () => false);
}
