import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { copyTallyFor, MAX_COMPACT_SCHEMA_BYTES } from '../../src/schema/compaction/driver.js';
import { CopyState } from '../../src/schema/copy.js';
import { explainToolInputSchema } from '../../src/schema/explain.js';
import type { JsonValue } from '../../src/schema/json.js';
import { hashedCapacity, hashSpan, MAX_PROBES } from '../../src/schema/name-index.js';
import {
  parsePrunedToolInputSchema,
  parseToolInputSchema,
  parseToolInputSchemaWithoutCompaction,
  referenceBudgetBytes,
} from '../../src/schema/pipeline.js';
import { CollectedRefs } from '../../src/schema/ref-collection.js';
import { pruneInPlace, pruneWithCollectedRefs } from '../../src/schema/refs.js';
import { sanitizeCollectingRefs, sanitizeJsonSchema } from '../../src/schema/sanitize.js';
import { parseMcpToolWithReport, prepareMcpInputSchema } from '../../src/tools/mcp.js';
import { PROPERTY_RUNS, schemaShaped } from '../helpers/arbitraries.js';
import { deepFreeze, nestedUnder } from '../helpers/builders.js';
import { readConformanceCases } from '../helpers/conformance.js';
import { countStartsWith } from '../helpers/count-calls.js';
import { thrownToolSchemaError } from '../helpers/errors.js';
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
    [
      'a chain written backwards, each definition referring to the one before it',
      {
        properties: { a: { $ref: '#/$defs/D5' } },
        $defs: {
          D0: { type: 'string' },
          Unused: { $ref: '#/$defs/D0' },
          D1: { items: { $ref: '#/$defs/D0' } },
          D2: { $ref: '#/$defs/D1' },
          D3: { anyOf: [{ $ref: '#/$defs/D2' }] },
          D4: { properties: { p: { $ref: '#/$defs/D3' } } },
          D5: { $ref: '#/$defs/D4' },
        },
      },
      ['D0', 'D1', 'D2', 'D3', 'D4', 'D5'],
    ],
  ])('%s', (_name, input, keptDefs) => {
    expectSamePrune(input);
    if (keptDefs !== undefined) {
      const { value, refs } = collect(input);
      const pruned = pruneWithCollectedRefs(value, refs) as { $defs?: Record<string, unknown> };
      expect(Object.keys(pruned.$defs ?? {})).toStrictEqual(keptDefs);
    }
  });

  // The tables' names are looked up by scanning (up to 8), in a Map, or in a hashed table (from
  // 1,024; names made to collide fall back to a Map): see src/schema/name-index.ts.
  test.each([5, 9, 60, 1_500])(
    'a ring of %i definitions in every order, with encoded, missing and nested refs, keeps what the walking prune keeps',
    (count) => {
      for (const order of ['forward', 'backward', 'shuffled'] as const) {
        const positions = Array.from({ length: count }, (_, index) => index);
        if (order === 'backward') positions.reverse();
        if (order === 'shuffled')
          positions.sort((left, right) => ((left * 7919) % count) - ((right * 7919) % count) || left - right);
        const $defs: Record<string, unknown> = {};
        for (const index of positions) {
          const next = (index + 1) % count;
          $defs[`Def${index}`] = {
            type: 'object',
            properties: {
              next: { $ref: `#/$defs/Def${next}/properties/next` },
              // Every third entry reaches its Enc entry through a percent-encoded ref (`%45` is `E`).
              ...(index % 3 === 0 ? { encoded: { $ref: `#/$defs/%45nc${index}` } } : {}),
              gone: { $ref: `#/$defs/Missing${index}` },
            },
          };
          $defs[`Enc${index}`] = { type: 'string' };
          $defs[`Unused${index}`] = { type: 'object', properties: { back: { $ref: `#/$defs/Def${index}` } } };
        }
        const input = { type: 'object', properties: { start: { $ref: `#/$defs/Def${count - 1}` } }, $defs };
        expectSamePrune(input);
        const { value, refs } = collect(input);
        const kept = Object.keys((pruneWithCollectedRefs(value, refs) as { $defs: object }).$defs);
        // Every ring entry and the encoded refs' entries, in the table's own order; no other.
        expect(kept).toStrictEqual(
          positions.flatMap((index) => (index % 3 === 0 ? [`Def${index}`, `Enc${index}`] : [`Def${index}`])),
        );
      }
    },
  );

  test('a ring of 20,000 definitions is reached with about 10x the name comparisons of a ring of 2,000', () => {
    // Each ref finds its entry with about one comparison (see src/schema/name-index.ts); a scan of
    // the table per ref would be 100x.
    const comparisons = (count: number) => {
      const $defs: Record<string, unknown> = {};
      for (let index = 0; index < count; index++)
        $defs[`Def${index}`] = { type: 'object', properties: { next: { $ref: `#/$defs/Def${(index + 1) % count}` } } };
      const input = { type: 'object', properties: { start: { $ref: '#/$defs/Def0' } }, $defs };
      let kept = 0;
      const calls = countStartsWith(count * 50, () => {
        const { value, refs } = collect(input);
        kept = Object.keys((pruneWithCollectedRefs(value, refs) as { $defs: object }).$defs).length;
      });
      expect(kept).toBe(count);
      return calls;
    };
    const small = comparisons(2_000);
    const large = comparisons(20_000);
    expect(large / small).toBeLessThan(12);
  });

  test('definitions whose names are made to collide in the hashed table are pruned as the walking prune does', () => {
    const mask = hashedCapacity(2_000) - 1;
    const home = hashSpan('C0', 0, 2) & mask;
    const colliding: string[] = [];
    for (let index = 0; colliding.length < MAX_PROBES * 2; index++)
      if ((hashSpan(`C${index}`, 0, `C${index}`.length) & mask) === home) colliding.push(`C${index}`);
    const names = [...colliding, ...Array.from({ length: 2_000 - colliding.length }, (_, index) => `N${index}`)];
    const $defs: Record<string, unknown> = {};
    names.forEach((name, index) => {
      $defs[name] = { type: 'string', description: `refers to ${names[(index + 1) % names.length]}` };
    });
    // Every other colliding name is reached from the root.
    const properties = Object.fromEntries(
      colliding.filter((_, index) => index % 2 === 0).map((name) => [name, { $ref: `#/$defs/${name}` }]),
    );
    const input = { type: 'object', properties, $defs };
    expectSamePrune(input);
    const { value, refs } = collect(input);
    const kept = Object.keys((pruneWithCollectedRefs(value, refs) as { $defs: object }).$defs);
    expect(kept).toStrictEqual(colliding.filter((_, index) => index % 2 === 0));
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

// The copy builds only the root definitions refs reach (sanitize.ts, copyReachedDefinitions);
// the others are read and checked as the copy reads everything: same errors, same byte count.
describe('a root definition nothing refers to is checked, not copied', () => {
  class Point {
    x = 1;
  }
  const throwing = {
    get a() {
      throw new Error('boom');
    },
  };
  const deep = nestedUnder('items', 1_100, { type: 'string' });

  /** The error both parse entries and an MCP tool report for the schema, as code and path. */
  function failures(inputSchema: unknown): string[] {
    return [
      thrownToolSchemaError(() => parseToolInputSchema(inputSchema)),
      thrownToolSchemaError(() => parseToolInputSchemaWithoutCompaction(inputSchema)),
      thrownToolSchemaError(() => parseMcpToolWithReport({ name: 't', inputSchema } as never)),
    ].map((error) => `${error.code} ${error.path}`);
  }

  test.each([
    ['a function', () => 1, 'not_json', '/$defs/U/x'],
    ['a BigInt in a list', [1n], 'not_json', '/$defs/U/x/0'],
    ['NaN', Number.NaN, 'not_json', '/$defs/U/x'],
    ['a class instance', new Point(), 'not_json', '/$defs/U/x'],
    ['a throwing getter', throwing, 'unreadable_value', '/$defs/U/x/a'],
    ['input nested past the limit', deep, 'too_deep', undefined],
  ])('%s in an unreached definition fails as it does in a reached one', (_name, value, code, path) => {
    const unreached = { type: 'object', properties: { a: { type: 'string' } }, $defs: { U: { x: value } } };
    const reached = { type: 'object', properties: { a: { $ref: '#/$defs/U' } }, $defs: { U: { x: value } } };
    const seen = failures(unreached);
    expect(seen).toStrictEqual(failures(reached));
    expect(seen[0]?.startsWith(`${code} ${path ?? '/$defs/U/x'}`)).toBe(true);
    expect(seen[2]?.startsWith(`${code} /inputSchema${path ?? '/$defs/U/x'}`)).toBe(true);
  });

  test('a cyclic unreached definition is too deep, at the path where it closes', () => {
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.properties = { self: cyclic };
    expect(failures({ type: 'object', $defs: { U: cyclic } })).toStrictEqual([
      'too_deep /$defs/U/properties/self',
      'too_deep /$defs/U/properties/self',
      'too_deep /inputSchema/$defs/U/properties/self',
    ]);
  });

  test('a table that is not a plain object fails, whatever refers to it', () => {
    const table = new Map([['A', { type: 'string' }]]);
    expect(failures({ type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: table })[0]).toBe(
      'not_json /$defs',
    );
  });

  test('the first error in member order wins, a definition before the properties that reach it', () => {
    const input = {
      $defs: { A: { type: 'object', x: () => 1 } },
      properties: { a: { $ref: '#/$defs/A' }, b: { type: 'string', y: Symbol('s') } },
    };
    expect(failures(input)[0]).toBe('not_json /$defs/A/x');
    const later = { properties: { b: { y: Symbol('s') } }, $defs: { U: { x: () => 1 } } };
    expect(failures(later)[0]).toBe('not_json /properties/b/y');
  });

  test("an MCP tool's inputBytes counts the definitions pruning drops, undefined members and holes as JSON does", () => {
    // A hole, which JSON writes as null as it does an undefined element.
    const withHole: unknown[] = [];
    withHole[1] = 2;
    const inputSchema = {
      type: 'object',
      properties: { a: { $ref: '#/definitions/A' } },
      $defs: {
        U: { type: 'string', enum: ['é', null, 1.5, true, withHole, [undefined]], skipped: undefined },
        V: false,
      },
      definitions: { A: { type: 'integer' }, B: { items: { $ref: '#/$defs/U' } } },
    };
    const parsed = parseMcpToolWithReport({ name: 't', inputSchema } as never);
    expect(parsed.inputBytes).toBe(Buffer.byteLength(JSON.stringify(inputSchema)));
    expect(parsed.definition.inputSchema).toStrictEqual({
      type: 'object',
      properties: { a: { $ref: '#/definitions/A' } },
      definitions: { A: { type: 'integer' } },
    });
  });

  test('an unreached definition is read once, a reached one once, and the input is left as it was', () => {
    const reads: string[] = [];
    const watched = (name: string, value: unknown) => ({
      get x() {
        reads.push(name);
        return value;
      },
    });
    const input = deepFreeze({
      type: 'object',
      properties: { a: { $ref: '#/$defs/R' } },
      $defs: { R: watched('R', 'string'), U: watched('U', 1) },
    });
    reads.length = 0; // freezing read them too
    const schema = parseToolInputSchema(input);
    expect(reads.sort()).toStrictEqual(['R', 'U']);
    expect(Object.keys(schema.$defs ?? {})).toStrictEqual(['R']);
  });
});

// Root tables compaction is sure to drop (the model without descriptions already past the
// budget before they are filled: passes 1 and 2 run, SPEC §1.5) are copied and let go
// (sanitize.ts, copyReachedDefinitions; CopyState.rootTablesDroppedPast).
describe('root definitions compaction is sure to drop are copied and not kept', () => {
  /** `count` root properties, each referring to one of 50 definitions that refer to each other in a ring. */
  function ringSchema(count: number, definitions: Record<string, unknown> = {}): Record<string, unknown> {
    const $defs: Record<string, unknown> = {};
    for (let index = 0; index < 50; index++)
      $defs[`D${index}`] = {
        type: 'object',
        description: 'One of the ring.',
        properties: { value: { type: 'string' }, next: { $ref: `#/$defs/D${(index + 1) % 50}` } },
      };
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < count; index++)
      properties[`p${index}`] = { $ref: `#/$defs/D${index % 50}`, description: 'A use of the ring.' };
    return { type: 'object', properties, $defs: { ...$defs, ...definitions } };
  }

  /** The sanitizing copy of `input`, measured for the default budget, leaving tables out or not. */
  function copied(input: unknown, leaveOut: boolean) {
    const state = new CopyState();
    const tally = copyTallyFor(undefined);
    state.tally = tally;
    state.bytes = 0;
    if (leaveOut) state.rootTablesDroppedPast = { weights: tally, budgetBytes: MAX_COMPACT_SCHEMA_BYTES };
    const refs = new CollectedRefs();
    const value = sanitizeCollectingRefs(input, refs, state) as Record<string, unknown>;
    const { bytes, textUnits, descriptionBytes, descriptionUnits, facts } = tally;
    return {
      value,
      state,
      measure: { bytes, textUnits, descriptionBytes, descriptionUnits, facts, read: state.bytes },
      refs: { seeds: [...refs.seeds], entryRefs: [...refs.entryRefs], exact: refs.exact },
    };
  }

  test('past the budget, entries are left out, and the measure, the bytes read and the refs are those of the whole copy', () => {
    const input = ringSchema(400);
    const whole = copied(input, false);
    const leftOut = copied(input, true);
    expect(Object.keys(whole.value.$defs as object)).toHaveLength(50);
    expect(leftOut.state.rootEntriesLeftOut).toBe(true);
    // The uses alone weigh more than the budget: every entry is let go, the table stays for pass 2.
    expect(leftOut.value.$defs).toStrictEqual({});
    expect(leftOut.measure).toStrictEqual(whole.measure);
    expect(leftOut.refs).toStrictEqual(whole.refs);
    expect(leftOut.state.tallyHolds).toBe(true);
  });

  test('within the budget so far, entries are kept until the measure passes it', () => {
    // 40 uses weigh less than the budget: the first entries are kept, the rest let go.
    const leftOut = copied(ringSchema(40), true);
    const kept = Object.keys(leftOut.value.$defs as object);
    expect(leftOut.state.rootEntriesLeftOut).toBe(true);
    expect(kept.length).toBeGreaterThan(1);
    expect(kept.length).toBeLessThan(50);
    const small = copied(ringSchema(2), true);
    expect(small.state.rootEntriesLeftOut).toBe(false);
    expect(Object.keys(small.value.$defs as object)).toHaveLength(50);
  });

  test('every entry gives the model explain gives, which copies the input whole', () => {
    for (const count of [2, 40, 400]) {
      const input = ringSchema(count);
      const final = explainToolInputSchema(input).final;
      expect(parseToolInputSchema(input)).toStrictEqual(final);
      expect(parseToolInputSchema(input, { budgetBytes: 5_000 })).toStrictEqual(final);
      expect(parseMcpToolWithReport({ name: 't', inputSchema: input }).definition.inputSchema).toStrictEqual(final);
    }
  });

  test('the generated OpenAPI-style tools parse to what explain gives', () => {
    fc.assert(
      fc.property(openApiServerToolSchema, (input) => {
        const explanation = explainToolInputSchema(input);
        if (explanation.error !== undefined) {
          expect(thrownToolSchemaError(() => parseToolInputSchema(input)).path).toStrictEqual(explanation.error.path);
          return;
        }
        expect(parseToolInputSchema(input)).toStrictEqual(explanation.final);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test.each([
    ['a null property schema', { D10: { type: 'object', properties: { x: null } } }, '/$defs/D10/properties/x'],
    ['a tuple', { D20: { type: 'array', items: [{ type: 'string' }] } }, '/$defs/D20/items'],
    ['required as a string', { D30: { type: 'object', required: 'x' } }, '/$defs/D30/required'],
    ['a description that is a number', { D40: { type: 'string', description: 5 } }, '/$defs/D40/description'],
  ])('a reached definition that does not decode (%s) fails where it is, left out or not', (_name, bad, path) => {
    const input = ringSchema(400, bad);
    expect(copied(input, true).state.tallyHolds).toBe(false);
    const errors = [
      thrownToolSchemaError(() => parseToolInputSchema(input)),
      thrownToolSchemaError(() => parseToolInputSchema(input, { budgetBytes: 2_000 })),
      thrownToolSchemaError(() => parseToolInputSchemaWithoutCompaction(input)),
    ];
    for (const error of errors) expect(`${error.code} ${error.path}`).toBe(`invalid_schema ${path}`);
    const tool = thrownToolSchemaError(() => parseMcpToolWithReport({ name: 't', inputSchema: input }));
    expect(`${tool.code} ${tool.path}`).toBe(`invalid_schema /inputSchema${path}`);
  });

  test("a null root type with a definition that does not decode reports the definition's error, as decode orders them", () => {
    const input = { ...ringSchema(400, { D10: { type: 'object', properties: { x: null } } }), type: 'null' };
    expect(thrownToolSchemaError(() => parseToolInputSchema(input)).path).toBe('/$defs/D10/properties/x');
    const valid = { ...ringSchema(400), type: 'null' };
    expect(thrownToolSchemaError(() => parseToolInputSchema(valid)).message).toMatch(/singleton null type/);
  });

  test('a schema whose definitions all decode is read once; one that fails in a let-go entry is read again, whole, once', () => {
    let reads = 0;
    const watched = (value: unknown) => ({
      type: 'object',
      get properties() {
        reads++;
        return value;
      },
    });
    const valid = ringSchema(400, { W: watched({ a: { type: 'string' } }) });
    (valid.properties as Record<string, unknown>).w = { $ref: '#/$defs/W' };
    parseToolInputSchema(valid);
    expect(reads).toBe(1);
    reads = 0;
    const failing = ringSchema(400, { W: watched({ a: null }) });
    (failing.properties as Record<string, unknown>).w = { $ref: '#/$defs/W' };
    expect(thrownToolSchemaError(() => parseToolInputSchema(failing)).path).toBe('/$defs/W/properties/a');
    expect(reads).toBe(2);
  });

  test('once the measure cannot follow the schema (a typeless object emptied with its own table), nothing is let go, so nothing is read twice', () => {
    let reads = 0;
    const input = ringSchema(400, {
      W: {
        type: 'object',
        get properties() {
          reads++;
          return { a: { type: 'string' } };
        },
      },
    });
    // Sanitize empties it (no type to infer), and the measure had counted its table's entry. It
    // comes first: a use of a definition copied before it, past the budget, would have been
    // written as `{}`, and such a copy is read again (see the test after this describe).
    const properties: Record<string, unknown> = {
      emptied: { $defs: { A: { type: 'string' } } },
      ...(input.properties as object),
    };
    input.properties = properties;
    properties.w = { $ref: '#/$defs/W' };
    expect(copied(input, true).state.rootEntriesLeftOut).toBe(false);
    // With options: the default entry copies such a schema again for reasons of its own (pruning
    // would walk it, see sanitizeAndPrune).
    const options = { budgetBytes: MAX_COMPACT_SCHEMA_BYTES };
    const expected = explainToolInputSchema(input, options).final;
    reads = 0;
    expect(parseToolInputSchema(input, options)).toStrictEqual(expected);
    expect(reads).toBe(1);
  });

  test('the fidelity policy keeps definitions, so nothing is left out for it', () => {
    expect(referenceBudgetBytes({})).toBe(MAX_COMPACT_SCHEMA_BYTES);
    expect(referenceBudgetBytes({ budgetBytes: 123 })).toBe(123);
    expect(referenceBudgetBytes({ compactionPolicy: 'fidelity' })).toBeUndefined();
    expect(referenceBudgetBytes({ budgetBytes: -1 })).toBeUndefined();
    const input = ringSchema(400);
    expect(parseToolInputSchema(input, { compactionPolicy: 'fidelity' })).toStrictEqual(
      explainToolInputSchema(input, { compactionPolicy: 'fidelity' }).final,
    );
  });
});

describe('uses of definitions pass 2 is sure to replace are written as {} by the copy', () => {
  /** `count` root properties, each a described use of one small definition; `extra` adds to each use. */
  function usesSchema(
    count: number,
    ref = '#/$defs/M',
    extra: (index: number) => Record<string, unknown> = () => ({}),
  ): Record<string, unknown> {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < count; index++)
      properties[`p${index}`] = { $ref: ref, description: 'A use of the model.', ...extra(index) };
    return { type: 'object', properties, $defs: { M: { type: 'object', properties: { a: { type: 'string' } } } } };
  }

  function copied(input: unknown, leaveOut: boolean) {
    const state = new CopyState();
    const tally = copyTallyFor(undefined);
    state.tally = tally;
    if (leaveOut) state.rootTablesDroppedPast = { weights: tally, budgetBytes: MAX_COMPACT_SCHEMA_BYTES };
    const refs = new CollectedRefs();
    const value = sanitizeCollectingRefs(input, refs, state) as Record<string, Record<string, unknown>>;
    const { bytes, textUnits, descriptionBytes, descriptionUnits, facts } = tally;
    return {
      value,
      state,
      measure: { bytes, textUnits, descriptionBytes, descriptionUnits, facts },
      refs: { seeds: [...refs.seeds], entryRefs: [...refs.entryRefs], exact: refs.exact },
    };
  }

  const emptyUses = (properties: Record<string, unknown>) =>
    Object.values(properties).filter((use) => Object.keys(use as object).length === 0).length;

  test('once the measure without descriptions passes the budget, later uses are {}; the measure and refs are the whole copy’s', () => {
    const input = usesSchema(1_000);
    const whole = copied(input, false);
    const emptied = copied(input, true);
    expect(emptyUses(whole.value.properties as Record<string, unknown>)).toBe(0);
    // The uses before the verdict are built as they are, for pass 2 to replace.
    expect(emptied.value.properties?.p0).toStrictEqual({ $ref: '#/$defs/M', description: 'A use of the model.' });
    // A use weighs about 26 bytes without its description: past the 200th or so, each is `{}`.
    expect(emptyUses(emptied.value.properties as Record<string, unknown>)).toBeGreaterThan(700);
    expect(emptied.state.definitionRefsEmptied).toBe(true);
    expect(emptied.measure).toStrictEqual(whole.measure);
    expect(emptied.refs).toStrictEqual(whole.refs);
    expect(emptied.state.mustCopyWhole()).toBe(false);
  });

  test('within the budget, no use is emptied', () => {
    const small = copied(usesSchema(20), true);
    expect(emptyUses(small.value.properties as Record<string, unknown>)).toBe(0);
    expect(small.state.definitionRefsEmptied).toBe(false);
  });

  test('refs pass 2 does not replace are kept: the root, nested tables, prefixItems, refs to places', () => {
    const input = usesSchema(400);
    const properties = input.properties as Record<string, unknown>;
    properties.nested = { type: 'object', properties: {}, $defs: { N: { $ref: '#/$defs/M' } } };
    properties.tuple = { type: 'array', prefixItems: [{ $ref: '#/$defs/M' }] };
    properties.place = { $ref: '#/properties/p0' };
    const { value } = copied({ ...input, $ref: '#/$defs/M' }, true);
    const copiedProperties = value.properties as Record<string, Record<string, unknown>>;
    expect(value.$ref).toBe('#/$defs/M');
    expect(copiedProperties.nested?.$defs).toStrictEqual({ N: { $ref: '#/$defs/M' } });
    expect(copiedProperties.place).toStrictEqual({ $ref: '#/properties/p0' });
  });

  const cases: [string, Record<string, unknown>][] = [
    ['uses of one definition', usesSchema(400)],
    ['the table before the properties', (({ $defs, ...rest }) => ({ $defs, ...rest }))(usesSchema(400))],
    [
      '`definitions`, and refs into the other table',
      { ...usesSchema(400, '#/definitions/M'), definitions: { M: { type: 'string' } } },
    ],
    ['percent-encoded refs', usesSchema(400, '#/$defs/%4D')],
    ['refs with an escaped slash', { ...usesSchema(400, '#/$defs/M~1N'), $defs: { 'M/N': { type: 'string' } } }],
    ['refs to a place', usesSchema(400, '#/properties/p0')],
    ['unknown keys beside the ref', usesSchema(400, '#/$defs/M', () => ({ 'x-ref': { $ref: '#/$defs/M' } }))],
    [
      'uses deep in items, anyOf and additionalProperties',
      usesSchema(400, '#/$defs/M', (index) =>
        index % 3 === 0 ? { type: 'array', items: { anyOf: [{ $ref: '#/$defs/M' }, { type: 'null' }] } } : {},
      ),
    ],
    ['a ref at the root', { ...usesSchema(400), $ref: '#/$defs/M' }],
    [
      'refs to no definition, beside a table nothing reaches',
      { ...usesSchema(400, '#/$defs/Missing'), $defs: { U: { type: 'string' } } },
    ],
    ['refs to no definition, with a table that is not an object', { ...usesSchema(400, '#/$defs/Missing'), $defs: 5 }],
    ['refs to no definition, without a table', (({ $defs: _, ...rest }) => rest)(usesSchema(400, '#/$defs/Missing'))],
  ];

  test.each(cases)(
    '%s: every entry gives the model explain gives, which runs each pass on a whole copy',
    (_name, input) => {
      for (const options of [undefined, { budgetBytes: 3_000 }]) {
        const final = explainToolInputSchema(input, options).final;
        expect(parseToolInputSchema(input, options)).toStrictEqual(final);
      }
      const tool = parseMcpToolWithReport({ name: 't', inputSchema: input }, { keepRaw: true });
      expect(tool.definition.inputSchema).toStrictEqual(explainToolInputSchema(input).final);
    },
  );

  test.each([
    ['a type that is a number', { type: 5 }, '/properties/p900/type'],
    ['an enum that is a string', { enum: 'x' }, '/properties/p900/enum'],
  ])('a use past the verdict that does not decode (%s) fails where it is', (_name, bad, path) => {
    const input = usesSchema(1_000, '#/$defs/M', (index) => (index === 900 ? bad : {}));
    expect(copied(input, true).state.mustCopyWhole()).toBe(true);
    for (const thrown of [
      thrownToolSchemaError(() => parseToolInputSchema(input)),
      thrownToolSchemaError(() => parseToolInputSchemaWithoutCompaction(input)),
    ])
      expect(`${thrown.code} ${thrown.path}`).toBe(`invalid_schema ${path}`);
  });

  test('with uses emptied and no root table left for pass 2 to remove, the input is read again, whole, once', () => {
    let reads = 0;
    const watched = (input: Record<string, unknown>) => {
      const properties = input.properties as Record<string, unknown>;
      return {
        ...input,
        get properties() {
          reads++;
          return properties;
        },
      };
    };
    parseToolInputSchema(watched(usesSchema(400)));
    expect(reads).toBe(1);
    reads = 0;
    const dangling = watched({ ...usesSchema(400, '#/$defs/Missing'), $defs: { U: { type: 'string' } } });
    expect(parseToolInputSchema(dangling)).toStrictEqual(explainToolInputSchema(dangling).final);
    expect(reads).toBe(3);
  });

  test('with uses emptied before the measure stops holding, the input is read again, whole, once', () => {
    let reads = 0;
    const input = usesSchema(1_000);
    const uses = input.properties as Record<string, unknown>;
    // Sanitize empties it (no type to infer), and the measure had counted its table's entry.
    const properties = { ...uses, emptied: { $defs: { A: { type: 'string' } } } };
    const watched = {
      ...input,
      get properties() {
        reads++;
        return properties;
      },
    };
    expect(parseToolInputSchema(watched)).toStrictEqual(explainToolInputSchema(watched).final);
    expect(reads).toBe(3);
  });
});
