// The position of a name in a fixed list, looked up by a span of a longer text: a ref's name
// where it stands in the ref, not sliced out of it. For the root tables' entries, which every
// `$ref` of a schema looks up (SPEC §1.4).

/** Lists this short are scanned: no table is worth building for them. */
const SCANNED_NAMES = 8;

/**
 * Lists this long get the open-addressed table. Shorter ones get a Map, which costs less to
 * build than a typed array costs to allocate (a microsecond or more, on the project's machine).
 * Longer ones do not: a V8 hash table past a few thousand entries grows through large-object
 * allocations. For 45,000 names, adding each ref's name to a Set took 300 ns a ref there; this
 * table took 50 ns a name to build and 70 a lookup.
 */
const HASHED_NAMES = 1_024;

/**
 * Probes a name may take to insert into the open-addressed table. Names whose hashes collide
 * this much are not names a schema generator writes but names made to collide: the index then
 * looks them up in a Map, as for a shorter list, so that it never turns quadratic.
 */
export const MAX_PROBES = 32;

/** How an index finds a name (see {@link NameIndex}). */
export type NameIndexStrategy = 'scan' | 'map' | 'hash';

/**
 * A 32-bit hash of `text[start, end)` by UTF-16 code unit: FNV-1a, then murmur3's finalizer so
 * that the low bits a table masks depend on every code unit.
 */
export function hashSpan(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}

/** The slot count of the open-addressed table for this many names: a power of two, at most half full. */
export function hashedCapacity(names: number): number {
  let capacity = 16;
  while (capacity < names * 2) capacity *= 2;
  return capacity;
}

/**
 * Finds a name's position in a list of distinct names (a root table's keys) by a span of any
 * text: scanning a short list, with a Map of the names for a longer one, and with an
 * open-addressed table of the names' hashes for a list of thousands (see {@link HASHED_NAMES}).
 */
export class NameIndex {
  readonly strategy: NameIndexStrategy;
  private readonly names: readonly string[];
  private readonly byName: Map<string, number> | undefined;
  /**
   * The open-addressed table, two numbers a slot: the position + 1 of its name (0 for an empty
   * slot), and the name's hash, so that a probe compares text only when the hashes match. One
   * array, not two: each typed array is an allocation of its own.
   */
  private readonly slots: Int32Array | undefined;
  /** The slot count less one. */
  private readonly mask: number;
  /** The most probes any name took to insert: a lookup that has not found it by then will not. */
  private readonly longestProbe: number;

  constructor(names: readonly string[]) {
    this.names = names;
    this.byName = this.slots = undefined;
    this.mask = this.longestProbe = 0;
    if (names.length <= SCANNED_NAMES) {
      this.strategy = 'scan';
      return;
    }
    const table = names.length >= HASHED_NAMES ? hashNames(names) : undefined;
    if (table === undefined) {
      this.strategy = 'map';
      this.byName = new Map(names.map((name, position) => [name, position]));
      return;
    }
    this.strategy = 'hash';
    this.slots = table.slots;
    this.mask = table.mask;
    this.longestProbe = table.longestProbe;
  }

  /** The position of the name spelled by `text[start, end)`, or -1 when the list has no such name. */
  positionOf(text: string, start = 0, end: number = text.length): number {
    const { names, slots } = this;
    const length = end - start;
    if (slots !== undefined) {
      const hash = hashSpan(text, start, end);
      const { mask } = this;
      let slot = hash & mask;
      for (let probe = 0; probe < this.longestProbe; probe++) {
        const entry = slots[slot * 2] as number;
        if (entry === 0) return -1;
        if (slots[slot * 2 + 1] === hash) {
          const name = names[entry - 1] as string;
          if (name.length === length && text.startsWith(name, start)) return entry - 1;
        }
        slot = (slot + 1) & mask;
      }
      return -1;
    }
    if (this.byName !== undefined)
      return this.byName.get(start === 0 && end === text.length ? text : text.slice(start, end)) ?? -1;
    for (let position = 0; position < names.length; position++) {
      const name = names[position] as string;
      if (name.length === length && text.startsWith(name, start)) return position;
    }
    return -1;
  }
}

/** The open-addressed table of the names, or undefined when some name takes more than {@link MAX_PROBES}. */
function hashNames(names: readonly string[]): { slots: Int32Array; mask: number; longestProbe: number } | undefined {
  const capacity = hashedCapacity(names.length);
  const slots = new Int32Array(capacity * 2);
  const mask = capacity - 1;
  let longestProbe = 0;
  for (let position = 0; position < names.length; position++) {
    const name = names[position] as string;
    const hash = hashSpan(name, 0, name.length);
    let slot = hash & mask;
    let probes = 1;
    while (slots[slot * 2] !== 0) {
      if (++probes > MAX_PROBES) return undefined;
      slot = (slot + 1) & mask;
    }
    slots[slot * 2] = position + 1;
    slots[slot * 2 + 1] = hash;
    if (probes > longestProbe) longestProbe = probes;
  }
  return { slots, mask, longestProbe };
}
