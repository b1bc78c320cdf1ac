// Anthropic strict, a list of 20 tools or fewer: a tool sure to hold more optional parameters than
// a request's budget (24) is converted once, non-strict, instead of strict and then again (issue
// 25). The bound that decides it must never exceed what the strict conversion writes, or a tool
// the budget could take would be sent non-strict.
import fc from 'fast-check';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { capturedEntries } from '../../bench/captured.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { strictOptionalPropertiesLowerBound } from '../../src/providers/strict-depth-bound.js';
import { measureStrictRequestCost } from '../../src/providers/strict-limits.js';
import type { JsonObject, JsonValue } from '../../src/schema/json.js';
import type { McpToolLike } from '../../src/tools/mcp.js';
import { PROPERTY_RUNS } from '../helpers/arbitraries.js';
import { readCorpusTools } from '../helpers/corpus.js';
import { frameworkShapedEntries } from '../helpers/framework-shaped.js';
import { openApiToolSchema } from '../helpers/openapi-arbitrary.js';
import { openApiServerToolSchema } from '../helpers/openapi-servers.js';
import { zodTools } from '../helpers/zod-tools.js';

const seen = vi.hoisted(() => ({
  conversions: 0,
  /** Measure instead of decide: the bound of each raw schema, and the strict conversion made anyway. */
  measuring: false,
  bounds: new Map<unknown, number>(),
  pairs: [] as { bound: number; optional: number }[],
}));

vi.mock('../../src/providers/strict-depth-bound.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/providers/strict-depth-bound.js')>();
  return {
    ...original,
    strictOptionalPropertiesLowerBound: (raw: JsonValue, booleanSchemas?: boolean, stopAbove?: number) => {
      if (!seen.measuring) return original.strictOptionalPropertiesLowerBound(raw, booleanSchemas, stopAbove);
      seen.bounds.set(raw, original.strictOptionalPropertiesLowerBound(raw, booleanSchemas));
      return 0;
    },
  };
});

vi.mock('../../src/providers/convert-schema.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/providers/convert-schema.js')>();
  return {
    ...original,
    convertSchemaForTarget: (...args: Parameters<typeof original.convertSchemaForTarget>) => {
      seen.conversions++;
      const converted = original.convertSchemaForTarget(...args);
      const bound = seen.bounds.get(args[0]);
      // Only a conversion strict mode serves spends the budget.
      if (args[1].strict && bound !== undefined && converted.strictBlockers.length === 0)
        seen.pairs.push({ bound, optional: measureStrictRequestCost(converted.schema, converted.keyLists).optional });
      return converted;
    },
  };
});

beforeEach(() => {
  seen.conversions = 0;
  seen.measuring = false;
  seen.bounds.clear();
  seen.pairs = [];
});

/**
 * An object of `count` optional string properties, each described: a bare `{"type": "string"}`
 * may be a server's `false` as sanitize writes it, which the bound does not count.
 */
function optionalStrings(count: number): JsonObject {
  const text = { type: 'string', description: 'A filter.' };
  return { type: 'object', properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`o${i}`, text])) };
}

/** Converts each tool alone, Anthropic strict, with the bound measured and never used. */
function measureEach(tools: readonly McpToolLike[]): { bound: number; optional: number }[] {
  seen.measuring = true;
  for (const tool of tools) convertMcpTools([tool], { target: 'anthropic', strict: true });
  seen.measuring = false;
  return seen.pairs;
}

describe('a tool sure to be over the optional budget alone, in a short list', () => {
  test('is converted once, non-strict, with the budget warning that says what it holds', () => {
    const filters = { type: 'object', properties: { filters: optionalStrings(30) }, required: ['filters'] };
    const conversion = convertMcpTools(
      [
        { name: 'small', inputSchema: optionalStrings(2) },
        { name: 'filters', inputSchema: filters },
      ],
      { target: 'anthropic', strict: true },
    );
    expect(conversion.results.map((result) => result.ok && result.strict)).toStrictEqual([true, false]);
    expect(seen.conversions).toBe(2);
    const [, over] = conversion.results;
    const message =
      'sent non-strict: Anthropic allows 20 strict tools, 24 optional and 16 union parameters per request, and cheaper tools use them (this one has 30 optional, 0 union)';
    expect(over?.ok ? over.warnings : undefined).toStrictEqual([{ path: '/inputSchema', message }]);
    expect(over?.ok ? over.changes.at(-1) : undefined).toStrictEqual({
      kind: 'strict_fallback',
      path: '/inputSchema',
      message,
    });
    // The same tool as the non-strict conversion sends it.
    const [, loose] = convertMcpTools(
      [
        { name: 'small', inputSchema: optionalStrings(2) },
        { name: 'filters', inputSchema: filters },
      ],
      { target: 'anthropic' },
    ).results;
    expect(over?.ok && loose?.ok && over.tool).toStrictEqual(loose?.ok && loose.tool);
  });

  test('a tool of 24 optional parameters, the budget exactly, is still tried and served strict', () => {
    const conversion = convertMcpTools([{ name: 'edge', inputSchema: optionalStrings(24) }], {
      target: 'anthropic',
      strict: true,
    });
    expect(conversion.results[0]?.ok && conversion.results[0].strict).toBe(true);
    expect(seen.conversions).toBe(1);
  });

  test('optional parameters of the definitions its plain refs reach count, each definition once', () => {
    const $defs = { Filters: optionalStrings(15), Other: optionalStrings(40) };
    const uses = (filters: JsonObject) => ({
      type: 'object',
      properties: { a: filters, b: { type: 'array', items: filters }, c: { $ref: '#/$defs/Filters' } },
      required: ['a', 'b', 'c'],
      $defs,
    });
    // Reached three times, counted once.
    expect(strictOptionalPropertiesLowerBound(uses({ $ref: '#/$defs/Filters', description: 'Which.' }))).toBe(15);
    // Not followed: a ref with a keyword beside it that may merge, a pointer into a definition,
    // a ref to a table the root lacks.
    expect(strictOptionalPropertiesLowerBound(uses({ $ref: '#/$defs/Filters', anyOf: [{}] }))).toBe(15);
    const into = { type: 'object', properties: { a: { $ref: '#/$defs/Other/properties/o1' } }, $defs };
    expect(strictOptionalPropertiesLowerBound(into)).toBe(1);
    expect(strictOptionalPropertiesLowerBound({ ...into, properties: { a: { $ref: '#/definitions/Other' } } })).toBe(1);
    // A recursive ring of definitions ends: each definition is read once.
    const ring = {
      type: 'object',
      properties: { head: { $ref: '#/$defs/Node' } },
      required: ['head'],
      $defs: {
        Node: {
          ...optionalStrings(3),
          properties: { ...(optionalStrings(3).properties as JsonObject), next: { $ref: '#/$defs/Node' } },
        },
      },
    };
    expect(strictOptionalPropertiesLowerBound(ring)).toBe(4);
  });

  test('a short list of tools whose definitions hold more optional parameters than the budget is converted once each', () => {
    // Recursive too: strict would refuse it after a whole conversion.
    const ring = (name: string) => ({
      name,
      inputSchema: {
        type: 'object',
        properties: { head: { $ref: '#/$defs/Node' } },
        required: ['head'],
        $defs: {
          Node: {
            type: 'object',
            properties: { ...(optionalStrings(30).properties as JsonObject), next: { $ref: '#/$defs/Node' } },
          },
        },
      },
    });
    const conversion = convertMcpTools([ring('a'), ring('b')], { target: 'anthropic', strict: true });
    expect(conversion.summary.strict).toBe(0);
    expect(seen.conversions).toBe(2);
  });

  test('optional parameters the strict conversion may reshape are not counted', () => {
    const reshaped = (node: JsonObject) => ({ type: 'object', properties: { a: node }, required: ['a'] });
    const items = { type: 'array', items: optionalStrings(30) };
    // Counted: nested plain objects, and array items.
    expect(strictOptionalPropertiesLowerBound(reshaped(optionalStrings(30)))).toBe(30);
    expect(strictOptionalPropertiesLowerBound(reshaped(items))).toBe(30);
    // Not counted: under a ref, composition, enum or condition, or properties that may be forbidden.
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      expect(strictOptionalPropertiesLowerBound(reshaped({ ...optionalStrings(30), [keyword]: [{}] }))).toBe(0);
    }
    expect(strictOptionalPropertiesLowerBound(reshaped({ ...optionalStrings(30), $ref: '#/$defs/X' }))).toBe(0);
    expect(strictOptionalPropertiesLowerBound(reshaped({ ...optionalStrings(30), if: {} }))).toBe(0);
    expect(strictOptionalPropertiesLowerBound(reshaped({ ...items, allOf: [{}] }))).toBe(0);
    const forbidden = { type: 'object', properties: { a: {}, b: { type: 'string' }, c: optionalStrings(1) } };
    expect(strictOptionalPropertiesLowerBound(forbidden, true)).toBe(2);
    expect(strictOptionalPropertiesLowerBound(forbidden, false)).toBe(4);
    // Required ones, by a short list or a long one.
    const wide = optionalStrings(40);
    expect(strictOptionalPropertiesLowerBound({ ...wide, required: ['o0', 'o1'] })).toBe(38);
    expect(
      strictOptionalPropertiesLowerBound({ ...wide, required: Array.from({ length: 30 }, (_, i) => `o${i}`) }),
    ).toBe(10);
    expect(strictOptionalPropertiesLowerBound(wide, true, 24)).toBe(25);
  });
});

describe('the bound never exceeds the optional parameters the strict conversion writes', () => {
  const check = (pairs: { bound: number; optional: number }[]) => {
    expect(pairs.length).toBeGreaterThan(0);
    const over = pairs.filter((pair) => pair.bound > pair.optional);
    expect(over).toStrictEqual([]);
    // The bound counts something on real tools: not a bound of zero everywhere.
    expect(pairs.some((pair) => pair.bound > 0)).toBe(true);
  };

  test('on every corpus tool', () => {
    check(measureEach(readCorpusTools()));
  });

  test('on every tool of the captured servers', () => {
    check(measureEach(capturedEntries().map((entry) => entry.tool)));
  });

  test('on framework-shaped and zod tools', () => {
    const tools: McpToolLike[] = [
      ...frameworkShapedEntries(40).map(({ family, schema }, index) => ({
        name: `${family}_${index}`,
        inputSchema: schema as McpToolLike['inputSchema'],
      })),
      ...zodTools(60).map((tool) => ({ name: tool.name, inputSchema: tool.inputSchema as McpToolLike['inputSchema'] })),
    ];
    check(measureEach(tools));
  });

  test('on generated OpenAPI-shaped tools', () => {
    fc.assert(
      fc.property(fc.oneof(openApiToolSchema, openApiServerToolSchema), (schema) => {
        seen.pairs = [];
        seen.bounds.clear();
        measureEach([{ name: 'generated', inputSchema: schema as McpToolLike['inputSchema'] }]);
        for (const pair of seen.pairs) expect(pair.bound).toBeLessThanOrEqual(pair.optional);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
