// Server bugs repaired, not fatal (issue 22, item 4): each through convertMcpTools, with its change and path.
import { describe, expect, test } from 'vitest';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { repairServerSchema } from '../../src/providers/repair-schema.js';
import type { McpToolLike } from '../../src/tools/mcp.js';

function convertedSchema(inputSchema: unknown) {
  const conversion = convertMcpTools([{ name: 't', inputSchema } as McpToolLike], { target: 'portable' });
  const [result] = conversion.results;
  if (!result?.ok) throw new Error(`expected a converted tool, got ${result?.error.message}`);
  return {
    schema: result.tool.inputSchema,
    repairs: result.changes.filter((change) => change.kind === 'schema_repaired'),
    conversion,
  };
}

describe('convertMcpTools repairs server bugs on provider targets', () => {
  test('a schema written by hand that holds itself in three places fails as too deep, at once', () => {
    // The parse refuses the cycle, and the search for repairs that follows reads each object once:
    // it read this one 3^1000 ways (the call never returned).
    const node: Record<string, unknown> = { type: 'object', properties: {}, anyOf: [] };
    (node.properties as Record<string, unknown>).self = node;
    (node.anyOf as unknown[]).push(node);
    node.items = node;
    for (const target of ['gemini', 'anthropic', 'openai-responses'] as const) {
      const [result] = convertMcpTools([{ name: 't', inputSchema: node } as McpToolLike], { target }).results;
      expect(result?.ok === false && result.error.code).toBe('too_deep');
    }
    expect(repairServerSchema(node)).toBeUndefined();
  });

  test('moves a required list written under properties to the object’s required', () => {
    const { schema, repairs } = convertedSchema({
      type: 'object',
      properties: { q: { type: 'string' }, required: ['q'] },
    });
    expect(schema).toStrictEqual({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] });
    expect(repairs).toMatchObject([{ path: '/inputSchema/properties/required' }]);
  });

  test.each([
    ['string', { type: 'string' }],
    ['object', { type: 'string', description: 'A JSON object, written as JSON text.' }],
  ])('reads additionalProperties: "%s" as a schema of that type', (name, _value) => {
    const { repairs } = convertedSchema({
      type: 'object',
      properties: { tags: { type: 'object', additionalProperties: name } },
    });
    expect(repairs).toMatchObject([
      { path: '/inputSchema/properties/tags/additionalProperties', message: expect.stringContaining(`type ${name}`) },
    ]);
  });

  test.each([
    ['int', 'integer'],
    ['float', 'number'],
    ['bool', 'boolean'],
    ['str', 'string'],
    ['dict', 'object'],
    ['list', 'array'],
    ['STRING', 'string'],
    ['Integer', 'integer'],
  ])('reads type "%s" as %s', (written, meant) => {
    const { repairs } = convertedSchema({ type: 'object', properties: { v: { type: written } } });
    expect(repairs).toStrictEqual([
      {
        kind: 'schema_repaired',
        path: '/inputSchema/properties/v/type',
        message: `type ${JSON.stringify(written)} read as ${JSON.stringify(meant)}`,
      },
    ]);
  });

  test('reads required: "name" as a list and enum: "x" as a list of it', () => {
    const { schema, repairs } = convertedSchema({
      type: 'object',
      properties: { name: { type: 'string', enum: 'x' } },
      required: 'name',
    });
    expect(schema).toStrictEqual({
      type: 'object',
      properties: { name: { type: 'string', enum: ['x'] } },
      required: ['name'],
    });
    expect(repairs.map((repair) => repair.path)).toStrictEqual([
      '/inputSchema/required',
      '/inputSchema/properties/name/enum',
    ]);
  });

  test("reads draft 4's boolean exclusive bounds as 2020-12's numeric ones (OpenAPI 3.0 writes them)", () => {
    const { schema, repairs, conversion } = convertedSchema({
      type: 'object',
      properties: {
        inclusive: { type: 'integer', minimum: 1, exclusiveMinimum: false },
        between: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true },
        unbounded: { type: 'number', exclusiveMaximum: true },
      },
    });
    expect(schema).toStrictEqual({
      type: 'object',
      properties: {
        inclusive: { type: 'integer', minimum: 1 },
        between: { type: 'number', description: 'Greater than 0; less than 10.' },
        unbounded: { type: 'number' },
      },
    });
    expect(repairs.map((repair) => [repair.path, repair.message])).toStrictEqual([
      ['/inputSchema/properties/inclusive/exclusiveMinimum', 'exclusiveMinimum false is the default: dropped'],
      [
        '/inputSchema/properties/between/exclusiveMinimum',
        "exclusiveMinimum true is draft 4's spelling: read as exclusiveMinimum 0 (minimum 0, excluded)",
      ],
      [
        '/inputSchema/properties/between/exclusiveMaximum',
        "exclusiveMaximum true is draft 4's spelling: read as exclusiveMaximum 10 (maximum 10, excluded)",
      ],
      [
        '/inputSchema/properties/unbounded/exclusiveMaximum',
        'exclusiveMaximum true with no maximum to exclude: dropped',
      ],
    ]);
    // Calls are checked against the bounds as the author meant them: 0 and 10 excluded.
    expect(conversion.resolveToolCall('t', { between: 5 })).toMatchObject({ ok: true, validated: true });
    expect(conversion.resolveToolCall('t', { between: 0 }).ok).toBe(false);
    expect(conversion.resolveToolCall('t', { between: 10 }).ok).toBe(false);
    expect(conversion.resolveToolCall('t', { inclusive: 1 }).ok).toBe(true);
  });

  test('reads a number written as a string as that number, and drops a bound that is no number', () => {
    const { schema, repairs } = convertedSchema({
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: '255', minLength: 'none' },
        n: { type: 'integer', maximum: null },
      },
    });
    expect(schema).toStrictEqual({
      type: 'object',
      properties: { name: { type: 'string', maxLength: 255 }, n: { type: 'integer' } },
    });
    expect(repairs.map((repair) => repair.message)).toStrictEqual([
      'maxLength "255" read as the number 255',
      'minLength "none" is not a number: dropped',
      'maximum null is not a number: dropped',
    ]);
  });

  test("reads required: true on a property (Swagger 2's spelling) as the object requiring it", () => {
    const { schema, repairs, conversion } = convertedSchema({
      type: 'object',
      properties: { name: { type: 'string', required: true }, age: { type: 'integer', required: false } },
      required: ['age'],
    });
    expect(schema).toStrictEqual({
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
      required: ['age', 'name'],
    });
    expect(repairs.map((repair) => repair.path)).toStrictEqual([
      '/inputSchema/properties/name/required',
      '/inputSchema/properties/age/required',
    ]);
    expect(conversion.resolveToolCall('t', { age: 3 }).ok).toBe(false);
    expect(conversion.resolveToolCall('t', { age: 3, name: 'n' }).ok).toBe(true);
  });

  test('drops required entries that are not names, and reads additionalProperties "false" as false', () => {
    const { schema, repairs } = convertedSchema({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a', 1, null],
      additionalProperties: 'false',
    });
    // portable carries no additionalProperties: the repair is what lets the tool through at all.
    expect(schema).toStrictEqual({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] });
    expect(repairs.map((repair) => repair.message)).toStrictEqual([
      'required listed 1, null, not names: dropped from the list',
      'additionalProperties "false" read as false',
    ]);
  });

  test('reads required as an object of flags, properties as an empty list and examples as one value', () => {
    const { schema, repairs } = convertedSchema({
      type: 'object',
      properties: { a: { type: 'string', examples: 'x' }, b: { type: 'object', properties: [] } },
      required: { a: true, b: false },
    });
    expect(schema).toMatchObject({ required: ['a'], properties: { b: { type: 'string' } } });
    expect(repairs.map((repair) => [repair.path, repair.message])).toStrictEqual([
      ['/inputSchema/required', 'required was an object of flags: read as the list of the names set to true'],
      ['/inputSchema/properties/a/examples', 'examples was one value, not a list: read as a list of it'],
      ['/inputSchema/properties/b/properties', 'properties was an empty list: read as no properties'],
    ]);
  });

  test('says what it repaired in a few words, however large the value a server wrote', () => {
    const { repairs } = convertedSchema({
      type: 'object',
      properties: {
        a: { type: 'string', pattern: { text: 'x'.repeat(100_000) }, maxLength: 'y'.repeat(100_000) },
      },
      required: ['a', ...Array.from({ length: 10_000 }, (_, index) => index)],
    });
    expect(repairs).toHaveLength(3);
    for (const repair of repairs) expect(repair.message.length).toBeLessThan(200);
    expect(repairs[0]?.message).toBe('required listed 0, 1, 2, 3, 4 and 9995 more, not names: dropped from the list');
  });

  test("reads draft 4's tuple (items as a list) as prefixItems, and its additionalItems as items", () => {
    const { repairs, conversion } = convertedSchema({
      type: 'object',
      properties: {
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: { type: 'boolean' } },
      },
    });
    expect(repairs).toMatchObject([
      {
        path: '/inputSchema/properties/pair/items',
        message: "items as a list (draft 4's tuple) read as prefixItems, additionalItems as items",
      },
    ]);
    expect(conversion.resolveToolCall('t', { pair: ['a', 1, true] })).toMatchObject({ ok: true, validated: true });
    expect(conversion.resolveToolCall('t', { pair: [1, 'a'] }).ok).toBe(false);
  });

  test.each([['http://json-schema.org/draft-07/schema#'], ['http://json-schema.org/draft-04/schema#']])(
    "reads a repaired tuple under $schema %s as 2020-12, so calls are checked against the tuple's elements",
    (dialect) => {
      // zod-to-json-schema and zod 4 (draft-7 target) write every tuple so, and name draft-07.
      const { repairs, conversion } = convertedSchema({
        $schema: dialect,
        type: 'object',
        properties: {
          pair: { type: 'array', items: [{ type: 'number', const: 1 }, { type: 'string' }] },
          rest: { type: 'array', items: [{ type: 'number' }], additionalItems: { type: 'string' } },
        },
      });
      expect(repairs.map((repair) => repair.path)).toStrictEqual([
        '/inputSchema/properties/pair/items',
        '/inputSchema/properties/rest/items',
        '/inputSchema/$schema',
      ]);
      expect(repairs[2]?.message).toBe(
        `$schema ${JSON.stringify(dialect)} read as 2020-12: the tuples above are written as prefixItems, which the older draft does not read`,
      );
      expect(conversion.resolveToolCall('t', { pair: [1, 'a'], rest: [1, 'x', 'y'] })).toMatchObject({
        ok: true,
        validated: true,
      });
      // Draft-07 ignores prefixItems: the first element was never checked.
      expect(conversion.resolveToolCall('t', { pair: ['a', 'b'] }).ok).toBe(false);
      expect(conversion.resolveToolCall('t', { rest: ['x'] }).ok).toBe(false);
    },
  );

  test('leaves $schema as it is when no tuple was repaired', () => {
    const result = repairServerSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { n: { type: 'integer', maxLength: '3' } },
    });
    expect(result?.repairs.map((repair) => repair.path)).toStrictEqual(['/inputSchema/properties/n/maxLength']);
    expect((result?.schema as { $schema?: string } | undefined)?.$schema).toBe(
      'http://json-schema.org/draft-07/schema#',
    );
  });

  test('drops a negative count and a multipleOf that is not positive, and reads a fractional count as the whole number it means', () => {
    const { schema, repairs } = convertedSchema({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: -1, maxLength: 10.5 },
        list: { type: 'array', items: { type: 'string' }, minItems: 1.5 },
        step: { type: 'number', multipleOf: 0 },
      },
    });
    expect(schema).toStrictEqual({
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: 10 },
        list: { type: 'array', items: { type: 'string' }, minItems: 2 },
        step: { type: 'number' },
      },
    });
    expect(repairs.map((repair) => repair.message)).toStrictEqual([
      'minLength -1 is not a count: dropped',
      'maxLength 10.5 read as the number 10',
      'minItems 1.5 read as the number 2',
      'multipleOf 0 is not positive: dropped',
    ]);
  });

  test('drops a pattern, format, title or description that is not a string, and reads uniqueItems "true" as true', () => {
    const { schema, repairs } = convertedSchema({
      type: 'object',
      properties: {
        code: { type: 'string', pattern: 0, format: 5 },
        note: { type: 'string', description: 5, title: false },
        tags: { type: 'array', items: { type: 'string' }, uniqueItems: 'true' },
        rest: { type: 'array', items: { type: 'string' }, uniqueItems: 'yes' },
      },
    });
    expect(schema).toStrictEqual({
      type: 'object',
      properties: {
        code: { type: 'string' },
        note: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' }, description: 'Items unique.' },
        rest: { type: 'array', items: { type: 'string' } },
      },
    });
    expect(repairs.map((repair) => repair.message)).toStrictEqual([
      'pattern 0 is not a string: dropped',
      'format 5 is not a string: dropped',
      'description 5 is not a string: dropped',
      'title false is not a string: dropped',
      'uniqueItems "true" read as true',
      'uniqueItems "yes" is not a boolean: dropped',
    ]);
  });

  test.each(['openai-responses', 'openai-chat', 'anthropic', 'gemini', 'gemini-json-schema'] as const)(
    'a tool with draft 4 bounds and keyword values of the wrong type is within %s’s rules, strict and not',
    (target) => {
      const inputSchema = {
        type: 'object',
        properties: {
          frequency: { type: 'integer', minimum: 1, exclusiveMinimum: false },
          ratio: { type: 'number', minimum: 0, exclusiveMinimum: true, multipleOf: '0.5' },
          code: { type: 'string', maxLength: '8', pattern: '^[A-Z]+$' },
          version: { type: 'string', pattern: 0, description: 5 },
          ids: { type: 'array', items: { type: 'integer' }, uniqueItems: 'yes', minItems: -1 },
          step: { type: 'number', multipleOf: 0, maxLength: 2.5 },
          owner: { type: 'string', required: true, title: 5, examples: 'me' },
          extra: { type: 'object', properties: [] },
          pair: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] },
        },
        required: ['frequency'],
      };
      for (const strict of [false, true]) {
        const conversion = convertMcpTools([{ name: 't', inputSchema }], { target, strict });
        expect(conversion.summary.failed).toBe(0);
        expect(checkProviderTools(target, conversion.tools)).toStrictEqual([]);
      }
    },
  );

  test('checks calls against the repaired schema, bounds included', () => {
    const { conversion } = convertedSchema({
      type: 'object',
      properties: { n: { type: 'int', minimum: 0 } },
      required: 'n',
    });
    expect(conversion.resolveToolCall('t', { n: 3 })).toMatchObject({ ok: true, validated: true });
    expect(conversion.resolveToolCall('t', { n: -1 }).ok).toBe(false);
    expect(conversion.resolveToolCall('t', {}).ok).toBe(false);
  });

  test('a server whose tools carry these bugs has every tool listed, within every provider’s rules', () => {
    const tools = [
      {
        name: 'nested_required',
        inputSchema: { type: 'object', properties: { q: { type: 'string' }, required: ['q'] } },
      },
      {
        name: 'ap_string',
        inputSchema: { type: 'object', properties: { m: { type: 'object', additionalProperties: 'string' } } },
      },
      { name: 'int_type', inputSchema: { type: 'object', properties: { n: { type: 'int' } } } },
      { name: 'n'.repeat(130), inputSchema: { type: 'object', properties: { e: { type: 'str', enum: 'only' } } } },
    ];
    const conversion = convertMcpTools(tools, { target: 'portable' });
    expect(conversion.summary.failed).toBe(0);
    expect(checkProviderTools('portable', conversion.tools)).toStrictEqual([]);
  });

  test('leaves the codex target exactly as the reference has it', () => {
    const [result] = convertMcpTools([
      { name: 't', inputSchema: { type: 'object', properties: { n: { type: 'int' } } } },
    ]).results;
    expect(result?.ok && result.changes).toStrictEqual([]);
  });

  test('never fails the batch for a tool that cannot be repaired', () => {
    const conversion = convertMcpTools(
      [
        { name: 'good', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
        { name: 'bad', inputSchema: 'not a schema' as never },
      ],
      { target: 'portable' },
    );
    expect(conversion.summary).toMatchObject({ converted: 1, failed: 1 });
  });
});

describe('repairServerSchema', () => {
  test('copies nothing and returns undefined for a healthy schema', () => {
    expect(repairServerSchema({ type: 'object', properties: { a: { type: 'string' } } })).toBeUndefined();
    expect(
      repairServerSchema({
        type: 'object',
        properties: { a: { type: 'number', exclusiveMinimum: 0, maximum: 1.5, multipleOf: 0.5 } },
        minProperties: 1,
      }),
    ).toBeUndefined();
  });

  test('never modifies its input', () => {
    const input = Object.freeze({ type: 'object', properties: Object.freeze({ n: Object.freeze({ type: 'int' }) }) });
    expect(repairServerSchema(input)?.schema).toStrictEqual({ type: 'object', properties: { n: { type: 'integer' } } });
    expect(input.properties.n.type).toBe('int');
  });

  test.each([
    ['a property', { properties: { a: { type: 'int' } } }],
    ['a property given as a type name', { properties: { a: 'str' } }],
    ['a required list under properties', { properties: { required: ['a'] } }],
    ['items', { items: { type: 'int' } }],
    ['items given as a type name', { items: 'string' }],
    ['tuple items', { items: [{ type: 'int' }] }],
    ['prefixItems', { prefixItems: [{ type: 'int' }] }],
    ['additionalProperties', { additionalProperties: { type: 'int' } }],
    ['additionalProperties given as a type name', { additionalProperties: 'object' }],
    ['anyOf', { anyOf: [{ type: 'int' }] }],
    ['oneOf', { oneOf: [{ type: 'int' }] }],
    ['allOf', { allOf: [{ type: 'int' }] }],
    ['$defs', { $defs: { d: { type: 'int' } } }],
    ['definitions', { definitions: { d: { type: 'int' } } }],
    ['a type list', { type: ['str', 'null'] }],
    ['required as one name', { required: 'a' }],
    ['enum as one value', { enum: 'a' }],
  ])('finds a server bug in %s, two levels down', (_where, bug) => {
    const input = { type: 'object', properties: { outer: { type: 'object', properties: { inner: bug } } } };
    expect(repairServerSchema(input)?.repairs.length).toBeGreaterThan(0);
  });

  test('finds nothing to repair in a healthy schema with every slot used', () => {
    const healthy = {
      type: 'object',
      properties: {
        a: { type: ['string', 'null'], enum: ['x', null] },
        b: { type: 'array', prefixItems: [{ type: 'integer' }], items: { type: 'integer' } },
      },
      required: ['a'],
      additionalProperties: { type: 'string' },
      anyOf: [{ type: 'object' }],
      $defs: { d: { type: 'boolean' } },
      definitions: { e: { prefixItems: [{ type: 'number' }] } },
    };
    expect(repairServerSchema(healthy)).toBeUndefined();
  });

  test('repairs inside definitions, items and compositions, with their paths', () => {
    const repaired = repairServerSchema({
      type: 'object',
      properties: { list: { type: 'array', items: 'string' } },
      anyOf: [{ type: 'FLOAT' }],
      $defs: { d: { type: 'bool' } },
    });
    expect(repaired?.repairs.map((repair) => repair.path)).toStrictEqual([
      '/inputSchema/properties/list/items',
      '/inputSchema/anyOf/0/type',
      '/inputSchema/$defs/d/type',
    ]);
  });
});
