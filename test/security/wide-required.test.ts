// A wide object with a long `required` list, at 1,000 and 10,000 properties, through every walk
// that asks whether a property is required (issue 25: linear at every size and shape). Each of
// these searched the whole list once per property: 50,000 ref properties took 2.9 s on OpenAI
// strict, and 40,000 took 3–4.6 s through checkStrictOutputSchema and 2.7 s through the repair
// of a required list written under `properties`.
import { describe, expect, test } from 'vitest';
import { checkStrictOutputSchema, convertMcpTools, type McpToolLike } from '../../src/index.js';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { recursiveDefinitionSeen, strictDepthLowerBound } from '../../src/providers/strict-depth-bound.js';
import type { JsonObject, JsonValue } from '../../src/schema/json.js';
import { countListSearches } from '../helpers/count-calls.js';

/** Past this many compared elements a walk is quadratic at 10,000 names (linear ones stay far under). */
const LIMIT = 2_000_000;

const namesOf = (count: number) => Array.from({ length: count }, (_, index) => `p${index}`);

/** An object of `count` properties made by `property`, every one required (listed last first). */
function wideObject(count: number, property: (index: number) => JsonValue): JsonObject {
  const properties: JsonObject = {};
  for (let index = 0; index < count; index++) properties[`p${index}`] = property(index);
  return { type: 'object', properties, required: namesOf(count).reverse(), additionalProperties: false };
}

/** Elements searched at 1,000 and at 10,000 properties: linear work grows about 10×, quadratic 100×. */
function searchedAt(work: (count: number) => void): { small: number; large: number } {
  const small = countListSearches(LIMIT, () => work(1_000));
  const large = countListSearches(LIMIT, () => work(10_000));
  return { small, large };
}

function expectLinear({ small, large }: { small: number; large: number }): void {
  expect(large).toBeLessThanOrEqual(20 * small + 1_000);
}

/** The wide object under a root property, its properties refs to one definition. */
function refsTool(count: number): McpToolLike {
  const inner = wideObject(count, () => ({ $ref: '#/$defs/Leaf' }));
  return {
    name: 'wide',
    inputSchema: { type: 'object', properties: { inner }, $defs: { Leaf: { type: 'string' } } },
  } as McpToolLike;
}

// A budget the wide tools fit in: the default one would drop the definitions (SPEC §1.5, pass 2).
const UNCOMPACTED = { budgetBytes: 1e9 };

describe('a wide required list is searched in linear time, not once per property (issue 25)', () => {
  test('OpenAI strict: the depth bound reads whether each ref property is optional', () => {
    const prepared = (count: number): JsonObject => ({
      type: 'object',
      properties: { inner: wideObject(count, () => ({ $ref: '#/$defs/Leaf' })) },
      $defs: { Leaf: { type: 'string' } },
    });
    expect(strictDepthLowerBound(prepared(3))).toBe(3);
    expectLinear(searchedAt((count) => strictDepthLowerBound(prepared(count))));
    expectLinear(searchedAt((count) => recursiveDefinitionSeen(prepared(count))));
  });

  test('convertMcpTools on OpenAI and Anthropic strict, refs in every property', () => {
    for (const target of ['openai-responses', 'openai-chat', 'anthropic'] as const) {
      const [result] = convertMcpTools([refsTool(200)], { target, strict: true, ...UNCOMPACTED }).results;
      expect(result?.ok && result.strict, target).toBe(true);
      expectLinear(searchedAt((count) => convertMcpTools([refsTool(count)], { target, strict: true, ...UNCOMPACTED })));
    }
  });

  test('a root union of wide objects, merged for strict', () => {
    const tool = (count: number): McpToolLike =>
      ({
        name: 'union',
        inputSchema: {
          type: 'object',
          anyOf: [
            wideObject(count, () => ({ type: 'string' })),
            { ...wideObject(count, () => ({ type: 'string' })), required: namesOf(count / 2) },
          ],
        },
      }) as McpToolLike;
    const [converted] = convertMcpTools([tool(100)], { target: 'openai-chat', strict: true, ...UNCOMPACTED }).tools;
    expect(converted?.function.parameters?.required).toHaveLength(100);
    expectLinear(
      searchedAt((count) => convertMcpTools([tool(count)], { target: 'openai-chat', strict: true, ...UNCOMPACTED })),
    );
  });

  test('a required list written under properties, moved to the object’s own list', () => {
    const tool = (count: number): McpToolLike => {
      const schema = wideObject(count, () => ({ type: 'string' }));
      (schema.properties as JsonObject).required = namesOf(count);
      return { name: 'misplaced', inputSchema: schema } as McpToolLike;
    };
    const [converted] = convertMcpTools([tool(10)], { target: 'openai-responses', ...UNCOMPACTED }).tools;
    expect(converted?.parameters?.required).toHaveLength(10);
    expectLinear(searchedAt((count) => convertMcpTools([tool(count)], { target: 'openai-responses', ...UNCOMPACTED })));
  });

  test('checkStrictOutputSchema', () => {
    expect(checkStrictOutputSchema(wideObject(10, () => ({ type: 'string' })))).toStrictEqual([]);
    expectLinear(searchedAt((count) => checkStrictOutputSchema(wideObject(count, () => ({ type: 'string' })))));
  });

  test('the provider rules the lint command checks, on OpenAI and Anthropic strict tools', () => {
    const openai = (count: number) => [
      {
        type: 'function',
        name: 't',
        description: '',
        parameters: wideObject(count, () => ({ type: 'string' })),
        strict: true,
      },
    ];
    const anthropic = (count: number) => [
      { name: 't', description: '', input_schema: wideObject(count, () => ({ type: 'string' })), strict: true },
    ];
    expect(checkProviderTools('openai-responses', openai(10))).toStrictEqual([]);
    expectLinear(searchedAt((count) => checkProviderTools('openai-responses', openai(count))));
    expectLinear(searchedAt((count) => checkProviderTools('anthropic', anthropic(count))));
  });
});
