import { describe, expect, test } from 'vitest';
import { type FollowedRef, mergeAllOf } from '../../src/providers/merge-all-of.js';
import { deepFreeze } from '../helpers/builders.js';

describe('mergeAllOf', () => {
  const root = deepFreeze({
    $defs: {
      Base: { type: 'object', description: 'base', properties: { id: { type: 'string' } }, required: ['id'] },
      Alias: { $ref: '#/$defs/Base', title: 'alias' },
    },
  });

  test("writes a ref member's siblings over the definition it names, keeping the definition's key order, and changes neither", () => {
    const node = deepFreeze({
      allOf: [
        { $ref: '#/$defs/Base', description: 'beside the ref', minProperties: 1 },
        { properties: { extra: { type: 'integer' } } },
      ],
    });
    const followed: FollowedRef[] = [];
    const merged = mergeAllOf(node as never, root as never, 0, followed);
    expect(merged).toStrictEqual({
      type: 'object',
      description: 'beside the ref',
      minProperties: 1,
      properties: { id: { type: 'string' }, extra: { type: 'integer' } },
      required: ['id'],
    });
    // The sibling's description takes the definition's place; a new keyword comes after.
    expect(Object.keys(merged)).toStrictEqual(['type', 'description', 'minProperties', 'properties', 'required']);
    expect(followed.map(({ ref, key }) => [ref, key])).toStrictEqual([['#/$defs/Base', '$defs/Base']]);
  });

  test('merges a bare ref, and a ref to a ref with the siblings of each hop, nearest first', () => {
    const merged = mergeAllOf({ allOf: [{ $ref: '#/$defs/Alias', title: 'use' }] } as never, root as never);
    expect(merged).toStrictEqual({
      properties: { id: { type: 'string' } },
      type: 'object',
      description: 'base',
      title: 'use',
      required: ['id'],
    });
    expect(mergeAllOf({ allOf: [{ $ref: '#/$defs/Base' }] } as never, root as never)).toStrictEqual({
      properties: { id: { type: 'string' } },
      type: 'object',
      description: 'base',
      required: ['id'],
    });
  });
});
