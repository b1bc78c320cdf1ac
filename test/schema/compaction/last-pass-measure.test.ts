// After the last pass that can change a schema, nothing more is learned by measuring it: where
// only the model is wanted (the default entry), the raw value the passes left is that model (its
// objects are the copy's, kept model-shaped: pass 1 removes descriptions by copying there), and it
// decodes (the first measure said so, and the passes only remove keys and write `{}`). No walk
// follows it. Where sizes are wanted, that measure builds the model whatever its size: a schema
// still over budget is decoded once, in that walk, not measured and then decoded.
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type * as DecodeModule from '../../../src/schema/decode.js';

/** Every decode the driver asks for: `decodeObserved`'s build and build limit, and whole decodes. */
const decodes = vi.hoisted(() => ({
  observed: [] as { build: boolean; limit: number; stopPast?: number }[],
  whole: 0,
}));

vi.mock('../../../src/schema/decode.js', async (importOriginal) => {
  const original = await importOriginal<typeof DecodeModule>();
  return {
    ...original,
    decodeObserved: (...args: Parameters<typeof original.decodeObserved>) => {
      // A walk that may stop early is noted with where (see `decodeObserved`'s `stopPastBytes`).
      const stopPast = args[8];
      decodes.observed.push(
        stopPast === undefined || stopPast === Number.POSITIVE_INFINITY
          ? { build: args[2], limit: args[3] }
          : { build: args[2], limit: args[3], stopPast },
      );
      return original.decodeObserved(...args);
    },
    decodeRawSchema: (...args: Parameters<typeof original.decodeRawSchema>) => {
      decodes.whole++;
      return original.decodeRawSchema(...args);
    },
  };
});

const { explainToolInputSchema } = await import('../../../src/schema/explain.js');
const { parsePrunedToolInputSchema, parseToolInputSchema } = await import('../../../src/schema/pipeline.js');
const { sanitizeJsonSchema } = await import('../../../src/schema/sanitize.js');
const { pruneInPlace } = await import('../../../src/schema/refs.js');
const { convertMcpTools } = await import('../../../src/providers/convert-tools.js');

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

/** `count` optional fields as pydantic writes them, each a described union with null (pass 4 prunes them). */
function optionalUnions(count: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < count; index++)
    properties[`field_${index}`] = {
      anyOf: [{ type: 'string', description: `field ${index}`, minLength: 1 }, { type: 'null' }],
      default: null,
      title: `Field ${index}`,
    };
  return { type: 'object', properties };
}

/** A ring of `count` definitions, each referring to the next, used from every fourth property. */
function ringOfDefinitions(count: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) {
    $defs[`Def${index}`] = {
      type: 'object',
      properties: { next: { $ref: `#/$defs/Def${(index + 1) % count}` }, value: { type: 'string', description: 'v' } },
    };
    if (index % 4 === 0) properties[`use_${index}`] = { $ref: `#/$defs/Def${index}` };
  }
  return { type: 'object', properties, $defs };
}

/** `schema` with {@link ringOfDefinitions}'s definitions and uses added (pass 2 has work before pass 3). */
function withRingOfDefinitions(schema: Record<string, unknown>, count: number): Record<string, unknown> {
  const ring = ringOfDefinitions(count);
  return {
    ...schema,
    properties: { ...(schema.properties as object), ...(ring.properties as object) },
    $defs: ring.$defs,
  };
}

beforeEach(() => {
  decodes.observed.length = 0;
  decodes.whole = 0;
});

describe('the measure after the last pass that can change the schema', () => {
  test('hands back the schema the passes left as the model, still over budget, without a decode after them', () => {
    // No composition (pass 4 idle): pass 3 is the last to run, and 400 collapsed lists stay over 5,000 bytes.
    const input = arraysOfObjects(400, false);
    const explained = explainToolInputSchema(input);
    expect(explained.compaction?.fits).toBe(false);
    expect(explained.compaction?.passes.map((pass) => pass.name)).toContain('collapse_deep_objects');
    decodes.observed.length = 0;
    decodes.whole = 0;

    // Options under the reference policy (here a budget spelled out as the default) take the
    // same way: the caller still wants only the model.
    for (const options of [undefined, {}, { budgetBytes: 5_000 }]) {
      decodes.observed.length = 0;
      decodes.whole = 0;
      const parsed = parseToolInputSchema(input, options);
      expect(parsed).toStrictEqual(explained.final);
      expect(JSON.stringify(parsed)).not.toContain('description');
      // The copy measured it first; nothing decoded it after pass 3.
      expect(decodes.whole).toBe(0);
      expect(decodes.observed).toStrictEqual([]);
    }
  });

  test('where sizes and passes are read, still measures after the last pass, building the model in that walk', () => {
    const input = arraysOfObjects(400, false);
    const explained = explainToolInputSchema(input);
    const pruned = pruneInPlace(sanitizeJsonSchema(input));
    decodes.observed.length = 0;
    decodes.whole = 0;

    // As the token budget's tries and the MCP tool parse call the driver: the passes are read.
    const { schema, compactionPasses } = parsePrunedToolInputSchema(pruned, {}, false, false);
    expect(schema).toStrictEqual(explained.final);
    expect(compactionPasses).toStrictEqual(explained.compaction?.passes.map((pass) => pass.name));
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
    // The measure after pass 3 (pass 4 runs only if it is still over budget) gives up its model
    // past the budget; pass 4 is the last, so nothing measures after it.
    expect(decodes.observed).toStrictEqual([{ build: true, limit: 5_000 }]);
  });

  test.each([
    ['pass 3 after pass 1, in one walk', arraysOfObjects(400, false), 'collapse_deep_objects'],
    ['pass 4 after pass 1, in one walk', optionalUnions(400), 'prune_compositions'],
    ['pass 2 with nothing after it to do', ringOfDefinitions(800), 'drop_definitions'],
    [
      'pass 3 after pass 2, each a walk',
      withRingOfDefinitions(arraysOfObjects(400, false), 40),
      'collapse_deep_objects',
    ],
  ])('ending at %s, hands back what the measured decode gives', (_name, input, lastPass) => {
    const explained = explainToolInputSchema(input);
    // The last pass that changed it (explain lists the idle ones after it too).
    const changing = (explained.compaction?.passes ?? []).filter((pass) => pass.bytesAfter < pass.bytesBefore);
    expect(changing.at(-1)?.name).toBe(lastPass);
    // Options given, the driver measures after every pass and decodes what it measured.
    const measured = parseToolInputSchema(input, {});
    decodes.observed.length = 0;
    decodes.whole = 0;

    const parsed = parseToolInputSchema(input);
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(measured));
    expect(parsed).toStrictEqual(explained.final);
    expect(decodes.whole).toBe(0);
    expect(decodes.observed.filter(({ limit }) => limit === Number.POSITIVE_INFINITY)).toStrictEqual([]);
  });

  test('a schema that fits after its last pass is built as before', () => {
    const input = arraysOfObjects(40, false);
    const explained = explainToolInputSchema(input);
    expect(explained.compaction?.fits).toBe(true);
    expect(parseToolInputSchema(input)).toStrictEqual(explained.final);
  });
});

// A provider conversion wants the compacted raw value, not the model, and lists the passes that
// ran: after the last pass that can change the schema, the measure only decides whether the idle
// passes after it are listed, so it stops as soon as the schema is sure not to fit.
describe('the verdict after the last pass, without a model', () => {
  test.each([
    ['still over budget', 400, false],
    ['within budget', 40, true],
  ])('lists the passes explain lists for a schema %s after pass 3', (_name, count, fits) => {
    const input = arraysOfObjects(count, false);
    const explained = explainToolInputSchema(input);
    expect(explained.compaction?.fits).toBe(fits);
    decodes.observed.length = 0;

    const [result] = convertMcpTools([{ name: 'lists', inputSchema: input }], { target: 'openai-responses' }).results;
    expect(result?.ok).toBe(true);
    expect(result?.ok === true ? result.compactionPasses : []).toStrictEqual(
      explained.compaction?.passes.map((pass) => pass.name),
    );
    // One measure after the passes, told to stop past the budget; no model built.
    expect(decodes.observed).toStrictEqual([{ build: false, limit: -1, stopPast: 5_000 }]);
  });

  test('with a pass still to come, measures the whole schema', () => {
    const input = arraysOfObjects(400, true);
    const [result] = convertMcpTools([{ name: 'lists', inputSchema: input }], { target: 'openai-responses' }).results;
    expect(result?.ok === true ? result.compactionPasses : []).toStrictEqual(
      explainToolInputSchema(input).compaction?.passes.map((pass) => pass.name),
    );
    decodes.observed.length = 0;
    convertMcpTools([{ name: 'lists', inputSchema: input }], { target: 'openai-responses' });
    // After pass 3 the measure decides whether pass 4 runs: it reads all; pass 4 is the last.
    expect(decodes.observed).toStrictEqual([
      { build: false, limit: -1 },
      { build: false, limit: -1, stopPast: 5_000 },
    ]);
  });
});
