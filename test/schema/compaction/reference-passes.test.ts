import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  collapseDeepSchemaObjects,
  collapseDeepSchemaObjectsInPlace,
  copyAfterDefinitionsDropped,
  copyWithoutDescriptions,
  dropDefinitionRefs,
  dropDefinitionRefsInPlace,
  pruneCompositions,
  pruneCompositionsInPlace,
  removeStrippedDescriptions,
  replaceThenStripDescriptions,
  stripDescriptions,
  stripDescriptionsByCopying,
  stripDescriptionsInPlace,
  stripDescriptionsOutsideRootTablesInPlace,
  stripDescriptionsThenDropDefinitions,
  stripNotedDescriptions,
} from '../../../src/schema/compaction/reference-passes.js';
import { CopyState } from '../../../src/schema/copy.js';
import type { JsonValue } from '../../../src/schema/json.js';
import { CollectedRefs } from '../../../src/schema/ref-collection.js';
import { sanitizeCollectingRefs, sanitizeJsonSchema } from '../../../src/schema/sanitize.js';
import { PROPERTY_RUNS, schemaShaped } from '../../helpers/arbitraries.js';
import { deepFreeze } from '../../helpers/builders.js';
import { readCorpusTools } from '../../helpers/corpus.js';
import { openApiServerToolSchema } from '../../helpers/openapi-servers.js';

// SPEC §1.5
describe('stripDescriptions', () => {
  test('removes descriptions of schemas, nested tables included, but not a property named description', () => {
    expect(
      stripDescriptions({
        description: 'root',
        properties: { description: { type: 'string', description: 'x' } },
        items: { description: 'i' },
        $defs: { A: { description: 'a', properties: { b: { description: 'b' } } } },
        enum: [{ description: 'literal' }],
      }),
    ).toStrictEqual({
      properties: { description: { type: 'string' } },
      items: {},
      $defs: { A: { properties: { b: {} } } },
      enum: [{ description: 'literal' }],
    });
  });
});

describe('removeStrippedDescriptions', () => {
  test('replaces each object pass 1 stripped by a copy without the key, its other keys in order, and keeps the rest as they are', () => {
    const untouched = { type: 'string' };
    const raw = JSON.parse(
      '{"type":"object","description":"root","properties":{"a":{"minLength":1,"description":"a","type":"string"},"b":{"type":"string"}},"items":[{"description":"i","__proto__":{"x":1}}],"$defs":{"D":{"description":"d","enum":[1]}}}',
    );
    raw.properties.b = untouched;
    const a = raw.properties.a;
    const stripped = stripDescriptionsInPlace(raw).root;
    const result = removeStrippedDescriptions(stripped) as { properties: Record<string, unknown>; items: object[] };
    expect(JSON.stringify(result)).toBe(
      '{"type":"object","properties":{"a":{"minLength":1,"type":"string"},"b":{"type":"string"}},"items":[{"__proto__":{"x":1}}],"$defs":{"D":{"enum":[1]}}}',
    );
    // A copy where a key went (a deleted key would leave a slow dictionary-mode object), the same object elsewhere.
    expect(result).not.toBe(raw);
    expect(result.properties.a).not.toBe(a);
    expect(result.properties.b).toBe(untouched);
    // `__proto__` stays a data member of the copy, not its prototype.
    const item = result.items[0] as object;
    expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
    expect(Object.keys(item)).toStrictEqual(['__proto__']);
  });
});

describe('stripDescriptionsByCopying', () => {
  const nullThenRemove = (raw: JsonValue, leaveRootTables: boolean) => {
    const stripped = leaveRootTables ? stripDescriptionsOutsideRootTablesInPlace(raw) : stripDescriptionsInPlace(raw);
    return { root: JSON.stringify(removeStrippedDescriptions(stripped.root)), changed: stripped.changed };
  };

  test('leaves what pass 1 and the removal of its nulls leave, key order included, on every corpus and generated schema', () => {
    let compared = 0;
    const schemas = [
      ...readCorpusTools().map((tool) => tool.inputSchema ?? {}),
      ...fc.sample(openApiServerToolSchema, { numRuns: 60, seed: 7 }),
    ];
    for (const schema of schemas) {
      for (const leaveRootTables of [false, true]) {
        const byCopy = stripDescriptionsByCopying(sanitizeJsonSchema(schema), leaveRootTables);
        expect({ root: JSON.stringify(byCopy.root), changed: byCopy.changed }).toStrictEqual(
          nullThenRemove(sanitizeJsonSchema(schema), leaveRootTables),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(2_000);
  });

  test('strips every schema slot, nested lists and nested tables included, and nothing else', () => {
    const raw = JSON.parse(
      '{"description":"root","properties":{"a":{"description":"a","items":[[{"description":"nested list"}]]}},"additionalProperties":{"description":"extra"},"anyOf":{"description":"a lone anyOf object"},"not":{"description":"kept"},"prefixItems":[{"description":"kept"}],"enum":[{"description":"literal"}],"$defs":{"D":{"description":"d","definitions":{"E":{"description":"e"}}}}}',
    );
    const { root, changed } = stripDescriptionsByCopying(raw, true);
    expect(changed).toBe(true);
    expect(JSON.stringify(root)).toBe(
      '{"properties":{"a":{"items":[[{}]]}},"additionalProperties":{},"anyOf":{},"not":{"description":"kept"},"prefixItems":[{"description":"kept"}],"enum":[{"description":"literal"}],"$defs":{"D":{"description":"d","definitions":{"E":{"description":"e"}}}}}',
    );
    const all = stripDescriptionsByCopying(
      JSON.parse('{"$defs":{"D":{"description":"d","definitions":{"E":{"description":"e"}}}}}'),
    );
    expect(JSON.stringify(all.root)).toBe('{"$defs":{"D":{"definitions":{"E":{}}}}}');
  });

  test('a null description goes too, but does not count as a change', () => {
    const { root, changed } = stripDescriptionsByCopying({ type: 'string', description: null });
    expect(root).toStrictEqual({ type: 'string' });
    expect(changed).toBe(false);
  });
});

describe('stripNotedDescriptions', () => {
  /** The parse entry's model-shaped copy of `input`, with where it wrote described objects. */
  const modelShapedCopy = (input: unknown) => {
    const state = new CopyState();
    state.modelShape = true;
    state.describedHolders = [];
    const refs = new CollectedRefs();
    const root = sanitizeCollectingRefs(input, refs, state);
    return { root, holders: refs.exact ? state.describedHolders : undefined };
  };

  test('leaves what pass 1 by copying leaves, key order included, from the holders the copy noted, on every corpus and generated schema', () => {
    let compared = 0;
    const schemas = [
      ...readCorpusTools().map((tool) => tool.inputSchema ?? {}),
      ...fc.sample(openApiServerToolSchema, { numRuns: 60, seed: 7 }),
    ];
    for (const schema of schemas) {
      const noted = modelShapedCopy(schema);
      if (noted.holders === undefined) continue;
      const walked = stripDescriptionsByCopying(modelShapedCopy(schema).root).root;
      expect(JSON.stringify(stripNotedDescriptions(noted.root, noted.holders))).toBe(JSON.stringify(walked));
      compared++;
    }
    expect(compared).toBeGreaterThan(1_000);
  });

  test('notes every kind of holder, inner objects first: tables, nested tables, lists, items, additionalProperties', () => {
    const input = {
      type: 'object',
      description: 'root',
      properties: {
        a: { type: 'array', description: 'a', items: { type: 'string', description: 'item' } },
        b: { anyOf: [{ type: 'string', description: 'b0' }, { type: 'number' }] },
        c: { type: 'object', additionalProperties: { type: 'string', description: 'extra' } },
        r: { $ref: '#/$defs/D' },
      },
      $defs: { D: { type: 'object', description: 'D', $defs: { E: { type: 'integer', description: 'E' } } } },
    };
    const { root, holders } = modelShapedCopy(input);
    const noted = (holders ?? []).filter((_, index) => index % 2 === 1);
    expect(noted).toStrictEqual(['items', 'a', 0, 'additionalProperties', 'E', 'D']);
    expect(JSON.stringify(stripNotedDescriptions(root, holders ?? []))).not.toContain('description');
  });

  test('rebuilds only the noted objects: one not noted keeps its description, and every other object stays as it is', () => {
    const noted = { type: 'string', description: 'noted' };
    const unnoted = { type: 'string', description: 'not noted' };
    const plain = { type: 'number' };
    const properties: Record<string, JsonValue> = { noted, unnoted, plain };
    const root = { type: 'object', description: 'root', properties };
    const stripped = stripNotedDescriptions(root, [properties, 'noted', properties, 'plain']) as typeof root;
    expect(stripped).toStrictEqual({
      type: 'object',
      properties: { noted: { type: 'string' }, unnoted, plain },
    });
    expect(stripped.properties).toBe(properties);
    expect(properties.unnoted).toBe(unnoted);
    expect(properties.plain).toBe(plain);
  });
});

describe('copyWithoutDescriptions', () => {
  test('copies as pass 1 leaves a schema: tables, items lists and nested tables stripped, literals, not, prefixItems and a property named description kept', () => {
    const input = deepFreeze({
      description: 'root',
      properties: { description: { type: 'string', description: 'x' } },
      items: [{ description: 'i' }, { type: 'string' }],
      additionalProperties: { description: 'extra' },
      anyOf: [{ description: 'a' }],
      not: { description: 'kept: pass 1 does not look inside not' },
      prefixItems: [{ description: 'kept too' }],
      $defs: { A: { description: 'a', properties: { b: { description: 'b' } }, $defs: { C: { description: 'c' } } } },
      enum: [{ description: 'literal' }],
    });
    const copy = copyWithoutDescriptions(input as never);
    expect(copy).toStrictEqual(stripDescriptions(input));
    expect(copy).not.toBe(input);
  });

  test('equals pass 1 on a copy for every corpus input schema, sanitized', () => {
    let compared = 0;
    for (const tool of readCorpusTools()) {
      const raw = sanitizeJsonSchema(tool.inputSchema ?? {});
      expect(copyWithoutDescriptions(raw)).toStrictEqual(stripDescriptions(raw));
      compared++;
    }
    expect(compared).toBeGreaterThan(1_000);
  });
});

describe('copyAfterDefinitionsDropped', () => {
  test('copies as passes 1 and 2 leave a schema: local refs outside tables emptied, root tables gone, nested tables kept without descriptions', () => {
    const input = deepFreeze({
      description: 'root',
      properties: {
        a: { $ref: '#/$defs/A', description: 'gone with its siblings' },
        b: { $ref: '#/properties/a' },
        c: { type: 'object', $defs: { N: { description: 'n', $ref: '#/$defs/A' } } },
      },
      anyOf: [{ $ref: '#/definitions/B' }],
      $defs: { A: { description: 'a' } },
      definitions: { B: {} },
    });
    const copy = copyAfterDefinitionsDropped(input as never);
    expect(copy).toStrictEqual(dropDefinitionRefs(stripDescriptions(input)));
    expect(copyAfterDefinitionsDropped({ $ref: '#/$defs/A', $defs: { A: {} } } as never)).toStrictEqual({});
  });

  test('equals passes 1 and 2 on a copy for every corpus input schema, sanitized', () => {
    let compared = 0;
    for (const tool of readCorpusTools()) {
      const raw = sanitizeJsonSchema(tool.inputSchema ?? {});
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) continue;
      expect(copyAfterDefinitionsDropped(raw)).toStrictEqual(dropDefinitionRefs(stripDescriptions(raw)));
      compared++;
    }
    expect(compared).toBeGreaterThan(1_000);
  });
});

describe('dropDefinitionRefs', () => {
  test('replaces local-definition refs with {} (siblings lost) and drops the root tables', () => {
    expect(
      dropDefinitionRefs({
        properties: { a: { $ref: '#/$defs/A', description: 'gone' }, b: { $ref: '#/properties/a' } },
        $defs: { A: {} },
        definitions: { B: {} },
      }),
    ).toStrictEqual({ properties: { a: {}, b: { $ref: '#/properties/a' } } });
  });

  test('replaces the root itself when it is a local-definition ref', () => {
    expect(dropDefinitionRefs({ $ref: '#/$defs/Root', $defs: { Root: {} } })).toStrictEqual({});
  });

  test('keeps nested tables', () => {
    expect(dropDefinitionRefs({ properties: { x: { $defs: { N: {} } } } })).toStrictEqual({
      properties: { x: { $defs: { N: {} } } },
    });
  });
});

describe('collapseDeepSchemaObjects', () => {
  test('collapses objects with children at depth 3 and keeps simple leaves', () => {
    const leafy = { type: 'string', enum: ['v'] };
    expect(
      collapseDeepSchemaObjects({
        properties: {
          a: {
            properties: {
              b: { properties: { c: { properties: {} }, leaf: leafy, closed: { additionalProperties: false } } },
            },
          },
        },
      }),
    ).toStrictEqual({ properties: { a: { properties: { b: { properties: { c: {}, leaf: leafy, closed: {} } } } } } });
  });

  test('counts composition elements as one level deeper than their parent', () => {
    expect(collapseDeepSchemaObjects({ anyOf: [{ anyOf: [{ anyOf: [{ items: {} }] }] }] })).toStrictEqual({
      anyOf: [{ anyOf: [{ anyOf: [{}] }] }],
    });
  });

  test('uses the given depth', () => {
    expect(collapseDeepSchemaObjects({ properties: { a: { items: {} } } }, 1)).toStrictEqual({ properties: { a: {} } });
  });
});

describe('replaceThenStripDescriptions', () => {
  /** Pass 3 (or pass 4) in place, then pass 1 by copying: the two walks the driver made before. */
  const inTwoWalks = (raw: JsonValue, depth: number, prune: boolean) => {
    const replaced = prune ? pruneCompositionsInPlace(raw) : collapseDeepSchemaObjectsInPlace(raw, depth);
    const stripped = stripDescriptionsByCopying(replaced.root);
    return { root: JSON.stringify(stripped.root), replaced: replaced.changed, stripped: stripped.changed };
  };
  const inOneWalk = (raw: JsonValue, depth: number, prune: boolean) => {
    const both = replaceThenStripDescriptions(raw, prune ? Number.POSITIVE_INFINITY : depth, prune);
    return { root: JSON.stringify(both.root), replaced: both.replaced, stripped: both.stripped };
  };
  const modes = [
    ...[0, 1, 2, 3, 4].map((depth) => ({ depth, prune: false })),
    { depth: Number.POSITIVE_INFINITY, prune: true },
  ];

  test('leaves what pass 3 or 4 and then pass 1 by copying leave, key order and flags included, on every corpus and generated schema', () => {
    let compared = 0;
    let replacedSome = 0;
    let prunedSome = 0;
    const schemas = [
      ...readCorpusTools().map((tool) => tool.inputSchema ?? {}),
      ...fc.sample(openApiServerToolSchema, { numRuns: 60, seed: 7 }),
    ];
    for (const schema of schemas) {
      for (const { depth, prune } of modes) {
        const expected = inTwoWalks(sanitizeJsonSchema(schema), depth, prune);
        expect(inOneWalk(sanitizeJsonSchema(schema), depth, prune)).toStrictEqual(expected);
        if (expected.replaced) {
          replacedSome++;
          if (prune) prunedSome++;
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(6_000);
    expect(replacedSome).toBeGreaterThan(1_000);
    expect(prunedSome).toBeGreaterThan(50);
  });

  test('agrees with the two walks on random schema-shaped values, lists, tables and null members included', () => {
    fc.assert(
      fc.property(schemaShaped, fc.integer({ min: 0, max: 5 }), (input, mode) => {
        const { depth, prune } = modes[mode] as (typeof modes)[number];
        expect(inOneWalk(structuredClone(input) as JsonValue, depth, prune)).toStrictEqual(
          inTwoWalks(structuredClone(input) as JsonValue, depth, prune),
        );
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('collapses deep objects whatever their descriptions, strips the ones it keeps, and strips tables without collapsing in them', () => {
    const raw = JSON.parse(
      '{"description":"root","properties":{"a":{"description":"a","items":[[{"description":"deep","properties":{"x":{}}},{"description":"leaf","type":"string"}]]}},"$defs":{"D":{"description":"d","properties":{"p":{"properties":{"q":{"properties":{"r":{"description":"kept deep in a table"}}}}}}}}}',
    );
    const { root, replaced, stripped } = replaceThenStripDescriptions(raw, 2, false);
    expect(JSON.stringify(root)).toBe(
      '{"properties":{"a":{"items":[[{},{"type":"string"}]]}},"$defs":{"D":{"properties":{"p":{"properties":{"q":{"properties":{"r":{}}}}}}}}}',
    );
    expect({ replaced, stripped }).toStrictEqual({ replaced: true, stripped: true });
  });

  test('prunes compositions at any depth, the root included, and strips inside tables without pruning there', () => {
    const raw = JSON.parse(
      '{"description":"root","properties":{"a":{"description":"optional","anyOf":[{"type":"string","description":"gone"},{"type":"null"}]},"b":{"items":{"description":"i","type":"integer"}}},"definitions":{"D":{"description":"d","oneOf":[{"description":"kept in a table"}]}}}',
    );
    const { root, replaced, stripped } = replaceThenStripDescriptions(raw, Number.POSITIVE_INFINITY, true);
    expect(JSON.stringify(root)).toBe(
      '{"properties":{"a":{},"b":{"items":{"type":"integer"}}},"definitions":{"D":{"oneOf":[{}]}}}',
    );
    expect({ replaced, stripped }).toStrictEqual({ replaced: true, stripped: true });
    expect(
      replaceThenStripDescriptions({ allOf: [{ description: 'x' }] }, Number.POSITIVE_INFINITY, true).root,
    ).toStrictEqual({});
  });
});

describe('stripDescriptionsThenDropDefinitions', () => {
  /** Pass 1 by copying (the root tables left for pass 2), then pass 2 in place: the two walks the driver made before. */
  const inTwoWalks = (raw: JsonValue) => {
    const stripped = stripDescriptionsByCopying(raw, true);
    const dropped = dropDefinitionRefsInPlace(stripped.root);
    return { root: JSON.stringify(dropped.root), dropped: dropped.changed };
  };
  const inOneWalk = (raw: JsonValue) => {
    const both = stripDescriptionsThenDropDefinitions(raw);
    return { root: JSON.stringify(both.root), dropped: both.dropped };
  };

  test('leaves what pass 1 by copying and then pass 2 leave, key order and flag included, on every corpus and generated schema', () => {
    let compared = 0;
    let droppedSome = 0;
    const schemas = [
      ...readCorpusTools().map((tool) => tool.inputSchema ?? {}),
      ...fc.sample(openApiServerToolSchema, { numRuns: 300, seed: 7 }),
    ];
    for (const schema of schemas) {
      const expected = inTwoWalks(sanitizeJsonSchema(schema));
      expect(inOneWalk(sanitizeJsonSchema(schema))).toStrictEqual(expected);
      if (expected.dropped) droppedSome++;
      compared++;
    }
    expect(compared).toBeGreaterThan(1_000);
    expect(droppedSome).toBeGreaterThan(20);
  });

  test('agrees with the two walks on random schema-shaped values, lists, tables and null members included', () => {
    fc.assert(
      fc.property(schemaShaped, (input) => {
        expect(inOneWalk(structuredClone(input) as JsonValue)).toStrictEqual(
          inTwoWalks(structuredClone(input) as JsonValue),
        );
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('empties local definition refs whatever their siblings, drops the root tables, and strips nested tables without dropping in them', () => {
    const raw = JSON.parse(
      '{"properties":{"a":{"$ref":"#/$defs/A","description":"gone with it"},"b":{"$ref":"#/properties/c","description":"b"},"c":{"items":[{"$ref":"#/definitions/B"}],"$defs":{"N":{"description":"n","$ref":"#/$defs/A"}}}},"$defs":{"A":{"description":"a"}},"definitions":{"B":{}}}',
    );
    const { root, dropped } = stripDescriptionsThenDropDefinitions(raw);
    expect(JSON.stringify(root)).toBe(
      '{"properties":{"a":{},"b":{"$ref":"#/properties/c"},"c":{"items":[{}],"$defs":{"N":{"$ref":"#/$defs/A"}}}}}',
    );
    expect(dropped).toBe(true);
    // A described root loses its tables in the copy; the root itself, a local ref, becomes `{}`.
    expect(stripDescriptionsThenDropDefinitions({ description: 'r', type: 'object', $defs: {} }).root).toStrictEqual({
      type: 'object',
    });
    expect(stripDescriptionsThenDropDefinitions({ $ref: '#/$defs/R', $defs: { R: {} } }).root).toStrictEqual({});
    // Nothing for pass 2 to do.
    expect(stripDescriptionsThenDropDefinitions({ properties: { a: { description: 'a' } } })).toStrictEqual({
      root: { properties: { a: {} } },
      dropped: false,
    });
  });
});

describe('pruneCompositions', () => {
  test('replaces every object with a composition by {}, the root included', () => {
    expect(pruneCompositions({ properties: { a: { oneOf: [] }, b: { allOf: null } } })).toStrictEqual({
      properties: { a: {}, b: {} },
    });
    expect(pruneCompositions({ anyOf: [{}], description: 'root' })).toStrictEqual({});
  });
});

describe('the passes in place', () => {
  test('say whether they changed anything, so an unchanged schema is not measured again', () => {
    const plain = { type: 'object', properties: { a: { type: 'string' } } };
    expect(stripDescriptionsInPlace(structuredClone(plain)).changed).toBe(false);
    expect(dropDefinitionRefsInPlace(structuredClone(plain)).changed).toBe(false);
    expect(collapseDeepSchemaObjectsInPlace(structuredClone(plain), 3).changed).toBe(false);
    expect(pruneCompositionsInPlace(structuredClone(plain)).changed).toBe(false);
    expect(stripDescriptionsInPlace({ description: 'x' }).changed).toBe(true);
    expect(dropDefinitionRefsInPlace({ $defs: {} }).changed).toBe(true);
    expect(collapseDeepSchemaObjectsInPlace({ properties: { a: { items: {} } } }, 1).changed).toBe(true);
    expect(pruneCompositionsInPlace({ properties: { a: { anyOf: [] } } }).changed).toBe(true);
  });
});

describe('the exported passes', () => {
  test('work on a copy and never modify their input', () => {
    const input = deepFreeze({
      description: 'd',
      properties: {
        a: { $ref: '#/$defs/A', description: 'x' },
        b: { anyOf: [{ properties: { c: { properties: { d: { items: {} } } } } }] },
      },
      $defs: { A: { description: 'a' } },
    });
    const before = JSON.stringify(input);
    stripDescriptions(input);
    dropDefinitionRefs(input);
    collapseDeepSchemaObjects(input, 1);
    pruneCompositions(input);
    expect(JSON.stringify(input)).toBe(before);
  });
});
