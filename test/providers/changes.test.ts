// Change paths: JSON Pointers of a chain of keys, each prefix built once (issue 25).
import { describe, expect, test } from 'vitest';
import { at, pointerOf, type SchemaPath } from '../../src/providers/changes.js';

/** A chain `depth` steps deep whose keys count how often they are read. */
function countingChain(depth: number): { steps: SchemaPath[]; reads: () => number } {
  let reads = 0;
  const steps: SchemaPath[] = [];
  let path: SchemaPath | undefined;
  for (let level = 0; level < depth; level++) {
    const step = at(path, 'x');
    const key = level % 2 === 0 ? 'properties' : `p${level}`;
    Object.defineProperty(step, 'key', {
      get: () => {
        reads++;
        return key;
      },
    });
    steps.push(step);
    path = step;
  }
  return { steps, reads: () => reads };
}

describe('pointerOf', () => {
  test('escapes ~ and / as RFC 6901 says', () => {
    expect(pointerOf(at(at(undefined, 'a/b'), 'c~d'))).toBe('/a~1b/c~0d');
  });

  test('builds each prefix once when every step of a deep chain asks for its pointer', () => {
    const shallow = countingChain(100);
    const deep = countingChain(1_000);
    for (const step of shallow.steps) pointerOf(step);
    for (const step of deep.steps) pointerOf(step);
    expect(pointerOf(deep.steps[3])).toBe('/properties/p1/properties/p3');
    expect(deep.reads() / shallow.reads()).toBeLessThan(15);
  });
});
