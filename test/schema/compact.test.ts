import { describe, expect, test } from 'vitest';
import {
  collapseDeepSchemaObjects,
  compactLargeToolSchema,
  dropDefinitionRefs,
  pruneCompositions,
  stripDescriptions,
} from '../../src/schema/compact.js';
import { deepFreeze, describedObject } from '../helpers/builders.js';

// SPEC §1.5
describe('stripDescriptions', () => {
  test('removes descriptions of schemas, nested tables included, but not a property named description', () => {
    expect(
      stripDescriptions({
        description: 'root',
        properties: { description: { type: 'string', description: 'x' } },
        items: { description: 'i' },
        $defs: { A: { description: 'a', properties: { b: { description: 'b' } } } },
        enum: [{ description: 'literal' }],
      }),
    ).toStrictEqual({
      properties: { description: { type: 'string' } },
      items: {},
      $defs: { A: { properties: { b: {} } } },
      enum: [{ description: 'literal' }],
    });
  });
});

describe('dropDefinitionRefs', () => {
  test('replaces local-definition refs with {} (siblings lost) and drops the root tables', () => {
    expect(
      dropDefinitionRefs({
        properties: { a: { $ref: '#/$defs/A', description: 'gone' }, b: { $ref: '#/properties/a' } },
        $defs: { A: {} },
        definitions: { B: {} },
      }),
    ).toStrictEqual({ properties: { a: {}, b: { $ref: '#/properties/a' } } });
  });

  test('replaces the root itself when it is a local-definition ref', () => {
    expect(dropDefinitionRefs({ $ref: '#/$defs/Root', $defs: { Root: {} } })).toStrictEqual({});
  });

  test('keeps nested tables', () => {
    expect(dropDefinitionRefs({ properties: { x: { $defs: { N: {} } } } })).toStrictEqual({
      properties: { x: { $defs: { N: {} } } },
    });
  });
});

describe('collapseDeepSchemaObjects', () => {
  test('collapses objects with children at depth 3 and keeps simple leaves', () => {
    const leafy = { type: 'string', enum: ['v'] };
    expect(
      collapseDeepSchemaObjects({
        properties: {
          a: {
            properties: {
              b: { properties: { c: { properties: {} }, leaf: leafy, closed: { additionalProperties: false } } },
            },
          },
        },
      }),
    ).toStrictEqual({ properties: { a: { properties: { b: { properties: { c: {}, leaf: leafy, closed: {} } } } } } });
  });

  test('counts composition elements as one level deeper than their parent', () => {
    expect(collapseDeepSchemaObjects({ anyOf: [{ anyOf: [{ anyOf: [{ items: {} }] }] }] })).toStrictEqual({
      anyOf: [{ anyOf: [{ anyOf: [{}] }] }],
    });
  });

  test('uses the given depth', () => {
    expect(collapseDeepSchemaObjects({ properties: { a: { items: {} } } }, 1)).toStrictEqual({ properties: { a: {} } });
  });
});

describe('pruneCompositions', () => {
  test('replaces every object with a composition by {}, the root included', () => {
    expect(pruneCompositions({ properties: { a: { oneOf: [] }, b: { allOf: null } } })).toStrictEqual({
      properties: { a: {}, b: {} },
    });
    expect(pruneCompositions({ anyOf: [{}], description: 'root' })).toStrictEqual({});
  });
});

describe('compactLargeToolSchema', () => {
  test('leaves a schema within the budget untouched', () => {
    const input = describedObject(3, 100);
    expect(compactLargeToolSchema(input)).toStrictEqual(input);
  });

  test('stops after stripping descriptions when that fits', () => {
    const input = deepFreeze({
      ...describedObject(50, 100),
      $defs: { A: { type: 'string' } },
      properties: { ...(describedObject(50, 100).properties as object), r: { $ref: '#/$defs/A' } },
    });
    const compacted = compactLargeToolSchema(input) as { properties: Record<string, unknown>; $defs: unknown };
    expect(compacted.properties.p0).toStrictEqual({ type: 'string' });
    expect(compacted.properties.r).toStrictEqual({ $ref: '#/$defs/A' });
    expect(compacted.$defs).toStrictEqual({ A: { type: 'string' } });
  });

  test('honours a smaller budget', () => {
    const compacted = compactLargeToolSchema(describedObject(3, 100), { budgetBytes: 100 }) as {
      properties: Record<string, unknown>;
    };
    expect(compacted.properties.p0).toStrictEqual({ type: 'string' });
  });

  test('returns a value that does not decode as it is (it measures 0 bytes)', () => {
    const input = { ...describedObject(80, 100), required: 'not-an-array' };
    expect(compactLargeToolSchema(input)).toStrictEqual(input);
  });

  test('rejects a negative budget with invalid_option', () => {
    expect(() => compactLargeToolSchema({}, { budgetBytes: -1 })).toThrowError(
      expect.objectContaining({ code: 'invalid_option' }),
    );
  });
});
