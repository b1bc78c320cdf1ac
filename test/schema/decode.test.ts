import { describe, expect, test } from 'vitest';
import { SchemaSizeTally } from '../../src/schema/compaction/measure.js';
import { decodeObserved, decodeRawSchema, decodeToolInputSchema } from '../../src/schema/decode.js';
import type { JsonValue } from '../../src/schema/json.js';
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

  test('names the path of the first invalid value after valid siblings, whichever decoding finds it', () => {
    // Valid members first (a consuming decoding has written their models over them by then),
    // then an invalid value deep in a table, a list and items.
    const input = (): JsonValue => ({
      type: 'object',
      properties: {
        a: { type: 'string', description: 'd', format: 'x' },
        b: { items: { anyOf: [{ type: 'integer', minimum: 1 }, { type: ['string', 'nope'] }] } },
        c: { description: 5 },
      },
      $defs: { A: { type: 'string' } },
    });
    const path = '/properties/b/items/anyOf/1/type/1';
    const decodings: [string, (raw: JsonValue) => unknown][] = [
      ['copying', (raw) => decodeRawSchema(raw)],
      ['consuming', (raw) => decodeRawSchema(raw, undefined, true)],
      ['measuring', (raw) => decodeObserved(raw, new SchemaSizeTally(false), true, 50, false)],
      ['validating only, descriptions dropped', (raw) => decodeObserved(raw, undefined, false, Infinity, true)],
    ];
    for (const [name, decode] of decodings) {
      const error = thrownToolSchemaError(() => decode(input()));
      expect([name, error.code, error.path, error.message]).toStrictEqual([
        name,
        'invalid_schema',
        path,
        expect.stringContaining('found a string "nope"'),
      ]);
    }
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

describe('a validating walk told where to stop', () => {
  /** A root with `count` properties, each a small object with a child. */
  const wide = (count: number): JsonValue => ({
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: count }, (_, index) => [
        `p${index}`,
        { type: 'object', properties: { x: { type: 'string' } } },
      ]),
    ),
  });

  test('stops reading once the bytes it counted pass the limit, and reads to the end without one', () => {
    const whole = new SchemaSizeTally(true);
    decodeObserved(wide(1_000), whole, false, -1, false);
    const stopped = new SchemaSizeTally(true);
    decodeObserved(wide(1_000), stopped, false, -1, false, undefined, false, false, 500);
    expect(stopped.bytes).toBeGreaterThan(500);
    // It stopped within a member or two of the limit, far short of the whole.
    expect(stopped.bytes).toBeLessThan(600);
    expect(whole.bytes).toBeGreaterThan(30_000);
    expect(whole.facts.maxDepth).toBe(2);
  });

  test('a walk that builds the model reads it all, whatever the limit', () => {
    const tally = new SchemaSizeTally(true);
    const model = decodeObserved(wide(100), tally, true, Number.POSITIVE_INFINITY, false, undefined, false, false, 500);
    expect(Object.keys((model as { properties: object }).properties)).toHaveLength(100);
    expect(tally.bytes).toBe(JSON.stringify(wide(100)).length);
  });
});
