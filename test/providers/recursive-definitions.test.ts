import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { recursiveDefinitions } from '../../src/providers/convert-ref.js';

/** The definition of recursive, searched from every definition in turn (quadratic, and plain). */
function reachesItself(edges: Map<string, Set<string>>): string[] {
  return [...edges.keys()].filter((start) => {
    const seen = new Set<string>();
    const stack = [...(edges.get(start) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop() as string;
      if (next === start) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
    return false;
  });
}

const graph = (pairs: [number, number][], nodes: number) => {
  const edges = new Map<string, Set<string>>();
  for (let node = 0; node < nodes; node++) edges.set(`D${node}`, new Set());
  for (const [from, to] of pairs) edges.get(`D${from % nodes}`)?.add(`D${to % nodes}`);
  return edges;
};

/** A Map that counts the lookups of a walk: a linear walk looks each definition up about once. */
class CountingMap extends Map<string, Set<string>> {
  lookups = 0;
  override get(key: string): Set<string> | undefined {
    this.lookups++;
    return super.get(key);
  }
}

/** Random graphs: how many definitions, and refs as (from, to) pairs taken modulo that count. */
const NODE_COUNTS = fc.integer({ min: 1, max: 12 });
const EDGE_PAIRS = fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 30 });

describe('recursiveDefinitions', () => {
  test('names every definition that reaches itself, self-refs included, in the order of the definitions', () => {
    const edges = graph(
      [
        [0, 1],
        [1, 2],
        [2, 0],
        [3, 3],
        [4, 0],
        [5, 6],
      ],
      7,
    );
    expect(recursiveDefinitions(edges)).toStrictEqual(['D0', 'D1', 'D2', 'D3']);
  });

  test('agrees with a search from every definition on random graphs', () => {
    fc.assert(
      fc.property(NODE_COUNTS, EDGE_PAIRS, (nodes, pairs) => {
        const edges = graph(pairs, nodes);
        expect(recursiveDefinitions(edges)).toStrictEqual(reachesItself(edges));
      }),
      { numRuns: 500 },
    );
  });

  test('refs listed once per use (repeats, as the converter records them) give the answer the sets give', () => {
    fc.assert(
      fc.property(NODE_COUNTS, EDGE_PAIRS, (nodes, pairs) => {
        const sets = graph(pairs, nodes);
        const lists = new Map<string, string[]>();
        for (let node = 0; node < nodes; node++) lists.set(`D${node}`, []);
        // Every pair twice: a definition that refers to another at two places lists it twice.
        for (const [from, to] of [...pairs, ...pairs]) lists.get(`D${from % nodes}`)?.push(`D${to % nodes}`);
        expect(recursiveDefinitions(lists)).toStrictEqual(recursiveDefinitions(sets));
      }),
      { numRuns: 300 },
    );
  });

  test('a ref to a definition that is not a key counts as a leaf', () => {
    const edges = new Map([['A', new Set(['Missing', 'A'])]]);
    expect(recursiveDefinitions(edges)).toStrictEqual(['A']);
  });

  test('looks each definition up once, at 1,000 and 10,000 definitions in one cycle', () => {
    for (const size of [1_000, 10_000]) {
      const edges = new CountingMap();
      for (let index = 0; index < size; index++) edges.set(`D${index}`, new Set([`D${(index + 1) % size}`]));
      expect(recursiveDefinitions(edges)).toHaveLength(size);
      expect(edges.lookups).toBe(size);
    }
  });
});
