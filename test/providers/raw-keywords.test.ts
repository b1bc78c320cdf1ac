// Keywords a converter does not rebuild: a tuple (`prefixItems`), and the keywords a JSON Schema
// target takes as they are (`patternProperties`, `contains`, `if`…), written raw. A target
// without prefixItems was sent the tuple's array as `items: {type: "string"}` (sanitize's
// default), so a call with the tuple's numbers was refused; a raw keyword holding a `$ref` left
// it naming a definition the output did not hold.
import { describe, expect, test, vi } from 'vitest';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import type { ConvertedTarget } from '../../src/providers/targets/registry.js';
import { sampleArguments, wireParametersSchema } from '../helpers/provider-arguments.js';

/** A point `[lat, lng]` and a range `[start, count, ...flags]`, as zod's tuples are written (2020-12). */
const tuples = {
  type: 'object',
  properties: {
    point: {
      type: 'array',
      prefixItems: [{ type: 'number', description: 'Latitude' }, { type: 'number' }],
      minItems: 2,
      maxItems: 2,
    },
    range: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: { type: 'boolean' } },
  },
  required: ['point'],
};

/** The member of a wire schema at `keys`, read as the test expects it to be. */
function read<T = unknown>(value: unknown, ...keys: string[]): T {
  let current = value;
  for (const key of keys) current = (current as Record<string, unknown> | undefined)?.[key];
  return current as T;
}

/** The type names of a list of variants, in lower case (Gemini's read back). */
const variantTypes = (value: unknown, ...keys: string[]) =>
  read<{ type: string }[]>(value, ...keys).map((variant) => variant.type.toLowerCase());

function converted(inputSchema: unknown, target: ConvertedTarget, strict = false) {
  const conversion = convertMcpTools([{ name: 't', inputSchema: inputSchema as never }], { target, strict });
  const [result] = conversion.results;
  if (!result?.ok) throw new Error('not converted');
  return { conversion, result, wire: wireParametersSchema(target, result.tool) };
}

describe('a tuple on a target without prefixItems', () => {
  test.each([
    ['openai-responses', true],
    ['openai-chat', true],
    ['anthropic', true],
    ['gemini', false],
    ['portable', false],
  ] as const)('on %s (strict %s) is sent as items any of its elements, the order in words', (target, strict) => {
    const { result, wire, conversion } = converted(tuples, target, strict);
    const point = read(wire, 'properties', 'point');
    expect(read(point, 'prefixItems')).toBeUndefined();
    expect(variantTypes(point, 'items', 'anyOf')).toStrictEqual(['number', 'number']);
    expect(read(point, 'description')).toMatch(/items in this order: number, number/i);
    // What follows the range's elements (its own items) is one more variant.
    expect(variantTypes(wire, 'properties', 'range', 'items', 'anyOf')).toStrictEqual(['string', 'integer', 'boolean']);
    expect(result.changes.filter((change) => change.path.endsWith('/prefixItems'))).toMatchObject([
      { kind: 'keyword_moved', path: '/inputSchema/properties/point/prefixItems' },
      { kind: 'keyword_moved', path: '/inputSchema/properties/range/prefixItems' },
    ]);
    expect(checkProviderTools(target, [result.tool])).toStrictEqual([]);
    // The wire admits the tuple's own values, and the call is checked against the tuple.
    const args = { point: [1.5, 2], range: ['2024-01-01', 3, true] };
    expect(conversion.resolveToolCall('t', args)).toMatchObject({ ok: true, validated: true });
    expect(conversion.resolveToolCall('t', { point: [1.5, 'north'] }).ok).toBe(false);
    expect(sampleArguments(wire)).toBeDefined();
  });

  test('keeps prefixItems on a target that takes it, elements without refs', () => {
    const { wire } = converted(tuples, 'openai-responses');
    expect(read(wire, 'properties', 'point', 'prefixItems')).toStrictEqual(tuples.properties.point.prefixItems);
  });

  test('is items of one schema when its elements are alike', () => {
    const { wire } = converted(
      {
        type: 'object',
        properties: { pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'integer' }] } },
      },
      'gemini',
    );
    expect(read(wire, 'properties', 'pair', 'items')).toStrictEqual({ type: 'integer' });
  });

  test('within tuples is compared shallowly: a chain of nested tuples is written out in linear time', () => {
    // Alike elements are found by their JSON text; writing out every nested element was
    // quadratic in the chain (6.2 MB of text for 400 levels).
    const chain = (levels: number) => {
      let schema: Record<string, unknown> = { type: 'string' };
      for (let level = 0; level < levels; level++)
        schema = { type: 'array', prefixItems: [schema, { type: 'integer' }], minItems: 2, maxItems: 2 };
      return { type: 'object', properties: { t: schema } };
    };
    const written = (levels: number) => {
      const original = JSON.stringify;
      let characters = 0;
      const spy = vi.spyOn(JSON, 'stringify').mockImplementation((...args: Parameters<typeof JSON.stringify>) => {
        const text = original(...args);
        characters += typeof text === 'string' ? text.length : 0;
        return text;
      });
      try {
        const { result } = converted(chain(levels), 'gemini');
        expect(result.ok).toBe(true);
      } finally {
        spy.mockRestore();
      }
      return characters;
    };
    expect(written(320) / written(80)).toBeLessThan(6);
  });

  test('names a single-valued element by its value, at most 40 characters of it', () => {
    const prefixItems = [
      { type: 'string', enum: ['on'] },
      { type: 'string', enum: ['x'.repeat(100_000)] },
    ];
    const { wire } = converted({ type: 'object', properties: { pair: { type: 'array', prefixItems } } }, 'gemini');
    expect(read(wire, 'properties', 'pair', 'description')).toBe(`Items in this order: "on", "${'x'.repeat(38)}….`);
  });

  test('names at most 20 elements in its description', () => {
    const prefixItems = Array.from({ length: 1_000 }, (_, index) => ({ type: index % 2 === 0 ? 'string' : 'number' }));
    const { wire } = converted({ type: 'object', properties: { long: { type: 'array', prefixItems } } }, 'portable');
    expect(read(wire, 'properties', 'long', 'description')).toMatch(/, and 980 more\.$/);
    expect(read(wire, 'properties', 'long', 'items', 'anyOf')).toHaveLength(2);
  });
});

describe('a keyword a JSON Schema target takes as it is, holding a $ref', () => {
  const definitions = { $defs: { Point: { type: 'object', properties: { x: { type: 'number' } } } } };
  test.each([
    ['patternProperties', { type: 'object', patternProperties: { '^p': { $ref: '#/$defs/Point' } } }],
    ['contains', { type: 'array', contains: { $ref: '#/$defs/Point' } }],
    // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword, not a thenable
    ['if', { type: 'object', if: { $ref: '#/$defs/Point' }, then: { required: ['x'] } }],
    ['prefixItems', { type: 'array', prefixItems: [{ $ref: '#/$defs/Point' }, { type: 'string' }] }],
  ])('%s is not written raw, where its ref would name no definition', (keyword, property) => {
    for (const target of ['openai-responses', 'anthropic', 'gemini-json-schema'] as const) {
      const { result, wire } = converted({ type: 'object', properties: { p: property }, ...definitions }, target);
      expect(read(wire, 'properties', 'p', keyword)).toBeUndefined();
      expect(checkProviderTools(target, [result.tool])).toStrictEqual([]);
      expect(result.changes.some((change) => change.path.startsWith(`/inputSchema/properties/p/${keyword}`))).toBe(
        true,
      );
    }
  });

  test('is written raw when it holds no ref', () => {
    const { wire } = converted(
      { type: 'object', properties: { p: { type: 'object', patternProperties: { '^p': { type: 'string' } } } } },
      'anthropic',
    );
    expect(read(wire, 'properties', 'p', 'patternProperties')).toStrictEqual({ '^p': { type: 'string' } });
  });
});
