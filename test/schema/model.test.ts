import { describe, expect, test } from 'vitest';
import {
  allOfSchema,
  anyOfSchema,
  arraySchema,
  booleanSchema,
  encryptedSchema,
  integerSchema,
  nullSchema,
  numberSchema,
  objectSchema,
  oneOfSchema,
  stringEnumSchema,
  stringSchema,
} from '../../src/schema/model.js';
import { parseToolInputSchema } from '../../src/schema/pipeline.js';

describe('schema constructors', () => {
  test('build schemas in the model key order', () => {
    const schema = objectSchema(
      { q: stringSchema({ description: 'query' }), n: integerSchema(), tags: arraySchema(stringSchema()) },
      { required: ['q'], additionalProperties: false, description: 'search' },
    );
    expect(JSON.stringify(schema)).toBe(
      '{"type":"object","description":"search","properties":{"q":{"type":"string","description":"query"},"n":{"type":"integer"},"tags":{"type":"array","items":{"type":"string"}}},"required":["q"],"additionalProperties":false}',
    );
  });

  test.each([
    [numberSchema(), { type: 'number' }],
    [booleanSchema(), { type: 'boolean' }],
    [nullSchema(), { type: 'null' }],
    [stringEnumSchema(['a', 'b']), { type: 'string', enum: ['a', 'b'] }],
    [anyOfSchema([stringSchema(), nullSchema()]), { anyOf: [{ type: 'string' }, { type: 'null' }] }],
    [oneOfSchema([integerSchema()]), { oneOf: [{ type: 'integer' }] }],
    [allOfSchema([objectSchema({})]), { allOf: [{ type: 'object', properties: {} }] }],
  ])('builds %j', (schema, expected) => {
    expect(schema).toStrictEqual(expected);
  });

  test('marks a schema encrypted without modifying the original, and the marker serializes after description', () => {
    const original = stringSchema({ description: 'secret' });
    const marked = encryptedSchema(original);
    expect(JSON.stringify(marked)).toBe('{"type":"string","description":"secret","encrypted":true}');
    expect(original).toStrictEqual({ type: 'string', description: 'secret' });
  });

  test('built schemas are stable under the pipeline (no sanitizing needed)', () => {
    const schema = objectSchema({ a: stringEnumSchema(['x']), b: arraySchema(numberSchema()) }, { required: ['a'] });
    expect(parseToolInputSchema(schema)).toStrictEqual(schema);
  });
});
