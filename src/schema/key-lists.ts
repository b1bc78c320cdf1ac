// The key lists of large objects, handed from the copy that built them to the walks that read them next.
import type { JsonObject } from './json.js';

/**
 * From this many members a copied object's key list is kept. An object this large is a hash
 * table in V8 (dictionary mode), and listing its keys sorts them: `Object.keys` of a table of
 * 90,000 properties costs about a tenth of the whole 10 MB schema's JSON round trip. The copy
 * has just read the same keys, in the same order, from its input.
 */
export const LARGE_OBJECT_KEYS = 1_000;

/**
 * The keys of the large objects a copy built, as `Object.keys` lists them (the input's order:
 * integer-like names first, ascending, as the input listed them).
 * - Valid only while no key of those objects is added or removed: a holder drops the whole
 *   map before a step that may (pruning that walks, the fidelity policy; a compaction pass
 *   unless it declares `keepsListedKeys`).
 * - Values may change: a list says which keys, not what they hold.
 */
export type KeyLists = WeakMap<JsonObject, readonly string[]>;

/** Notes the keys of an object a copy just built, when it is large enough to be worth it. */
export function noteKeyList(
  lists: KeyLists | undefined,
  object: JsonObject,
  keys: readonly string[],
): KeyLists | undefined {
  if (keys.length < LARGE_OBJECT_KEYS) return lists;
  const map = lists ?? new WeakMap<JsonObject, readonly string[]>();
  map.set(object, keys);
  return map;
}
