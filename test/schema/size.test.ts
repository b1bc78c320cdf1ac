import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ToolSchemaError } from '../../src/errors.js';
import { decodeAndMeasure } from '../../src/schema/compaction/driver.js';
import {
  boundedTextExcessBytes,
  decodeAndMeasureRawSchema,
  measureRawSchema,
} from '../../src/schema/compaction/measure.js';
import type { JsonValue } from '../../src/schema/json.js';
import { pruneInPlace } from '../../src/schema/refs.js';
import { sanitizeJsonSchema } from '../../src/schema/sanitize.js';
import { jsonByteLength, jsonByteLowerBound, stringByteLength } from '../../src/schema/size.js';
import { readConformanceCases } from '../helpers/conformance.js';

const utf8Length = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

describe('jsonByteLength', () => {
  test('a value written by hand that holds itself, nests past the stack or throws is a ToolSchemaError', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    let deep: unknown = 'x';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    const throwing = {
      get a(): number {
        throw new Error('getter exploded');
      },
    };
    for (const [value, code] of [
      [cyclic, 'too_deep'],
      [deep, 'too_deep'],
      [throwing, 'unreadable_value'],
    ] as const) {
      let thrown: unknown;
      try {
        jsonByteLength(value as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ToolSchemaError);
      expect((thrown as ToolSchemaError).code).toBe(code);
    }
  });

  test.each([
    ['ascii', 'plain text'],
    ['quotes and backslashes', 'a "quoted" \\ path'],
    ['short escapes', '\b\f\n\r\t'],
    ['other controls', '\u0000\u0001\u001f'],
    ['two-byte characters', 'café ñ'],
    ['three-byte characters', '日本語 €'],
    ['surrogate pairs', '😀 𝄞'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
    ['DEL and U+2028', '\u007f\u2028'],
    ['line breaks far apart (the regex hops between them)', `${'x'.repeat(40)}\n`.repeat(12)],
    ['dense three-byte text (past the switch to a loop)', `${'日本語テキスト'.repeat(4)}😀😀`],
    ['dense escapes, then plain text and one more', `${'"\\'.repeat(10)}${'a'.repeat(50)}é`],
    ['surrogate pairs and a lone one around the switch to a loop', `${'😀'.repeat(6)}a\ud800${'😀'.repeat(6)}\udc00`],
  ])('counts a string with %s exactly as UTF-8 JSON', (_name, text) => {
    expect(jsonByteLength(text)).toBe(utf8Length(text));
  });

  test('measures the same string the same way twice in a row (no search state is left behind)', () => {
    const text = `${'x'.repeat(30)}\n${'y'.repeat(30)}`;
    expect([stringByteLength(text), stringByteLength(text)]).toEqual([utf8Length(text), utf8Length(text)]);
    expect(stringByteLength('\n')).toBe(4);
  });

  test('counts nested values, numbers and literals exactly', () => {
    const value = { a: [1, -0, 1.5e300, 0.1, true, false, null], 'k"é': { nested: [[], {}] }, s: 'x' };
    expect(jsonByteLength(value)).toBe(utf8Length(value));
  });

  test('skips undefined members as JSON.stringify does', () => {
    const value = { a: undefined, b: 1 };
    expect(jsonByteLength(value)).toBe(utf8Length(value));
  });

  test('counts own enumerable keys only, in their order, as JSON.stringify does', () => {
    const value = Object.create({ inherited: 'not counted' }) as Record<string, unknown>;
    value.b = 1;
    value[2] = 'two';
    value.a = { nested: Object.create({ deeper: true }) };
    Object.defineProperty(value, 'hidden', { value: 'not counted', enumerable: false });
    expect(jsonByteLength(value)).toBe(utf8Length(value));
    expect(utf8Length(value)).toBe('{"2":"two","b":1,"a":{"nested":{}}}'.length);
  });
});

describe('jsonByteLowerBound', () => {
  test.each([
    [['a', 'é', '😀', '"\\', '\u0001']],
    [{ 'k"é': [1, null, true, { x: 'y' }], plain: 'ascii' }],
    ['just text'],
    [42],
  ])('bounds %j: lower ≤ exact ≤ lower + 5 × text units, exact for plain ASCII', (value) => {
    const text = { units: 0 };
    const lower = jsonByteLowerBound(value as JsonValue, text);
    const exact = utf8Length(value);
    expect(lower).toBeLessThanOrEqual(exact);
    expect(exact).toBeLessThanOrEqual(lower + 5 * text.units);
  });

  test('is exact for ASCII text without escapes', () => {
    const value = { a: ['plain', 'text'], b: 'ok' };
    expect(jsonByteLowerBound(value, { units: 0 })).toBe(utf8Length(value));
  });
});

describe('decodeAndMeasureRawSchema', () => {
  function expectBounds(raw: JsonValue) {
    const { schema, lowerBytes, textUnits } = decodeAndMeasureRawSchema(raw);
    const exact = utf8Length(schema);
    expect(lowerBytes).toBeLessThanOrEqual(exact);
    expect(exact).toBeLessThanOrEqual(lowerBytes + 5 * textUnits);
    if (textUnits === 0) expect(lowerBytes).toBe(exact);
    // What compaction uses when the bounds cannot decide: the model's strings close the gap exactly.
    if (schema === undefined) throw new Error('no build limit was given, so the model must be built');
    expect(lowerBytes + boundedTextExcessBytes(schema)).toBe(exact);
    return { lowerBytes, textUnits, exact };
  }

  test.each([
    [{}],
    [{ type: 'object', properties: {} }],
    [
      {
        $ref: '#/$defs/A"é',
        type: ['string', 'null'],
        description: 'd\n😀\u0001',
        encrypted: false,
        enum: [1, 'x', null, { a: [] }],
      },
    ],
    [
      {
        items: { type: 'string' },
        required: ['a', 'b'],
        additionalProperties: false,
        anyOf: [{}, { type: 'integer' }],
        oneOf: [],
        allOf: [{}],
      },
    ],
    [
      {
        properties: { 'p"1': { additionalProperties: { type: 'number' } } },
        $defs: { A: {} },
        definitions: {},
        encrypted: true,
        title: 'dropped',
      },
    ],
  ])('bounds the size of the decoded %j: lower ≤ exact ≤ lower + 5 × text, and lower + text excess = exact', (raw) => {
    expectBounds(raw as JsonValue);
  });

  test('is exact for ASCII text without escapes', () => {
    const { lowerBytes, exact } = expectBounds({
      type: 'object',
      description: 'plain',
      properties: { a: { $ref: '#/x' } },
    });
    expect(lowerBytes).toBe(exact);
  });

  test('bounds every decodable conformance input', () => {
    const file = fileURLToPath(new URL('../fixtures/conformance/cases.jsonl', import.meta.url));
    let measured = 0;
    for (const { input } of readConformanceCases(file)) {
      let raw: JsonValue;
      try {
        raw = pruneInPlace(sanitizeJsonSchema(input));
        decodeAndMeasureRawSchema(raw);
      } catch {
        continue;
      }
      expectBounds(raw);
      measured++;
    }
    expect(measured).toBeGreaterThan(100);
  });
});

describe('decodeAndMeasureRawSchema with a build limit', () => {
  const wide = {
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`p${index}`, { type: 'string' }])),
  } as JsonValue;

  test('builds the whole model while the schema stays within the limit', () => {
    const { schema, lowerBytes } = decodeAndMeasureRawSchema(wide, { buildLimitBytes: 5_000 });
    expect(schema).toEqual(decodeAndMeasureRawSchema(wide).schema);
    expect(lowerBytes).toBe(utf8Length(wide));
  });

  test('gives no model past the limit, but still the whole measure', () => {
    const { schema, lowerBytes, facts } = decodeAndMeasureRawSchema(wide, { buildLimitBytes: 100 });
    expect(schema).toBeUndefined();
    expect(lowerBytes).toBe(utf8Length(wide));
    expect(facts).toEqual(decodeAndMeasureRawSchema(wide).facts);
  });

  test('still reports an invalid schema after the limit is passed', () => {
    const invalid = { ...(wide as object), additionalProperties: 'no' } as JsonValue;
    expect(() => decodeAndMeasureRawSchema(invalid, { buildLimitBytes: 100 })).toThrow(
      expect.objectContaining({ code: 'invalid_schema', path: '/additionalProperties' }),
    );
  });
});

describe('withoutDescriptions', () => {
  test('is the size of the schema with every description removed, commas included', () => {
    const raw = {
      type: 'object',
      description: 'root',
      properties: { a: { description: 'only field' }, b: { type: 'string', description: 'é' } },
      $defs: { D: { description: 'in a table', type: 'integer' } },
    } as JsonValue;
    const stripped = {
      type: 'object',
      properties: { a: {}, b: { type: 'string' } },
      $defs: { D: { type: 'integer' } },
    };
    expect(measureRawSchema(raw, { exactText: true }).withoutDescriptions).toEqual({
      lowerBytes: utf8Length(stripped),
      textUnits: 0,
    });
    const { lowerBytes, textUnits } = measureRawSchema(stripped as JsonValue);
    expect(measureRawSchema(raw).withoutDescriptions).toEqual({ lowerBytes, textUnits });
  });
});

describe('decodeAndMeasure', () => {
  const text = { type: 'object', description: 'é'.repeat(100) };

  test('gives exact bytes when asked, or lets the bounds decide', () => {
    expect(decodeAndMeasure(text as JsonValue, 5_000, true)).toMatchObject({
      bytes: utf8Length({ type: 'object', description: 'é'.repeat(100) }),
      fits: true,
    });
    expect(decodeAndMeasure(text as JsonValue, 5_000, false)).toMatchObject({ bytes: undefined, fits: true });
  });

  test('scans the text when the bounds cannot decide, and gives the exact size only when asked', () => {
    // lower = 134, upper = 634: budgets of 200 and 234 need the text scanned (exact size 234).
    expect(decodeAndMeasure(text as JsonValue, 200, false)).toMatchObject({ bytes: undefined, fits: false });
    expect(decodeAndMeasure(text as JsonValue, 233, false)).toMatchObject({ bytes: undefined, fits: false });
    expect(decodeAndMeasure(text as JsonValue, 234, false)).toMatchObject({ bytes: undefined, fits: true });
    expect(decodeAndMeasure(text as JsonValue, 200, true)).toMatchObject({ bytes: 234, fits: false });
  });
});
