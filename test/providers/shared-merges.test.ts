// OpenAI strict walks a tool with definitions for the bounds it is sure to break before
// converting it, merging every allOf below the root as strict merges it; the conversion after
// merged the same nodes again. A merge depends on its node and the root only, so the conversion
// takes the walk's merges: each allOf node is merged once per tool (a fifth of a small allOf
// tool's strict conversion was merging twice).
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type * as MergeModule from '../../src/providers/merge-all-of.js';

/** Merges made (not taken from a walk's merges). */
const counts = vi.hoisted(() => ({ merges: 0, made: [] as (MergeModule.MadeMerges | undefined)[] }));

vi.mock('../../src/providers/merge-all-of.js', async (importOriginal) => {
  const original = await importOriginal<typeof MergeModule>();
  return {
    ...original,
    mergeAllOf: (...args: Parameters<typeof original.mergeAllOf>) => {
      counts.merges++;
      return original.mergeAllOf(...args);
    },
    mergeAllOfOnce: (...args: Parameters<typeof original.mergeAllOfOnce>) => {
      const [node, , made] = args;
      counts.made.push(made);
      if (made?.byNode.has(node) !== true) counts.merges++;
      return original.mergeAllOfOnce(...args);
    },
  };
});

const { convertMcpTools } = await import('../../src/providers/convert-tools.js');
const { madeMerges, mergeAllOfOnce } = await import('../../src/providers/merge-all-of.js');

/** Models that extend a base by allOf (as OpenAPI generators write inheritance), each used once. */
function allOfModels(models: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = {
    Base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  };
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < models; index++) {
    $defs[`Model${index}`] = {
      allOf: [{ $ref: '#/$defs/Base' }, { type: 'object', properties: { [`value_${index}`]: { type: 'string' } } }],
    };
    properties[`model_${index}`] = { $ref: `#/$defs/Model${index}` };
  }
  return { type: 'object', properties, $defs };
}

beforeEach(() => {
  counts.merges = 0;
});

describe('allOf merges on OpenAI strict', () => {
  test.each(['openai-responses', 'openai-chat'] as const)(
    'are made once per allOf node on %s, by the bounds walk, and taken by the conversion',
    (target) => {
      const conversion = convertMcpTools([{ name: 't', inputSchema: allOfModels(4) }], { target, strict: true });
      expect(conversion.summary.strict).toBe(1);
      expect(counts.merges).toBe(4);
    },
  );

  test('give the conversion the same schema as merging anew', () => {
    const inputSchema = allOfModels(3);
    const strict = convertMcpTools([{ name: 't', inputSchema }], { target: 'openai-responses', strict: true });
    const [result] = strict.results;
    if (result === undefined || !result.ok) throw new Error('not converted');
    // Model1 merged: Base's id and its own value_1, every property required and the object closed.
    expect((result.tool.parameters as { $defs: Record<string, unknown> }).$defs.Model1).toStrictEqual({
      type: 'object',
      properties: { id: { type: 'string' }, value_1: { type: ['string', 'null'] } },
      required: ['id', 'value_1'],
      additionalProperties: false,
    });
  });

  test('resolve the base every model extends once per tool, and share what they followed', () => {
    const schema = allOfModels(4) as { $defs: Record<string, Record<string, unknown>> };
    const made = madeMerges();
    const merges = [0, 1, 2, 3].map((index) =>
      mergeAllOfOnce(schema.$defs[`Model${index}`] as never, schema as never, made),
    );
    expect([...made.resolved.keys()]).toStrictEqual(['#/$defs/Base']);
    const followed = merges.map((merge) => merge.followed[0]);
    expect(followed[0]).toMatchObject({ ref: '#/$defs/Base', key: '$defs/Base', target: schema.$defs.Base });
    for (const entry of followed) expect(entry).toBe(followed[0]);
  });
});

describe('allOf merges on targets without the bounds walk', () => {
  test.each(['gemini', 'portable'] as const)('on %s keep what one tool resolved for all its merges', (target) => {
    counts.made.length = 0;
    const conversion = convertMcpTools([{ name: 't', inputSchema: allOfModels(3) }], { target });
    expect(conversion.summary.failed).toBe(0);
    expect(counts.made).toHaveLength(3);
    const [first] = counts.made;
    for (const made of counts.made) expect(made).toBe(first);
    expect([...(first?.resolved.keys() ?? [])]).toStrictEqual(['#/$defs/Base']);
  });
});
