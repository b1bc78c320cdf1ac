// Each target's rules, case by case: what the provider gets, what is reported, and what resolveToolCall gives back.
import { describe, expect, test } from 'vitest';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import type { ConvertedTarget } from '../../src/providers/targets/registry.js';
import { EVERY_TARGET_VARIANT } from '../helpers/provider-arguments.js';

type Schema = Record<string, unknown>;

/** Converts one tool and returns its result (which must have converted). */
function convertOne(inputSchema: Schema, target: ConvertedTarget, strict = false, name = 't') {
  const conversion = convertMcpTools([{ name, description: 'A tool.', inputSchema }], { target, strict });
  const [result] = conversion.results;
  if (result === undefined || !result.ok) throw new Error(`did not convert: ${JSON.stringify(result)}`);
  return { result, conversion, tool: result.tool as unknown as Record<string, unknown> };
}

const kinds = (changes: { kind: string; path: string }[]) => changes.map((change) => `${change.kind} ${change.path}`);

describe('openai-responses, not strict', () => {
  test('keeps the constraints the model can use that the codex path drops', () => {
    const { tool } = convertOne(
      {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          count: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
          slug: { type: 'string', pattern: '^[a-z-]+$', format: 'uri', 'x-internal': true },
        },
        required: ['slug'],
      },
      'openai-responses',
    );
    expect(tool).toStrictEqual({
      type: 'function',
      name: 't',
      description: 'A tool.',
      parameters: {
        type: 'object',
        properties: {
          count: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
          slug: { type: 'string', pattern: '^[a-z-]+$', format: 'uri' },
        },
        required: ['slug'],
      },
      strict: false,
    });
  });

  test('reports each keyword it drops by path', () => {
    const { result } = convertOne(
      { $schema: 'x', type: 'object', properties: { a: { type: 'string', 'x-k': 1 } } },
      'openai-responses',
    );
    expect(kinds(result.changes)).toStrictEqual([
      'keyword_dropped /inputSchema/properties/a/x-k',
      'keyword_dropped /inputSchema/$schema',
    ]);
  });

  test('merges a root composition into one object, saying what each alternative requires', () => {
    const { tool, result } = convertOne(
      {
        type: 'object',
        properties: {},
        anyOf: [
          { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
        ],
      },
      'openai-responses',
    );
    expect(tool.parameters).toStrictEqual({
      type: 'object',
      description: 'Give one of: id | email.',
      properties: { id: { type: 'string' }, email: { type: 'string' } },
    });
    expect(kinds(result.changes)).toContain('root_composition_merged /inputSchema');
  });
});

describe('openai-responses, strict', () => {
  test('closes every object and requires every property; an optional one becomes nullable', () => {
    const { tool, result } = convertOne(
      {
        type: 'object',
        properties: {
          q: { type: 'string' },
          limit: { type: 'integer', minimum: 1 },
          mode: { type: 'string', enum: ['a', 'b'] },
          filter: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] },
        },
        required: ['q'],
      },
      'openai-responses',
      true,
    );
    expect(tool.strict).toBe(true);
    expect(tool.parameters).toStrictEqual({
      type: 'object',
      properties: {
        q: { type: 'string' },
        limit: { type: ['integer', 'null'], minimum: 1 },
        mode: { type: ['string', 'null'], enum: ['a', 'b', null] },
        filter: {
          type: ['object', 'null'],
          properties: { tag: { type: 'string' } },
          required: ['tag'],
          additionalProperties: false,
        },
      },
      required: ['q', 'limit', 'mode', 'filter'],
      additionalProperties: false,
    });
    expect(result.warnings).toStrictEqual([]);
  });

  test('a synthetic null means absent when the call is resolved; a real value is kept', () => {
    const { conversion } = convertOne(
      { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } }, required: ['q'] },
      'openai-responses',
      true,
    );
    expect(conversion.resolveToolCall('t', '{"q":"x","limit":null}')).toStrictEqual({
      ok: true,
      name: 't',
      arguments: { q: 'x' },
      validated: true,
      validatedAgainst: 'original',
      unchecked: [],
    });
    expect(conversion.resolveToolCall('t', { q: 'x', limit: 3 })).toMatchObject({
      ok: true,
      arguments: { q: 'x', limit: 3 },
    });
  });

  test('a property that was already nullable keeps its null', () => {
    const { conversion, tool } = convertOne(
      { type: 'object', properties: { note: { type: ['string', 'null'] } } },
      'openai-responses',
      true,
    );
    expect((tool.parameters as Schema).properties).toStrictEqual({ note: { type: ['string', 'null'] } });
    expect(conversion.resolveToolCall('t', '{"note":null}')).toMatchObject({ ok: true, arguments: { note: null } });
  });

  test.each([
    ['default', { type: 'integer', default: 20 }, { type: ['integer', 'null'], description: 'Default 20.' }],
    [
      'minLength and maxLength',
      { type: 'string', minLength: 2, maxLength: 5 },
      { type: ['string', 'null'], description: 'At least 2 characters; at most 5 characters.' },
    ],
    [
      'an unsupported format',
      { type: 'string', format: 'uri' },
      { type: ['string', 'null'], description: 'Format uri.' },
    ],
    [
      'uniqueItems',
      { type: 'array', items: { type: 'string' }, uniqueItems: true },
      { type: ['array', 'null'], description: 'Items unique.', items: { type: 'string' } },
    ],
  ])('moves %s into the description', (_name, property, expected) => {
    const { tool, result } = convertOne({ type: 'object', properties: { p: property } }, 'openai-responses', true);
    expect(((tool.parameters as Schema).properties as Schema).p).toStrictEqual(expected);
    expect(result.changes.some((change) => change.kind === 'keyword_moved')).toBe(true);
  });

  test('keeps the formats and bounds strict mode supports', () => {
    const { tool } = convertOne(
      {
        type: 'object',
        properties: { at: { type: 'string', format: 'date-time' }, n: { type: 'number', minimum: 0, maximum: 1 } },
        required: ['at', 'n'],
      },
      'openai-responses',
      true,
    );
    expect((tool.parameters as Schema).properties).toStrictEqual({
      at: { type: 'string', format: 'date-time' },
      n: { type: 'number', minimum: 0, maximum: 1 },
    });
  });

  test('sends a free-form object as JSON text and parses it back', () => {
    const { tool, conversion } = convertOne(
      { type: 'object', properties: { meta: { type: 'object', description: 'Anything.' } }, required: ['meta'] },
      'openai-responses',
      true,
    );
    expect((tool.parameters as Schema).properties).toStrictEqual({
      meta: { type: 'string', description: 'Anything. (a JSON object, written as JSON text)' },
    });
    expect(conversion.resolveToolCall('t', { meta: '{"a":[1,2]}' })).toMatchObject({
      ok: true,
      arguments: { meta: { a: [1, 2] } },
    });
  });

  test('sends an open map as {key, value} entries and gives the object back', () => {
    const { tool, conversion } = convertOne(
      {
        type: 'object',
        properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } },
        required: ['labels'],
      },
      'openai-responses',
      true,
    );
    expect(((tool.parameters as Schema).properties as Schema).labels).toStrictEqual({
      type: 'array',
      description: 'A map, given as a list of {key, value} entries.',
      items: {
        type: 'object',
        properties: { key: { type: 'string' }, value: { type: 'string' } },
        required: ['key', 'value'],
        additionalProperties: false,
      },
    });
    const call = {
      labels: [
        { key: 'env', value: 'prod' },
        { key: '__proto__', value: 'x' },
      ],
    };
    const resolved = conversion.resolveToolCall('t', JSON.stringify(call));
    expect(resolved.ok && Object.getOwnPropertyNames(resolved.arguments.labels)).toStrictEqual(['env', '__proto__']);
  });

  test('turns oneOf into anyOf and merges allOf', () => {
    const { tool, result } = convertOne(
      {
        type: 'object',
        properties: {
          id: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
          both: {
            allOf: [
              { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
              { properties: { b: { type: 'string' } } },
            ],
          },
        },
        required: ['id', 'both'],
      },
      'openai-responses',
      true,
    );
    expect((tool.parameters as Schema).properties).toStrictEqual({
      id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      both: {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: ['string', 'null'] } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
    });
    expect(kinds(result.changes)).toEqual(
      expect.arrayContaining([
        'one_of_to_any_of /inputSchema/properties/id/oneOf',
        'composition_merged /inputSchema/properties/both/allOf',
      ]),
    );
  });

  test('moves definitions under $defs and keeps recursion, which strict mode allows', () => {
    const { tool, result } = convertOne(
      {
        type: 'object',
        properties: { tree: { $ref: '#/definitions/Node' } },
        required: ['tree'],
        definitions: {
          Node: {
            type: 'object',
            properties: { children: { type: 'array', items: { $ref: '#/definitions/Node' } } },
            required: ['children'],
          },
        },
      },
      'openai-responses',
      true,
    );
    expect(tool.parameters).toStrictEqual({
      type: 'object',
      properties: { tree: { $ref: '#/$defs/Node' } },
      required: ['tree'],
      additionalProperties: false,
      $defs: {
        Node: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
          required: ['children'],
          additionalProperties: false,
        },
      },
    });
    expect(result.strict).toBe(true);
  });

  test('a schema nested deeper than 10 levels falls back to non-strict, with a warning', () => {
    let schema: Schema = { type: 'string' };
    for (let level = 0; level < 11; level++) schema = { type: 'object', properties: { p: schema }, required: ['p'] };
    const { result, tool, conversion } = convertOne(schema, 'openai-responses', true);
    expect(tool.strict).toBe(false);
    // Known before converting: the depth bound counts the 12 levels strict would write (the
    // string leaf too, as the server wrote no boolean schema it could stand for), so the tool is
    // converted once, non-strict.
    expect(result.warnings).toStrictEqual([
      {
        path: '/inputSchema',
        message: 'sent non-strict: strict mode cannot express at least 12 levels of nesting (limit 10)',
      },
    ]);
    expect(conversion.summary).toMatchObject({ strict: 0, strictFallbacks: 1 });
  });
});

describe('openai-chat', () => {
  test('wraps the function and cuts a description over 1,024 characters', () => {
    const conversion = convertMcpTools(
      [{ name: 't', description: 'd'.repeat(2_000), inputSchema: { type: 'object', properties: {} } }],
      { target: 'openai-chat' },
    );
    const [result] = conversion.results;
    const tool = conversion.tools[0];
    expect(tool?.type).toBe('function');
    expect(tool?.function.description).toHaveLength(1_024);
    expect(result?.ok && kinds(result.changes)).toStrictEqual(['description_cut /description']);
  });
});

describe('anthropic', () => {
  test('non-strict: input_schema keeps every standard keyword, without $schema', () => {
    const { tool } = convertOne(
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { n: { type: 'integer', minimum: 2 } },
      },
      'anthropic',
    );
    expect(tool).toStrictEqual({
      name: 't',
      description: 'A tool.',
      input_schema: { type: 'object', properties: { n: { type: 'integer', minimum: 2 } } },
    });
  });

  test('strict: bounds move into the description, minItems above 1 too, and complex patterns', () => {
    const { tool } = convertOne(
      {
        type: 'object',
        properties: {
          n: { type: 'integer', minimum: 2 },
          tags: { type: 'array', items: { type: 'string', pattern: '^(?!x)\\w+$' }, minItems: 2 },
          one: { type: 'array', items: { type: 'string' }, minItems: 1 },
        },
        required: ['n', 'tags', 'one'],
      },
      'anthropic',
      true,
    );
    expect(tool).toStrictEqual({
      name: 't',
      description: 'A tool.',
      input_schema: {
        type: 'object',
        properties: {
          n: { type: 'integer', description: 'Minimum 2.' },
          tags: {
            type: 'array',
            description: 'At least 2 items.',
            items: { type: 'string', description: 'Matching ^(?!x)\\w+$.' },
          },
          one: { type: 'array', items: { type: 'string' }, minItems: 1 },
        },
        required: ['n', 'tags', 'one'],
        additionalProperties: false,
      },
      strict: true,
    });
  });

  test('strict: a recursive schema falls back to non-strict with a warning', () => {
    const { result } = convertOne(
      {
        type: 'object',
        properties: { node: { $ref: '#/$defs/N' } },
        $defs: { N: { type: 'object', properties: { next: { $ref: '#/$defs/N' } } } },
      },
      'anthropic',
      true,
    );
    expect(result.strict).toBe(false);
    expect(result.warnings[0]?.message).toMatch(/a recursive definition \(N\)/);
  });

  test('strict: the request budget (20 tools, 24 optional, 16 union parameters) goes to the cheapest tools', () => {
    const simple = (name: string) => ({
      name,
      inputSchema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
    });
    const costly = {
      name: 'costly',
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`o${i}`, { type: 'string' }])),
      },
    };
    const tools = [costly, ...Array.from({ length: 21 }, (_, index) => simple(`s${index}`))];
    const conversion = convertMcpTools(tools, { target: 'anthropic', strict: true });
    expect(conversion.summary).toMatchObject({ strict: 20, strictFallbacks: 2 });
    const fallen = conversion.results.filter((result) => result.ok && !result.strict).map((result) => result.name);
    expect(fallen).toStrictEqual(['costly', 's20']);
    const warning = conversion.results[0]?.ok ? conversion.results[0].warnings[0]?.message : undefined;
    expect(warning).toMatch(
      /Anthropic allows 20 strict tools, 24 optional and 16 union parameters per request.*30 optional/,
    );
    // The same words are the last of the tool's changes, after its conversion's own.
    for (const result of conversion.results.filter((each) => each.ok && !each.strict)) {
      const changes = result.ok ? result.changes : [];
      expect(changes.at(-1)).toStrictEqual({
        kind: 'strict_fallback',
        path: '/inputSchema',
        message: result.ok ? result.warnings.at(-1)?.message : undefined,
      });
      expect(changes.filter((change) => change.kind === 'strict_fallback')).toHaveLength(1);
    }
  });

  test('strict: the request budget is checked against the strict schemas, not the non-strict ones', () => {
    // Non-strict keeps oneOf (no union counted); strict sends it as anyOf, a union parameter.
    const choice = (name: string) => ({
      name,
      inputSchema: {
        type: 'object',
        properties: { pick: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
        required: ['pick'],
      },
    });
    const tools = Array.from({ length: 17 }, (_, index) => choice(`c${index}`));
    const conversion = convertMcpTools(tools, { target: 'anthropic', strict: true });
    expect(conversion.summary).toMatchObject({ strict: 16, strictFallbacks: 1 });
    const last = conversion.results[16];
    expect(last?.ok && last.strict).toBe(false);
    expect(last?.ok ? last.warnings[0]?.message : undefined).toMatch(/16 union parameters per request.*1 union\)/);
    const strictSchema = conversion.tools[0] as unknown as { input_schema: { properties: Record<string, unknown> } };
    expect(strictSchema.input_schema.properties.pick).toHaveProperty('anyOf');
  });
});

describe('gemini (parameters, the OpenAPI subset)', () => {
  test('int | str | None keeps its variants as its types: nullable, and no type beside the anyOf to narrow it', () => {
    const { tool, conversion } = convertOne(
      {
        type: 'object',
        properties: {
          id: { description: 'An id.', anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }] },
        },
      },
      'gemini',
    );
    const id = ((tool.parameters as Schema).properties as Record<string, Schema>).id;
    expect(id).toEqual({ description: 'An id.', anyOf: [{ type: 'INTEGER' }, { type: 'STRING' }], nullable: true });
    const call = conversion.resolveToolCall('t', { id: 5 });
    expect(call.ok && call.arguments).toEqual({ id: 5 });
    // portable has no null at all: the variants alone, no type beside them.
    const portable = convertMcpTools(
      [
        {
          name: 't',
          inputSchema: {
            type: 'object',
            properties: { id: { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }] } },
          },
        },
      ],
      { target: 'portable' },
    ).tools[0] as unknown as { inputSchema: { properties: Record<string, Schema> } };
    expect(portable.inputSchema.properties.id).toEqual({ anyOf: [{ type: 'integer' }, { type: 'string' }] });
  });

  test('an anyOf of null alone is sent as null alone is (a string that may be null), never an empty anyOf', () => {
    const schema = {
      type: 'object',
      properties: {
        nothing: { description: 'Always null.', anyOf: [{ type: 'null' }] },
        alone: { description: 'Always null.', type: 'null' },
        // Nested under a union whose other variant is restored (a map sent as a list of entries).
        either: {
          anyOf: [{ anyOf: [{ type: 'null' }] }, { type: 'object', additionalProperties: { type: 'integer' } }],
        },
      },
    };
    for (const target of ['gemini', 'portable'] as const) {
      const conversion = convertMcpTools([{ name: 't', inputSchema: schema }], { target });
      const tool = conversion.tools[0] as unknown as {
        parameters?: { properties: Record<string, Schema> };
        inputSchema?: { properties: Record<string, Schema> };
      };
      const properties = (tool.parameters ?? tool.inputSchema)?.properties ?? {};
      expect(properties.nothing, target).toEqual(properties.alone);
      expect(JSON.stringify(properties), target).not.toContain('"anyOf":[]');
      const either = properties.either as Schema;
      expect((either.anyOf as Schema[])[0], target).not.toHaveProperty('anyOf');
      for (const [sent, meant] of [
        [null, null],
        [[{ key: 'k', value: 2 }], { k: 2 }],
      ] as const) {
        const call = conversion.resolveToolCall('t', { either: sent });
        expect(call.ok && call.arguments, `${target} ${JSON.stringify(sent)}`).toEqual({ either: meant });
      }
    }
  });

  test('spells types as Gemini does, nullable instead of a type array, counts as strings', () => {
    const { tool } = convertOne(
      {
        type: 'object',
        properties: {
          note: { type: ['string', 'null'], maxLength: 10 },
          n: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
          list: { type: 'array', items: { type: 'string' }, minItems: 1 },
        },
        required: ['list'],
      },
      'gemini',
    );
    expect(tool.parameters).toStrictEqual({
      type: 'OBJECT',
      properties: {
        note: { type: 'STRING', maxLength: '10', nullable: true },
        n: { type: 'INTEGER', nullable: true },
        list: { type: 'ARRAY', items: { type: 'STRING' }, minItems: '1' },
      },
      required: ['list'],
    });
  });

  test('sends a number enum as strings and restores the numbers', () => {
    const { tool, conversion } = convertOne(
      { type: 'object', properties: { level: { type: 'integer', enum: [1, 2, 3] } }, required: ['level'] },
      'gemini',
    );
    expect(tool.parameters).toStrictEqual({
      type: 'OBJECT',
      properties: { level: { type: 'STRING', description: 'Values are sent as text.', enum: ['1', '2', '3'] } },
      required: ['level'],
    });
    expect(conversion.resolveToolCall('t', { level: '2' })).toMatchObject({ ok: true, arguments: { level: 2 } });
  });

  test.each([
    ['in increasing order', [100200, 100201, 100305], '100305', 100305],
    ['in any order', [3, 1, 2.5, 1e21], '1e+21', 1e21],
    ['mixed with strings and booleans', [2, 'two', true, ''], 'true', true],
  ])(
    'sends a number enum %s as the texts JSON writes, each once, and restores each value',
    (_name, values, text, value) => {
      const { tool, conversion } = convertOne(
        { type: 'object', properties: { level: { enum: values } }, required: ['level'] },
        'gemini',
      );
      const sent = (tool.parameters as { properties: { level: { enum: string[] } } }).properties.level.enum;
      expect(sent).toStrictEqual(
        values.map((entry) => (typeof entry === 'string' && entry !== '' ? entry : JSON.stringify(entry))),
      );
      expect(conversion.resolveToolCall('t', { level: text })).toMatchObject({ ok: true, arguments: { level: value } });
      // A text that is none of the enum's is no value of it.
      expect(conversion.resolveToolCall('t', { level: 'none' }).ok).toBe(false);
    },
  );

  test('sends a value and its text once when both are in the enum, restoring the text to the one listed last', () => {
    const { tool, conversion } = convertOne(
      { type: 'object', properties: { level: { enum: [1, '1', 2, 2] } }, required: ['level'] },
      'gemini',
    );
    expect((tool.parameters as { properties: { level: { enum: string[] } } }).properties.level.enum).toStrictEqual([
      '1',
      '2',
    ]);
    expect(conversion.resolveToolCall('t', { level: '1' })).toMatchObject({ ok: true, arguments: { level: '1' } });
    expect(conversion.resolveToolCall('t', { level: '2' })).toMatchObject({ ok: true, arguments: { level: 2 } });
  });

  test('leaves null and the empty string out of a string enum, saying the empty string is allowed, and keeps every other value in order', () => {
    const values = ['b', '', 'a', null, 'c'];
    const { tool } = convertOne(
      { type: 'object', properties: { mode: { type: ['string', 'null'], enum: values } } },
      'gemini',
    );
    expect((tool.parameters as { properties: { mode: unknown } }).properties.mode).toStrictEqual({
      type: 'STRING',
      description: 'Or an empty string.',
      nullable: true,
      enum: ['b', 'a', 'c'],
    });
    expect(values).toStrictEqual(['b', '', 'a', null, 'c']);
    // Neither in it: every value sent, no note.
    const plain = convertOne({ type: 'object', properties: { mode: { type: 'string', enum: ['x', 'y'] } } }, 'gemini');
    expect((plain.tool.parameters as { properties: { mode: unknown } }).properties.mode).toStrictEqual({
      type: 'STRING',
      enum: ['x', 'y'],
    });
  });

  test('renames property names Gemini rejects and restores them', () => {
    const { tool, conversion, result } = convertOne(
      {
        type: 'object',
        properties: { 'resource-group': { type: 'string' }, '2fa': { type: 'string' } },
        required: ['resource-group'],
      },
      'gemini',
    );
    expect(tool.parameters).toStrictEqual({
      type: 'OBJECT',
      properties: { resource_group: { type: 'STRING' }, _2fa: { type: 'STRING' } },
      required: ['resource_group'],
    });
    expect(kinds(result.changes)).toStrictEqual([
      'property_renamed /inputSchema/properties/resource-group',
      'property_renamed /inputSchema/properties/2fa',
    ]);
    expect(conversion.resolveToolCall('t', { resource_group: 'rg', _2fa: '123' })).toMatchObject({
      ok: true,
      arguments: { 'resource-group': 'rg', '2fa': '123' },
    });
  });

  test('a renamed property takes no name a valid property has, written before or after it', () => {
    const { tool, conversion } = convertOne(
      {
        type: 'object',
        properties: {
          a_b: { type: 'integer' },
          'a-b': { type: 'string' },
          'c-d': { type: 'string' },
          c_d: { type: 'boolean' },
          ok: { type: 'string' },
        },
      },
      'gemini',
    );
    const properties = (tool.parameters as { properties: Record<string, { type: string }> }).properties;
    expect(Object.keys(properties)).toStrictEqual(['a_b', 'a_b_2', 'c_d_2', 'c_d', 'ok']);
    expect(properties.a_b?.type).toBe('INTEGER');
    expect(properties.c_d?.type).toBe('BOOLEAN');
    expect(conversion.resolveToolCall('t', { a_b: 1, a_b_2: 'x', c_d_2: 'y', c_d: true })).toMatchObject({
      ok: true,
      arguments: { a_b: 1, 'a-b': 'x', 'c-d': 'y', c_d: true },
    });
  });

  test('inlines refs, and cuts recursion into JSON text it parses back', () => {
    const { tool, conversion } = convertOne(
      {
        type: 'object',
        properties: { root: { $ref: '#/$defs/Node' } },
        required: ['root'],
        $defs: {
          Node: {
            type: 'object',
            properties: { name: { type: 'string' }, child: { $ref: '#/$defs/Node' } },
            required: ['name'],
          },
        },
      },
      'gemini',
    );
    expect(tool.parameters).toStrictEqual({
      type: 'OBJECT',
      properties: {
        root: {
          type: 'OBJECT',
          properties: {
            name: { type: 'STRING' },
            child: { type: 'STRING', description: 'A Node as JSON text (recursive).' },
          },
          required: ['name'],
        },
      },
      required: ['root'],
    });
    expect(conversion.resolveToolCall('t', { root: { name: 'a', child: '{"name":"b"}' } })).toMatchObject({
      ok: true,
      arguments: { root: { name: 'a', child: { name: 'b' } } },
    });
  });

  test('moves formats other than enum and date-time, and keywords outside its subset', () => {
    const { tool } = convertOne(
      {
        type: 'object',
        properties: {
          u: { type: 'string', format: 'uri' },
          at: { type: 'string', format: 'date-time' },
          x: { type: 'number', exclusiveMinimum: 0 },
        },
      },
      'gemini',
    );
    expect((tool.parameters as Schema).properties).toStrictEqual({
      u: { type: 'STRING', description: 'Format uri.' },
      at: { type: 'STRING', format: 'date-time' },
      x: { type: 'NUMBER', description: 'Greater than 0.' },
    });
  });

  test('a tool without parameters has no parameters field', () => {
    expect(convertOne({ type: 'object', properties: {} }, 'gemini').tool).toStrictEqual({
      name: 't',
      description: 'A tool.',
    });
  });
});

describe('gemini-json-schema', () => {
  test('drops $schema everywhere and keeps refs under $defs', () => {
    const { tool } = convertOne(
      {
        $schema: 'x',
        type: 'object',
        properties: { a: { $ref: '#/definitions/A' } },
        definitions: { A: { type: 'string', $schema: 'y' } },
      },
      'gemini-json-schema',
    );
    expect(tool).toStrictEqual({
      name: 't',
      description: 'A tool.',
      parametersJsonSchema: {
        type: 'object',
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: { A: { type: 'string' } },
      },
    });
  });

  test('renames a property named $schema (no $schema key anywhere), and gives it back in calls', () => {
    const { tool, result, conversion } = convertOne(
      {
        type: 'object',
        properties: { $schema: { type: 'string', description: 'Mapping version.' }, _schema: { type: 'string' } },
        required: ['$schema'],
      },
      'gemini-json-schema',
    );
    expect(tool.parametersJsonSchema).toStrictEqual({
      type: 'object',
      properties: { _schema_2: { type: 'string', description: 'Mapping version.' }, _schema: { type: 'string' } },
      required: ['_schema_2'],
    });
    expect(kinds(result.changes)).toContain('property_renamed /inputSchema/properties/$schema');
    expect(conversion.resolveToolCall('t', { _schema_2: 'v1', _schema: 'kept' })).toMatchObject({
      ok: true,
      arguments: { $schema: 'v1', _schema: 'kept' },
    });
  });
});

describe('an array its enum types', () => {
  // An OpenAPI spec wrote `{type: "integer", enum: [[1], [2]]}`: the values are lists, so the
  // type becomes array, and OpenAI takes no array without items.
  const inputSchema = {
    type: 'object',
    properties: {
      jobTypes: { type: 'integer', enum: [[1], [2, 3]] },
      mixed: { enum: [['a', 1.5], []] },
      nested: { enum: [[{ id: 1 }]] },
    },
  };

  // Anthropic strict and Gemini's Schema take no enum of lists: there it goes into the description.
  test.each(
    EVERY_TARGET_VARIANT.filter(([target, strict]) => target !== 'gemini' && !(target === 'anthropic' && strict)),
  )('gets items that admit every listed element on %s (strict: %s)', (target, strict) => {
    const { tool, result, conversion } = convertOne(inputSchema, target, strict);
    const envelope = (tool.function ?? tool) as Schema;
    const parameters = (envelope.parameters ?? envelope.input_schema ?? envelope.parametersJsonSchema) as Schema;
    const properties = parameters.properties as Record<string, Schema>;
    const itemsOf = (name: string) => (properties[name] as Schema).items;
    expect(itemsOf('jobTypes')).toStrictEqual({ type: 'integer' });
    expect(itemsOf('mixed')).toStrictEqual({ type: ['string', 'number'] });
    expect(kinds(result.changes)).toContain('type_from_enum /inputSchema/properties/jobTypes/type');
    expect(checkProviderTools(target, conversion.tools)).toStrictEqual([]);
  });
});

describe('convertMcpTools options', () => {
  test('rejects an unknown target with a ToolSchemaError naming the option', () => {
    expect(() => convertMcpTools([], { target: 'bard' as never })).toThrowError(
      expect.objectContaining({ code: 'invalid_option', path: '/target' }),
    );
  });

  test('the codex target is the default and stays as it was', () => {
    const tools = [{ name: 't', inputSchema: { type: 'object', properties: { a: { type: 'string', minLength: 1 } } } }];
    expect(convertMcpTools(tools).tools).toStrictEqual(convertMcpTools(tools, { target: 'codex' }).tools);
    expect(convertMcpTools(tools).tools).toStrictEqual([
      {
        type: 'function',
        name: 't',
        description: '',
        strict: false,
        parameters: { type: 'object', properties: { a: { type: 'string' } } },
      },
    ]);
  });

  test('never modifies the caller\u2019s tools', () => {
    const tools = [{ name: 'a.b', inputSchema: { type: 'object', properties: { 'x-y': { type: 'object' } } } }];
    const before = JSON.stringify(tools);
    for (const target of ['openai-responses', 'anthropic', 'gemini'] as const)
      convertMcpTools(tools, { target, strict: true });
    expect(JSON.stringify(tools)).toBe(before);
  });
});

describe('property names that are also Object.prototype names', () => {
  // JSON.parse makes `__proto__` an own key, as a server's tools/list does.
  const inputSchema = JSON.parse(
    '{"type":"object","properties":{"__proto__":{"type":"string","enum":["__proto__","b"]},"constructor":{"type":"string"}},"required":["constructor"]}',
  ) as Schema;

  test.each(EVERY_TARGET_VARIANT)(
    '%s (strict: %s) keeps a property named __proto__ and gives it back',
    (target, strict) => {
      const { tool, result, conversion } = convertOne(inputSchema, target, strict);
      const envelope = (tool.function ?? tool) as Schema;
      const parameters = (envelope.parameters ?? envelope.input_schema ?? envelope.parametersJsonSchema) as Schema;
      const properties = parameters.properties as Schema;
      expect(Object.getOwnPropertyNames(properties)).toStrictEqual(['__proto__', 'constructor']);
      expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
      const resolved = conversion.resolveToolCall(
        result.providerName,
        JSON.parse('{"__proto__":"b","constructor":"c"}'),
      );
      expect(resolved.ok).toBe(true);
      if (resolved.ok) {
        expect(Object.getOwnPropertyNames(resolved.arguments)).toStrictEqual(['__proto__', 'constructor']);
        expect(Object.getOwnPropertyDescriptor(resolved.arguments, '__proto__')?.value).toBe('b');
      }
    },
  );

  test('OpenAI strict: an optional __proto__ made nullable gives back an absent property for null', () => {
    const { result, conversion } = convertOne(inputSchema, 'openai-responses', true);
    const resolved = conversion.resolveToolCall(result.providerName, '{"__proto__":null,"constructor":"c"}');
    expect(resolved.ok && Object.getOwnPropertyNames(resolved.arguments)).toStrictEqual(['constructor']);
  });
});

describe('wire key order', () => {
  /** The parameters (or input_schema) of a converted tool, wherever the target puts them. */
  const parametersOf = (tool: Record<string, unknown>): Record<string, unknown> => {
    const fn = tool.function as Record<string, unknown> | undefined;
    return (tool.parameters ?? tool.input_schema ?? tool.parametersJsonSchema ?? fn?.parameters) as Record<
      string,
      unknown
    >;
  };

  test('described anyOfs (one given a type late), a described enum and a bare anyOf: type, then description, first; no key left unset', () => {
    const inputSchema = {
      type: 'object',
      properties: {
        union: { description: 'A number or a word.', anyOf: [{ type: 'integer' }, { type: 'string' }] },
        level: { description: 'How loud.', enum: ['low', 'high'] },
        bare: { anyOf: [{ type: 'integer' }, { type: 'boolean' }] },
        // Gemini drops the null variant and gives the node a type only then.
        maybe: { description: 'Maybe.', anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }] },
      },
      required: ['union', 'level', 'bare', 'maybe'],
    };
    for (const [target, strict] of EVERY_TARGET_VARIANT) {
      const properties = parametersOf(convertOne(inputSchema, target, strict).tool).properties as Record<
        string,
        Record<string, unknown>
      >;
      for (const [name, schema] of Object.entries(properties)) {
        const keys = Object.keys(schema);
        const label = `${target}${strict ? ' strict' : ''} ${name}: ${keys.join(', ')}`;
        // Every key holds a value (a reserved key never written would read undefined).
        for (const key of keys) expect(schema[key], label).not.toBeUndefined();
        const leading = keys.filter((key) => key === 'type' || key === 'description');
        expect(keys.slice(0, leading.length), label).toEqual(leading);
        if (leading.length === 2) expect(leading, label).toEqual(['type', 'description']);
      }
      expect(properties.union?.description).toBe('A number or a word.');
      expect(properties.level?.description).toBe('How loud.');
    }
  });
});
