// The strict-limits measure, case by case: what OpenAI's per-schema and Anthropic's per-request limits count.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { at, ChangeLog } from '../../src/providers/changes.js';
import { convertSchemaForTarget } from '../../src/providers/convert-schema.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import {
  measureStrictRequestCost,
  measureStrictSchema,
  openAiStrictLimitViolations,
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

  test('a recursive definition counts its first pass; an unresolved ref counts as a leaf', () => {
    const recursive = {
      type: 'object',
      properties: { list: { $ref: '#/$defs/Node' } },
      $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
    };
    // root → list (= Node: one level; its ref back to itself adds nothing).
    expect(measure(recursive).depth).toBe(2);
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
