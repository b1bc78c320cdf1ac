import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { generatedSchemas } from '../../bench/generated.js';
import { toJsonPointer } from '../../src/errors.js';
import { explainToolInputSchema } from '../../src/schema/explain.js';
import type { JsonSchema } from '../../src/schema/model.js';
import { parseToolInputSchemaWithoutCompaction } from '../../src/schema/pipeline.js';
import { findSchemaWarnings } from '../../src/schema/warnings.js';

/** The walk as it was written first, recursive: the warnings' kinds and paths, in order. */
function recursiveWarnings(schema: JsonSchema): string[] {
  const found: string[] = [];
  const visit = (node: unknown, path: (string | number)[]): void => {
    if (typeof node !== 'object' || node === null) return;
    const value = node as Record<string, unknown>;
    const types = value.type === undefined ? [] : Array.isArray(value.type) ? value.type : [value.type];
    if (Array.isArray(value.enum) && types.length > 0) {
      const admits = (type: unknown, item: unknown) =>
        type === 'string'
          ? typeof item === 'string'
          : type === 'number'
            ? typeof item === 'number'
            : type === 'integer'
              ? Number.isInteger(item)
              : type === 'boolean'
                ? typeof item === 'boolean'
                : type === 'null'
                  ? item === null
                  : type === 'array'
                    ? Array.isArray(item)
                    : typeof item === 'object' && item !== null && !Array.isArray(item);
      if (value.enum.some((item) => !types.some((type) => admits(type, item))))
        found.push(`enum ${toJsonPointer([...path, 'enum'])}`);
    }
    const properties = value.properties as Record<string, unknown> | undefined;
    if (
      Array.isArray(value.required) &&
      value.required.some((name) => properties === undefined || !Object.hasOwn(properties, name))
    )
      found.push(`required ${toJsonPointer([...path, 'required'])}`);
    const table = (key: string, entries: unknown) => {
      if (entries === undefined) return;
      for (const [name, child] of Object.entries(entries as object)) visit(child, [...path, key, name]);
    };
    table('properties', properties);
    if (value.items !== undefined) visit(value.items, [...path, 'items']);
    if (typeof value.additionalProperties === 'object')
      visit(value.additionalProperties, [...path, 'additionalProperties']);
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      if (Array.isArray(value[key]))
        (value[key] as unknown[]).forEach((variant, index) => {
          visit(variant, [...path, key, index]);
        });
    table('$defs', value.$defs);
    table('definitions', value.definitions);
  };
  visit(schema, []);
  return found;
}

describe('findSchemaWarnings', () => {
  test('flags enum values no type admits, at any depth', () => {
    expect(
      findSchemaWarnings({
        type: 'object',
        properties: {
          priority: { type: 'string', enum: [1, 2, 'high'] },
          list: { type: 'array', items: { type: ['integer', 'null'], enum: [1, null, 1.5] } },
          fine: { type: ['string', 'number'], enum: ['a', 2] },
          untyped: { enum: [1] },
        },
      }).map(({ kind, path, message }) => ({ kind, path, message })),
    ).toStrictEqual([
      {
        kind: 'enum_type_mismatch',
        path: '/properties/priority/enum',
        message: 'enum values 1, 2 are not of type string',
      },
      {
        kind: 'enum_type_mismatch',
        path: '/properties/list/items/enum',
        message: 'enum values 1.5 are not of type integer | null',
      },
    ]);
  });

  test('flags required names that are not properties, in definitions too', () => {
    expect(
      findSchemaWarnings({
        type: 'object',
        properties: { a: { type: 'string' } },
        required: ['a', 'ghost'],
        $defs: { D: { type: 'object', required: ['x', 'y'] } },
      }).map(({ path, message }) => ({ path, message })),
    ).toStrictEqual([
      { path: '/required', message: 'required "ghost" is not among the properties' },
      { path: '/$defs/D/required', message: 'required "x", "y" are not among the properties' },
    ]);
  });

  test('finds nothing in a consistent schema', () => {
    expect(
      findSchemaWarnings({ type: 'object', properties: { a: { type: 'integer', enum: [1, 2] } }, required: ['a'] }),
    ).toStrictEqual([]);
  });

  test('finds the warnings of every corpus schema in the order and at the paths a recursive walk does', () => {
    const inputs = readFileSync(new URL('../fixtures/conformance/corpus-mcp.jsonl', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { input: unknown }).input);
    let warned = 0;
    for (const input of [...inputs, ...generatedSchemas()]) {
      let model: JsonSchema;
      try {
        model = parseToolInputSchemaWithoutCompaction(input);
      } catch {
        continue;
      }
      const expected = recursiveWarnings(model);
      if (expected.length > 0) warned++;
      expect(
        findSchemaWarnings(model).map(
          (warning) => `${warning.kind === 'enum_type_mismatch' ? 'enum' : 'required'} ${warning.path}`,
        ),
      ).toStrictEqual(expected);
    }
    expect(warned).toBeGreaterThan(0);
  });

  test('reads a schema written by hand: one that holds itself, nests deeper than the stack, or holds anything', () => {
    const cyclic: Record<string, unknown> = { type: 'object', required: ['ghost'], properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    cyclic.anyOf = [cyclic];
    expect(findSchemaWarnings(cyclic as JsonSchema).map((warning) => warning.path)).toStrictEqual(['/required']);
    let deep: Record<string, unknown> = { type: 'string', enum: [1] };
    for (let level = 0; level < 100_000; level++) deep = { type: 'object', properties: { a: deep } };
    const [bottom] = findSchemaWarnings(deep as JsonSchema);
    expect(bottom?.path).toBe(`${'/properties/a'.repeat(100_000)}/enum`);
    const odd = {
      type: 'object',
      properties: { big: { type: 'string', enum: [10n, 'fine'] }, list: { type: 'string', enum: 'abc' } },
      required: 'ab',
      anyOf: {},
    } as unknown as JsonSchema;
    expect(findSchemaWarnings(odd).map(({ path, message }) => ({ path, message }))).toStrictEqual([
      { path: '/properties/big/enum', message: 'enum values a BigInt are not of type string' },
    ]);
  });

  test('is part of explain: the reference infers type string for a numeric enum', () => {
    const explanation = explainToolInputSchema({ properties: { priority: { enum: [1, 2, 3] } } });
    expect(explanation.warnings.map((warning) => warning.path)).toStrictEqual(['/properties/priority/enum']);
  });
});
