// The strict-limits measure, case by case: what OpenAI's per-schema and Anthropic's per-request limits count.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { at, ChangeLog } from '../../src/providers/changes.js';
import { convertSchemaForTarget } from '../../src/providers/convert-schema.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import {
  measureStrictRequestCost,
  measureStrictSchema,
  OPENAI_STRICT_MAX_PROPERTIES,
  openAiStrictLimitViolations,
  strictRootPropertiesOverLimit,
} from '../../src/providers/strict-limits.js';
import { schemaProfile } from '../../src/providers/targets/registry.js';
import type { JsonObject } from '../../src/schema/json.js';
import { PROPERTY_RUNS } from '../helpers/arbitraries.js';
import { readCorpusTools } from '../helpers/corpus.js';

const measure = (schema: unknown) => measureStrictSchema(schema as JsonObject);

describe('measureStrictSchema', () => {
  test('counts properties, their names, and the ones not required', () => {
    expect(
      measure({
        type: 'object',
        properties: { ab: { type: 'string' }, c: { type: 'object', properties: { de: { type: 'number' } } } },
        required: ['ab'],
      }),
    ).toMatchObject({ properties: 3, nameChars: 5, optionalProperties: 2 });
  });

  test('a schema without required counts every property optional', () => {
    expect(measure({ type: 'object', properties: { a: {}, b: {} } }).optionalProperties).toBe(2);
  });

  test('counts enum values, the characters of string values, and the largest string enum over 250 values', () => {
    const large = Array.from({ length: 251 }, (_, index) => `v${index}`);
    const result = measure({
      type: 'object',
      properties: { small: { enum: ['ab', 3, null] }, big: { enum: large } },
    });
    const largeChars = large.reduce((total, value) => total + value.length, 0);
    expect(result).toMatchObject({
      enumValues: 254,
      nameChars: 'small'.length + 'big'.length + 2 + largeChars,
      largeEnumChars: largeChars,
    });
  });

  test('a union is an anyOf or a type array; oneOf and allOf are not', () => {
    expect(
      measure({
        type: 'object',
        properties: {
          a: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          b: { type: ['string', 'null'] },
          c: { oneOf: [{ type: 'string' }] },
          d: { allOf: [{ type: 'string' }] },
        },
      }).unions,
    ).toBe(2);
  });

  test('the request cost of a non-strict conversion counts a oneOf as a union, as strict writes it', () => {
    const schema = {
      type: 'object',
      properties: { a: { oneOf: [{ type: 'string' }, { type: 'number' }] }, b: { type: ['string', 'null'] } },
      required: ['a'],
    };
    expect(measureStrictRequestCost(schema)).toStrictEqual({ optional: 1, unions: 1 });
    expect(measureStrictRequestCost(schema, undefined, true)).toStrictEqual({ optional: 1, unions: 2 });
  });

  test('depth counts every schema level: properties, items, additionalProperties and compositions', () => {
    expect(measure({ type: 'object' }).depth).toBe(1);
    expect(measure({ type: 'object', properties: { a: { type: 'string' } } }).depth).toBe(2);
    expect(measure({ type: 'array', items: { type: 'array', items: { type: 'string' } } }).depth).toBe(3);
    expect(
      measure({ type: 'object', additionalProperties: { type: 'object', additionalProperties: false } }).depth,
    ).toBe(2);
    expect(measure({ anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }).depth).toBe(3);
  });

  test('a ref to $defs counts as its definition, not as a level of its own', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/Deep' }, b: { $ref: '#/$defs/Deep' } },
      $defs: { Deep: { type: 'object', properties: { x: { type: 'array', items: { type: 'string' } } } } },
    };
    // root → a (= Deep: object → x → items): 1 + 3 = 4.
    expect(measure(schema)).toMatchObject({
      depth: 4,
      properties: 3,
      nameChars: 'a'.length + 'b'.length + 'Deep'.length + 'x'.length,
    });
  });

  test('a recursive definition counts its first pass and the ref that goes round again; an unresolved ref counts as a leaf', () => {
    const recursive = {
      type: 'object',
      properties: { list: { $ref: '#/$defs/Node' } },
      $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
    };
    // root → list (= Node) → next: the ref back to Node is its own node, one level more.
    expect(measure(recursive).depth).toBe(3);
    expect(measure({ type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } }).depth).toBe(2);
    expect(measure({ type: 'object', properties: { a: { $ref: 'https://example.com/x' } } }).depth).toBe(2);
  });

  test('definition names with ~ and / are found through their escaped refs', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/a~1b~0c' } },
      $defs: { 'a/b~c': { type: 'array', items: { type: 'string' } } },
    };
    expect(measure(schema).depth).toBe(3);
  });

  test('openAiStrictLimitViolations names each limit a schema exceeds', () => {
    let deep: JsonObject = { type: 'string' };
    for (let level = 0; level < 10; level++) deep = { type: 'object', properties: { p: deep } };
    expect(openAiStrictLimitViolations(measure(deep))).toStrictEqual(['11 levels of nesting (limit 10)']);
    expect(
      openAiStrictLimitViolations(measure({ type: 'string', enum: Array.from({ length: 1001 }, (_, i) => i) })),
    ).toStrictEqual(['1001 enum values (limit 1000)']);
  });
});

describe('withinStrictLimits: the converter may skip the measure only when it could find nothing', () => {
  type Step = 'property' | 'optional' | 'items' | 'map' | 'anyOf' | 'free';
  /** A schema nested along `steps`, each one level of a kind the converter rewrites differently. */
  const nested = (steps: Step[]): Record<string, unknown> => {
    let schema: Record<string, unknown> = { type: 'string', enum: ['a', 'b'] };
    for (const step of [...steps].reverse()) {
      if (step === 'property') schema = { type: 'object', properties: { p: schema }, required: ['p'] };
      else if (step === 'optional') schema = { type: 'object', properties: { p: schema, q: { type: 'integer' } } };
      else if (step === 'items') schema = { type: 'array', items: schema };
      else if (step === 'map') schema = { type: 'object', additionalProperties: schema };
      else if (step === 'anyOf') schema = { anyOf: [schema, { type: 'number' }] };
      else schema = { type: 'object', properties: { p: schema, free: {} } };
    }
    return schema;
  };
  const steps = fc.array(fc.constantFrom<Step>('property', 'optional', 'items', 'map', 'anyOf', 'free'), {
    maxLength: 9,
  });

  test('whenever a strict OpenAI conversion is sure, the measure finds no limit exceeded', () => {
    fc.assert(
      fc.property(steps, fc.boolean(), (path, wrapRoot) => {
        const inputSchema = wrapRoot ? { type: 'array', items: nested(path) } : nested(path);
        const profile = schemaProfile('openai-responses', true);
        const converted = convertSchemaForTarget(
          inputSchema as JsonObject,
          profile,
          new ChangeLog(),
          at(undefined, 'inputSchema'),
        );
        if (converted.withinStrictLimits)
          expect(openAiStrictLimitViolations(measure(converted.schema))).toStrictEqual([]);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('shallow schemas skip the measure; deep ones, and ones with definitions, are measured', () => {
    const profile = schemaProfile('openai-responses', true);
    const convert = (schema: unknown) =>
      convertSchemaForTarget(schema as JsonObject, profile, new ChangeLog(), at(undefined, 'inputSchema'));
    expect(convert(nested(['property', 'items'])).withinStrictLimits).toBe(true);
    expect(convert(nested(['property', 'items', 'map', 'property', 'anyOf'])).withinStrictLimits).toBe(false);
    expect(
      convert({ type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } })
        .withinStrictLimits,
    ).toBe(false);
  });
});

describe('a root wider than the strict limit is converted once, non-strict (issue 25)', () => {
  /** `count` string properties; `forbidden` of them a server's `false` (sanitized to a string). */
  const wideTool = (count: number, forbidden = 0) => {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < count; index++)
      properties[`p${index}`] = index < forbidden ? false : { type: 'string', minLength: 1 };
    return { name: 'wide', inputSchema: { type: 'object', properties } };
  };
  const convertStrict = (tool: unknown) =>
    convertMcpTools([tool as never], { target: 'openai-responses', strict: true }).results[0];

  test('a root of 5,001 properties is sent non-strict, saying the root alone is over, as the non-strict conversion', () => {
    const tool = wideTool(OPENAI_STRICT_MAX_PROPERTIES + 1);
    const strict = convertStrict(tool);
    const plain = convertMcpTools([tool], { target: 'openai-responses' }).results[0];
    if (strict?.ok !== true || plain?.ok !== true) throw new Error('expected both converted');
    expect(strict.strict).toBe(false);
    expect(strict.tool).toStrictEqual(plain.tool);
    const message = 'sent non-strict: strict mode cannot express 5001 properties at the root alone (limit 5000)';
    expect(strict.warnings).toStrictEqual([{ path: '/inputSchema', message }]);
    expect(strict.changes).toStrictEqual([
      ...plain.changes,
      { kind: 'strict_fallback', path: '/inputSchema', message },
    ]);
  });

  test('a property the server forbids (false) is not counted: 5,001 with one forbidden is served strict', () => {
    const result = convertStrict(wideTool(OPENAI_STRICT_MAX_PROPERTIES + 1, 1));
    if (result?.ok !== true) throw new Error('expected it converted');
    expect(result.strict).toBe(true);
    expect(
      Object.keys((result.tool as unknown as { parameters: { properties: object } }).parameters.properties),
    ).toHaveLength(OPENAI_STRICT_MAX_PROPERTIES);
  });

  test('a property no value matches (not: {}) is not counted: 5,001 with one such is served strict', () => {
    const tool = wideTool(OPENAI_STRICT_MAX_PROPERTIES + 1);
    (tool.inputSchema.properties as Record<string, unknown>).p0 = { not: {} };
    const result = convertStrict(tool);
    if (result?.ok !== true) throw new Error('expected it converted');
    expect(result.strict).toBe(true);
    expect(
      Object.keys((result.tool as unknown as { parameters: { properties: object } }).parameters.properties),
    ).toHaveLength(OPENAI_STRICT_MAX_PROPERTIES);
  });

  test('5,001 properties of any value, in a tool with no boolean or `not`, are counted: sent non-strict at once', () => {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index <= OPENAI_STRICT_MAX_PROPERTIES; index++) properties[`p${index}`] = {};
    const result = convertStrict({ name: 'wide', inputSchema: { type: 'object', properties } });
    if (result?.ok !== true) throw new Error('expected it converted');
    expect(result.strict).toBe(false);
    expect(result.warnings.map((warning) => warning.message)).toStrictEqual([
      'sent non-strict: strict mode cannot express 5001 properties at the root alone (limit 5000)',
    ]);
  });

  test('whenever the root alone is counted over the limit, the strict conversion measures over it too', () => {
    const members: unknown[] = [
      { type: 'string' },
      { type: 'object', properties: { q: { type: 'integer' } } },
      { type: 'object', additionalProperties: { type: 'string' } },
      { anyOf: [{ type: 'string' }, { type: 'null' }] },
      { $ref: '#/$defs/D' },
    ];
    // Every root keyword that could reshape the root, with and without a count over the limit.
    const extras: Record<string, unknown>[] = [
      {},
      { required: ['p0', 'missing'] },
      { additionalProperties: { type: 'string' } },
      { additionalProperties: true },
      { anyOf: [{ type: 'object', properties: { z: { type: 'string' } } }] },
      { oneOf: [{ type: 'object', properties: {} }, { type: 'string' }] },
      { allOf: [{ type: 'string' }] },
      { enum: [{}] },
      { $ref: '#/$defs/D' },
      { type: ['object', 'null'] },
    ];
    let counted = 0;
    for (const extra of extras) {
      // A fifth of the members may be a forbidden `false`: only the last count is surely over.
      for (const count of [OPENAI_STRICT_MAX_PROPERTIES + 1, OPENAI_STRICT_MAX_PROPERTIES * 1.25 + 5]) {
        const properties: Record<string, unknown> = {};
        for (let index = 0; index < count; index++) properties[`p${index}`] = members[index % members.length];
        const raw = { type: 'object', properties, $defs: { D: { type: 'string' } }, ...extra } as JsonObject;
        const over = strictRootPropertiesOverLimit(raw);
        if (over === undefined) continue;
        counted++;
        const profile = schemaProfile('openai-responses', true);
        const converted = convertSchemaForTarget(raw, profile, new ChangeLog(), at(undefined, 'inputSchema'));
        expect(measure(converted.schema).properties, JSON.stringify(extra)).toBeGreaterThanOrEqual(over);
      }
    }
    expect(counted).toBeGreaterThan(0);
  });
});

describe('measureStrictSchema stays linear (issue 25)', () => {
  /** A wide object whose required list counts the reads of its elements. */
  function wideObject(count: number): { schema: JsonObject; reads: () => number } {
    const properties: JsonObject = {};
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      properties[`p${i}`] = { type: 'string' };
      names.push(`p${i}`);
    }
    let reads = 0;
    const required = new Proxy(names, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    return { schema: { type: 'object', properties, required } as unknown as JsonObject, reads: () => reads };
  }

  test('reads a wide object’s required list about once per name, at 1,000 and 10,000 properties', () => {
    const small = wideObject(1_000);
    const large = wideObject(10_000);
    expect(measureStrictSchema(small.schema).optionalProperties).toBe(0);
    expect(measureStrictSchema(large.schema).optionalProperties).toBe(0);
    expect(large.reads() / small.reads()).toBeLessThan(15);
  });
});

describe('measureStrictSchema walks each definition once (issue 25)', () => {
  /**
   * A chain of definitions, each referring to the next, used from the root twice and from an
   * unused definition; each entry counts how often its keys are listed (a walk lists them once).
   */
  function chain(length: number): { schema: JsonObject; listings: number[] } {
    const listings = Array.from({ length }, () => 0);
    const $defs: JsonObject = {};
    for (let index = 0; index < length; index++) {
      const next = index + 1 < length ? { next: { $ref: `#/$defs/D${index + 1}` } } : {};
      const entry = { type: 'object', properties: { value: { type: 'string', enum: ['a', 'b'] }, ...next } };
      $defs[`D${index}`] = new Proxy(entry, {
        ownKeys(target) {
          listings[index] = (listings[index] as number) + 1;
          return Reflect.ownKeys(target);
        },
      }) as unknown as JsonObject;
    }
    $defs.Unused = { type: 'object', properties: { first: { $ref: '#/$defs/D0' } } };
    const properties = { a: { $ref: '#/$defs/D0' }, b: { $ref: '#/$defs/D0' } };
    return { schema: { type: 'object', properties, $defs } as JsonObject, listings };
  }

  test('a definition reached by refs is counted and measured in the same walk, and counted once', () => {
    const { schema, listings } = chain(12);
    const result = measureStrictSchema(schema);
    expect(listings).toStrictEqual(Array.from({ length: 12 }, () => 1));
    // root → a (= D0) → next (= D1) → … → D11 → value: the root, 12 definitions and a leaf.
    expect(result.depth).toBe(14);
    // value and next in each definition (the last has no next), a and b, and Unused's first.
    expect(result.properties).toBe(12 + 11 + 2 + 1);
    expect(result.enumValues).toBe(24);
  });

  test('without following refs, each definition is still walked and counted once', () => {
    const { schema, listings } = chain(12);
    expect(measureStrictRequestCost(schema)).toStrictEqual({ optional: 12 + 11 + 2 + 1, unions: 0 });
    expect(listings).toStrictEqual(Array.from({ length: 12 }, () => 1));
  });
});

describe('measureStrictSchema follows refs without a JS call per link (issue 25)', () => {
  /** The depth as a walk that recurses into each definition at its first ref finds it (the measure before). */
  function recursiveDepth(schema: JsonObject): number {
    const defs = (schema.$defs ?? {}) as Record<string, unknown>;
    const known = new Map<string, number>();
    const walk = (node: unknown): number => {
      if (typeof node !== 'object' || node === null || Array.isArray(node)) return 0;
      let base = 0;
      let deepest = Number.NEGATIVE_INFINITY;
      const object = node as Record<string, unknown>;
      for (const key of Object.keys(object)) {
        const value = object[key];
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
          const name = value.slice(8).replaceAll('~1', '/').replaceAll('~0', '~');
          if (Object.hasOwn(defs, name)) {
            let depth = known.get(name);
            if (depth === undefined) {
              known.set(name, 1);
              depth = walk(defs[name]);
              known.set(name, depth);
            }
            base = depth - 1;
          }
        } else if (key === 'items' || key === 'additionalProperties') deepest = Math.max(deepest, walk(value));
        else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value))
          for (const child of value) deepest = Math.max(deepest, walk(child));
      }
      const properties = object.properties;
      if (typeof properties === 'object' && properties !== null)
        for (const child of Object.values(properties)) deepest = Math.max(deepest, walk(child));
      return Math.max(base, deepest) + 1;
    };
    return walk(schema);
  }

  const NAMES = ['A', 'B', 'C', 'D', 'a/b', 'x~y'] as const;
  const refTo = (name: string) => `#/$defs/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
  const { node } = fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant({ type: 'string' }),
      fc.constantFrom(...NAMES, 'Missing').map((name) => ({ $ref: refTo(name) })),
      fc.record({
        type: fc.constant('object'),
        properties: fc.dictionary(fc.constantFrom('p', 'q', 'r'), tie('node')),
      }),
      fc.record({ type: fc.constant('array'), items: tie('node') }),
      fc.record({ anyOf: fc.array(tie('node'), { maxLength: 3 }) }),
      // A ref beside children: the ref is no level of its own, the children are.
      fc.record({ $ref: fc.constantFrom(...NAMES).map(refTo), items: tie('node') }),
    ),
  }));
  const schemas = fc
    .record({
      properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), node),
      $defs: fc.dictionary(fc.constantFrom(...NAMES), node),
    })
    .map(({ properties, $defs }) => ({ type: 'object', properties, $defs }) as unknown as JsonObject);

  test('the depth is the one a recursive walk finds, recursion and refs inside refs included', () => {
    fc.assert(
      fc.property(schemas, (schema) => {
        expect(measureStrictSchema(schema).depth).toBe(recursiveDepth(schema));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('convertMcpTools sends a tool whose definitions chain 2,000 deep non-strict, saying it nests past the limit', () => {
    const $defs: JsonObject = {};
    for (let index = 0; index < 2_000; index++)
      $defs[`D${index}`] = {
        type: 'object',
        properties: { next: { $ref: `#/$defs/D${index + 1}` } },
        required: ['next'],
      };
    $defs.D2000 = { type: 'string' };
    const inputSchema = { type: 'object', properties: { a: { $ref: '#/$defs/D0' } }, required: ['a'], $defs };
    // A budget the chain fits in: compaction would otherwise drop the definitions.
    const conversion = convertMcpTools([{ name: 't', inputSchema }], {
      target: 'openai-responses',
      strict: true,
      budgetBytes: 10_000_000,
    });
    const [result] = conversion.results;
    expect(result?.ok && result.strict).toBe(false);
    expect(result?.ok ? result.warnings[0]?.message : undefined).toBe(
      // Known before converting strict (see strict-depth-bound.ts), which counts 64 levels at most.
      'sent non-strict: strict mode cannot express at least 64 levels of nesting (limit 10)',
    );
  });

  test('a chain of 20,000 definitions is measured: two levels a link, each object and its optional ref', () => {
    const $defs: JsonObject = {};
    const length = 20_000;
    for (let index = 0; index < length; index++) {
      const next: JsonObject = index + 1 < length ? { $ref: `#/$defs/D${index + 1}` } : { type: 'string' };
      $defs[`D${index}`] = { type: 'object', properties: { next: { anyOf: [next, { type: 'null' }] } } };
    }
    const result = measureStrictSchema({ type: 'object', properties: { a: { $ref: '#/$defs/D0' } }, $defs });
    // The root, then per definition its object and the anyOf below it, then the last string.
    expect(result.depth).toBe(1 + 2 * length + 1);
    expect(result.properties).toBe(1 + length);
  });
});

describe('measureStrictRequestCost', () => {
  test('counts what measureStrictSchema counts of optional and union parameters, on every corpus tool converted for Anthropic', () => {
    let compared = 0;
    for (const strict of [false, true]) {
      const conversion = convertMcpTools(readCorpusTools(), { target: 'anthropic', strict });
      for (const result of conversion.results) {
        if (!result.ok) continue;
        const schema = (result.tool as { input_schema: JsonObject }).input_schema;
        const full = measureStrictSchema(schema);
        expect(measureStrictRequestCost(schema)).toEqual({ optional: full.optionalProperties, unions: full.unions });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(3_000);
  });

  test('counts definitions once and follows no ref', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/D' }, b: { $ref: '#/$defs/D' } },
      required: ['a'],
      $defs: { D: { type: 'object', properties: { x: { anyOf: [{ type: 'string' }, { type: 'null' }] } } } },
    };
    expect(measureStrictRequestCost(schema as never)).toEqual({ optional: 2, unions: 1 });
  });
});
