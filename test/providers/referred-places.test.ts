// Refs to a schema's place (`#/properties/a`, as zod writes a schema used twice) on the targets
// that keep refs under `$defs`: the place is converted once, and its definition is a copy of
// that conversion (issue 25).
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { at, ChangeLog } from '../../src/providers/changes.js';
import { convertSchemaForTarget } from '../../src/providers/convert-schema.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import * as places from '../../src/providers/referred-places.js';
import { schemaProfile } from '../../src/providers/targets/registry.js';
import type { JsonObject, JsonValue } from '../../src/schema/json.js';
import { isPathRef } from '../../src/schema/refs.js';
import { parseMcpToolWithFacts } from '../../src/tools/mcp.js';

// Passes through, counting: does `convertMcpTools` hand the copy's refs to the converter?
vi.mock('../../src/providers/referred-places.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/providers/referred-places.js')>();
  const recordedPlace = vi.fn(original.recordedPlace);
  return { ...original, recordedPlace };
});

const DEFS_TARGETS = ['openai-responses', 'openai-chat', 'anthropic', 'gemini-json-schema'] as const;
type DefsTarget = (typeof DEFS_TARGETS)[number];
const SETTINGS = DEFS_TARGETS.flatMap((target) => [false, true].map((strict) => ({ target, strict })));

/** The refs to places in a schema, as the sanitizing copy notes them. */
function pathRefsOf(schema: JsonValue, found: string[] = []): string[] {
  if (Array.isArray(schema)) for (const entry of schema) pathRefsOf(entry, found);
  else if (typeof schema === 'object' && schema !== null)
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string' && isPathRef(value)) found.push(value);
      else pathRefsOf(value, found);
    }
  return found;
}

/** `raw` converted for a target, told its refs to places or not: everything the conversion returns and logs. */
function convertRaw(raw: JsonObject, target: DefsTarget, strict: boolean, pathRefs: readonly string[] | undefined) {
  const log = new ChangeLog();
  const { keyLists: _lists, ...converted } = convertSchemaForTarget(
    raw,
    schemaProfile(target, strict),
    log,
    at(undefined, 'inputSchema'),
    undefined,
    undefined,
    pathRefs,
  );
  return { ...converted, changes: log.toArray() };
}

/** Asserts that telling the converter of the places changes nothing it returns, on every target that keeps refs. */
function expectSameAsConvertedTwice(raw: JsonObject): void {
  const pathRefs = pathRefsOf(raw);
  for (const { target, strict } of SETTINGS)
    expect(convertRaw(raw, target, strict, pathRefs), `${target}${strict ? ' strict' : ''}`).toEqual(
      convertRaw(raw, target, strict, undefined),
    );
}

const object = (properties: JsonObject, more: JsonObject = {}): JsonObject => ({
  type: 'object',
  properties,
  ...more,
});
const address = (): JsonObject =>
  object(
    {
      street: { type: 'string', description: 'The street' },
      zip: { type: 'string', pattern: '^[0-9]{5}$' },
      tags: { type: 'array', items: { type: 'string', enum: ['home', 'work'] } },
    },
    { required: ['street'] },
  );

/** A chain of `levels` objects, each holding the next under `x`, a string at the end. */
function chain(levels: number): JsonObject {
  let schema: JsonObject = { type: 'string' };
  for (let level = 0; level < levels; level++) schema = object({ x: schema, n: { type: 'integer' } });
  return schema;
}

describe('a place a ref points at, on targets that keep refs under $defs', () => {
  test('is read once, where it is, and not again for its definition', () => {
    for (const { target, strict } of SETTINGS) {
      let reads = 0;
      const leaf = new Proxy({ type: 'string', maxLength: 40 } as JsonObject, {
        get(schema, key, receiver) {
          if (key === 'type') reads++;
          return Reflect.get(schema, key, receiver);
        },
      });
      const raw = object({ home: object({ label: leaf }), work: { $ref: '#/properties/home' } });
      const readsWith = (told: boolean) => {
        const pathRefs = told ? ['#/properties/home'] : undefined;
        reads = 0;
        const converted = convertRaw(raw, target, strict, pathRefs);
        expect(converted.schema.$defs).toBeDefined();
        return reads;
      };
      const once = readsWith(true);
      expect(once).toBeGreaterThan(0);
      expect(readsWith(false), `${target} ${strict}`).toBe(2 * once);
    }
  });

  test('gets a definition equal to converting it again: schema, plans, changes and strict verdict', () => {
    const cases: JsonObject[] = [
      object({ home: address(), work: { $ref: '#/properties/home', description: 'Where they work' } }),
      // Optional in strict mode: the place is made nullable where it is, its definition is not.
      object({ home: address(), work: { $ref: '#/properties/home' } }, { required: ['work'] }),
      // The ref before the place.
      object({ work: { $ref: '#/properties/home' }, home: address() }),
      // Places inside places.
      object({
        a: object({ b: address(), c: { $ref: '#/properties/a/properties/b' } }),
        d: { $ref: '#/properties/a' },
      }),
      // Items, alternatives, a chain of refs to refs, escaped names.
      object({
        list: { type: 'array', items: address() },
        one: { $ref: '#/properties/list/items' },
        either: { anyOf: [address(), { type: 'null' }] },
        first: { $ref: '#/properties/either/anyOf/0' },
        'a/b': address(),
        'c~d': { $ref: '#/properties/a~1b' },
        e: { $ref: '#/properties/c~0d' },
      }),
      // A place inside a root definition, and a definition ref inside a place.
      {
        ...object({
          user: { $ref: '#/$defs/User' },
          name: { $ref: '#/$defs/User/properties/name' },
          tree: object({ root: { $ref: '#/$defs/Node' } }),
          forest: { $ref: '#/properties/tree' },
        }),
        $defs: {
          User: object({ name: object({ first: { type: 'string' } }), age: { type: 'integer' } }),
          Node: object({ next: { $ref: '#/$defs/Node' }, value: { type: 'string' } }),
        },
      },
      // A place met first elsewhere: merged into another schema through allOf, before its own place.
      object({
        c: { allOf: [{ $ref: '#/properties/a' }, object({ extra: { type: 'number' } })] },
        a: object({ b: address() }),
        d: { $ref: '#/properties/a/properties/b' },
      }),
      // A place whose schema object sits at another place too, met there first (the converter
      // is handed shared objects where a caller built the schema so).
      (() => {
        const shared: JsonObject = object({ count: { type: 'integer', minimum: 0 } });
        return object({ p: shared, r: object({ a: shared }), use: { $ref: '#/properties/r/properties/a' } });
      })(),
      // Refs that are not a place to share: not an object, not there.
      object({ a: { type: 'string' }, b: { $ref: '#/properties/a/type' }, c: { $ref: '#/properties/none' } }),
      // Twenty uses in a row, each of the one before.
      object(
        Object.fromEntries(
          Array.from({ length: 20 }, (_, index) => [
            `p${index}`,
            index === 0 ? address() : { $ref: `#/properties/p${index - 1}` },
          ]),
        ),
      ),
      // A large table (key lists) with names that sort as integers.
      object({
        big: object(
          Object.fromEntries(
            Array.from({ length: 1_100 }, (_, index) => [
              index % 3 === 0 ? String(index) : `k${index}`,
              { type: 'string' },
            ]),
          ),
        ),
        again: { $ref: '#/properties/big' },
      }),
    ];
    for (const raw of cases) expectSameAsConvertedTwice(raw);
  });

  test('carries the other keys of an open object in it, in the definition as where it is', () => {
    const raw = object({
      a: object({ meta: object({ key: { type: 'string' } }, { additionalProperties: true }) }),
      b: { $ref: '#/properties/a' },
    });
    expectSameAsConvertedTwice(raw);
    const { schema, strictBlockers } = convertRaw(raw, 'openai-responses', true, pathRefsOf(raw));
    expect(strictBlockers).toEqual([]);
    const [definition = {}] = Object.values(schema.$defs as JsonObject) as JsonObject[];
    const meta = (definition.properties as JsonObject).meta as JsonObject;
    expect(Object.keys(meta.properties as JsonObject)).toEqual(['key', 'other_keys']);
  });

  test("replays the definitions it refers to, which Anthropic strict's recursion check follows", () => {
    const raw = object({
      node: object({ value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/properties/node' } } }),
    });
    expectSameAsConvertedTwice(raw);
    expect(convertRaw(raw, 'anthropic', true, pathRefsOf(raw)).strictBlockers).toEqual([
      'recursive definitions (properties_node)',
    ]);
  });

  test('is converted again for its definition where it was cut for depth (the definition starts higher up)', () => {
    // The chain's end is at depth 401 where it is (cut), at 400 as a definition (not cut).
    const raw = object({ a: object({ b: chain(399) }), c: { $ref: '#/properties/a/properties/b' } });
    expectSameAsConvertedTwice(raw);
    const { schema } = convertRaw(raw, 'openai-responses', false, pathRefsOf(raw));
    const cut = (value: JsonValue | undefined) => JSON.stringify(value).includes('JSON text');
    expect(cut(schema.properties)).toBe(true);
    expect(Object.values(schema.$defs as JsonObject).map(cut)).toEqual([false]);
  });

  test("is converted again for its definition where it inlined a ref (the tool's inline limit may refuse it there)", () => {
    // Each place inlines the whole root; the limit (4× the input) refuses the fifth inline.
    const filler = Object.fromEntries(
      Array.from({ length: 400 }, (_, index) => [`f${index}`, { type: 'string', description: `field ${index}` }]),
    );
    const properties: JsonObject = { ...filler };
    for (let index = 0; index < 5; index++) {
      properties[`place${index}`] = object({ whole: { $ref: '#' } });
      properties[`use${index}`] = { $ref: `#/properties/place${index}` };
    }
    const raw = object(properties);
    expectSameAsConvertedTwice(raw);
    const { changes } = convertRaw(raw, 'openai-responses', false, pathRefsOf(raw));
    expect(changes.some((change) => change.message.includes('not inlined'))).toBe(true);
  });

  test('is converted again for its definition where it is a leaf (copying it costs what converting does)', () => {
    const raw = object({ kind: { type: 'string', enum: ['a', 'b'] }, again: { $ref: '#/properties/kind' } });
    expectSameAsConvertedTwice(raw);
    const recorded = vi.mocked(places.recordedPlace);
    recorded.mockClear();
    convertRaw(raw, 'openai-responses', false, pathRefsOf(raw));
    expect(recorded.mock.results.every((result) => result.value === undefined)).toBe(true);
    expect(recorded).toHaveBeenCalled();
  });

  test('gets a definition that is an object of its own, sharing nothing with the place', () => {
    const { schema } = convertRaw(
      object({ home: address(), work: { $ref: '#/properties/home' } }),
      'openai-responses',
      true,
      ['#/properties/home'],
    );
    const objectsOf = (value: unknown, found = new Set<object>()): Set<object> => {
      if (typeof value === 'object' && value !== null) {
        found.add(value);
        for (const child of Object.values(value)) objectsOf(child, found);
      }
      return found;
    };
    const placed = objectsOf((schema.properties as JsonObject).home);
    const defined = objectsOf(Object.values(schema.$defs as JsonObject));
    expect(defined.size).toBeGreaterThan(5);
    for (const each of defined) expect(placed.has(each)).toBe(false);
  });

  test('gets a definition equal to converting it again, on random trees with refs to their places', () => {
    const leaf = fc.oneof(
      fc.constant<JsonObject>({ type: 'string' }),
      fc.constant<JsonObject>({ type: 'integer', minimum: 0 }),
      fc.constant<JsonObject>({ type: 'string', enum: ['a', 'b'] }),
      fc.constant<JsonObject>({ type: 'boolean', description: 'a flag' }),
      // One object at several places: the converter must not take one place's conversion for another's.
      fc.constant<JsonObject>({ type: 'array', items: { type: 'string' }, maxItems: 3 }),
    );
    const tree = fc.letrec<{ node: JsonObject }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc
          .dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('node'), { minKeys: 1, maxKeys: 3 })
          .chain((properties) =>
            fc.subarray(Object.keys(properties)).map((required) => object(properties as JsonObject, { required })),
          ),
        tie('node').map((items): JsonObject => ({ type: 'array', items })),
        fc.tuple(tie('node'), tie('node')).map((anyOf): JsonObject => ({ anyOf })),
      ),
    })).node;
    /** Every object schema's pointer in a tree (below the root). */
    const pointers = (schema: JsonValue, pointer: string, found: string[]): string[] => {
      if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return found;
      if (pointer !== '') found.push(pointer);
      if (typeof schema.properties === 'object' && schema.properties !== null)
        for (const [name, child] of Object.entries(schema.properties))
          pointers(child, `${pointer}/properties/${name}`, found);
      if (schema.items !== undefined) pointers(schema.items, `${pointer}/items`, found);
      if (Array.isArray(schema.anyOf))
        for (const [index, child] of schema.anyOf.entries()) pointers(child, `${pointer}/anyOf/${index}`, found);
      return found;
    };
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('p', 'q', 'r', 's'), tree, { minKeys: 1, maxKeys: 4 }),
        fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 4 }),
        (properties, uses) => {
          const raw = object(properties as JsonObject);
          const targets = pointers(raw, '', []);
          if (targets.length === 0) return;
          uses.forEach(([pick, described], index) => {
            const ref: JsonObject = { $ref: `#${targets[pick % targets.length]}` };
            if (described) ref.description = 'used again';
            (raw.properties as JsonObject)[`use${index}`] = ref;
          });
          expectSameAsConvertedTwice(raw);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('refs to places, from the copy to the converter', () => {
  test("the parse's copy notes the refs to places a tool holds, and only those", () => {
    const tool = {
      name: 'tool',
      inputSchema: {
        ...object({ home: address(), work: { $ref: '#/properties/home' }, user: { $ref: '#/$defs/User' } }),
        $defs: { User: object({ name: { type: 'string' } }) },
      },
    };
    expect(parseMcpToolWithFacts(tool, { keepRaw: true }).pathRefs).toEqual(['#/properties/home']);
    expect(
      parseMcpToolWithFacts({ name: 'plain', inputSchema: object({ a: address() }) }, { keepRaw: true }).pathRefs,
    ).toBe(undefined);
  });

  test('convertMcpTools takes each definition of a place from its conversion where it is', () => {
    const recorded = vi.mocked(places.recordedPlace);
    for (const { target, strict } of SETTINGS) {
      recorded.mockClear();
      const conversion = convertMcpTools(
        [{ name: 'tool', inputSchema: object({ home: address(), work: { $ref: '#/properties/home' } }) }],
        { target, strict },
      );
      expect(conversion.results[0]?.ok).toBe(true);
      const kept = recorded.mock.results.filter((result) => result.value !== undefined);
      expect(kept.length, `${target} ${strict}`).toBeGreaterThan(0);
    }
  });
});
