// Over budget even without descriptions, with refs or root tables to drop, pass 2 is sure to run
// right after pass 1: where pass 1 copies (the default entry, the provider targets), both run in
// one walk, and what they leave is what the two walks left (explain, which shows the raw value
// after each pass, still makes both).
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type * as PassesModule from '../../../src/schema/compaction/reference-passes.js';

/** The walks of passes 1 and 2 the driver made. */
const walks = vi.hoisted(() => ({ passTwo: 0, both: 0 }));

vi.mock('../../../src/schema/compaction/reference-passes.js', async (importOriginal) => {
  const original = await importOriginal<typeof PassesModule>();
  return {
    ...original,
    dropDefinitionRefsInPlace: (...args: Parameters<typeof original.dropDefinitionRefsInPlace>) => {
      walks.passTwo++;
      return original.dropDefinitionRefsInPlace(...args);
    },
    stripDescriptionsThenDropDefinitions: (
      ...args: Parameters<typeof original.stripDescriptionsThenDropDefinitions>
    ) => {
      walks.both++;
      return original.stripDescriptionsThenDropDefinitions(...args);
    },
  };
});

const { explainToolInputSchema } = await import('../../../src/schema/explain.js');
const { parseToolInputSchema } = await import('../../../src/schema/pipeline.js');
const { convertMcpTools } = await import('../../../src/providers/convert-tools.js');

/** `count` properties that all refer to one described definition, as generated clients write them. */
function sharedDefinitionUses(count: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < count; index++)
    properties[`item_${index}`] = { $ref: '#/$defs/Item', description: `item ${index}` };
  return {
    type: 'object',
    description: 'A tool whose definitions are most of it.',
    properties: { ...properties, ...extra },
    $defs: {
      Item: {
        type: 'object',
        description: 'One item.',
        properties: { id: { type: 'string', description: 'The id.' } },
      },
    },
  };
}

beforeEach(() => {
  walks.passTwo = 0;
  walks.both = 0;
});

describe('passes 1 and 2 sure to run back to back', () => {
  test.each([
    ['within budget after them', sharedDefinitionUses(300), true],
    ['still over budget after them', sharedDefinitionUses(3_000), false],
    [
      'with pass 3 to come',
      sharedDefinitionUses(300, {
        deep: {
          type: 'object',
          properties: { a: { type: 'object', properties: { b: { type: 'array', items: {} } } } },
        },
      }),
      true,
    ],
  ])('run in one walk in the default entry, %s, leaving what explain shows', (_name, input, fits) => {
    const explained = explainToolInputSchema(input);
    expect(explained.compaction?.fits).toBe(fits);
    expect(explained.compaction?.passes.slice(0, 2).map((pass) => pass.name)).toStrictEqual([
      'strip_descriptions',
      'drop_definitions',
    ]);
    // Explain made the two walks.
    expect(walks).toStrictEqual({ passTwo: 1, both: 0 });
    walks.passTwo = 0;

    const parsed = parseToolInputSchema(input);
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(explained.final));
    expect(walks).toStrictEqual({ passTwo: 0, both: 1 });
  });

  test('run in one walk in a provider conversion, listing the passes explain lists', () => {
    const input = sharedDefinitionUses(3_000);
    const explained = explainToolInputSchema(input);
    walks.passTwo = 0;

    const [result] = convertMcpTools([{ name: 'items', inputSchema: input }], { target: 'anthropic' }).results;
    expect(result?.ok === true ? result.compactionPasses : []).toStrictEqual(
      explained.compaction?.passes.map((pass) => pass.name),
    );
    // The refs emptied and the root table gone, as explain's final schema has them (the target
    // then gives each property its own description back: see `originalDescription`).
    const sent = (result?.ok === true ? result.tool.input_schema : {}) as Record<string, unknown>;
    expect(Object.keys(sent)).toStrictEqual(Object.keys(explained.final as object));
    expect((sent.properties as Record<string, unknown>).item_7).toStrictEqual({ description: 'item 7' });
    expect((explained.final as { properties: Record<string, unknown> }).properties.item_7).toStrictEqual({});
    expect(walks).toStrictEqual({ passTwo: 0, both: 1 });
  });

  test('run as two walks where pass 1 alone may bring the schema within budget', () => {
    // Descriptions are most of it: without them it fits, so pass 2 may not run.
    const input = sharedDefinitionUses(20);
    (input.$defs as { Item: { description: string } }).Item.description = 'x'.repeat(6_000);
    const explained = explainToolInputSchema(input);
    expect(explained.compaction?.passes.map((pass) => pass.name)).toStrictEqual(['strip_descriptions']);
    walks.passTwo = 0;

    expect(parseToolInputSchema(input)).toStrictEqual(explained.final);
    expect(walks).toStrictEqual({ passTwo: 0, both: 0 });
  });
});
