import { describe, expect, test } from 'vitest';
import { decodeToolInputSchema } from '../../src/schema/decode.js';
import { thrownToolSchemaError } from '../helpers/errors.js';

// SPEC §1.6
describe('decodeToolInputSchema', () => {
  test('keeps the model keys in serialization order and drops unknown keywords', () => {
    const decoded = decodeToolInputSchema({
      definitions: {},
      title: 'T',
      properties: { a: { type: 'string', format: 'date' } },
      type: 'object',
      $ref: '#/x',
      default: {},
    });
    expect(JSON.stringify(decoded)).toBe(
      '{"$ref":"#/x","type":"object","properties":{"a":{"type":"string"}},"definitions":{}}',
    );
  });

  test('drops known keys whose value is null', () => {
    expect(decodeToolInputSchema({ type: 'object', items: null, description: null, $ref: null })).toStrictEqual({
      type: 'object',
    });
  });

  test('keeps an empty type array and enum values verbatim', () => {
    expect(decodeToolInputSchema({ type: [], enum: [{ a: [1, null] }] })).toStrictEqual({
      type: [],
      enum: [{ a: [1, null] }],
    });
  });

  test.each([
    ['a string root', 'just a string', ''],
    ['a null root', null, ''],
    ['an array root', [], ''],
    ['a numeric description', { description: 5 }, '/description'],
    ['a string encrypted', { encrypted: 'yes' }, '/encrypted'],
    ['a string enum', { enum: 'x' }, '/enum'],
    ['a required with a number', { required: ['a', 1] }, '/required/1'],
    ['an unknown type name', { type: 'foo' }, '/type'],
    ['an unknown type in an array', { type: ['string', 'foo'] }, '/type/1'],
    ['tuple items', { items: [{ type: 'string' }] }, '/items'],
    ['properties as an array', { properties: [] }, '/properties'],
    ['a null property value', { properties: { a: null } }, '/properties/a'],
    ['a null anyOf element', { anyOf: [{}, null] }, '/anyOf/1'],
    ['a null definition', { $defs: { A: null } }, '/$defs/A'],
    ['a string additionalProperties', { additionalProperties: 'yes' }, '/additionalProperties'],
    ['an object oneOf', { oneOf: {} }, '/oneOf'],
    [
      'a nested bad description',
      { properties: { a: { items: { description: 1 } } } },
      '/properties/a/items/description',
    ],
  ])('fails with invalid_schema naming the path for %s', (_name, input, path) => {
    const error = thrownToolSchemaError(() => decodeToolInputSchema(input));
    expect(error.code).toBe('invalid_schema');
    expect(error.path).toBe(path);
  });

  test('rejects a root whose type is exactly null', () => {
    expect(thrownToolSchemaError(() => decodeToolInputSchema({ type: 'null' })).code).toBe('null_root_type');
    expect(decodeToolInputSchema({ type: ['object', 'null'] })).toStrictEqual({ type: ['object', 'null'] });
    expect(decodeToolInputSchema({ properties: { n: { type: 'null' } } })).toStrictEqual({
      properties: { n: { type: 'null' } },
    });
  });

  test('does not check that required names exist', () => {
    expect(decodeToolInputSchema({ type: 'object', required: ['ghost'] })).toStrictEqual({
      type: 'object',
      required: ['ghost'],
    });
  });
});
