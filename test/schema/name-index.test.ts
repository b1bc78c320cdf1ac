import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { hashedCapacity, hashSpan, MAX_PROBES, NameIndex } from '../../src/schema/name-index.js';
import { PROPERTY_RUNS } from '../helpers/arbitraries.js';
import { countStartsWith } from '../helpers/count-calls.js';

/** Distinct names: generated ones and the awkward ones a table may hold. */
function namesOf(count: number): string[] {
  const awkward = ['', '__proto__', 'constructor', 'a/b', 'x~0y', 'é', '\u{1F600}', '\ud800', 'Def1 ', 'def1'];
  const names = new Set(awkward.slice(0, count));
  for (let index = 0; names.size < count; index++) names.add(`Def${index}`);
  return [...names];
}

/** Names whose hashes all land in one slot of the table built for `total` names. */
function collidingNames(wanted: number, total: number): string[] {
  const mask = hashedCapacity(total) - 1;
  const home = hashSpan('Collide0', 0, 8) & mask;
  const names: string[] = [];
  for (let index = 0; names.length < wanted; index++) {
    const name = `Collide${index}`;
    if ((hashSpan(name, 0, name.length) & mask) === home) names.push(name);
  }
  return names;
}

describe('NameIndex', () => {
  test.each([
    [3, 'scan'],
    [8, 'scan'],
    [9, 'map'],
    [1_023, 'map'],
    [1_024, 'hash'],
    [5_000, 'hash'],
  ] as const)('finds each of %i names by a span of a longer text (%s)', (count, strategy) => {
    const names = namesOf(count);
    const index = new NameIndex(names);
    expect(index.strategy).toBe(strategy);
    names.forEach((name, position) => {
      expect(index.positionOf(name)).toBe(position);
      const text = `#/$defs/${name}/properties/x`;
      expect(index.positionOf(text, 8, 8 + name.length)).toBe(position);
    });
  });

  test.each([3, 9, 2_000])('answers -1 for a name the %i names do not hold, and for a part of one', (count) => {
    const names = namesOf(count).filter((name) => name !== '');
    const index = new NameIndex(names);
    for (const absent of ['missing', 'Def', 'Def1x', 'DEF1', '', '__proto__x']) {
      expect(index.positionOf(absent)).toBe(-1);
      const text = `#/$defs/${absent}`;
      expect(index.positionOf(text, 8, text.length)).toBe(-1);
    }
    // A span that stops inside a name is not that name.
    expect(index.positionOf('#/$defs/Def12', 8, 12)).toBe(names.indexOf('Def1'));
    expect(index.positionOf('#/$defs/Def12', 8, 11)).toBe(-1);
  });

  test('agrees with a Map of the names on random names and spans', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: 'grapheme-composite', maxLength: 6 }), { minLength: 0, maxLength: 1_500 }),
        fc.array(fc.string({ maxLength: 6 }), { maxLength: 30 }),
        (names, probes) => {
          const index = new NameIndex(names);
          const positions = new Map(names.map((name, position) => [name, position]));
          for (const name of [...names.slice(0, 30), ...probes]) {
            const text = `<<${name}>>`;
            expect(index.positionOf(text, 2, 2 + name.length)).toBe(positions.get(name) ?? -1);
          }
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('names made to collide in the hashed table are looked up in a Map, and still found', () => {
    const colliding = collidingNames(MAX_PROBES + 1, 2_000);
    const names = [...namesOf(2_000 - colliding.length), ...colliding];
    const index = new NameIndex(names);
    expect(index.strategy).toBe('map');
    names.forEach((name, position) => {
      expect(index.positionOf(name)).toBe(position);
    });
    // Fewer collisions than that keep the table hashed.
    const half = MAX_PROBES / 2;
    const fewer = [...namesOf(2_000 - half), ...collidingNames(half, 2_000)];
    const hashed = new NameIndex(fewer);
    expect(hashed.strategy).toBe('hash');
    fewer.forEach((name, position) => {
      expect(hashed.positionOf(name)).toBe(position);
    });
  });

  test('looking up every name compares text a number of times linear in the names (10x names, about 10x comparisons)', () => {
    // Names are compared with startsWith only when their hashes match: about once a lookup.
    const comparisons = (count: number) => {
      const names = namesOf(count);
      const index = new NameIndex(names);
      const texts = names.map((name) => `#/$defs/${name}`);
      return countStartsWith(count * 50, () => {
        for (const text of texts) index.positionOf(text, 8, text.length);
      });
    };
    const small = comparisons(2_000);
    const large = comparisons(20_000);
    expect(small).toBeGreaterThanOrEqual(2_000);
    expect(large / small).toBeLessThan(12);
  });
});
