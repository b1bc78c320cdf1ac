import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { JsonValue } from '../../src/schema/json.js';
import { parsePrunedToolInputSchema } from '../../src/schema/pipeline.js';
import { CollectedRefs } from '../../src/schema/ref-collection.js';
import { pruneInPlace, pruneWithCollectedRefs } from '../../src/schema/refs.js';
import { sanitizeCollectingRefs, sanitizeJsonSchema } from '../../src/schema/sanitize.js';
import { parseMcpToolWithReport, prepareMcpInputSchema } from '../../src/tools/mcp.js';
import { PROPERTY_RUNS, schemaShaped } from '../helpers/arbitraries.js';
import { readConformanceCases } from '../helpers/conformance.js';
import { openApiToolSchema } from '../helpers/openapi-arbitrary.js';
import { openApiServerToolSchema } from '../helpers/openapi-servers.js';

/** The sanitized value and the refs its copy collected. */
function collect(input: unknown): { value: JsonValue; refs: CollectedRefs } {
  const refs = new CollectedRefs();
  return { value: sanitizeCollectingRefs(input, refs), refs };
}

/** The pipeline's prune from the refs the copy collected, and the walking prune, on the same input. */
function bothPrunes(input: unknown): { collected: string; walked: string; exact: boolean } | undefined {
  let walked: JsonValue;
  try {
    walked = pruneInPlace(sanitizeJsonSchema(input));
  } catch {
    // A value the copy rejects is rejected by both: nothing to prune.
    expect(() => collect(input)).toThrow();
    return undefined;
  }
  const { value, refs } = collect(input);
  return {
    collected: JSON.stringify(pruneWithCollectedRefs(value, refs)),
    walked: JSON.stringify(walked),
    exact: refs.exact,
  };
}

function expectSamePrune(input: unknown): boolean {
  const both = bothPrunes(input);
  if (both === undefined) return false;
  expect(both.collected).toBe(both.walked);
  return both.exact;
}

/** No budget a test input reaches: the raw value is the pruned one, uncompacted. */
const UNBOUNDED = { budgetBytes: Number.MAX_SAFE_INTEGER, keepRaw: true };

/**
 * An MCP tool's input schema as its whole-tool copy prunes it, and as the walking prune does
 * (then decoded, as the tool is: a schema that does not decode fails both);
 * the tool's `outputSchema` (copied in the same walk, before the input) holds refs and tables of
 * its own that must not count.
 */
function expectSameToolPrune(inputSchema: unknown): void {
  const outputSchema = { $ref: '#/$defs/Out', $defs: { Out: { $ref: '#/$defs/A' }, A: { type: 'string' } } };
  let walked: string;
  try {
    const pruned = pruneInPlace(sanitizeJsonSchema(prepareMcpInputSchema(inputSchema)));
    walked = JSON.stringify(parsePrunedToolInputSchema(pruned, UNBOUNDED, true, false).raw);
  } catch {
    expect(() => parseMcpToolWithReport({ name: 't', outputSchema, inputSchema }, UNBOUNDED)).toThrow();
    return;
  }
  const { raw } = parseMcpToolWithReport({ name: 't', outputSchema, inputSchema }, UNBOUNDED);
  expect(JSON.stringify(raw)).toBe(walked);
}

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/conformance/${name}`, import.meta.url));

// SPEC §1.4, followed from the refs the sanitizing copy noted (src/schema/ref-collection.ts).
describe('pruning from the refs the sanitizing copy collected', () => {
  test('keeps what the walking prune keeps on every schema of both corpora and the generated set', () => {
    const inputs = [
      ...readConformanceCases(fixture('corpus-mcp.jsonl')),
      ...readConformanceCases(fixture('corpus-other.jsonl.br')),
    ].map((testCase) => testCase.input);
    // The generated set bench/generated.ts times: OpenAPI server shapes and deep $defs chains.
    inputs.push(
      ...fc.sample(openApiServerToolSchema, { numRuns: 500, seed: 2025 }),
      ...fc.sample(openApiToolSchema, { numRuns: 500, seed: 2026 }),
    );
    let withDefinitions = 0;
    let exact = 0;
    for (const input of inputs) {
      if (typeof input === 'object' && input !== null && ('$defs' in input || 'definitions' in input))
        withDefinitions++;
      if (expectSamePrune(input)) exact++;
    }
    // The inputs do exercise pruning, and nearly all of them without the walking fallback.
    expect(withDefinitions).toBeGreaterThan(1_000);
    expect(exact / inputs.length).toBeGreaterThan(0.99);
  });

  test('keeps what the walking prune keeps on random schema-shaped values', () => {
    fc.assert(
      fc.property(schemaShaped, (input) => {
        expectSamePrune(input);
      }),
      { numRuns: PROPERTY_RUNS * 5 },
    );
  });

  test.each([
    [
      'a ref in not, an enum literal and an unknown keyword of a reached definition',
      {
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: {
          A: {
            type: 'object',
            not: { $ref: '#/$defs/B' },
            enum: [{ $ref: '#/$defs/C' }],
            'x-extra': { $ref: '#/$defs/D' },
          },
          B: { type: 'string' },
          C: { type: 'string' },
          D: { type: 'string' },
          E: { type: 'string' },
        },
      },
      ['A', 'B', 'C', 'D'],
    ],
    [
      'refs in not, prefixItems, an unknown keyword and a nested table of the root part seed nothing',
      {
        type: 'object',
        not: { $ref: '#/$defs/A' },
        prefixItems: [{ $ref: '#/$defs/B' }],
        'x-extra': { $ref: '#/$defs/C' },
        properties: { p: { type: 'object', $defs: { N: { $ref: '#/$defs/D' } } } },
        $defs: { A: { type: 'string' }, B: { type: 'string' }, C: { type: 'string' }, D: { type: 'string' } },
      },
      undefined,
    ],
    [
      'a reached definition’s nested table is searched whole',
      {
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: { A: { type: 'object', $defs: { N: { $ref: '#/definitions/B' } } } },
        definitions: { B: { type: 'string' }, C: { type: 'string' } },
      },
      ['A'],
    ],
    [
      'an object sanitize empties takes its refs with it',
      {
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: { A: { type: 'object', properties: { q: { 'x-ref': { $ref: '#/$defs/B' } } } }, B: { type: 'string' } },
      },
      ['A'],
    ],
    [
      'a property named $ref is a ref inside a definition, not in the root part',
      {
        properties: { $ref: { type: 'string' }, a: { $ref: '#/$defs/A' } },
        $defs: {
          A: { type: 'object', properties: { $ref: '#/$defs/B' } },
          B: { type: 'string' },
          C: { type: 'string' },
        },
      },
      ['A', 'B'],
    ],
    [
      'a definition named __proto__, reached through its ref',
      {
        properties: { a: { $ref: '#/$defs/__proto__' } },
        $defs: JSON.parse('{"__proto__": {"type": "string"}, "B": {"type": "string"}}') as unknown,
      },
      ['__proto__'],
    ],
    [
      'a chain through both tables, refs in items, additionalProperties and a composition',
      {
        type: 'object',
        properties: {
          list: { items: { $ref: '#/$defs/A' } },
          map: { additionalProperties: { anyOf: [{ $ref: '#/definitions/B' }] } },
        },
        $defs: { A: { $ref: '#/definitions/C' }, Unused: { $ref: '#/$defs/A' } },
        definitions: { B: { type: 'string' }, C: { oneOf: [{ $ref: '#/$defs/A' }] } },
      },
      ['A'],
    ],
  ])('%s', (_name, input, keptDefs) => {
    expectSamePrune(input);
    if (keptDefs !== undefined) {
      const { value, refs } = collect(input);
      const pruned = pruneWithCollectedRefs(value, refs) as { $defs?: Record<string, unknown> };
      expect(Object.keys(pruned.$defs ?? {})).toStrictEqual(keptDefs);
    }
  });

  test('a table that is not an object inside a definition makes it prune by walking, with the same result', () => {
    const input = {
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { type: 'object', $defs: [{ $ref: '#/$defs/B' }] }, B: { type: 'string' } },
    };
    const { refs } = collect(input);
    expect(refs.exact).toBe(false);
    expectSamePrune(input);
  });

  test('a collector records an entry’s refs and nothing for an entry it never met', () => {
    const refs = new CollectedRefs();
    refs.entryRefs.push('#/$defs/B', '#/$defs/C');
    refs.addEntry('$defs', 'A', 0, 2);
    const noted: string[] = [];
    expect(refs.forEachEntryRef('$defs', 'A', (ref) => noted.push(ref))).toBe(true);
    expect(refs.forEachEntryRef('definitions', 'A', (ref) => noted.push(ref))).toBe(false);
    expect(noted).toStrictEqual(['#/$defs/B', '#/$defs/C']);
  });
});

describe('an MCP tool prunes from the refs its whole-tool copy collected', () => {
  test('as the walking prune does on every MCP corpus schema and the generated set', () => {
    const inputs = readConformanceCases(fixture('corpus-mcp.jsonl')).map((testCase) => testCase.input);
    inputs.push(
      ...fc.sample(openApiServerToolSchema, { numRuns: 200, seed: 2025 }),
      ...fc.sample(openApiToolSchema, { numRuns: 200, seed: 2026 }),
    );
    for (const input of inputs) expectSameToolPrune(input);
  });

  test('as the walking prune does on random schema-shaped values', () => {
    fc.assert(
      fc.property(schemaShaped, (input) => {
        expectSameToolPrune(input);
      }),
      { numRuns: PROPERTY_RUNS * 2 },
    );
  });

  test('a typeless root without properties keeps only the definitions its properties reach', () => {
    const inputSchema = {
      description: 'no type, no properties',
      allOf: [{ $ref: '#/$defs/A' }],
      $defs: { A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } }, B: { type: 'string' }, C: {} },
    };
    expectSameToolPrune(inputSchema);
    const { raw } = parseMcpToolWithReport({ name: 't', inputSchema }, UNBOUNDED);
    expect(Object.keys((raw as { $defs: object }).$defs)).toStrictEqual(['A', 'B']);
  });
});
