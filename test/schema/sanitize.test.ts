import { describe, expect, test } from 'vitest';
import { sanitizeJsonSchema, TYPE_INFERENCE_RULES } from '../../src/schema/sanitize.js';
import { deepFreeze } from '../helpers/builders.js';

// SPEC §1.2, one rule per test.
describe('sanitizeJsonSchema', () => {
  test('replaces a boolean schema at the root with a string schema', () => {
    expect(sanitizeJsonSchema(true)).toStrictEqual({ type: 'string' });
    expect(sanitizeJsonSchema(false)).toStrictEqual({ type: 'string' });
  });

  test('replaces boolean property, items and composition schemas but keeps a boolean additionalProperties', () => {
    expect(
      sanitizeJsonSchema({
        type: 'object',
        properties: { a: false },
        additionalProperties: true,
        anyOf: [true],
      }),
    ).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: true,
      anyOf: [{ type: 'string' }],
    });
    expect(sanitizeJsonSchema({ type: 'array', items: true })).toStrictEqual({
      type: 'array',
      items: { type: 'string' },
    });
  });

  test('leaves a properties value that is not an object as it is', () => {
    expect(sanitizeJsonSchema({ type: 'object', properties: [true] })).toStrictEqual({
      type: 'object',
      properties: [true],
    });
  });

  test('sanitizes prefixItems elements', () => {
    expect(sanitizeJsonSchema({ type: 'array', prefixItems: [{ description: 'x' }, true] })).toStrictEqual({
      type: 'array',
      prefixItems: [{}, { type: 'string' }],
      items: { type: 'string' },
    });
  });

  test('sanitizes definition tables at every level and removes tables that are not objects', () => {
    expect(
      sanitizeJsonSchema({
        type: 'object',
        $defs: { A: { properties: {} } },
        definitions: [1],
        properties: { x: { type: 'object', $defs: { B: true }, definitions: 'bad' } },
      }),
    ).toStrictEqual({
      type: 'object',
      $defs: { A: { type: 'object', properties: {} } },
      properties: { x: { type: 'object', $defs: { B: { type: 'string' } }, properties: {} } },
    });
  });

  test('rewrites const to a one-value enum, overwriting an existing enum', () => {
    expect(sanitizeJsonSchema({ enum: ['a', 'b'], const: 'c' })).toStrictEqual({ type: 'string', enum: ['c'] });
    expect(sanitizeJsonSchema({ const: null })).toStrictEqual({ type: 'string', enum: [null] });
  });

  test('filters a type array to its valid names, keeping order and duplicates', () => {
    expect(sanitizeJsonSchema({ type: ['string', 'foo', 'null', 'null'] })).toStrictEqual({
      type: ['string', 'null', 'null'],
    });
  });

  test('writes a single remaining type back as a string', () => {
    expect(sanitizeJsonSchema({ type: ['integer', 7] })).toStrictEqual({ type: 'integer' });
  });

  test('stops without inferring when there is no valid type and a ref or composition key is present', () => {
    expect(sanitizeJsonSchema({ type: 'foo', $ref: '#/x', properties: {} })).toStrictEqual({
      type: 'foo',
      $ref: '#/x',
      properties: {},
    });
    expect(sanitizeJsonSchema({ anyOf: null, description: 'd' })).toStrictEqual({ anyOf: null, description: 'd' });
  });

  test.each([
    [{ properties: {} }, 'object'],
    [{ required: [] }, 'object'],
    [{ additionalProperties: false }, 'object'],
    [{ items: {} }, 'array'],
    [{ prefixItems: [] }, 'array'],
    [{ enum: [1, 2] }, 'string'],
    [{ format: 'date' }, 'string'],
    [{ minimum: 1 }, 'number'],
    [{ maximum: 1 }, 'number'],
    [{ exclusiveMinimum: 1 }, 'number'],
    [{ exclusiveMaximum: 1 }, 'number'],
    [{ multipleOf: 2 }, 'number'],
    [{ properties: null, items: {} }, 'object'],
    [{ format: 'x', minimum: 0 }, 'string'],
  ])('infers the type of %j as %s, first rule wins', (input, type) => {
    expect((sanitizeJsonSchema(input) as { type: string }).type).toBe(type);
  });

  test('infers from every keyword the exported TYPE_INFERENCE_RULES list, and only as it says', () => {
    // The rules are applied from keyword bits gathered during the copy: the table and the bits must agree.
    for (const rule of TYPE_INFERENCE_RULES) {
      for (const key of rule.keys) {
        expect((sanitizeJsonSchema({ [key]: null }) as { type?: string }).type, key).toBe(rule.type);
      }
    }
  });

  test('empties a schema with no type and nothing to infer from, description and title included', () => {
    expect(sanitizeJsonSchema({ description: 'Ticket', title: 'T', pattern: 'x' })).toStrictEqual({});
  });

  test('infers a type over an invalid type value', () => {
    expect(sanitizeJsonSchema({ type: 'foo', properties: {} })).toStrictEqual({ type: 'object', properties: {} });
  });

  test('adds default properties and items for object and array types, unions included', () => {
    expect(sanitizeJsonSchema({ type: ['object', 'array', 'null'] })).toStrictEqual({
      type: ['object', 'array', 'null'],
      properties: {},
      items: { type: 'string' },
    });
  });

  test('treats a key present with null as present for defaults', () => {
    expect(sanitizeJsonSchema({ type: 'object', properties: null })).toStrictEqual({
      type: 'object',
      properties: null,
    });
  });

  test('keeps properties on an explicitly typed string schema (no inference over a valid type)', () => {
    expect(sanitizeJsonSchema({ type: 'string', properties: { a: {} } })).toStrictEqual({
      type: 'string',
      properties: { a: {} },
    });
  });

  test('applies defaults despite $ref or compositions when the type is valid', () => {
    expect(sanitizeJsonSchema({ type: 'object', $ref: '#/$defs/A' })).toStrictEqual({
      type: 'object',
      $ref: '#/$defs/A',
      properties: {},
    });
  });

  test('never looks inside not, if/then/else, patternProperties or enum values', () => {
    const input = {
      type: 'object',
      properties: {},
      not: true,
      if: { description: 'x' },
      // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, not a thenable
      then: false,
      patternProperties: { '.*': true },
      enum: [{ const: 1 }],
    };
    expect(sanitizeJsonSchema(input)).toStrictEqual(input);
  });

  test('does not modify a frozen input', () => {
    const input = deepFreeze({ properties: { a: true, b: { const: 1 } } });
    expect(sanitizeJsonSchema(input)).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string', enum: [1] } },
    });
  });
});
