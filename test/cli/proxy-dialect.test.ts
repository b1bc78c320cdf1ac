// The proxy serves a tool's outputSchema in 2020-12 (hosts that know only 2020-12 refuse draft-07's spellings).
import { describe, expect, test } from 'vitest';
import { toDialect2020 } from '../../src/cli/proxy/dialect.js';

describe('toDialect2020', () => {
  test("spells draft-07's definitions, refs and tuples in 2020-12, and drops the older $schema", () => {
    expect(
      toDialect2020({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          point: {
            type: 'array',
            items: [{ type: 'number' }, { type: 'number' }],
            additionalItems: { type: 'string' },
          },
          x: { $ref: '#/definitions/X' },
        },
        definitions: { X: { type: 'string' } },
      }),
    ).toStrictEqual({
      type: 'object',
      properties: {
        point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: { type: 'string' } },
        x: { $ref: '#/$defs/X' },
      },
      $defs: { X: { type: 'string' } },
    });
  });

  test('keeps data as it is: a default, examples, an enum or a const that look like schemas', () => {
    const data = { items: [1, 2], definitions: { a: 1 }, $ref: '#/definitions/X', $schema: 'x' };
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'object', default: data, examples: [data], enum: [data], const: data },
      },
    };
    expect(toDialect2020(schema)).toStrictEqual(schema);
  });
});
