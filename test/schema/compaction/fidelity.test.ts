// The fidelity compaction policy (issue 15): what it keeps against the reference, within the budget, by tokens too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../../src/providers/convert-tools.js';
import { shortenDescription } from '../../../src/schema/compaction/fidelity.js';
import { explainToolInputSchema } from '../../../src/schema/explain.js';
import { parseToolInputSchema, parseToolInputSchemaWithoutCompaction } from '../../../src/schema/pipeline.js';
import { jsonByteLength } from '../../../src/schema/size.js';
import { readCorpusTools } from '../../helpers/corpus.js';
import { inventory, keptShare, mean, median } from '../../helpers/fidelity-metrics.js';
import { openApiToolSchema } from '../../helpers/openapi-arbitrary.js';
import { openApiServerToolSchema } from '../../helpers/openapi-servers.js';

const BUDGET = 5_000;
const corpus = readFileSync(
  fileURLToPath(new URL('../../fixtures/conformance/corpus-mcp.jsonl', import.meta.url)),
  'utf8',
)
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line) as { id: string; input: unknown });

/** The corpus schemas the reference compacts at the default budget, with what each policy keeps. */
function compactedSchemas() {
  const rows = [];
  for (const { id, input } of corpus) {
    let full: unknown;
    try {
      full = parseToolInputSchemaWithoutCompaction(input);
    } catch {
      continue;
    }
    if (jsonByteLength(full as never) <= BUDGET) continue;
    const before = inventory(full as never);
    const keep = (schema: unknown) => {
      const after = inventory(schema as never);
      return {
        paths: keptShare(before.paths, after.paths),
        pathCount: after.paths.size,
        descriptions: keptShare(before.descriptions, after.descriptions),
        enumValues: keptShare(before.enumValues, after.enumValues),
        bytes: jsonByteLength(schema as never),
      };
    };
    rows.push({
      id,
      reference: keep(parseToolInputSchema(input)),
      fidelity: keep(parseToolInputSchema(input, { compactionPolicy: 'fidelity' })),
    });
  }
  return rows;
}

describe('the fidelity policy on the corpus schemas the reference compacts (5,000 B)', () => {
  const rows = compactedSchemas();

  test('keeps at least 85% of property paths, 40% of descriptions and 90% of enum values on average', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(mean(rows.map((row) => row.fidelity.paths))).toBeGreaterThanOrEqual(0.85);
    expect(mean(rows.map((row) => row.fidelity.descriptions))).toBeGreaterThanOrEqual(0.4);
    expect(mean(rows.map((row) => row.fidelity.enumValues))).toBeGreaterThanOrEqual(0.9);
    // The reference for comparison (the README's table): it keeps no description at all.
    expect(mean(rows.map((row) => row.reference.descriptions))).toBe(0);
  });

  test('lands every schema within the budget, with a median of at least 80% of it', () => {
    for (const row of rows) expect(row.fidelity.bytes, row.id).toBeLessThanOrEqual(BUDGET);
    expect(median(rows.map((row) => row.fidelity.bytes))).toBeGreaterThanOrEqual(0.8 * BUDGET);
  });

  test('keeps no fewer property paths than the reference on any schema', () => {
    for (const row of rows) expect(row.fidelity.pathCount, row.id).toBeGreaterThanOrEqual(row.reference.pathCount);
  });
});

/**
 * What each policy keeps of generated schemas over `budgetBytes` (400 of each generator, fixed
 * seed), as mean shares of the uncompacted schema's paths, descriptions and enum values.
 */
function generatedShares(arbitrary: fc.Arbitrary<unknown>, budgetBytes: number) {
  const shares = { count: 0, paths: [] as number[], descriptions: [] as number[], enumValues: [] as number[] };
  let dominated = 0;
  for (const input of fc.sample(arbitrary, { numRuns: 400, seed: 42 })) {
    const full = parseToolInputSchemaWithoutCompaction(input);
    if (jsonByteLength(full) <= budgetBytes) continue;
    const before = inventory(full as never);
    const fidelity = parseToolInputSchema(input, { budgetBytes, compactionPolicy: 'fidelity' });
    const reference = parseToolInputSchema(input, { budgetBytes });
    expect(jsonByteLength(fidelity)).toBeLessThanOrEqual(budgetBytes);
    const kept = inventory(fidelity as never);
    const theirs = inventory(reference as never);
    if (
      jsonByteLength(reference) <= budgetBytes &&
      (kept.paths.size < theirs.paths.size ||
        kept.descriptions.size < theirs.descriptions.size ||
        kept.enumValues.size < theirs.enumValues.size)
    )
      dominated++;
    shares.count++;
    shares.paths.push(keptShare(before.paths, kept.paths));
    shares.descriptions.push(keptShare(before.descriptions, kept.descriptions));
    shares.enumValues.push(keptShare(before.enumValues, kept.enumValues));
  }
  return {
    count: shares.count,
    dominated,
    paths: mean(shares.paths),
    descriptions: mean(shares.descriptions),
    enumValues: mean(shares.enumValues),
  };
}

// The README's table of generated schemas: these floors sit just under what was measured, so a
// change that gives up more than a point of any measure fails here. At 5,000 B every goal (85%
// of paths, 40% of descriptions, 90% of enum values) is met on both sets; at 2,000 B most of these
// schemas are over budget even without a single description.
describe('the fidelity policy on generated OpenAPI-style schemas', () => {
  const servers = 'Graph, Notion, Stripe and Salesforce shapes';
  const chains = 'deep $defs chains with long enums at every level';
  test.each([
    { name: servers, arbitrary: openApiServerToolSchema, budget: 5_000, paths: 0.95, descriptions: 0.68, enums: 0.9 },
    { name: servers, arbitrary: openApiServerToolSchema, budget: 2_000, paths: 0.69, descriptions: 0.32, enums: 0.63 },
    { name: chains, arbitrary: openApiToolSchema, budget: 5_000, paths: 0.99, descriptions: 0.7, enums: 0.92 },
    { name: chains, arbitrary: openApiToolSchema, budget: 2_000, paths: 0.71, descriptions: 0.43, enums: 0.66 },
  ])('$name at $budget B: keeps at least the pinned shares, never fewer than the reference', (row) => {
    const measured = generatedShares(row.arbitrary as fc.Arbitrary<unknown>, row.budget);
    expect(measured.count).toBeGreaterThan(200);
    expect(measured.dominated).toBe(0);
    expect(measured.paths).toBeGreaterThanOrEqual(row.paths);
    expect(measured.descriptions).toBeGreaterThanOrEqual(row.descriptions);
    expect(measured.enumValues).toBeGreaterThanOrEqual(row.enums);
  });
});

/** Notion's colour list, as a value list several properties repeat. */
const colours = ['default', 'gray', 'brown', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink', 'red'];

/** An object of twelve colour properties, each made by `property`. */
function colourObject(property: (index: number) => object) {
  return {
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`colour_${index}`, property(index)])),
  };
}

describe('the fidelity policy', () => {
  test('leaves a schema within budget exactly as the reference does (it never enters compaction)', () => {
    for (const { input } of corpus.slice(0, 300)) {
      let reference: unknown;
      try {
        if (jsonByteLength(parseToolInputSchemaWithoutCompaction(input) as never) > BUDGET) continue;
        reference = parseToolInputSchema(input);
      } catch {
        continue;
      }
      expect(parseToolInputSchema(input, { compactionPolicy: 'fidelity' })).toStrictEqual(reference);
    }
  });

  test('writes a list of values several schemas repeat once, as a definition each refers to, losing nothing', () => {
    const input = {
      ...colourObject((index) => ({ type: 'string', enum: colours, description: `Colour of part ${index}.` })),
      required: ['colour_0'],
    };
    const full = parseToolInputSchemaWithoutCompaction(input);
    const budgetBytes = 1_400;
    expect(jsonByteLength(full)).toBeGreaterThan(budgetBytes);
    const report = explainToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes });
    const final = report.final as { $defs: Record<string, unknown>; properties: Record<string, unknown> };
    expect(report.finalBytes).toBeLessThanOrEqual(budgetBytes);
    expect(final.$defs).toEqual({ colour_0_values: { type: 'string', enum: colours } });
    expect(final.properties.colour_7).toEqual({ $ref: '#/$defs/colour_0_values', description: 'Colour of part 7.' });
    // Every path, description and value is still there for the model.
    const before = inventory(full as never);
    const after = inventory(report.final as never);
    expect(after.paths).toEqual(before.paths);
    expect(after.descriptions).toEqual(before.descriptions);
    expect(after.enumValues).toEqual(before.enumValues);
    expect(report.compaction?.passes.map((pass) => pass.name)).toStrictEqual(['share_enums']);
    expect(new Set(report.changes.filter((change) => change.stage === 'compact').map((change) => change.kind))).toEqual(
      new Set(['enum_shared']),
    );
    // A second compaction changes nothing; a provider without refs gets the values back in place.
    expect(parseToolInputSchema(report.final, { compactionPolicy: 'fidelity', budgetBytes })).toStrictEqual(
      report.final,
    );
    const gemini = convertMcpTools([{ name: 'paint', inputSchema: input }], {
      target: 'gemini',
      compactionPolicy: 'fidelity',
      budgetBytes,
    });
    const parameters = (gemini.tools[0] as { parameters: { properties: Record<string, { enum?: unknown }> } })
      .parameters;
    expect(parameters.properties.colour_3?.enum).toEqual(colours);
    expect(gemini.resolveToolCall('paint', { colour_0: 'red' })).toMatchObject({ ok: true });
    expect(gemini.resolveToolCall('paint', { colour_0: 'teal' })).toMatchObject({ ok: false });
  });

  test('writes a subtree several properties repeat once, each use keeping its own description', () => {
    const money = {
      type: 'object',
      properties: { amount: { type: 'integer', description: 'In cents.' }, currency: { type: 'string' } },
      required: ['amount', 'currency'],
    };
    const input = {
      type: 'object',
      properties: Object.fromEntries(
        ['price', 'tax', 'shipping', 'discount', 'total', 'refund'].map((name) => [
          name,
          { ...money, description: `The ${name}.` },
        ]),
      ),
    };
    const full = parseToolInputSchemaWithoutCompaction(input);
    const budgetBytes = 700;
    expect(jsonByteLength(full)).toBeGreaterThan(budgetBytes);
    const report = explainToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes });
    const final = report.final as { $defs: Record<string, unknown>; properties: Record<string, unknown> };
    expect(report.finalBytes).toBeLessThanOrEqual(budgetBytes);
    expect(report.compaction?.passes.map((pass) => pass.name)).toStrictEqual(['share_subtrees']);
    expect(final.$defs).toEqual({ price_shape: money });
    expect(final.properties.refund).toEqual({ $ref: '#/$defs/price_shape', description: 'The refund.' });
    const before = inventory(full as never);
    const after = inventory(report.final as never);
    expect(after).toEqual(before);
    expect(parseToolInputSchema(report.final, { compactionPolicy: 'fidelity', budgetBytes })).toStrictEqual(
      report.final,
    );
  });

  test('shares nothing for a target that inlines refs again, and shares for one that keeps them', () => {
    const money = {
      type: 'object',
      properties: { amount: { type: 'integer', description: 'In cents.' }, currency: { type: 'string' } },
    };
    const inputSchema = {
      type: 'object',
      properties: Object.fromEntries(
        ['price', 'tax', 'shipping', 'discount', 'total', 'refund'].map((n) => [n, money]),
      ),
    };
    const tools = [{ name: 'charge', inputSchema }];
    const options = { compactionPolicy: 'fidelity', budgetBytes: 600 } as const;
    const passes = (target: 'portable' | 'gemini' | 'openai-responses' | 'anthropic') => {
      const [result] = convertMcpTools(tools, { ...options, target }).results;
      return result?.ok === true ? result.compactionPasses : [];
    };
    expect(passes('portable')).not.toContain('share_subtrees');
    expect(passes('gemini')).not.toContain('share_subtrees');
    expect(passes('openai-responses')).toContain('share_subtrees');
    expect(passes('anthropic')).toContain('share_subtrees');
    expect(() => parseToolInputSchema(inputSchema, { shareRepeated: 'no' as never })).toThrowError(
      expect.objectContaining({ code: 'invalid_option', path: '/shareRepeated' }),
    );
  });

  test('shares a list only with lists that say the same besides: a default stays with its list', () => {
    const input = colourObject((index) =>
      index % 2 === 0 ? { type: 'string', enum: colours } : { type: 'string', enum: colours, default: 'red' },
    );
    const report = explainToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes: 900 });
    const raw = report.decoded as { $defs: Record<string, unknown>; properties: Record<string, { $ref?: string }> };
    expect(Object.values(raw.$defs)).toEqual([
      { type: 'string', enum: colours },
      { type: 'string', enum: colours, default: 'red' },
    ]);
    expect(raw.properties.colour_0?.$ref).not.toBe(raw.properties.colour_1?.$ref);
    expect(raw.properties.colour_3?.$ref).toBe(raw.properties.colour_1?.$ref);
  });

  test('leaves a list of values repeated too few times to save bytes where it is', () => {
    const input = {
      type: 'object',
      description: 'x'.repeat(600),
      properties: { a: { type: 'string', enum: ['x', 'y'] }, b: { type: 'string', enum: ['x', 'y'] } },
    };
    const report = explainToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes: 300 });
    expect(report.compaction?.passes.map((pass) => pass.name)).not.toContain('share_enums');
    expect((report.final as { properties: { a: unknown } }).properties.a).toEqual({ type: 'string', enum: ['x', 'y'] });
  });

  test('shortens a long description before removing any, and reports it by path in explain', () => {
    const long = 'Search the index. '.repeat(400);
    const input = { type: 'object', properties: { q: { type: 'string', description: long } } };
    const report = explainToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes: 1_000 });
    const final = report.final as { properties: { q: { description: string } } };
    expect(final.properties.q.description.length).toBeGreaterThan(100);
    expect(report.finalBytes).toBeLessThanOrEqual(1_000);
    expect(
      report.changes.filter((change) => change.stage === 'compact').map((change) => [change.kind, change.path]),
    ).toStrictEqual([['description_shortened', '/properties/q/description']]);
    expect(report.compaction?.passes.map((pass) => pass.name)).toStrictEqual(['shorten_descriptions']);
  });

  test('collapses optional subtrees before required ones, keeping names and types', () => {
    // Different names: two equal subtrees would be written once instead (share_subtrees).
    const deep = (n: number, prefix: string) => ({
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, { type: 'string' }])),
    });
    const input = {
      type: 'object',
      properties: { needed: deep(20, 'f'), extra: deep(20, 'g') },
      required: ['needed'],
    };
    const schema = parseToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes: 700 }) as {
      properties: Record<string, { type?: string; properties?: object }>;
    };
    expect(schema.properties.extra).toStrictEqual({ type: 'object', properties: {} });
    expect(Object.keys(schema.properties.needed?.properties ?? {})).toHaveLength(20);
  });

  test('keeps the descriptions when collapsing one large subtree is what brings the schema within budget', () => {
    // Over budget even without any description: the steps before gave every description up first.
    const input = {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'The name of the thing.' },
        id: { type: 'string', description: 'The id.' },
        extra: {
          type: 'object',
          properties: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field_${i}`, { type: 'string' }])),
        },
      },
    };
    const schema = parseToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes: 300 }) as {
      properties: Record<string, { description?: string; properties?: object }>;
    };
    expect(jsonByteLength(schema)).toBeLessThanOrEqual(300);
    expect(schema.properties.name?.description).toBe('The name of the thing.');
    expect(schema.properties.id?.description).toBe('The id.');
    expect(schema.properties.extra).toStrictEqual({ type: 'object', properties: {} });
  });

  test('explain lists only the steps of the result it returns (not those of the reference it was compared with)', () => {
    const tool = corpus.find(({ id }) => id.endsWith('monday-api-mcp/update_doc.json'));
    const report = explainToolInputSchema(tool?.input, { compactionPolicy: 'fidelity' });
    const steps = new Set(report.compaction?.passes.map((pass) => pass.name));
    expect(steps.has('drop_least_valuable')).toBe(true);
    expect(steps.has('strip_descriptions')).toBe(false);
    const compact = report.changes.filter((change) => change.stage === 'compact');
    expect(compact.length).toBeGreaterThan(0);
    for (const change of compact) expect(steps.has(change.pass as never), change.path).toBe(true);
    // Each change is a real difference of the step's input: nothing the schema already had is "added".
    for (const change of compact)
      expect(
        change.after === undefined ||
          change.kind === 'description_shortened' ||
          change.kind === 'subtree_collapsed' ||
          change.kind === 'subtree_shared',
        change.path,
      ).toBe(true);
    const kinds = new Set(compact.map((change) => change.kind));
    expect([...kinds].sort()).toStrictEqual([
      'description_shortened',
      'description_stripped',
      'subtree_collapsed',
      'subtree_shared',
    ]);
  });

  test('inlines a definition used once instead of emptying its ref', () => {
    const input = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' }, big: { type: 'string', description: 'x'.repeat(300) } },
      $defs: { A: { type: 'object', properties: { id: { type: 'string' } } } },
    };
    const schema = parseToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes: 250 }) as Record<
      string,
      unknown
    >;
    expect(schema.$defs).toBeUndefined();
    expect((schema.properties as Record<string, unknown>).a).toStrictEqual({
      type: 'object',
      properties: { id: { type: 'string' } },
    });
  });

  test('rejects an unknown policy with a ToolSchemaError naming the option', () => {
    expect(() => parseToolInputSchema({}, { compactionPolicy: 'max' as never })).toThrowError(
      expect.objectContaining({ code: 'invalid_option', path: '/compactionPolicy' }),
    );
  });
});

describe('shortenDescription', () => {
  test.each([
    ['keeps short text', 'Find a file.', 50, 'Find a file.'],
    [
      'keeps whole sentences that fill most of the room',
      'One two three. Four five six. Seven.',
      30,
      'One two three. Four five six.',
    ],
    ['cuts on a word with an ellipsis otherwise', 'alpha beta gamma delta epsilon', 17, 'alpha beta gamma…'],
    ['folds whitespace', '  a\n\n b  ', 10, 'a b'],
  ])('%s', (_name, text, max, expected) => {
    expect(shortenDescription(text, max)).toBe(expected);
  });
});

describe('a budget in tokens', () => {
  test('--budget-tokens 1000: every corpus tool\u2019s wire JSON is within 1,000 o200k tokens', () => {
    const tools = readCorpusTools();
    const conversion = convertMcpTools(tools, {
      compactionPolicy: 'fidelity',
      budgetTokens: 1_000,
      countTokens,
      descriptionLimit: 1_000,
    });
    expect(conversion.summary.failed).toBe(0);
    const over = conversion.tools.filter((tool) => countTokens(JSON.stringify(tool)) > 1_000).map((tool) => tool.name);
    expect(over).toStrictEqual([]);
  });

  test('parseToolInputSchema with budgetTokens lands the schema within the tokens', () => {
    const input = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 300 }, (_, i) => [`p${i}`, { type: 'string', description: `field ${i}` }]),
      ),
    };
    const schema = parseToolInputSchema(input, { compactionPolicy: 'fidelity', budgetTokens: 500, countTokens });
    expect(countTokens(JSON.stringify(schema))).toBeLessThanOrEqual(500);
  });

  test('budgetTokens without countTokens is an invalid_option error', () => {
    expect(() => parseToolInputSchema({}, { budgetTokens: 10 })).toThrowError(
      expect.objectContaining({ code: 'invalid_option', path: '/countTokens' }),
    );
  });
});
