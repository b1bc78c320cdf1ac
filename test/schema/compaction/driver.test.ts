import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../../src/providers/convert-tools.js';
import { compactLargeToolSchema } from '../../../src/schema/compaction/driver.js';
import { explainToolInputSchema } from '../../../src/schema/explain.js';
import { parseToolInputSchema } from '../../../src/schema/pipeline.js';
import { prepareMcpInputSchema } from '../../../src/tools/mcp.js';
import { deepFreeze, describedObject } from '../../helpers/builders.js';

describe('compactLargeToolSchema', () => {
  test('leaves a schema within the budget untouched', () => {
    const input = describedObject(3, 100);
    expect(compactLargeToolSchema(input)).toStrictEqual(input);
  });

  test('stops after stripping descriptions when that fits', () => {
    const input = deepFreeze({
      ...describedObject(50, 100),
      $defs: { A: { type: 'string' } },
      properties: { ...(describedObject(50, 100).properties as object), r: { $ref: '#/$defs/A' } },
    });
    const compacted = compactLargeToolSchema(input) as { properties: Record<string, unknown>; $defs: unknown };
    expect(compacted.properties.p0).toStrictEqual({ type: 'string' });
    expect(compacted.properties.r).toStrictEqual({ $ref: '#/$defs/A' });
    expect(compacted.$defs).toStrictEqual({ A: { type: 'string' } });
  });

  test('when definitions are dropped after stripping, the result is what stripping everything first gives', () => {
    // Over budget even without descriptions, so pass 2 runs and drops the root table: pass 1 may
    // leave that table's entries unstripped (they go), but not a nested table's.
    const input = deepFreeze({
      type: 'object',
      description: 'root',
      properties: {
        r: { $ref: '#/$defs/A', description: 'ref' },
        nested: {
          type: 'object',
          description: 'outer',
          properties: { x: { $ref: '#/$defs/B' } },
          $defs: { B: { type: 'string', description: 'inner' } },
        },
        ...(describedObject(300, 10).properties as object),
      },
      $defs: { A: { type: 'object', description: 'defined', properties: {} } },
    });
    const compacted = compactLargeToolSchema(input, { budgetBytes: 1_000 });
    const explained = explainToolInputSchema(input, { budgetBytes: 1_000 });
    expect(explained.compaction?.passes.map((pass) => pass.name)).toContain('drop_definitions');
    expect(compacted).toStrictEqual(explained.decoded);
    expect(compacted).toMatchObject({
      properties: { r: {}, nested: { type: 'object', properties: { x: {} }, $defs: { B: { type: 'string' } } } },
    });
    expect(compacted).not.toHaveProperty('$defs');
  });

  test('honours a smaller budget', () => {
    const compacted = compactLargeToolSchema(describedObject(3, 100), { budgetBytes: 100 }) as {
      properties: Record<string, unknown>;
    };
    expect(compacted.properties.p0).toStrictEqual({ type: 'string' });
  });

  test('returns a value that does not decode as it is (it measures 0 bytes)', () => {
    const input = { ...describedObject(80, 100), required: 'not-an-array' };
    expect(compactLargeToolSchema(input)).toStrictEqual(input);
  });

  test('rejects a negative budget with invalid_option', () => {
    expect(() => compactLargeToolSchema({}, { budgetBytes: -1 })).toThrowError(
      expect.objectContaining({ code: 'invalid_option' }),
    );
  });
});

describe('the parse path when stripping descriptions is the last pass that matters', () => {
  // The parse functions then decode without descriptions instead of stripping them first;
  // explain always strips, so it is the reference for both the schema and the passes reported.
  test.each([
    ['fits once descriptions are gone', describedObject(40, 200), ['strip_descriptions']],
    [
      'is still over budget, and passes 2–4 have nothing to change',
      describedObject(400, 20),
      ['strip_descriptions', 'drop_definitions', 'collapse_deep_objects', 'prune_compositions'],
    ],
  ])('a schema that %s gives what explain gives, and reports the same passes', (_case, inputSchema, passes) => {
    expectSameAsExplain(inputSchema, passes);
  });

  // Over budget without descriptions, no refs and no root tables (pass 2 idle), deeper than the
  // collapse depth: pass 3 is sure to run, and the driver runs it before pass 1, which then
  // strips only what pass 3 left. Explain runs them in order.
  function deepDescribedSchema(levels: number, width: number): Record<string, unknown> {
    let schema: Record<string, unknown> = { type: 'string', description: 'the innermost leaf' };
    for (let level = 0; level < levels; level++) {
      const properties: Record<string, unknown> = { child: schema };
      for (let index = 0; index < width; index++)
        properties[`f${level}_${index}`] = { type: 'integer', description: `field ${index} of level ${level}` };
      schema = { type: 'object', description: `level ${level}`, properties };
      // A nested table (none at the root: pass 2 would drop it) above the collapse depth stays,
      // and is stripped; the ones below it go.
      if (level < levels - 1) schema.$defs = { [`Local${level}`]: { type: 'string', description: `local ${level}` } };
    }
    return schema;
  }

  test.each([
    ['compacted to the default budget', deepDescribedSchema(8, 60), undefined],
    ['compacted to a small budget, compositions pruned too', deepDescribedSchema(6, 12), 400],
  ])('a deep schema without refs, %s, gives what explain gives (pass 3 before pass 1)', (_case, input, budgetBytes) => {
    const options = budgetBytes === undefined ? {} : { budgetBytes };
    const explained = explainToolInputSchema(input, options);
    const passes = explained.compaction?.passes.map((pass) => pass.name);
    expect(passes?.slice(0, 3)).toStrictEqual(['strip_descriptions', 'drop_definitions', 'collapse_deep_objects']);
    expect(compactLargeToolSchema(input, options)).toStrictEqual(explained.decoded);
    expect(parseToolInputSchema(input, options)).toStrictEqual(explained.final);
    expect(JSON.stringify(explained.final)).not.toContain('description');
    const levels = budgetBytes === undefined ? 8 : 6;
    expect(explained.final).toMatchObject({
      properties: { child: { $defs: { [`Local${levels - 2}`]: { type: 'string' } } } },
    });
    for (const target of ['openai-responses', 'gemini'] as const) {
      const [converted] = convertMcpTools([{ name: 't', inputSchema: input }], { ...options, target }).results;
      expect(converted?.ok && converted.compactionPasses).toStrictEqual(passes);
      expect(converted?.ok && converted.definition.inputSchema).toStrictEqual(
        explainToolInputSchema(prepareMcpInputSchema(input), options).final,
      );
      expect(JSON.stringify(converted?.ok && converted.tool)).not.toContain('level 1');
    }
  });

  test('a schema that only an exact measure shows to fit without descriptions gives what explain gives', () => {
    // The budget is the exact size without descriptions: the bounds (names count as text) cannot tell.
    const inputSchema = describedObject(40, 200);
    const stripped = describedObject(40, 0) as { properties: Record<string, Record<string, unknown>> };
    for (const property of Object.values(stripped.properties)) delete property.description;
    expectSameAsExplain(inputSchema, ['strip_descriptions'], JSON.stringify(stripped).length);
  });

  function expectSameAsExplain(inputSchema: unknown, passes: string[], budgetBytes?: number) {
    const options = budgetBytes === undefined ? {} : { budgetBytes };
    const [converted] = convertMcpTools([{ name: 't', inputSchema }], options).results;
    const explained = explainToolInputSchema(prepareMcpInputSchema(inputSchema), options);
    expect(converted?.ok && converted.compactionPasses).toStrictEqual(passes);
    expect(explained.compaction?.passes.map((pass) => pass.name)).toStrictEqual(passes);
    expect(converted?.ok && converted.definition.inputSchema).toStrictEqual(explained.final);
    expect(JSON.stringify(explained.final)).not.toContain('description');
  }
});
