import { describe, expect, test } from 'vitest';
import { explainToolInputSchema } from '../../src/schema/explain.js';
import { findSchemaWarnings } from '../../src/schema/warnings.js';

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

  test('is part of explain: the reference infers type string for a numeric enum', () => {
    const explanation = explainToolInputSchema({ properties: { priority: { enum: [1, 2, 3] } } });
    expect(explanation.warnings.map((warning) => warning.path)).toStrictEqual(['/properties/priority/enum']);
  });
});
