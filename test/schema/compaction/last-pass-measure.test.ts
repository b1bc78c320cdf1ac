// The measure after the last pass that can change a schema builds its model whatever its size:
// a schema still over budget then is decoded once, in that walk, not measured and then decoded.
// In the default entry that model adopts the raw value's objects, which the passes kept
// model-shaped (pass 1 removes descriptions by copying there: a null one would be adopted).
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type * as DecodeModule from '../../../src/schema/decode.js';

/** Every decode the driver asks for: `decodeObserved`'s build and build limit, and whole decodes. */
const decodes = vi.hoisted(() => ({ observed: [] as { build: boolean; limit: number }[], whole: 0 }));

vi.mock('../../../src/schema/decode.js', async (importOriginal) => {
  const original = await importOriginal<typeof DecodeModule>();
  return {
    ...original,
    decodeObserved: (...args: Parameters<typeof original.decodeObserved>) => {
      decodes.observed.push({ build: args[2], limit: args[3] });
      return original.decodeObserved(...args);
    },
    decodeRawSchema: (...args: Parameters<typeof original.decodeRawSchema>) => {
      decodes.whole++;
      return original.decodeRawSchema(...args);
    },
  };
});

const { explainToolInputSchema } = await import('../../../src/schema/explain.js');
const { parseToolInputSchema } = await import('../../../src/schema/pipeline.js');

/**
 * `count` properties, each an array of objects whose members are arrays (deeper than the collapse
 * depth); `withUnions`: a union beside each, above the collapse depth (pass 3 leaves it to pass 4).
 */
function arraysOfObjects(count: number, withUnions: boolean): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) {
    const rows = { type: 'array', items: { type: 'array', items: { type: 'number' } } };
    properties[`list_${index}`] = {
      type: 'array',
      description: `list ${index}`,
      items: { type: 'object', properties: { id: { type: 'string' }, rows } },
    };
    if (withUnions) properties[`choice_${index}`] = { anyOf: [{ type: 'string' }, { type: 'null' }] };
  }
  return { type: 'object', properties };
}

beforeEach(() => {
  decodes.observed.length = 0;
  decodes.whole = 0;
});

describe('the measure after the last pass that can change the schema', () => {
  test('builds the model of a schema still over budget, which is then not decoded again', () => {
    // No composition (pass 4 idle): pass 3 is the last to run, and 400 collapsed lists stay over 5,000 bytes.
    const input = arraysOfObjects(400, false);
    const explained = explainToolInputSchema(input);
    expect(explained.compaction?.fits).toBe(false);
    expect(explained.compaction?.passes.map((pass) => pass.name)).toContain('collapse_deep_objects');
    decodes.observed.length = 0;
    decodes.whole = 0;

    const parsed = parseToolInputSchema(input);
    expect(parsed).toStrictEqual(explained.final);
    expect(JSON.stringify(parsed)).not.toContain('description');
    expect(decodes.whole).toBe(0);
    expect(decodes.observed.filter(({ build, limit }) => build && limit === Number.POSITIVE_INFINITY)).toHaveLength(1);
  });

  test('with a pass still to come, measures within the budget only: no model is built that the next pass would discard', () => {
    // Unions beside the lists: after pass 3, pass 4 (prune compositions) still has work.
    const input = arraysOfObjects(400, true);
    const explained = explainToolInputSchema(input);
    expect(explained.compaction?.fits).toBe(false);
    const passes = explained.compaction?.passes ?? [];
    expect(passes.map((pass) => pass.name)).toStrictEqual([
      'strip_descriptions',
      'drop_definitions',
      'collapse_deep_objects',
      'prune_compositions',
    ]);
    // Pass 3 and pass 4 each changed the schema, so each was measured after it.
    expect(passes[2]?.bytesAfter).toBeLessThan(passes[2]?.bytesBefore ?? 0);
    expect(passes[3]?.bytesAfter).toBeLessThan(passes[3]?.bytesBefore ?? 0);
    decodes.observed.length = 0;
    decodes.whole = 0;

    expect(parseToolInputSchema(input)).toStrictEqual(explained.final);
    expect(decodes.whole).toBe(0);
    const building = decodes.observed.filter(({ build }) => build);
    // The measure after pass 3 gave up its model past the budget; only the one after pass 4 built it whole.
    expect(building.at(-2)).toStrictEqual({ build: true, limit: 5_000 });
    expect(building.at(-1)).toStrictEqual({ build: true, limit: Number.POSITIVE_INFINITY });
    expect(building.filter(({ limit }) => limit === Number.POSITIVE_INFINITY)).toHaveLength(1);
  });

  test('a schema that fits after its last pass is built as before', () => {
    const input = arraysOfObjects(40, false);
    const explained = explainToolInputSchema(input);
    expect(explained.compaction?.fits).toBe(true);
    expect(parseToolInputSchema(input)).toStrictEqual(explained.final);
  });
});
