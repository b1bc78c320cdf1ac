// Over budget even without descriptions, with no ref or root table for pass 2, pass 3 is sure to
// run: the copy then writes the objects it collapses as `{}` (CopyState.collapseSureToRun), and
// the driver measures after pass 3 even where the pass finds nothing left to do. Every result
// here must be what explain, which copies whole and runs each pass on it, shows.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../../src/providers/convert-tools.js';
import type { ProviderTarget } from '../../../src/providers/targets/registry.js';
import { explainToolInputSchema } from '../../../src/schema/explain.js';
import { parseToolInputSchema } from '../../../src/schema/pipeline.js';
import { PROPERTY_RUNS, schemaShaped } from '../../helpers/arbitraries.js';

type Schema = Record<string, unknown>;

/** `count` string leaves with a one-value enum of `width` characters (no description: pass 1 cannot help). */
function leaves(count: number, width = 80): Schema {
  const properties: Schema = {};
  for (let index = 0; index < count; index++)
    properties[`leaf_${index}`] = { type: 'string', enum: [`${index}`.padEnd(width, 'x')] };
  return properties;
}

const object = (properties: Schema, extra: Schema = {}): Schema => ({ type: 'object', properties, ...extra });

/**
 * Most of the schema inside one object at pass 3's depth (root → a → b → x): the measure passes
 * the budget while x is copied, before any other object pass 3 collapses is done, so the copy
 * writes x as `{}` and pass 3 finds nothing left. A shallow union waits for pass 4, which must
 * not run: the schema fits after pass 3.
 */
const allCollapsedByCopy = object({
  choice: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
  a: object({ b: object({ x: object(leaves(80)) }) }),
});

/** Nested lists over budget (the bench's shape): collapsed objects before and after the verdict; pass 4 then runs. */
function nestedLists(lists: number): Schema {
  const properties: Schema = {};
  for (let index = 0; index < lists; index++)
    properties[`list_${index}`] = {
      type: 'array',
      description: 'A list of rows.',
      items: object(
        {
          id: { type: 'string', description: 'The id.' },
          tags: { type: 'array', items: { type: 'string', description: 'A tag.' } },
          rows: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
          either: { anyOf: [{ type: 'string' }, object({ n: { type: 'integer' } })] },
        },
        { required: ['id'] },
      ),
    };
  return object(properties, { description: 'Lists.' });
}

const CASES: [string, Schema, Schema?][] = [
  ['everything pass 3 collapses already collapsed by the copy', allCollapsedByCopy],
  ['nested lists, far over budget', nestedLists(400)],
  ['nested lists, just over budget', nestedLists(40)],
  ['nested lists, collapse depth 2', nestedLists(200), { collapseDepth: 2 }],
  ['nested lists, collapse depth 5', nestedLists(200), { collapseDepth: 5 }],
  ['nested lists, budget 20 KB', nestedLists(200), { budgetBytes: 20_000 }],
  [
    'a ref met after the verdict (the copy starts over whole)',
    object({ ...(nestedLists(200).properties as Schema), late: { $ref: '#/properties/list_0' } }),
  ],
  [
    'a definition ref met after the verdict, no table (pass 2 has work: the copy starts over whole)',
    object({ ...(allCollapsedByCopy.properties as Schema), late: { $ref: '#/$defs/Missing' } }),
  ],
  [
    'root definitions (pass 2 has work: nothing is collapsed by the copy)',
    object(nestedLists(200).properties as Schema, { $defs: { Row: object({ n: { type: 'integer' } }) } }),
  ],
  [
    'a collapsible object inside a definition table and under not (pass 3 does not go there)',
    object({
      ...(nestedLists(200).properties as Schema),
      holder: object({ deep: object({ deeper: object({ ok: object({}) }) }) }, { $defs: { Nested: object({}) } }),
      never: { not: object({ a: object({ b: object({ c: object({}) }) }) }) },
    }),
  ],
];

describe('objects pass 3 collapses, written as {} by the copy', () => {
  test.each(CASES)('the default entry is what explain shows: %s', (_name, input, options) => {
    const explained = explainToolInputSchema(input, options);
    expect(explained.compaction?.passes.map((pass) => pass.name)).toContain('collapse_deep_objects');
    expect(parseToolInputSchema(input, options)).toStrictEqual(explained.final);
    if (options === undefined) expect(parseToolInputSchema(input, {})).toStrictEqual(explained.final);
  });

  test('the driver measures after pass 3 though the pass found nothing left: the schema fits, pass 4 does not run', () => {
    const explained = explainToolInputSchema(allCollapsedByCopy);
    expect(explained.compaction?.passes.map((pass) => pass.name)).toStrictEqual([
      'strip_descriptions',
      'drop_definitions',
      'collapse_deep_objects',
    ]);
    expect(explained.compaction?.fits).toBe(true);
    const parsed = parseToolInputSchema(allCollapsedByCopy) as Schema;
    expect((parsed.properties as Schema).choice).toStrictEqual({ anyOf: [{ type: 'string' }, { type: 'integer' }] });
    expect(parsed).toStrictEqual(explained.final);
  });

  const TARGETS: [ProviderTarget, boolean][] = [
    ['codex', false],
    ['openai-responses', true],
    ['anthropic', false],
    ['gemini', false],
    ['portable', false],
  ];
  test.each(TARGETS)(
    'a provider conversion (%s, strict %s) lists the passes and sends the tool explain would',
    (target, strict) => {
      for (const [name, input] of CASES) {
        const tool = { name: 'tool', description: name, inputSchema: input };
        const [result] = convertMcpTools([tool], { target, strict }).results;
        const [explained] = convertMcpTools([tool], { target, strict, explain: true }).results;
        if (!result?.ok || !explained?.ok) throw new Error(`${name}: both conversions should succeed`);
        expect(result.compactionPasses, name).toStrictEqual(explained.compactionPasses);
        expect(result.tool, name).toStrictEqual(explained.tool);
      }
    },
  );

  test('on generated schemas and small budgets, the parse and a provider conversion agree with explain', () => {
    fc.assert(
      fc.property(
        schemaShaped,
        fc.constantFrom(0, 50, 400),
        fc.constantFrom(1, 2, 3),
        fc.constantFrom<ProviderTarget>('openai-responses', 'gemini'),
        (input, budgetBytes, collapseDepth, target) => {
          const options = { budgetBytes, collapseDepth };
          const explained = explainToolInputSchema(input, options);
          let parsed: unknown;
          try {
            parsed = parseToolInputSchema(input, options);
          } catch {
            expect(explained.ok).toBe(false);
            return;
          }
          expect(JSON.stringify(parsed)).toBe(JSON.stringify(explained.final));
          const tool = { name: 'tool', inputSchema: input as Schema };
          const [result] = convertMcpTools([tool], { target, ...options }).results;
          const [oracle] = convertMcpTools([tool], { target, ...options, explain: true }).results;
          expect(result?.ok).toBe(oracle?.ok);
          if (!result?.ok || !oracle?.ok) return;
          expect(result.compactionPasses).toStrictEqual(oracle.compactionPasses);
          expect(JSON.stringify(result.tool)).toBe(JSON.stringify(oracle.tool));
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
