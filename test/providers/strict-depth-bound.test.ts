// OpenAI strict: a tool sure to nest past 10 levels is converted once, non-strict (issue 25).
// The bound that decides it must never exceed the depth the strict conversion would measure,
// or a tool strict mode can take would be sent non-strict.
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import fc from 'fast-check';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { at, ChangeLog } from '../../src/providers/changes.js';
import { convertSchemaForTarget } from '../../src/providers/convert-schema.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import {
  type CopiedModelSize,
  recursiveDefinitionSeen,
  strictBoundsOverLimit,
  strictDepthLowerBound,
  strictPropertiesLowerBound,
} from '../../src/providers/strict-depth-bound.js';
import { measureStrictSchema } from '../../src/providers/strict-limits.js';
import { schemaProfile } from '../../src/providers/targets/registry.js';
import type { JsonObject, JsonValue } from '../../src/schema/json.js';
import { PROPERTY_RUNS } from '../helpers/arbitraries.js';
import { readCorpusTools } from '../helpers/corpus.js';
import { frameworkShapedEntries } from '../helpers/framework-shaped.js';
import { openApiInheritanceToolSchema } from '../helpers/openapi-inheritance.js';
import { openApiServerToolSchema } from '../helpers/openapi-servers.js';

// Every strict conversion is measured, and paired with the bound of the schema it converted.
const seen = vi.hoisted(() => ({
  conversions: 0,
  skipBound: false,
  bounds: new Map<unknown, { depth: number; properties: number }>(),
  pairs: [] as { bound: number; measured: number; propertyBound: number; properties: number }[],
  /** Anthropic strict's conversions of tools the walk says recur: whether strict found the recursion. */
  recursions: [] as { blocked: boolean }[],
}));

vi.mock('../../src/providers/strict-depth-bound.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/providers/strict-depth-bound.js')>();
  return {
    ...original,
    strictBoundsOverLimit: (raw: JsonValue, size?: CopiedModelSize, booleanSchemas?: boolean) => {
      if (!seen.skipBound) return original.strictBoundsOverLimit(raw, size, booleanSchemas);
      // The corpus check: never skip, so that every strict conversion is made and measured (the
      // property bound as the conversion would have read it, bare strings counted when no boolean was).
      seen.bounds.set(raw, {
        depth: original.strictDepthLowerBound(raw),
        properties: original.strictPropertiesLowerBound(raw, booleanSchemas),
      });
      return undefined;
    },
  };
});

vi.mock('../../src/providers/convert-schema.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/providers/convert-schema.js')>();
  return {
    ...original,
    convertSchemaForTarget: (...args: Parameters<typeof original.convertSchemaForTarget>) => {
      seen.conversions++;
      const converted = original.convertSchemaForTarget(...args);
      const bound = seen.bounds.get(args[0]);
      if (args[1].strict && bound !== undefined) {
        const { depth, properties } = measureStrictSchema(converted.schema, true, converted.keyLists);
        seen.pairs.push({ bound: bound.depth, measured: depth, propertyBound: bound.properties, properties });
        if (recursiveDefinitionSeen(args[0]) !== undefined) {
          const anthropic = original.convertSchemaForTarget(
            args[0],
            schemaProfile('anthropic', true),
            new ChangeLog(),
            args[3],
            ...(args.slice(4) as []),
          );
          seen.recursions.push({
            blocked: anthropic.strictBlockers.some((reason) => reason.startsWith('recursive definitions')),
          });
        }
      }
      return converted;
    },
  };
});

beforeEach(() => {
  seen.conversions = 0;
  seen.skipBound = false;
  seen.bounds.clear();
  seen.pairs = [];
  seen.recursions = [];
});

/** A pydantic-style tool: each model holds the next as an optional field, `levels` models deep. */
function nestedModels(levels: number): JsonObject {
  const $defs: JsonObject = {};
  for (let index = 0; index < levels; index++) {
    const properties: JsonObject = { name: { type: 'string' } };
    if (index + 1 < levels) properties.next = { anyOf: [{ $ref: `#/$defs/M${index + 1}` }, { type: 'null' }] };
    $defs[`M${index}`] = { type: 'object', title: `M${index}`, properties, required: ['name'] };
  }
  return { type: 'object', properties: { root: { $ref: '#/$defs/M0' } }, required: ['root'], $defs };
}

function strictMeasure(schema: JsonObject) {
  const converted = convertSchemaForTarget(
    schema,
    schemaProfile('openai-responses', true),
    new ChangeLog(),
    at(undefined, 'inputSchema'),
  );
  return measureStrictSchema(converted.schema, true, converted.keyLists);
}

function strictDepth(schema: JsonObject): number {
  return strictMeasure(schema).depth;
}

describe('a tool sure to nest past the strict limit', () => {
  test('is converted once, non-strict, with a warning that says how deep it nests at least', () => {
    const conversion = convertMcpTools([{ name: 'deep', inputSchema: nestedModels(8) }], {
      target: 'openai-responses',
      strict: true,
    });
    const [result] = conversion.results;
    expect(result?.ok && result.strict).toBe(false);
    expect(seen.conversions).toBe(1);
    const message = result?.ok ? result.warnings[0]?.message : undefined;
    expect(message).toMatch(
      /^sent non-strict: strict mode cannot express at least (\d+) levels of nesting \(limit 10\)$/,
    );
    // The bound is never above what the strict conversion measures.
    const atLeast = Number(/at least (\d+)/.exec(message ?? '')?.[1]);
    expect(atLeast).toBeGreaterThan(10);
    expect(atLeast).toBeLessThanOrEqual(strictDepth(nestedModels(8)));
    expect(result?.ok && result.changes.some((change) => change.kind === 'strict_fallback')).toBe(true);
  });

  test('a tool within the limit is still converted strict, once', () => {
    const conversion = convertMcpTools([{ name: 'shallow', inputSchema: nestedModels(3) }], {
      target: 'openai-responses',
      strict: true,
    });
    expect(conversion.results[0]?.ok && conversion.results[0].strict).toBe(true);
    expect(seen.conversions).toBe(1);
  });

  test('a deep tool without definitions is converted once too, whatever its optional levels', () => {
    // Objects nested 12 deep, each level optional (strict makes it nullable: more levels, not fewer).
    let inputSchema: JsonObject = { type: 'string' };
    for (let level = 0; level < 12; level++) inputSchema = { type: 'object', properties: { a: inputSchema } };
    const conversion = convertMcpTools([{ name: 'deep', inputSchema }], { target: 'openai-chat', strict: true });
    const [result] = conversion.results;
    expect(result?.ok && result.strict).toBe(false);
    expect(seen.conversions).toBe(1);
    const message = result?.ok ? result.warnings[0]?.message : '';
    const atLeast = Number(/at least (\d+) levels of nesting \(limit 10\)$/.exec(message ?? '')?.[1]);
    expect(atLeast).toBeGreaterThan(10);
    expect(atLeast).toBeLessThanOrEqual(strictDepth(inputSchema));
  });

  test('without definitions, only a schema as deep as the limit is walked (the parse tells its depth)', () => {
    let chain: JsonObject = { type: 'string' };
    for (let level = 0; level < 12; level++) chain = { type: 'object', properties: { a: chain }, required: ['a'] };
    // The chain's deepest schema object is at depth 12 (the root at 0). The bound counts its 12
    // objects, not the bare string leaf (what sanitize makes of `true`, which may leave the wire).
    expect(strictDepthLowerBound(chain)).toBe(12);
    expect(strictBoundsOverLimit(chain, { depth: 12, bytes: 400 })?.levels).toBe(12);
    // A depth under the limit cannot be bounded past it without refs: not walked. Unknown: not walked.
    expect(strictBoundsOverLimit(chain, { depth: 9, bytes: 400 })).toBeUndefined();
    expect(strictBoundsOverLimit(chain)).toBeUndefined();
  });

  test('an optional union of refs and non-null types counts the anyOf strict wraps it in; one with null does not', () => {
    // Stripe's expandable field: an id, or the resource itself.
    const expandable = (variants: JsonValue[], required: string[]): JsonObject => ({
      type: 'object',
      properties: { field: { anyOf: variants } },
      required,
      $defs: { Resource: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
    });
    const union: JsonValue[] = [{ type: 'string', maxLength: 10 }, { $ref: '#/$defs/Resource' }];
    const optional = expandable(union, []);
    // root 1, wrapping anyOf 2, the union 3, Resource 4 (its id leaf is counted too: 5).
    expect(strictDepthLowerBound(optional)).toBe(strictDepth(optional));
    expect(strictDepthLowerBound(optional)).toBe(strictDepthLowerBound(expandable(union, ['field'])) + 1);
    const withNull = expandable([...union, { type: 'null' }], []);
    expect(strictDepthLowerBound(withNull)).toBe(strictDepthLowerBound(expandable(union, ['field'])));
    expect(strictDepthLowerBound(withNull)).toBeLessThanOrEqual(strictDepth(withNull));
  });

  test('a ring of definitions is bounded as the measure walks it, and converted once', () => {
    const ring: JsonObject = nestedModels(12);
    // The last model refers back to the first: every model is on the cycle.
    ((ring.$defs as JsonObject).M11 as JsonObject).properties = {
      name: { type: 'string' },
      next: { anyOf: [{ $ref: '#/$defs/M0' }, { type: 'null' }] },
    };
    const bound = strictDepthLowerBound(ring);
    expect(bound).toBeGreaterThan(10);
    expect(bound).toBeLessThanOrEqual(strictDepth(ring));
    seen.conversions = 0;
    const conversion = convertMcpTools([{ name: 'ring', inputSchema: ring }], {
      target: 'openai-responses',
      strict: true,
      budgetBytes: 1_000_000,
    });
    expect(conversion.results[0]?.ok && conversion.results[0].strict).toBe(false);
    expect(seen.conversions).toBe(1);
  });

  // X refers to Y through `toY`; Y refers back to X. The measure works X out first (from `a`),
  // meets Y there with X in progress, and keeps Y's depth without X's: following Y to X from `b`
  // would count more (15) than the measure does (14).
  const deepObject = (levels: number): JsonObject =>
    levels === 0 ? { type: 'integer', title: 'Leaf' } : { type: 'object', properties: { x: deepObject(levels - 1) } };
  const crossing = (toY: JsonObject): JsonObject => ({
    type: 'object',
    properties: { a: { $ref: '#/$defs/X' }, b: { $ref: '#/$defs/Y' } },
    required: ['a', 'b'],
    $defs: {
      X: { type: 'object', properties: { deep: deepObject(11), toY } },
      Y: { type: 'object', properties: { toX: { $ref: '#/$defs/X' } } },
    },
  });

  test('through a cycle, the bound meets refs in the measure order (a described ref is the ref)', () => {
    // `{allOf: [{$ref}]}` is written by strict as the ref: the walk sees it where the measure does.
    const described: JsonObject[] = [{ $ref: '#/$defs/Y' }, { allOf: [{ $ref: '#/$defs/Y' }], description: 'the Y' }];
    for (const toY of described) {
      const schema = crossing(toY);
      expect(strictDepth(schema)).toBe(14);
      expect(strictDepthLowerBound(schema)).toBe(14);
    }
  });

  test('through an allOf strict merges, the bound follows the merge; through a ref it cannot place, it is 0', () => {
    // Merged, the allOf brings Y's body (and its ref to X) into X, where the converter writes it.
    const schema = crossing({ allOf: [{ $ref: '#/$defs/Y' }, { type: 'object', title: 'more' }] });
    expect(strictDepth(schema)).toBeGreaterThan(10);
    expect(strictDepthLowerBound(schema)).toBeGreaterThan(10);
    expect(strictDepthLowerBound(schema)).toBeLessThanOrEqual(strictDepth(schema));
    // Through an additionalProperties, and through a ref to a schema's place, the order is unknown.
    const open = crossing({ type: 'object', additionalProperties: { $ref: '#/$defs/Y' } });
    expect(strictDepthLowerBound(open)).toBe(0);
    const place = crossing({ $ref: '#/$defs/Y' });
    ((place.$defs as JsonObject).Y as JsonObject).properties = {
      toX: { $ref: '#/$defs/X' },
      again: { $ref: '#/properties/a' },
    };
    expect(strictDepthLowerBound(place)).toBe(0);
  });

  test('filters that refer to each other through optional properties (Hasura-shaped) are bounded', () => {
    // Each table's filter takes itself (`_and`, `_not`) and the next table's (`rel`), all optional.
    const filters = (tables: number): JsonObject => {
      const $defs: JsonObject = { Cmp: { type: 'object', properties: { _eq: { type: 'string' } } } };
      for (let index = 0; index < tables; index++)
        $defs[`T${index}`] = {
          type: 'object',
          properties: {
            _and: { type: 'array', items: { $ref: `#/$defs/T${index}` } },
            _not: { $ref: `#/$defs/T${index}` },
            id: { $ref: '#/$defs/Cmp' },
            rel: { $ref: `#/$defs/T${(index + 1) % tables}` },
          },
        };
      return { type: 'object', properties: { where: { $ref: '#/$defs/T0' } }, required: ['where'], $defs };
    };
    const schema = filters(5);
    const bound = strictDepthLowerBound(schema);
    expect(bound).toBeGreaterThan(10);
    expect(bound).toBeLessThanOrEqual(strictDepth(schema));
    // Each optional ref is counted with the anyOf that makes it nullable: two levels a table.
    expect(bound).toBeGreaterThanOrEqual(2 * 5);
    // A ref under a keyword strict does not write (a vendor extension, as Stripe's) changes nothing.
    const vendor = filters(5);
    ((vendor.$defs as JsonObject).T1 as JsonObject)['x-expansionResources'] = { oneOf: [{ $ref: '#/$defs/T3' }] };
    expect(strictDepthLowerBound(vendor)).toBe(bound);
  });

  test('what strict merges is bounded as merged; what it wraps bounds nothing below it', () => {
    const deep = nestedModels(15);
    // An allOf strict merges is one level, its members' properties below it.
    const underAllOf: JsonObject = {
      ...deep,
      properties: { root: { allOf: [{ $ref: '#/$defs/M0' }, { title: 'Root' }] as JsonObject[] } },
    };
    expect(strictDepthLowerBound(underAllOf)).toBeGreaterThan(10);
    expect(strictDepthLowerBound(underAllOf)).toBeLessThanOrEqual(strictDepth(underAllOf));
    // A root that is a union is merged or wrapped by the root conversion: no bound at all.
    expect(strictDepthLowerBound({ anyOf: [deep], $defs: deep.$defs } as JsonObject)).toBe(0);
    // A ref to a schema's place is left to the converter.
    const placeRef = {
      ...deep,
      properties: { ...(deep.properties as JsonObject), again: { $ref: '#/properties/root' } },
    };
    expect(strictDepthLowerBound(placeRef)).toBe(0);
    // The plain chain is bounded: past the limit, and within a level of the measure.
    const bound = strictDepthLowerBound(deep);
    expect(bound).toBeGreaterThan(10);
    expect(bound).toBeLessThanOrEqual(strictDepth(deep));
    expect(bound).toBeGreaterThanOrEqual(strictDepth(deep) - 1);
  });

  test('a definition merged into itself is a leaf where strict cuts it, and the merge around it is bounded', () => {
    // zod's recursive types: M0 holds itself through an allOf. Strict merges M0 at `root`, and
    // cuts the merge of M0 inside it into JSON text; the chain of refs goes on below.
    const models = nestedModels(15);
    const first = (models.$defs as JsonObject).M0 as JsonObject;
    first.properties = {
      ...(first.properties as JsonObject),
      self: { allOf: [{ $ref: '#/$defs/M0' }, { title: 's' }] },
    };
    const schema: JsonObject = {
      ...models,
      properties: { root: { allOf: [{ $ref: '#/$defs/M0' }, { title: 'Root' }] } },
    };
    const bound = strictDepthLowerBound(schema);
    expect(bound).toBeGreaterThan(10);
    expect(bound).toBeLessThanOrEqual(strictDepth(schema));
  });

  test('merges that may pass the inlining limit bound nothing below them (the converter may cut them)', () => {
    // Ten merges of an 11 KB definition pass the tool's limit (4× its 26 KB): the converter writes
    // the merges past it, the deep chain's last of all, as JSON text.
    const fat: JsonObject = { type: 'object', properties: {} };
    for (let index = 0; index < 100; index++)
      (fat.properties as JsonObject)[`field_${index}`] = { type: 'string', title: 'x'.repeat(80) };
    const $defs: JsonObject = { Fat: fat };
    for (let index = 0; index < 14; index++)
      $defs[`C${index}`] = {
        type: 'object',
        title: 'c'.repeat(1_000),
        properties: {
          next: index < 13 ? { allOf: [{ $ref: `#/$defs/C${index + 1}` }, { title: 'n' }] } : { type: 'integer' },
        },
        required: ['next'],
      };
    const properties: JsonObject = {};
    for (let index = 0; index < 10; index++)
      properties[`fat_${index}`] = { allOf: [{ $ref: '#/$defs/Fat' }, { title: 'f' }] };
    properties.deep = { allOf: [{ $ref: '#/$defs/C0' }, { title: 'c' }] };
    const schema: JsonObject = { type: 'object', properties, required: Object.keys(properties), $defs };
    const measured = strictDepth(schema);
    expect(measured).toBeLessThan(10);
    expect(strictDepthLowerBound(schema)).toBeLessThanOrEqual(measured);
    // With fewer merges of it, the chain is merged whole, and bounded through every merge.
    for (let index = 3; index < 10; index++) delete properties[`fat_${index}`];
    schema.required = Object.keys(properties);
    expect(strictDepth(schema)).toBeGreaterThan(10);
    expect(strictDepthLowerBound(schema)).toBeGreaterThan(10);
    expect(strictDepthLowerBound(schema)).toBeLessThanOrEqual(strictDepth(schema));
  });

  test('a diamond of merges is walked within the inlining limit, not once per path', () => {
    // Each definition merges the next twice: 2^20 paths. The walk stops going through merges
    // once they inline past what it can vouch for, as the converter stops inlining.
    let reads = 0;
    const counted = (node: JsonObject): JsonObject =>
      new Proxy(node, {
        get(target, key, receiver) {
          if (key === 'allOf') reads++;
          return Reflect.get(target, key, receiver);
        },
      });
    const levels = 20;
    const $defs: JsonObject = {};
    for (let index = 0; index < levels; index++) {
      const next = (title: string) => counted({ allOf: [{ $ref: `#/$defs/D${index + 1}` }, { title }] });
      $defs[`D${index}`] = {
        type: 'object',
        properties: index + 1 < levels ? { p: next('p'), q: next('q') } : { leaf: { type: 'integer' } },
      };
    }
    const schema: JsonObject = {
      type: 'object',
      properties: { a: { allOf: [{ $ref: '#/$defs/D0' }, { title: 'a' }] } },
      required: ['a'],
      $defs,
    };
    const bound = strictDepthLowerBound(schema);
    expect(reads).toBeLessThan(20_000);
    expect(bound).toBeLessThanOrEqual(strictDepth(schema));
  });

  test('a forbidden property (`false`) leaves the wire, so its level is not counted', () => {
    // Ten levels in the definition, the tenth a leaf: a titled string, or a property schema `false`.
    const chain = (levels: number, leaf: JsonValue): JsonValue =>
      levels === 0 ? leaf : { type: 'object', properties: { x: chain(levels - 1, leaf) }, required: ['x'] };
    const tool = (leaf: JsonValue) => ({
      name: 't',
      inputSchema: {
        type: 'object',
        properties: { root: { $ref: '#/$defs/A' } },
        required: ['root'],
        $defs: { A: chain(9, leaf) },
      },
    });
    const options = { target: 'openai-responses', strict: true } as const;
    const kept = convertMcpTools([tool({ type: 'string', title: 'Leaf' })], options).results[0];
    expect(kept?.ok ? kept.warnings[0]?.message : undefined).toMatch(/at least 11 levels/);
    const forbidden = convertMcpTools([tool(false)], options).results[0];
    expect(forbidden?.ok && forbidden.strict).toBe(true);
  });

  test('a chain of 20,000 definitions each only a ref to the next is given up, not a stack overflow', () => {
    // Such links add no level, so the level cap does not stop them; the nesting cap does.
    const $defs: JsonObject = {};
    const links = 20_000;
    for (let index = 0; index < links; index++)
      $defs[`D${index}`] = index + 1 < links ? { $ref: `#/$defs/D${index + 1}` } : { type: 'string', title: 'end' };
    const schema: JsonObject = { type: 'object', properties: { a: { $ref: '#/$defs/D0' } }, required: ['a'], $defs };
    expect(strictDepthLowerBound(schema)).toBe(0);
    const [result] = convertMcpTools([{ name: 'links', inputSchema: schema }], {
      target: 'openai-responses',
      strict: true,
      budgetBytes: 1e9,
    }).results;
    expect(result?.ok).toBe(true);
  });

  test('counts 64 levels at most, whatever the chain (no JS call per link past it)', () => {
    expect(strictDepthLowerBound(nestedModels(5_000))).toBe(64);
  });
});

describe('a tool sure to hold more properties than OpenAI strict takes', () => {
  /** Lists of objects: `lists` at the root, each item with `fields` properties (a definition's, with `shared`). */
  const listsOfObjects = (lists: number, fields: number, shared = false): JsonObject => {
    const item: JsonObject = { type: 'object', properties: {}, required: ['f0'] };
    for (let index = 0; index < fields; index++) (item.properties as JsonObject)[`f${index}`] = { type: 'number' };
    const properties: JsonObject = {};
    for (let index = 0; index < lists; index++)
      properties[`list_${index}`] = { type: 'array', items: shared ? { $ref: '#/$defs/Item' } : item };
    return shared ? { type: 'object', properties, $defs: { Item: item } } : { type: 'object', properties };
  };

  test('below the root is converted once, non-strict, with a warning that says how many it holds at least', () => {
    // 1,500 properties at the root, 6,000 in their items: only the whole is over 5,000.
    const inputSchema = listsOfObjects(1_500, 4);
    const [result] = convertMcpTools([{ name: 'lists', inputSchema }], {
      target: 'openai-responses',
      strict: true,
    }).results;
    expect(result?.ok && result.strict).toBe(false);
    expect(seen.conversions).toBe(1);
    const message = result?.ok ? result.warnings[0]?.message : undefined;
    const atLeast = Number(
      /^sent non-strict: strict mode cannot express at least (\d+) properties \(limit 5000\)$/.exec(message ?? '')?.[1],
    );
    expect(atLeast).toBeGreaterThan(5_000);
    expect(atLeast).toBeLessThanOrEqual(strictMeasure(inputSchema).properties);
  });

  test('bare string properties count when the server wrote no boolean schema, and not when it wrote one', () => {
    // 1,500 lists of 4 string fields: 7,500 properties written, 1,500 counted if the strings may be `false`.
    const strings = listsOfObjects(1_500, 4);
    for (const list of Object.values(strings.properties as JsonObject))
      for (const field of Object.values(((list as JsonObject).items as JsonObject).properties as JsonObject))
        (field as JsonObject).type = 'string';
    expect(strictPropertiesLowerBound(strings, false)).toBe(7_500);
    expect(strictPropertiesLowerBound(strings)).toBe(1_500);
    expect(strictMeasure(strings).properties).toBe(7_500);
    seen.conversions = 0;
    const [result] = convertMcpTools([{ name: 'strings', inputSchema: strings }], {
      target: 'openai-responses',
      strict: true,
    }).results;
    expect(result?.ok && result.strict).toBe(false);
    expect(seen.conversions).toBe(1);
    expect(result?.ok ? result.warnings[0]?.message : undefined).toBe(
      'sent non-strict: strict mode cannot express at least 7500 properties (limit 5000)',
    );
    // One `false` anywhere: a bare string may be what sanitize made of one, and is not counted.
    const withFalse = { ...strings, properties: { ...(strings.properties as JsonObject), forbidden: false } };
    seen.conversions = 0;
    const [fallback] = convertMcpTools([{ name: 'strings', inputSchema: withFalse }], {
      target: 'openai-responses',
      strict: true,
    }).results;
    expect(fallback?.ok && fallback.strict).toBe(false);
    expect(seen.conversions).toBe(2);
  });

  test('a definition is counted once, however many refs use it, as strict writes it once', () => {
    // 4,990 refs to one definition of 4 properties: 4,994 written, within the limit (24,950 if each ref counted).
    const shared = listsOfObjects(4_990, 4, true);
    expect(strictPropertiesLowerBound(shared)).toBe(4_994);
    expect(strictMeasure(shared).properties).toBe(4_994);
    seen.conversions = 0;
    const [result] = convertMcpTools([{ name: 'shared', inputSchema: shared }], {
      target: 'openai-responses',
      strict: true,
      budgetBytes: 1e9,
    }).results;
    expect(result?.ok && result.strict).toBe(true);
    expect(seen.conversions).toBe(1);
  });

  test('a tool within the limit is converted strict, once', () => {
    const [result] = convertMcpTools([{ name: 'lists', inputSchema: listsOfObjects(900, 4) }], {
      target: 'openai-chat',
      strict: true,
    }).results;
    expect(result?.ok && result.strict).toBe(true);
    expect(seen.conversions).toBe(1);
  });

  test('only a model large enough to hold the limit is walked for it', () => {
    const lists = listsOfObjects(1_500, 4);
    const bytes = JSON.stringify(lists).length;
    expect(strictBoundsOverLimit(lists, { depth: 4, bytes })?.properties).toBe(7_500);
    // Six bytes a property at least: a model of 30,000 bytes cannot hold 5,001 of them.
    expect(strictBoundsOverLimit(lists, { depth: 4, bytes: 30_000 })).toBeUndefined();
    expect(strictBoundsOverLimit(lists)).toBeUndefined();
  });
});

describe('the bound never exceeds the strict measure', () => {
  // Random schemas with definitions: cycles, unions, allOf, type arrays, refs to nothing.
  const NAMES = ['A', 'B', 'C', 'D'] as const;
  const { node } = fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant({ type: 'string' }),
      fc.constant({ type: 'string', enum: ['x'] }),
      fc.constantFrom(...NAMES, 'Missing').map((name) => ({ $ref: `#/$defs/${name}` })),
      fc.record(
        {
          type: fc.constantFrom('object', ['object', 'null'], ['object', 'string']),
          properties: fc.dictionary(fc.constantFrom('p', 'q', 'r'), tie('node')),
          // Optional properties are made nullable by strict (a ref one level down, in an anyOf).
          required: fc.subarray(['p', 'q', 'r']),
        },
        { requiredKeys: ['type', 'properties'] },
      ),
      fc.record({ type: fc.constantFrom('array', ['array', 'null']), items: tie('node') }),
      fc.record({ anyOf: fc.array(tie('node'), { maxLength: 3 }) }),
      fc.record({ oneOf: fc.array(tie('node'), { maxLength: 3 }) }),
      fc.record({ allOf: fc.array(tie('node'), { maxLength: 2 }) }),
      fc.record({ type: fc.constant('object'), additionalProperties: tie('node') }),
      fc.record({ $ref: fc.constantFrom(...NAMES).map((name) => `#/$defs/${name}`), description: fc.constant('d') }),
      fc.record({
        allOf: fc.constantFrom(...NAMES).map((name) => [{ $ref: `#/$defs/${name}` }]),
        description: fc.constant('d'),
      }),
      fc.constantFrom({ $ref: '#' }, { $ref: '#/properties/a' }),
      // OpenAPI inheritance: a base by ref and the type's own object, nullable or not (strict merges it).
      fc.record(
        {
          allOf: fc.tuple(
            fc.constantFrom(...NAMES).map((name) => ({ $ref: `#/$defs/${name}` })),
            fc.record({
              type: fc.constant('object'),
              properties: fc.dictionary(fc.constantFrom('p', 'r'), tie('node')),
            }),
          ),
          nullable: fc.constant(true),
          description: fc.constant('d'),
        },
        { requiredKeys: ['allOf'] },
      ),
      // An enum beside an object's properties (a merge can make one): the values retype it.
      fc.record({
        type: fc.constant('object'),
        properties: fc.dictionary(fc.constantFrom('p', 'q'), tie('node')),
        enum: fc.constantFrom(['x'], [{ p: 1 }]),
      }),
      fc.record({
        type: fc.constant('object'),
        properties: fc.dictionary(fc.constantFrom('p', 'q'), tie('node')),
        anyOf: fc.array(tie('node'), { maxLength: 2 }),
      }),
    ),
  }));
  const schemas = fc
    .record({
      properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), node),
      $defs: fc.dictionary(fc.constantFrom(...NAMES), node),
    })
    .map(({ properties, $defs }) => ({ type: 'object', properties, $defs }) as unknown as JsonObject);

  test('on random schemas with definitions, cycles included', () => {
    fc.assert(
      fc.property(schemas, (schema) => {
        const measured = strictMeasure(schema);
        expect(strictDepthLowerBound(schema)).toBeLessThanOrEqual(measured.depth);
        expect(strictPropertiesLowerBound(schema)).toBeLessThanOrEqual(measured.properties);
        // A recursion the walk vouches for is one Anthropic strict's conversion finds.
        if (recursiveDefinitionSeen(schema) !== undefined) {
          const anthropic = convertSchemaForTarget(
            schema,
            schemaProfile('anthropic', true),
            new ChangeLog(),
            at(undefined, 'inputSchema'),
          );
          expect(anthropic.strictBlockers.join('; ')).toMatch(/recursive definitions/);
        }
      }),
      { numRuns: PROPERTY_RUNS * 5 },
    );
  });

  test('on every tool of the corpora, as convertMcpTools prepares it', { timeout: 120_000 }, () => {
    seen.skipBound = true;
    const other = brotliDecompressSync(
      readFileSync(new URL('../fixtures/conformance/corpus-other.jsonl.br', import.meta.url)),
    )
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line, index) => ({ name: `o${index}`, inputSchema: (JSON.parse(line) as { input: JsonObject }).input }));
    const framework = frameworkShapedEntries(40).map(({ schema }, index) => ({
      name: `f${index}`,
      inputSchema: schema,
    }));
    const openApi = fc
      .sample(openApiServerToolSchema, { numRuns: 300, seed: 25 })
      .map((schema, index) => ({ name: `g${index}`, inputSchema: schema as JsonObject }));
    const inheritance = fc
      .sample(openApiInheritanceToolSchema, { numRuns: 200, seed: 38 })
      .map((schema, index) => ({ name: `i${index}`, inputSchema: schema as JsonObject }));
    for (const tools of [readCorpusTools(), other, framework, openApi, inheritance])
      for (const tool of tools) convertMcpTools([tool], { target: 'openai-responses', strict: true });
    const over = seen.pairs.filter(({ bound, measured }) => bound > measured);
    expect(over).toStrictEqual([]);
    const overProperties = seen.pairs.filter(({ propertyBound, properties }) => propertyBound > properties);
    expect(overProperties).toStrictEqual([]);
    // The property bound sees most of what strict writes, not a token few.
    const counted = seen.pairs.reduce((sum, { propertyBound }) => sum + propertyBound, 0);
    const measured = seen.pairs.reduce((sum, { properties }) => sum + properties, 0);
    expect(counted).toBeGreaterThan(measured / 2);
    // The check has teeth: many tools have definitions, and the bound sees past the limit often.
    expect(seen.pairs.length).toBeGreaterThan(500);
    expect(seen.pairs.filter(({ bound }) => bound > 10).length).toBeGreaterThan(20);
    // A recursion the walk vouches for is one Anthropic strict's conversion finds, every time.
    expect(seen.recursions.filter(({ blocked }) => !blocked)).toStrictEqual([]);
    expect(seen.recursions.length).toBeGreaterThan(50);
  });
});
