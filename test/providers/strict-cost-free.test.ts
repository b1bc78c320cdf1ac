// Anthropic strict, a list longer than 20 tools: a tool sure to cost nothing of the request's
// budget (no optional parameter, no union) is converted strict at once instead of non-strict and
// then strict (issue 25). The check that vouches for it must never vouch for a tool whose
// conversion, strict or not, holds an optional parameter or a union.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { capturedEntries } from '../../bench/captured.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { costsNothingOfStrictBudget } from '../../src/providers/strict-cost-free.js';
import { measureStrictRequestCost } from '../../src/providers/strict-limits.js';
import type { JsonObject, JsonValue } from '../../src/schema/json.js';
import type { McpToolLike } from '../../src/tools/mcp.js';
import { PROPERTY_RUNS } from '../helpers/arbitraries.js';
import { readCorpusTools } from '../helpers/corpus.js';
import { frameworkShapedEntries } from '../helpers/framework-shaped.js';
import { openApiToolSchema } from '../helpers/openapi-arbitrary.js';
import { openApiServerToolSchema } from '../helpers/openapi-servers.js';
import { zodTools } from '../helpers/zod-tools.js';

/** Each Anthropic conversion made: whether the check vouched for its schema, and what it wrote. */
const seen = vi.hoisted(() => ({
  records: [] as { tool: string; free: boolean; strict: boolean; served: boolean; optional: number; unions: number }[],
  tool: '',
}));

vi.mock('../../src/providers/convert-schema.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/providers/convert-schema.js')>();
  const { costsNothingOfStrictBudget: check } = await import('../../src/providers/strict-cost-free.js');
  return {
    ...original,
    convertSchemaForTarget: (...args: Parameters<typeof original.convertSchemaForTarget>) => {
      const converted = original.convertSchemaForTarget(...args);
      const cost = measureStrictRequestCost(converted.schema, converted.keyLists);
      seen.records.push({
        tool: seen.tool,
        free: check(args[0]),
        strict: args[1].strict,
        served: converted.strictBlockers.length === 0,
        optional: cost.optional,
        unions: cost.unions,
      });
      return converted;
    },
  };
});

beforeEach(() => {
  seen.records = [];
});

const text = { type: 'string', description: 'A name.' };

/** An object whose every property is required. */
function allRequired(properties: Record<string, JsonValue>): JsonObject {
  return { type: 'object', properties, required: Object.keys(properties) };
}

describe('what the check vouches for', () => {
  test.each<[string, JsonObject]>([
    ['an object without properties', { type: 'object' }],
    [
      'an object of required scalars, annotated and constrained',
      allRequired({ a: text, n: { type: 'integer', minimum: 1 }, b: { type: 'boolean' } }),
    ],
    [
      'closed objects nested in required lists',
      allRequired({ rows: { type: 'array', items: { ...allRequired({ id: text }), additionalProperties: false } } }),
    ],
    [
      'an enum of its own type',
      allRequired({ mode: { type: 'string', enum: ['a', 'b'] }, n: { type: 'integer', enum: [1, 2] } }),
    ],
    [
      'a string format and a default',
      allRequired({ url: { type: 'string', format: 'uri', default: 'https://example.com' } }),
    ],
  ])('%s', (_, schema) => {
    expect(costsNothingOfStrictBudget(schema)).toBe(true);
  });

  test.each<[string, JsonValue]>([
    ['a root that is not an object', { type: 'string' }],
    ['a boolean schema', true],
    ['one optional property', { type: 'object', properties: { a: text, b: text }, required: ['a'] }],
    [
      'an optional property deep in a list',
      allRequired({ rows: { type: 'array', items: { type: 'object', properties: { a: text } } } }),
    ],
    ['a required list of other names', { type: 'object', properties: { a: text }, required: ['b'] }],
    ['a type array', allRequired({ a: { type: ['string', 'null'] } })],
    ['a null type', allRequired({ a: { type: 'null' } })],
    ['no type', allRequired({ a: { description: 'Anything.' } })],
    ['an anyOf', allRequired({ a: { type: 'string', anyOf: [{ minLength: 1 }, { maxLength: 0 }] } })],
    ['an enum with null', allRequired({ a: { type: 'string', enum: ['x', null] } })],
    ['an enum of another type', allRequired({ a: { type: 'string', enum: [1] } })],
    ['a const', allRequired({ a: { type: 'string', const: 'x' } })],
    ['a null default', allRequired({ a: { type: 'string', default: null } })],
    ['extra keys taken', { ...allRequired({ a: text }), additionalProperties: true }],
    ['extra keys of a schema', { ...allRequired({ a: text }), additionalProperties: text }],
    ['a ref and definitions', { ...allRequired({ a: { $ref: '#/$defs/A' } }), $defs: { A: text } }],
    ['a tuple', allRequired({ a: { type: 'array', items: [text] } })],
    ['an array without items', allRequired({ a: { type: 'array' } })],
    ['a keyword of another type', allRequired({ a: { type: 'string', properties: {} } })],
    ['an unknown keyword', allRequired({ a: { type: 'string', 'x-internal': true } })],
  ])('not %s', (_, schema) => {
    expect(costsNothingOfStrictBudget(schema)).toBe(false);
  });

  test('a schema of more nodes than it reads is left to the ranking', () => {
    const wide = (count: number) =>
      allRequired(Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, text])));
    expect(costsNothingOfStrictBudget(wide(150))).toBe(true);
    expect(costsNothingOfStrictBudget(wide(250))).toBe(false);
  });
});

/** Converts each tool alone, Anthropic strict and not; the conversions the check vouched for. */
function vouchedConversions(tools: readonly McpToolLike[]) {
  for (const tool of tools) {
    seen.tool = tool.name;
    convertMcpTools([tool], { target: 'anthropic', strict: true });
    convertMcpTools([tool], { target: 'anthropic' });
  }
  return seen.records.filter((record) => record.free);
}

/** Every vouched conversion is free of the budget; strict ones are served strict. */
function expectNothingSpent(vouched: ReturnType<typeof vouchedConversions>) {
  const spent = vouched.filter(
    (record) => record.optional > 0 || record.unions > 0 || (record.strict && !record.served),
  );
  expect(spent).toStrictEqual([]);
}

describe('a conversion the check vouches for holds no optional parameter and no union, strict or not', () => {
  test('on every corpus tool', () => {
    const vouched = vouchedConversions(readCorpusTools());
    expectNothingSpent(vouched);
    // Real servers have many such tools: the check is not one that never answers.
    expect(new Set(vouched.map((record) => record.tool)).size).toBeGreaterThan(300);
  });

  test('on every tool of the captured servers', () => {
    expectNothingSpent(vouchedConversions(capturedEntries().map((entry) => entry.tool)));
  });

  test('on framework-shaped, zod and pydantic tools', () => {
    const pydantic = readFileSync(new URL('../fixtures/pydantic-tools.jsonl', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as McpToolLike);
    const tools: McpToolLike[] = [
      ...frameworkShapedEntries(40).map(({ family, schema }, index) => ({
        name: `${family}_${index}`,
        inputSchema: schema as McpToolLike['inputSchema'],
      })),
      ...zodTools(60).map((tool) => ({ name: tool.name, inputSchema: tool.inputSchema as McpToolLike['inputSchema'] })),
      ...pydantic,
    ];
    expectNothingSpent(vouchedConversions(tools));
  });

  test('on generated OpenAPI-shaped tools', () => {
    fc.assert(
      fc.property(fc.oneof(openApiToolSchema, openApiServerToolSchema), (schema) => {
        seen.records = [];
        expectNothingSpent(
          vouchedConversions([{ name: 'generated', inputSchema: schema as McpToolLike['inputSchema'] }]),
        );
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
