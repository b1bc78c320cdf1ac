// The fidelity compaction policy (issue 15): what it keeps against the reference, within the budget, by tokens too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { shortenDescription } from '../../src/schema/compaction/fidelity.js';
import { explainToolInputSchema } from '../../src/schema/explain.js';
import { parseToolInputSchema, parseToolInputSchemaWithoutCompaction } from '../../src/schema/pipeline.js';
import { jsonByteLength } from '../../src/schema/size.js';
import { readCorpusTools } from '../helpers/corpus.js';
import { inventory, keptShare, mean, median } from '../helpers/fidelity-metrics.js';

const BUDGET = 5_000;
const corpus = readFileSync(fileURLToPath(new URL('../fixtures/conformance/corpus-mcp.jsonl', import.meta.url)), 'utf8')
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
    const deep = (n: number) => ({
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { type: 'string' }])),
    });
    const input = {
      type: 'object',
      properties: { needed: deep(20), extra: deep(20) },
      required: ['needed'],
    };
    const schema = parseToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes: 700 }) as {
      properties: Record<string, { type?: string; properties?: object }>;
    };
    expect(schema.properties.extra).toStrictEqual({ type: 'object', properties: {} });
    expect(Object.keys(schema.properties.needed?.properties ?? {})).toHaveLength(20);
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
