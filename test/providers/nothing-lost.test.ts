// Nothing lost without a word (issue 22, item 3): each case through convertMcpTools, with its change.
import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import type { ConvertedTarget } from '../../src/providers/targets/registry.js';
import type { JsonObject } from '../../src/schema/json.js';

function convert(inputSchema: JsonObject, target: ConvertedTarget, strict = false) {
  const conversion = convertMcpTools([{ name: 't', inputSchema }], { target, strict });
  const [result] = conversion.results;
  if (!result?.ok) throw new Error(`expected a converted tool, got ${result?.error.message}`);
  const tool = result.tool as unknown as Record<string, unknown>;
  const fn = tool.function as Record<string, unknown> | undefined;
  const schema = (tool.parameters ??
    tool.input_schema ??
    tool.inputSchema ??
    tool.parametersJsonSchema ??
    fn?.parameters) as JsonObject;
  return { schema, result, conversion };
}

const propertiesOf = (schema: JsonObject) => schema.properties as Record<string, JsonObject>;

describe('a property with a description and no type', () => {
  test.each([['openai-responses', true] as const, ['gemini', false] as const, ['portable', false] as const])(
    'keeps the author’s description on %s (strict %s)',
    (target, strict) => {
      const { schema } = convert(
        { type: 'object', properties: { location: { description: 'City or neighbourhood' } } },
        target,
        strict,
      );
      expect(String(propertiesOf(schema).location?.description)).toMatch(
        /^City or neighbourhood \(any JSON value, written as JSON text\)$/,
      );
    },
  );
});

describe('boolean property schemas', () => {
  test.each(['openai-responses', 'anthropic', 'gemini', 'portable'] as const)(
    'on %s, false removes the property (and says so), true is any value',
    (target) => {
      const { schema, result, conversion } = convert(
        { type: 'object', properties: { email: true, sms: false, note: { type: 'string' } }, required: ['note'] },
        target,
      );
      const properties = propertiesOf(schema);
      expect(Object.keys(properties).map((key) => key.toLowerCase())).toStrictEqual(['email', 'note']);
      expect(schema.required).toContain('note');
      expect(schema.required ?? []).not.toContain('sms');
      expect(result.changes).toContainEqual(
        expect.objectContaining({ kind: 'keyword_dropped', path: '/inputSchema/properties/sms' }),
      );
      // Any value: the model may send an object, in whichever form the target carries it.
      const email = properties.email ?? {};
      const sent = email.type === undefined ? { k: 1 } : JSON.stringify({ k: 1 });
      expect(conversion.resolveToolCall(result.providerName, { email: sent, note: 'n' })).toMatchObject({
        ok: true,
        arguments: { email: { k: 1 }, note: 'n' },
      });
    },
  );
});

describe('conditions and dependencies', () => {
  // Parsed from text: a literal with a `then` key reads as a thenable to linters (and await).
  const conditional = JSON.parse(
    '{"type":"object","properties":{"kind":{"type":"string"},"path":{"type":"string"},"url":{"type":"string"}},' +
      '"if":{"properties":{"kind":{"const":"file"}}},"then":{"required":["path"]},"else":{"required":["url"]},' +
      '"dependentRequired":{"path":["kind"]}}',
  ) as JsonObject;

  test.each([['portable', false] as const, ['openai-responses', true] as const, ['gemini', false] as const])(
    'on %s (strict %s) they are said in words, with a keyword_moved change',
    (target, strict) => {
      const { schema, result } = convert(conditional, target, strict);
      expect(schema.description).toBe(
        'When kind is "file", path is required; otherwise, url is required; with path, also kind.',
      );
      expect(
        result.changes.filter((change) => change.kind === 'keyword_moved').map((change) => change.path),
      ).toStrictEqual(['/inputSchema/if', '/inputSchema/dependentRequired']);
    },
  );

  test('a root allOf whose member is only a condition keeps the condition when merged', () => {
    const rootAllOf = JSON.parse(
      '{"allOf":[{"type":"object","properties":{"kind":{"type":"string"},"path":{"type":"string"}}},' +
        '{"if":{"properties":{"kind":{"const":"file"}}},"then":{"required":["path"]}}]}',
    ) as JsonObject;
    const kept = convert(rootAllOf, 'anthropic').schema;
    expect(kept.if).toStrictEqual({ properties: { kind: { const: 'file' } } });
    expect(kept.then).toStrictEqual({ required: ['path'] });
    expect(convert(rootAllOf, 'portable').schema.description).toBe('When kind is "file", path is required.');
  });

  test('targets that take them keep them as they are', () => {
    const { schema } = convert(conditional, 'anthropic');
    for (const key of ['if', 'then', 'else']) expect(schema[key]).toStrictEqual(conditional[key]);
  });
});

describe('OpenAI strict', () => {
  test('describes a pattern with lookaround or a backreference instead of sending it', () => {
    const { schema, result } = convert(
      {
        type: 'object',
        properties: { id: { type: 'string', pattern: '^(?!admin)\\w+$' }, ok: { type: 'string', pattern: '^[a-z]+$' } },
      },
      'openai-responses',
      true,
    );
    expect(propertiesOf(schema).id).toStrictEqual({
      type: ['string', 'null'],
      description: 'Matching ^(?!admin)\\w+$.',
    });
    expect(propertiesOf(schema).ok?.pattern).toBe('^[a-z]+$');
    expect(result.changes).toContainEqual(
      expect.objectContaining({ kind: 'keyword_moved', path: '/inputSchema/properties/id/pattern' }),
    );
  });

  test('says the key rule of a map sent as entries', () => {
    const { schema } = convert(
      {
        type: 'object',
        properties: {
          m: { type: 'object', propertyNames: { pattern: '^[a-z]+$' }, additionalProperties: { type: 'string' } },
        },
      },
      'openai-responses',
      true,
    );
    expect(propertiesOf(schema).m?.description).toBe(
      'A map, given as a list of {key, value} entries; key names matching ^[a-z]+$.',
    );
  });

  test('serves strict an object that takes any other key, the other keys sent as JSON object text and given back', () => {
    const { schema, result, conversion } = convert(
      { type: 'object', properties: { op: { type: 'string' } }, required: ['op'], additionalProperties: true },
      'openai-responses',
      true,
    );
    expect(result.strict).toBe(true);
    expect(result.warnings).toStrictEqual([]);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toStrictEqual(['op', 'other_keys']);
    expect(propertiesOf(schema).other_keys).toStrictEqual({
      type: ['string', 'null'],
      description: 'Any other keys, as JSON object text; null for none.',
    });
    expect(result.changes).toContainEqual(
      expect.objectContaining({ kind: 'encoded_json_text', path: '/inputSchema/additionalProperties' }),
    );
    const call = (args: unknown) => conversion.resolveToolCall(result.providerName, args);
    expect(call({ op: 'a', other_keys: '{"mode":"fast","depth":2}' })).toMatchObject({
      ok: true,
      arguments: { op: 'a', mode: 'fast', depth: 2 },
    });
    expect(call({ op: 'a', other_keys: null })).toMatchObject({ ok: true, arguments: { op: 'a' } });
    // A property the model gave wins over an other key of the same name.
    expect(call({ op: 'a', other_keys: '{"op":"b"}' })).toMatchObject({ ok: true, arguments: { op: 'a' } });
    // Text that is no JSON object is passed on as it came, under its wire name: nothing vanishes.
    expect(call({ op: 'a', other_keys: '[1]' })).toMatchObject({ ok: true, arguments: { op: 'a', other_keys: '[1]' } });
  });

  test('serves strict an object whose other keys have a schema, as {key, value} entries restored to members', () => {
    const { schema, result, conversion } = convert(
      {
        type: 'object',
        properties: { name: { type: 'string' }, other_keys: { type: 'boolean' } },
        additionalProperties: { type: 'integer', minimum: 0 },
      },
      'anthropic',
      true,
    );
    expect(result.strict).toBe(true);
    // The name is taken by a property: the other keys get the next free one; optional on Anthropic.
    const extra = propertiesOf(schema).other_keys_2 ?? {};
    expect(extra.type).toBe('array');
    expect(schema.required ?? []).not.toContain('other_keys_2');
    expect(result.changes).toContainEqual(
      expect.objectContaining({ kind: 'encoded_entries', path: '/inputSchema/additionalProperties' }),
    );
    const resolved = conversion.resolveToolCall(result.providerName, {
      name: 'n',
      other_keys: true,
      other_keys_2: [
        { key: 'a', value: 1 },
        { key: 'b', value: 2 },
      ],
    });
    expect(resolved).toMatchObject({ ok: true, arguments: { name: 'n', other_keys: true, a: 1, b: 2 } });
    // The values are checked against the server's own schema once given back.
    expect(
      conversion.resolveToolCall(result.providerName, { name: 'n', other_keys_2: [{ key: 'a', value: -1 }] }),
    ).toMatchObject({ ok: false });
  });

  test.each(['openai-responses', 'anthropic'] as const)(
    'on %s strict, a root union whose alternative takes other keys gives them back once merged, and no summary names their property',
    (target) => {
      const { schema, result, conversion } = convert(
        {
          anyOf: [
            { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: true },
            { type: 'object', properties: { b: { type: 'integer' } }, required: ['b'] },
          ],
        },
        target,
        true,
      );
      expect(result.strict).toBe(true);
      expect(schema.description).toBe('Give one of: a | b.');
      expect(conversion.resolveToolCall(result.providerName, { a: 'x', other_keys: '{"z":1}' })).toMatchObject({
        ok: true,
        arguments: { a: 'x', z: 1 },
      });
    },
  );

  test('serves strict a nested object that takes extra keys, its other keys restored where they were', () => {
    const { schema, result, conversion } = convert(
      {
        type: 'object',
        properties: {
          headers: { type: 'object', properties: { accept: { type: 'string' } }, additionalProperties: true },
        },
      },
      'openai-chat',
      true,
    );
    expect(result.strict).toBe(true);
    const headers = propertiesOf(schema).headers ?? {};
    expect(Object.keys(propertiesOf(headers))).toStrictEqual(['accept', 'other_keys']);
    expect(
      conversion.resolveToolCall(result.providerName, {
        headers: { accept: null, other_keys: '{"x-trace":"1"}' },
      }),
    ).toMatchObject({ ok: true, arguments: { headers: { 'x-trace': '1' } } });
  });

  test('keeps closed an object that is open only because it says nothing', () => {
    const { result } = convert({ type: 'object', properties: { op: { type: 'string' } } }, 'openai-responses', true);
    expect(result.strict).toBe(true);
  });
});

describe('constraints a model cannot use', () => {
  test('a bound at 2^53-1 and a minimum count of 0 are dropped, not described; minLength 1 reads non-empty', () => {
    const { schema, result } = convert(
      {
        type: 'object',
        properties: {
          n: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
          s: { type: 'string', minLength: 1 },
          list: { type: 'array', items: { type: 'string' }, minItems: 0 },
        },
      },
      'anthropic',
      true,
    );
    // Anthropic strict carries no numeric or length bounds: what is moved is what a model can use.
    const properties = propertiesOf(schema);
    expect(properties.n).toStrictEqual({ type: 'integer', description: 'Minimum 1.' });
    expect(properties.s).toStrictEqual({ type: 'string', description: 'Non-empty.' });
    expect(result.changes).toContainEqual(
      expect.objectContaining({ kind: 'keyword_dropped', path: '/inputSchema/properties/n/maximum' }),
    );
  });
});

describe('refs into the schema’s own properties', () => {
  const message: JsonObject = {
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`f${i}`, { type: 'string', description: 'A field.' }]),
    ),
  };
  const input: JsonObject = {
    type: 'object',
    properties: {
      message,
      reply: { $ref: '#/properties/message' },
      thread: { type: 'array', items: { $ref: '#/properties/message' } },
    },
  };

  test.each([
    ['openai-responses', true] as const,
    ['anthropic', false] as const,
    ['gemini-json-schema', false] as const,
  ])('are shared through $defs on %s (strict %s), not inlined at every use, and restored', (target, strict) => {
    const { schema, conversion, result } = convert(input, target, strict);
    expect(Object.keys(schema.$defs as JsonObject)).toStrictEqual(['properties_message']);
    // Twice: where it is, and once under $defs (as a property key; strict's required lists aside).
    expect(JSON.stringify(schema).match(/"f19":\{/g)).toHaveLength(2);
    expect(
      conversion.resolveToolCall(result.providerName, { reply: { f1: 'x' }, thread: [{ f2: 'y' }] }),
    ).toMatchObject({
      ok: true,
      arguments: { reply: { f1: 'x' }, thread: [{ f2: 'y' }] },
    });
  });
});
