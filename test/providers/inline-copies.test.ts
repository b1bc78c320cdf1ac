// Inlined refs converted once and shared by their other uses (Gemini, `portable`), and what an
// inlined definition reads of the server's own schema (issue 25).
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { at, ChangeLog } from '../../src/providers/changes.js';
import { MAX_RECORDED_ENTRIES } from '../../src/providers/convert-ref.js';
import { convertSchemaForTarget } from '../../src/providers/convert-schema.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { schemaProfile } from '../../src/providers/targets/registry.js';
import type { JsonObject, JsonValue } from '../../src/schema/json.js';

const INLINING_TARGETS = ['gemini', 'portable'] as const;

/** A schema whose one string property counts how often its `type` is read. */
function countedLeaf(): { schema: JsonObject; reads: () => number } {
  let reads = 0;
  const schema = new Proxy({ type: 'string', maxLength: 40 } as JsonObject, {
    get(target, key, receiver) {
      if (key === 'type') reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { schema, reads: () => reads };
}

/** Reads of the leaf's `type` when a definition holding it is used `uses` times. */
function leafReads(target: (typeof INLINING_TARGETS)[number], uses: number): number {
  const leaf = countedLeaf();
  const properties: JsonObject = {};
  for (let use = 0; use < uses; use++) properties[`use_${use}`] = { $ref: '#/$defs/Item' };
  const raw: JsonObject = {
    type: 'object',
    properties,
    $defs: { Item: { type: 'object', properties: { label: leaf.schema, size: { type: 'integer' } } } },
  };
  const converted = convertSchemaForTarget(
    raw,
    schemaProfile(target, false),
    new ChangeLog(),
    at(undefined, 'inputSchema'),
  );
  expect(Object.keys(converted.schema.properties as JsonObject)).toHaveLength(uses);
  return leaf.reads();
}

/** `schema` with every ref to a root definition replaced by the definition, written out (no cycles). */
function writtenOut(schema: JsonValue, defs: JsonObject): JsonValue {
  if (Array.isArray(schema)) return schema.map((entry) => writtenOut(entry, defs));
  if (typeof schema !== 'object' || schema === null) return schema;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.slice('#/$defs/'.length);
    return writtenOut(defs[name] as JsonValue, defs);
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) if (key !== '$defs') out[key] = writtenOut(value, defs);
  return out;
}

/** A value the wire schema takes: every property, the first enum value, JSON text where asked. */
function sampleArguments(schema: JsonValue | undefined, depth = 0): JsonValue {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || depth > 20) return null;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] as JsonValue;
  if (Array.isArray(schema.anyOf)) return sampleArguments(schema.anyOf[0], depth + 1);
  const type = String(schema.type ?? '').toLowerCase();
  if (type === 'object') {
    const out: JsonObject = {};
    for (const [name, child] of Object.entries((schema.properties ?? {}) as JsonObject))
      out[name] = sampleArguments(child, depth + 1);
    return out;
  }
  if (type === 'array') return [sampleArguments(schema.items, depth + 1)];
  if (type === 'string')
    return typeof schema.description === 'string' && schema.description.includes('JSON text') ? '{"k":[1]}' : 'text';
  if (type === 'integer' || type === 'number') return 2;
  if (type === 'boolean') return true;
  return null;
}

/**
 * Definitions `${prefix}0` … `${prefix}${count - 1}`, each built from the ref to the next one
 * (undefined for the last): chains and diamonds.
 */
function definitionChain(
  prefix: string,
  count: number,
  build: (next: JsonObject | undefined) => JsonObject,
): JsonObject {
  const defs: JsonObject = {};
  for (let index = 0; index < count; index++)
    defs[`${prefix}${index}`] = build(index + 1 < count ? { $ref: `#/$defs/${prefix}${index + 1}` } : undefined);
  return defs;
}

/** One tool converted for `target`, with its result (which must have converted) and wire schema. */
function convertOne(
  schema: JsonObject,
  target: (typeof INLINING_TARGETS)[number],
  options: { budgetBytes?: number } = {},
) {
  const conversion = convertMcpTools([{ name: 'tool', inputSchema: schema }], { target, ...options });
  const [tool] = conversion.tools;
  const [result] = conversion.results;
  if (tool === undefined || result === undefined || !result.ok) throw new Error('the tool did not convert');
  return { conversion, result, parameters: wireSchema(tool) };
}

/** A converted tool's schema: Gemini's `parameters`, `portable`'s `inputSchema`. */
function wireSchema(tool: unknown): JsonObject {
  const { parameters, inputSchema } = tool as { parameters?: JsonObject; inputSchema?: JsonObject };
  const schema = parameters ?? inputSchema;
  if (schema === undefined) throw new Error('no schema on the converted tool');
  return schema;
}

/** The wire schema and what a conversion says and restores, with what only refs make aside. */
function convertedView(schema: JsonObject, target: (typeof INLINING_TARGETS)[number]) {
  // No compaction: written out, a schema is larger and would be compacted where its refs are not.
  const { conversion, result, parameters } = convertOne(schema, target, { budgetBytes: 1e9 });
  return {
    parameters,
    changes: result.changes.filter((change) => change.kind !== 'ref_inlined'),
    restored: conversion.resolveToolCall(result.providerName, sampleArguments(parameters)),
  };
}

/** The definition an inlined property holds at `names` (property after property). */
function propertyAt(schema: JsonObject, names: readonly string[]): JsonObject {
  let node = schema;
  for (const name of names) node = (node.properties as JsonObject)[name] as JsonObject;
  return node;
}

const isJsonText = (schema: JsonObject) =>
  String(schema.type).toLowerCase() === 'string' && /as JSON text/.test(String(schema.description));

describe('an inlined definition is converted once and shared by its other uses', () => {
  test.each(INLINING_TARGETS)('%s: used twelve times, its schema is read as often as when used once', (target) => {
    const once = leafReads(target, 1);
    expect(once).toBeGreaterThan(0);
    expect(leafReads(target, 12)).toBe(once);
  });

  test.each(INLINING_TARGETS)('%s: each use is what the definition written out at that place converts to', (target) => {
    const defs: JsonObject = {
      Item: {
        type: 'object',
        properties: {
          'bad-name': { type: 'string', 'x-internal': true },
          count: { type: 'integer', exclusiveMinimum: 0 },
          level: { type: 'integer', enum: [1, 2, 3] },
          note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          tags: { type: 'object', additionalProperties: { type: 'string' } },
          leaf: { $ref: '#/$defs/Leaf' },
        },
        required: ['bad-name'],
      },
      Leaf: { type: 'object', properties: { 'a.b': { type: 'boolean' }, free: {} } },
    };
    const properties = {
      first: { $ref: '#/$defs/Item' },
      second: { type: 'array', items: { $ref: '#/$defs/Item' } },
      third: { type: 'object', properties: { inner: { $ref: '#/$defs/Item' } } },
    };
    const withRefs = convertedView({ type: 'object', properties, $defs: defs }, target);
    const spelled = convertedView(writtenOut({ type: 'object', properties }, defs) as JsonObject, target);
    expect(withRefs.parameters).toEqual(spelled.parameters);
    expect(withRefs.changes.filter((change) => change.path !== '/inputSchema/$defs')).toEqual(spelled.changes);
    expect(withRefs.restored).toEqual(spelled.restored);
    // The renames inside the definition are logged at every use.
    expect(
      withRefs.changes.filter((change) => change.kind === 'property_renamed').map((change) => change.path),
    ).toEqual(
      expect.arrayContaining([
        '/inputSchema/properties/first/properties/bad-name',
        '/inputSchema/properties/second/items/properties/bad-name',
        '/inputSchema/properties/third/properties/inner/properties/bad-name',
      ]),
    );
  });

  test.each(INLINING_TARGETS)('%s: the uses of a definition share its converted schema', (target) => {
    const { parameters } = convertedView(
      {
        type: 'object',
        properties: { a: { $ref: '#/$defs/Item' }, b: { $ref: '#/$defs/Item' } },
        $defs: {
          Item: { type: 'object', properties: { x: { type: 'object', properties: { y: { type: 'string' } } } } },
        },
      },
      target,
    );
    const a = propertyAt(parameters, ['a']);
    const b = propertyAt(parameters, ['b']);
    // One object at both uses (as `$RefParser.dereference` shares a definition): the schema is a
    // tree when serialized, and no step after the conversion writes into one use alone.
    expect(b).toBe(a);
    expect(JSON.parse(JSON.stringify(parameters))).toEqual({
      type: target === 'gemini' ? 'OBJECT' : 'object',
      properties: { a, b: structuredClone(a) },
    });
  });

  test.each(INLINING_TARGETS)(
    '%s: a use with a description of its own is an object of its own around the shared schema',
    (target) => {
      const { parameters } = convertedView(
        {
          type: 'object',
          properties: {
            a: { $ref: '#/$defs/Item', description: 'The first.' },
            b: { $ref: '#/$defs/Item', description: 'The second.' },
          },
          $defs: {
            Item: { type: 'object', properties: { x: { type: 'object', properties: { y: { type: 'string' } } } } },
          },
        },
        target,
      );
      const a = propertyAt(parameters, ['a']);
      const b = propertyAt(parameters, ['b']);
      expect([a.description, b.description]).toEqual(['The first.', 'The second.']);
      expect(propertyAt(b, ['x'])).toBe(propertyAt(a, ['x']));
    },
  );

  test('gemini: a shared definition is spelled once, its counts written as strings once', () => {
    const { parameters } = convertedView(
      {
        type: 'object',
        properties: { a: { $ref: '#/$defs/Item' }, b: { $ref: '#/$defs/Item' }, c: { $ref: '#/$defs/Item' } },
        $defs: {
          Item: {
            type: 'object',
            properties: { tags: { type: 'array', items: { type: 'string', maxLength: 12 }, minItems: 1 } },
          },
        },
      },
      'gemini',
    );
    const tags = propertyAt(parameters, ['c', 'tags']);
    expect(tags).toEqual({ type: 'ARRAY', items: { type: 'STRING', maxLength: '12' }, minItems: '1' });
    expect(propertyAt(parameters, ['a'])).toEqual({ type: 'OBJECT', properties: { tags } });
  });

  test('random definition graphs without cycles convert as their definitions written out', () => {
    const definition = fc.record({
      refs: fc.array(fc.nat(), { maxLength: 3 }),
      kinds: fc.array(fc.constantFrom('string', 'integer-enum', 'nullable', 'renamed', 'map', 'moved', 'empty'), {
        maxLength: 4,
      }),
    });
    fc.assert(
      fc.property(
        fc.array(definition, { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...INLINING_TARGETS),
        (shapes, uses, target) => {
          const defs: JsonObject = {};
          shapes.forEach((shape, index) => {
            const properties: JsonObject = {};
            // A definition refers only to later ones: no cycles.
            shape.refs.forEach((ref, at) => {
              const later = index + 1 + (ref % Math.max(1, shapes.length - index - 1));
              if (later < shapes.length) properties[`ref_${at}`] = { $ref: `#/$defs/D${later}` };
            });
            shape.kinds.forEach((kind, at) => {
              properties[kind === 'renamed' ? `re-named ${at}` : `${kind}_${at}`] = {
                string: { type: 'string' },
                'integer-enum': { type: 'integer', enum: [3, 4] },
                nullable: { anyOf: [{ type: 'number' }, { type: 'null' }] },
                renamed: { type: 'boolean' },
                map: { type: 'object', additionalProperties: { type: 'integer' } },
                moved: { type: 'string', pattern: '^a', format: 'email', minLength: 2 },
                empty: {},
              }[kind] as JsonObject;
            });
            defs[`D${index}`] = { type: 'object', properties };
          });
          const properties: JsonObject = {};
          uses.forEach((use, index) => {
            properties[`use_${index}`] = { $ref: `#/$defs/D${use % shapes.length}` };
          });
          const withRefs = convertedView({ type: 'object', properties, $defs: defs }, target);
          const spelled = convertedView(writtenOut({ type: 'object', properties }, defs) as JsonObject, target);
          expect(withRefs.parameters).toEqual(spelled.parameters);
          expect(withRefs.changes.filter((change) => change.path !== '/inputSchema/$defs')).toEqual(spelled.changes);
          expect(withRefs.restored).toEqual(spelled.restored);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('a copy is made only where the conversion it copies holds', () => {
  test.each(INLINING_TARGETS)(
    '%s: a definition cut by the recursion above one use is spelled out further at another',
    (target) => {
      const { parameters } = convertedView(
        {
          type: 'object',
          properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/B' }, c: { $ref: '#/$defs/C' } },
          $defs: {
            A: { type: 'object', properties: { toB: { $ref: '#/$defs/B' }, n: { type: 'integer' } } },
            B: { type: 'object', properties: { toA: { $ref: '#/$defs/A' }, s: { type: 'string' } } },
            C: { type: 'object', properties: { toB: { $ref: '#/$defs/B' }, again: { $ref: '#/$defs/B' } } },
          },
        },
        target,
      );
      // Under a, B's ref back to A is recursion; under c, B holds A, whose ref to B is recursion.
      expect(isJsonText(propertyAt(parameters, ['a', 'toB', 'toA']))).toBe(true);
      expect(isJsonText(propertyAt(parameters, ['b', 'toA', 'toB']))).toBe(true);
      for (const use of ['toB', 'again']) {
        expect(isJsonText(propertyAt(parameters, ['c', use, 'toA']))).toBe(false);
        expect(isJsonText(propertyAt(parameters, ['c', use, 'toA', 'toB']))).toBe(true);
      }
    },
  );

  test.each(INLINING_TARGETS)('%s: a chain is cut at the same depth of the tool wherever it is inlined', (target) => {
    // Each level of the chain is two of the tool (an object, its ref); the cut is past 400.
    const length = 300;
    const defs = definitionChain(
      'L',
      length,
      (next): JsonObject => (next === undefined ? { type: 'string' } : { type: 'object', properties: { next } }),
    );
    let deep: JsonObject = { $ref: '#/$defs/L0' };
    // 26 levels of objects: 13 of the chain.
    for (let level = 0; level < 26; level++) deep = { type: 'object', properties: { down: deep } };
    // `mid` first: the chain's second half converts whole there, and is too deep to copy under `a`.
    const schema = {
      type: 'object',
      properties: { mid: { $ref: '#/$defs/L150' }, a: { $ref: '#/$defs/L0' }, deep },
      $defs: defs,
    };
    const { parameters } = convertOne(schema, target, { budgetBytes: 1e9 });
    const levelsTo = (start: JsonObject) => {
      let node = start;
      let levels = 0;
      while (node.properties !== undefined) {
        node = propertyAt(node, ['next']);
        levels++;
      }
      return { levels, cut: isJsonText(node) };
    };
    expect(levelsTo(propertyAt(parameters, ['mid']))).toEqual({ levels: length - 1 - 150, cut: false });
    const underA = levelsTo(propertyAt(parameters, ['a']));
    expect(underA.cut).toBe(true);
    expect(underA.levels).toBeGreaterThan(150);
    expect(underA.levels).toBeLessThan(length - 1);
    let deepStart = parameters;
    for (let level = 0; level < 27; level++) deepStart = propertyAt(deepStart, [level === 0 ? 'deep' : 'down']);
    expect(levelsTo(deepStart)).toEqual({ levels: underA.levels - 13, cut: true });
  });

  test.each(INLINING_TARGETS)('%s: an emptied definition takes the description of each use', (target) => {
    // Over budget, the descriptions are stripped (compaction's first pass): the emptied
    // definition's description is read in the server's schema, at each use.
    const schema = {
      type: 'object',
      properties: {
        u: { $ref: '#/$defs/Anything', description: 'what u holds' },
        v: { $ref: '#/$defs/Anything', description: 'what v holds' },
        w: { $ref: '#/$defs/Anything' },
        notes: { type: 'string', description: 'A long description. '.repeat(100) },
      },
      $defs: { Anything: { description: 'any value the tool stores' } },
    };
    const { result, parameters } = convertOne(schema, target, { budgetBytes: 1_000 });
    expect(result.compactionPasses).toEqual(['strip_descriptions']);
    expect(propertyAt(parameters, ['u']).description).toMatch(/^what u holds/);
    expect(propertyAt(parameters, ['v']).description).toMatch(/^what v holds/);
    expect(propertyAt(parameters, ['w']).description).toMatch(/^any value the tool stores/);
  });

  test.each(INLINING_TARGETS)('%s: copies count against the tool inline limit as conversions do', (target) => {
    // A diamond: each definition refers twice to the next, so writing it out doubles per level.
    const levels = 16;
    const defs = definitionChain(
      'D',
      levels,
      (next): JsonObject =>
        next === undefined
          ? { type: 'object', properties: { v: { type: 'string', description: 'a leaf value of the diamond' } } }
          : { type: 'object', properties: { left: next, right: { ...next } } },
    );
    const schema = { type: 'object', properties: { top: { $ref: '#/$defs/D0' } }, $defs: defs };
    const { result } = convertOne(schema, target);
    // What inlining wrote, as the input bytes of each definition inlined (the limit's own measure).
    const sizes = new Map(Object.entries(defs).map(([name, def]) => [`#/$defs/${name}`, JSON.stringify(def).length]));
    let inlined = 0;
    for (const change of result.changes)
      if (change.kind === 'ref_inlined' && change.path.endsWith('/$ref'))
        inlined += sizes.get(change.message.split(' ')[0] as string) ?? 0;
    const limit = 64_000;
    expect(JSON.stringify(schema).length * 4).toBeLessThan(limit);
    expect(inlined).toBeLessThanOrEqual(limit);
    // It stopped only because the next one would not fit.
    expect(inlined).toBeGreaterThan(limit - Math.max(...sizes.values()));
    expect(result.changes.some((change) => /not inlined: the tool would grow past/.test(change.message))).toBe(true);
  });
});

describe('what recording costs', () => {
  test('a ring of definitions inlined lists the refs it looked up once, not once per definition in it', () => {
    // Each definition of the ring is recorded as it is inlined, and each is cut by the first one,
    // above it: only the outermost can be copied. Listing every recording's refs to find that
    // out was quadratic (a 10 KB ring took twice as long on Gemini as before copies).
    const setAdds = (length: number): number => {
      const defs: JsonObject = {};
      for (let index = 0; index < length; index++)
        defs[`R${index}`] = {
          type: 'object',
          properties: { next: { $ref: `#/$defs/R${(index + 1) % length}` }, value: { type: 'string' } },
        };
      const raw: JsonObject = { type: 'object', properties: { ring: { $ref: '#/$defs/R0' } }, $defs: defs };
      const add = vi.spyOn(Set.prototype, 'add');
      try {
        const converted = convertSchemaForTarget(
          raw,
          schemaProfile('gemini', false),
          new ChangeLog(),
          at(undefined, 'inputSchema'),
        );
        let node = propertyAt(converted.schema, ['ring']);
        for (let index = 1; index < length; index++) node = propertyAt(node, ['next']);
        return add.mock.calls.length;
      } finally {
        add.mockRestore();
      }
    };
    const small = setAdds(15);
    expect(small).toBeGreaterThan(0);
    // Ten times the ring: about ten times the adds (a hundred before).
    expect(setAdds(150) / small).toBeLessThan(20);
  });
});

describe('what recording keeps is bounded', () => {
  test('a chain of wide definitions keeps at most MAX_RECORDED_ENTRIES changes, and converts whole', () => {
    // Every recording keeps its subtree's changes, and each definition around it again: the
    // sum over this chain is 60 × 61 / 2 × 300 = 549,000 changes kept without the bound.
    const length = 60;
    const width = 300;
    const defs = definitionChain('D', length, (next) => {
      const properties: JsonObject = {};
      for (let column = 0; column < width; column++) properties[`c${column}`] = { type: 'number', exclusiveMinimum: 0 };
      if (next !== undefined) properties.next = next;
      return { type: 'object', properties };
    });
    const raw: JsonObject = { type: 'object', properties: { chain: { $ref: '#/$defs/D0' } }, $defs: defs };
    let kept = 0;
    class CountingLog extends ChangeLog {
      override since(start: number) {
        const changes = super.since(start);
        kept += changes.parts.length / 4;
        return changes;
      }
    }
    const log = new CountingLog();
    const converted = convertSchemaForTarget(raw, schemaProfile('gemini', false), log, at(undefined, 'inputSchema'));
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(MAX_RECORDED_ENTRIES);
    expect(log.toArray().filter((change) => change.kind === 'keyword_moved')).toHaveLength(length * width);
    let node = propertyAt(converted.schema, ['chain']);
    for (let index = 1; index < length; index++) node = propertyAt(node, ['next']);
    expect(Object.keys(node.properties as JsonObject)).toHaveLength(width);
  });
});

describe('an inlined definition reads what the server wrote in the definition', () => {
  const schema = {
    type: 'object',
    properties: {
      first: { $ref: '#/$defs/Options' },
      second: { $ref: '#/$defs/Options' },
      any: { $ref: '#/$defs/Anything' },
      described: { $ref: '#/$defs/Anything', description: 'what this use holds' },
    },
    $defs: {
      Options: {
        type: 'object',
        properties: { extra: true, never: false, free: { description: 'free-form notes' }, name: { type: 'string' } },
      },
      Anything: { description: 'any value the tool stores' },
    },
  };

  test.each(INLINING_TARGETS)(
    '%s: a boolean schema in a definition is any value or never, as under $defs',
    (target) => {
      const { parameters } = convertedView(schema, target);
      for (const use of ['first', 'second']) {
        const options = propertyAt(parameters, [use]);
        expect(Object.keys(options.properties as JsonObject)).toEqual(['extra', 'free', 'name']);
        expect(isJsonText(propertyAt(options, ['extra']))).toBe(true);
        expect(propertyAt(options, ['free']).description).toMatch(/^free-form notes/);
      }
    },
  );

  test.each(INLINING_TARGETS)('%s: an emptied definition keeps its description, and a use its own', (target) => {
    const { parameters } = convertedView(schema, target);
    expect(propertyAt(parameters, ['any']).description).toMatch(/^any value the tool stores/);
    expect(propertyAt(parameters, ['described']).description).toMatch(/^what this use holds/);
  });

  test.each(INLINING_TARGETS)('%s: the value sent as JSON text reaches the tool as the value', (target) => {
    const { conversion, result } = convertOne(schema, target);
    const resolved = conversion.resolveToolCall(result.providerName, {
      first: { extra: '{"depth":[1,2]}', free: '"plain"', name: 'x' },
    });
    expect(resolved).toMatchObject({ ok: true, arguments: { first: { extra: { depth: [1, 2] }, free: 'plain' } } });
  });
});
