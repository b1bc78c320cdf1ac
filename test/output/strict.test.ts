import { describe, expect, test } from 'vitest';
import { checkStrictOutputSchema } from '../../src/output/strict.js';

const rules = (schema: unknown) => checkStrictOutputSchema(schema).map(({ path, rule }) => ({ path, rule }));

// SPEC §3.2
describe('checkStrictOutputSchema', () => {
  test('accepts a schema in the strict subset', () => {
    expect(
      checkStrictOutputSchema({
        type: 'object',
        properties: {
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: { n: { type: 'integer' } },
              required: ['n'],
              additionalProperties: false,
            },
          },
          note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        },
        required: ['items', 'note'],
        additionalProperties: false,
      }),
    ).toStrictEqual([]);
  });

  test('requires an object root without anyOf', () => {
    expect(rules({ type: 'string' })).toStrictEqual([{ path: '', rule: 'root_object' }]);
    expect(
      rules({ type: 'object', properties: {}, required: [], additionalProperties: false, anyOf: [] }),
    ).toStrictEqual([{ path: '', rule: 'root_any_of' }]);
  });

  test('reports every object schema rule with its path, nested ones included', () => {
    expect(
      rules({
        type: 'object',
        properties: {
          a: { type: 'string' },
          nested: { type: ['object', 'null'], properties: { x: {} }, required: [] },
        },
        required: ['a', 'ghost'],
        $defs: { D: { type: 'object' } },
      }),
    ).toStrictEqual([
      { path: '', rule: 'additional_properties_false' },
      { path: '', rule: 'required_all_properties' },
      { path: '/properties/nested', rule: 'additional_properties_false' },
      { path: '/properties/nested', rule: 'required_all_properties' },
      { path: '/$defs/D', rule: 'properties_required' },
      { path: '/$defs/D', rule: 'additional_properties_false' },
    ]);
  });

  test('names the missing and unknown required entries', () => {
    const [violation] = checkStrictOutputSchema({
      type: 'object',
      properties: { a: {} },
      required: ['b'],
      additionalProperties: false,
    });
    expect(violation?.message).toBe(
      '"required" must list exactly the property names (missing "a"; not properties: "b")',
    );
  });

  test('recurses through items and anyOf variants', () => {
    expect(
      rules({
        type: 'object',
        properties: { l: { items: { anyOf: [{ type: 'object', properties: {}, required: [] }] } } },
        required: ['l'],
        additionalProperties: false,
      }),
    ).toStrictEqual([{ path: '/properties/l/items/anyOf/0', rule: 'additional_properties_false' }]);
  });
});
