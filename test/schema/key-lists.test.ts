import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { convertMcpTools, type McpToolLike, PROVIDER_TARGETS } from '../../src/index.js';
import { spellGeminiSchemaInPlace } from '../../src/providers/gemini-schema.js';
import { measureStrictRequestCost, measureStrictSchema } from '../../src/providers/strict-limits.js';
import {
  compactAndDecode,
  LARGE_SCHEMA_COMPACTION_PASSES,
  resolveCompactionOptions,
} from '../../src/schema/compaction/driver.js';
import { SchemaSizeTally } from '../../src/schema/compaction/measure.js';
import { stripDescriptionsByCopying } from '../../src/schema/compaction/reference-passes.js';
import { decodeObserved, decodeRawSchema } from '../../src/schema/decode.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../src/schema/json.js';
import { type KeyLists, LARGE_OBJECT_KEYS } from '../../src/schema/key-lists.js';
import {
  parsePrunedToolInputSchema,
  parseToolInputSchema,
  parseToolInputSchemaWithoutCompaction,
} from '../../src/schema/pipeline.js';
import { pruneInPlace } from '../../src/schema/refs.js';
import { sanitizeJsonSchema } from '../../src/schema/sanitize.js';
import { PROPERTY_RUNS, schemaShaped } from '../helpers/arbitraries.js';
import { deepFreeze, describedObject } from '../helpers/builders.js';

/** How many times `Object.keys` listed an object of at least LARGE_OBJECT_KEYS keys while `run` ran. */
function largeListings(run: () => unknown): number {
  const keys = Object.keys;
  let count = 0;
  const spy = vi.spyOn(Object, 'keys').mockImplementation((object: object) => {
    const listed = keys(object);
    if (listed.length >= LARGE_OBJECT_KEYS) count++;
    return listed;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return count;
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** The same pipeline, given no key lists: the walking prune, compaction and decode listing every object. */
function withoutLists(input: unknown): string {
  return JSON.stringify(
    parsePrunedToolInputSchema(pruneInPlace(sanitizeJsonSchema(input)), undefined, false, false).schema,
  );
}

function withoutListsOrCompaction(input: unknown): string {
  return JSON.stringify(decodeRawSchema(pruneInPlace(sanitizeJsonSchema(input))));
}

function expectSameAsWithoutLists(input: unknown): void {
  expect(JSON.stringify(parseToolInputSchema(input))).toBe(withoutLists(input));
  expect(JSON.stringify(parseToolInputSchemaWithoutCompaction(input))).toBe(withoutListsOrCompaction(input));
}

describe('a large table is listed once, by the copy that reads it', () => {
  test('an oversized wide schema: the copy lists the input, the measure and the final decode reuse it', () => {
    const input = describedObject(1_500, 40);
    const schema = parseToolInputSchema(input) as { properties: Record<string, unknown> };
    // Over budget: compaction ran (descriptions gone), and the whole table was decoded.
    expect(Object.keys(schema.properties)).toHaveLength(1_500);
    expect(schema.properties.p7).toEqual({ type: 'string' });
    expect(largeListings(() => parseToolInputSchema(input))).toBe(1);
  });

  test('the entry without compaction lists it once too', () => {
    const input = describedObject(1_200, 4);
    expect(largeListings(() => parseToolInputSchemaWithoutCompaction(input))).toBe(1);
  });

  test('a large root table of definitions, every entry reached', () => {
    const $defs: Record<string, unknown> = {};
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 1_100; index++) {
      $defs[`D${index}`] = { type: 'object', properties: { next: { $ref: `#/$defs/D${(index + 1) % 1_100}` } } };
    }
    properties.start = { $ref: '#/$defs/D0' };
    const input = { type: 'object', properties, $defs };
    expect(largeListings(() => parseToolInputSchemaWithoutCompaction(input))).toBe(1);
    expectSameAsWithoutLists(input);
  });

  test('a large table of which some entries are unreached lists what the copy kept', () => {
    const $defs: Record<string, unknown> = {};
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 1_300; index++) {
      $defs[`D${index}`] = { type: 'integer' };
      if (index % 13 !== 0) properties[`p${index}`] = { $ref: `#/$defs/D${index}` };
    }
    const input = { type: 'object', properties, $defs };
    const schema = parseToolInputSchemaWithoutCompaction(input) as { $defs: Record<string, unknown> };
    expect(Object.keys(schema.$defs)).toHaveLength(1_200);
    expect(schema.$defs.D13).toBeUndefined();
    expectSameAsWithoutLists(input);
  });
});

describe('a list is used only while the keys it lists are the object’s', () => {
  test('names Object.keys orders specially keep their order: integer-like first, __proto__ as data', () => {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 1_100; index++) properties[`name_${index}`] = { type: 'string' };
    for (const name of ['42', '7', '__proto__', 'constructor', 'toString'])
      Object.defineProperty(properties, name, {
        value: { type: 'number' },
        enumerable: true,
        configurable: true,
        writable: true,
      });
    const input = deepFreeze({ type: 'object', properties });
    const schema = parseToolInputSchema(input) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties).slice(0, 3)).toEqual(['7', '42', 'name_0']);
    expect(Object.hasOwn(schema.properties, '__proto__')).toBe(true);
    expectSameAsWithoutLists(input);
  });

  test('a member that is undefined is not listed (the copy skips it)', () => {
    const input = describedObject(1_100, 0) as { properties: Record<string, unknown> };
    input.properties.p5 = undefined;
    const schema = parseToolInputSchemaWithoutCompaction(input) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toHaveLength(1_099);
    expect(Object.hasOwn(schema.properties, 'p5')).toBe(false);
    expectSameAsWithoutLists(input);
  });

  test('a root table pruning walked (the copy could not follow every ref) is listed again', () => {
    // `A`'s nested table is not an object: sanitize removes it, so the ref inside it reaches
    // nothing, but the copy noted it. Pruning walks, and removes `X` from the large table.
    const $defs: Record<string, unknown> = {
      A: { type: 'object', $defs: [{ $ref: '#/$defs/X' }] },
      X: { type: 'string' },
    };
    const properties: Record<string, unknown> = { a: { $ref: '#/$defs/A' } };
    for (let index = 0; index < 1_100; index++) {
      $defs[`D${index}`] = { type: 'integer' };
      properties[`p${index}`] = { $ref: `#/$defs/D${index}` };
    }
    const input = { type: 'object', properties, $defs };
    const schema = parseToolInputSchemaWithoutCompaction(input) as { $defs: Record<string, unknown> };
    expect(Object.hasOwn(schema.$defs, 'X')).toBe(false);
    expect(Object.keys(schema.$defs)).toHaveLength(1_101);
    expectSameAsWithoutLists(input);
  });

  test('compaction that drops definitions in place decodes what is left', () => {
    const $defs: Record<string, unknown> = {};
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 1_200; index++) {
      $defs[`D${index}`] = { type: 'object', description: 'x'.repeat(30), properties: { v: { type: 'string' } } };
      properties[`p${index}`] = { $ref: `#/$defs/D${index}`, description: 'y'.repeat(30) };
    }
    const input = { type: 'object', properties, $defs };
    const schema = parseToolInputSchema(input) as { properties: Record<string, unknown>; $defs?: unknown };
    expect(schema.$defs).toBeUndefined();
    expect(Object.keys(schema.properties)).toHaveLength(1_200);
    expectSameAsWithoutLists(input);
  });

  test('random large tables give what the pipeline gives without lists', () => {
    const name = fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'description', 'type', '$ref', '0', '12', '4294967295'),
      fc.string({ maxLength: 6 }),
      fc.nat({ max: 5_000 }).map(String),
    );
    const member = fc.oneof(
      fc.constant(undefined),
      fc.constant(true),
      fc.record({ type: fc.constantFrom('string', 'integer', 'object') }),
      fc.record({ description: fc.string({ maxLength: 40 }) }),
      fc.nat({ max: 1_199 }).map((index) => ({ $ref: `#/$defs/D${index}` })),
    );
    const table = fc
      .tuple(fc.array(fc.tuple(name, member), { maxLength: 60 }), fc.nat({ max: 300 }))
      .map(([extra, padding]) => {
        const object: Record<string, unknown> = {};
        for (let index = 0; index < LARGE_OBJECT_KEYS - 100 + padding; index++)
          object[`k${index}`] = { type: 'string', description: 'z'.repeat(index % 7) };
        for (const [key, value] of extra)
          Object.defineProperty(object, key, { value, enumerable: true, configurable: true, writable: true });
        return object;
      });
    fc.assert(
      fc.property(table, table, fc.boolean(), (properties, definitions, useDefinitions) => {
        const $defs: Record<string, unknown> = {};
        for (let index = 0; index < 1_200; index++) $defs[`D${index}`] = { type: 'integer' };
        const input = useDefinitions
          ? { type: 'object', properties, $defs: { ...definitions, ...$defs } }
          : { type: 'object', properties };
        expectSameAsWithoutLists(input);
      }),
      { numRuns: 25 },
    );
  });
});

describe('the model takes the copy’s large tables only where nobody reads the copy again', () => {
  /** A sanitized, pruned copy of a wide schema, and the key list of its `properties`. */
  function wideCopy(count: number): { raw: JsonObject; lists: KeyLists; members: JsonValue[] } {
    const raw = pruneInPlace(sanitizeJsonSchema(describedObject(count, 40))) as JsonObject;
    const properties = raw.properties as JsonObject;
    const lists: KeyLists = new WeakMap([[properties, Object.keys(properties)]]);
    return { raw, lists, members: Object.values(properties) };
  }

  test('compaction decodes into the raw tables only for a caller that discards the raw value', () => {
    const options = resolveCompactionOptions();
    for (const flags of [
      { keepRaw: true, rawDiscarded: true },
      { keepRaw: false },
      { keepRaw: false, rawDiscarded: false },
    ]) {
      const { raw, lists } = wideCopy(1_200);
      const outcome = compactAndDecode(raw, options, flags, undefined, lists);
      const model = ('schema' in outcome.attempt && outcome.attempt.schema.properties) as Record<string, unknown>;
      for (const table of [raw.properties, (outcome.raw as JsonObject).properties] as JsonObject[]) {
        expect(table).not.toBe(model);
        expect(table.p3).not.toBe(model.p3);
      }
    }
    const { raw, lists } = wideCopy(1_200);
    const { attempt } = compactAndDecode(raw, options, { keepRaw: false, rawDiscarded: true }, undefined, lists);
    expect('schema' in attempt && attempt.schema.properties).toBe(raw.properties);
  });

  test('a decoding that may stop building (a build limit) leaves the raw tables as they were', () => {
    const { raw, lists, members } = wideCopy(1_200);
    const schema = decodeObserved(raw, new SchemaSizeTally(false), true, 5_000, false, lists, true);
    expect(schema).toBeUndefined(); // abandoned: past the limit
    expect(Object.values(raw.properties as JsonObject)).toEqual(members);
    (Object.values(raw.properties as JsonObject) as JsonValue[]).forEach((member, index) => {
      expect(member).toBe(members[index]);
    });
  });

  test('a consuming decode gives the model it gives without consuming', () => {
    const { raw, lists } = wideCopy(1_200);
    const expected = JSON.stringify(decodeRawSchema(structuredClone(raw)));
    const schema = decodeRawSchema(raw, lists, true);
    expect(JSON.stringify(schema)).toBe(expected);
    expect(schema.properties).toBe(raw.properties); // the table itself, its members the model's
  });
});

describe('provider conversions read and write large tables through their lists', () => {
  /** A wide tool whose properties exercise renames, strict nullability, encodings and forbidden/any booleans. */
  function wideTool(extra: Record<string, unknown>): McpToolLike {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 1_150; index++) {
      const kind = index % 6;
      properties[kind === 5 ? `name.with dots ${index}` : `field_${index}`] =
        kind === 0
          ? { type: 'string', description: 'd'.repeat(20), enum: ['a', 'b'] }
          : kind === 1
            ? { type: 'object', additionalProperties: { type: 'integer' } }
            : kind === 2
              ? { anyOf: [{ type: 'string' }, { type: 'integer' }] }
              : kind === 3
                ? { type: 'array', items: { type: 'number', minimum: 1 } }
                : { type: 'integer', maximum: 9 };
    }
    for (const [name, value] of Object.entries({ '7': { type: 'boolean' }, __proto__: { type: 'string' }, ...extra }))
      Object.defineProperty(properties, name, { value, enumerable: true, configurable: true, writable: true });
    properties.forbidden = false;
    properties.anything = true;
    return {
      name: 'wide',
      description: 'A wide tool.',
      inputSchema: { type: 'object', properties, required: ['field_0', 'field_4', '7'] } as McpToolLike['inputSchema'],
    };
  }

  test('every target gives what it gives when the copy lists nothing', () => {
    // A member that is undefined is skipped by the copy, which then keeps no list for the table.
    const listed = wideTool({});
    const unlisted = wideTool({ skipped: undefined });
    const args = JSON.stringify({ field_0: 'a', field_4: 3, '7': true, field_1: { k: 2 } });
    for (const target of PROVIDER_TARGETS) {
      for (const [strict, compactionPolicy] of [
        [false, 'reference'],
        [true, 'reference'],
        [false, 'fidelity'],
      ] as const) {
        const a = convertMcpTools([listed], { target, strict, compactionPolicy });
        const b = convertMcpTools([unlisted], { target, strict, compactionPolicy });
        expect(JSON.stringify(a.results), `${target} strict ${strict}`).toBe(JSON.stringify(b.results));
        expect(JSON.stringify(a.tools)).toBe(JSON.stringify(b.tools));
        const name = (a.results[0] as { providerName: string }).providerName;
        // The arguments restored (validation differs: the unlisted tool's own schema holds an undefined).
        const restored = (conversion: typeof a) => {
          const call = conversion.resolveToolCall(name, args);
          return JSON.stringify(call.ok ? call.arguments : call);
        };
        expect(restored(a)).toBe(restored(b));
      }
    }
  });

  test('a converted tool lists its input once, whatever the target', () => {
    const tool = wideTool({});
    for (const target of PROVIDER_TARGETS)
      for (const strict of [false, true])
        expect(
          largeListings(() => convertMcpTools([tool], { target, strict })),
          `${target} ${strict}`,
        ).toBe(1);
  });

  test('pass 1 by copying strips a listed table through its list', () => {
    const raw = pruneInPlace(sanitizeJsonSchema(describedObject(1_100, 10))) as JsonObject;
    const properties = raw.properties as JsonObject;
    // A list naming only the first ten members: the rest are not visited, so keep their descriptions.
    const lists: KeyLists = new WeakMap([[properties, Object.keys(properties).slice(0, 10)]]);
    const result = stripDescriptionsByCopying(raw, false, lists).root as JsonObject;
    const stripped = result.properties as Record<string, JsonObject>;
    expect(stripped.p3?.description).toBeUndefined();
    expect(stripped.p30?.description).toBe('d'.repeat(10));
  });

  test('the strict limits and Anthropic’s request budget count a listed table through its list', () => {
    const properties: JsonObject = {};
    for (let index = 0; index < 1_100; index++) properties[`p${index}`] = { type: 'string' };
    const schema: JsonObject = { type: 'object', properties, required: ['p0'] };
    expect(measureStrictSchema(schema).properties).toBe(1_100);
    // A list naming two members: only those are counted (the walk never lists the table itself).
    const lists: KeyLists = new WeakMap([[properties, ['p0', 'p1']]]);
    expect(measureStrictSchema(schema, true, lists)).toMatchObject({
      properties: 2,
      optionalProperties: 1,
      nameChars: 4,
    });
    expect(measureStrictRequestCost(schema, lists)).toEqual({ optional: 1, unions: 0 });
  });

  test('Gemini spells a listed table through its list', () => {
    const properties: JsonObject = {};
    for (let index = 0; index < 1_100; index++) properties[`p${index}`] = { type: 'string' };
    const schema: JsonObject = { type: 'object', properties };
    const lists: KeyLists = new WeakMap([[properties, ['p0', 'p1']]]);
    spellGeminiSchemaInPlace(schema, lists);
    expect(properties.p1).toEqual({ type: 'STRING' });
    expect(properties.p2).toEqual({ type: 'string' });
  });
});

describe('the reference passes keep every table’s keys (keepsListedKeys)', () => {
  /** Every table (a `properties`, `$defs` or `definitions` object) in a raw value, with its keys. */
  function tables(root: JsonValue): Map<JsonObject, string[]> {
    const found = new Map<JsonObject, string[]>();
    const visit = (value: JsonValue | undefined): void => {
      if (Array.isArray(value)) for (const element of value) visit(element);
      else if (isJsonObject(value))
        for (const key of Object.keys(value)) {
          const member = value[key];
          if ((key === 'properties' || key === '$defs' || key === 'definitions') && isJsonObject(member))
            found.set(member, Object.keys(member));
          visit(member);
        }
    };
    visit(root);
    return found;
  }

  test('no pass adds or removes a member of a table, on random schemas and both pass-1 variants', () => {
    const passes = LARGE_SCHEMA_COMPACTION_PASSES.filter((pass) => pass.keepsListedKeys);
    expect(passes.map((pass) => pass.name)).toEqual(LARGE_SCHEMA_COMPACTION_PASSES.map((pass) => pass.name));
    fc.assert(
      fc.property(schemaShaped, fc.boolean(), fc.boolean(), (input, removeKeys, rootTablesDroppedNext) => {
        let raw: JsonValue;
        try {
          raw = pruneInPlace(sanitizeJsonSchema(input));
        } catch {
          return;
        }
        for (const pass of passes) {
          const before = tables(raw);
          raw = pass.run(raw, 1, { removeKeys, rootTablesDroppedNext }).root;
          for (const [table, keys] of before) expect(Object.keys(table)).toEqual(keys);
        }
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
