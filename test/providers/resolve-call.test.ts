import { describe, expect, test } from 'vitest';
import { ToolSchemaError } from '../../src/errors.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';

const conversion = convertMcpTools(
  [
    {
      name: 'search',
      inputSchema: {
        type: 'object',
        properties: { q: { type: 'string', minLength: 2 }, limit: { type: 'integer', maximum: 50 } },
        required: ['q'],
      },
    },
  ],
  { target: 'openai-responses', strict: true },
);

describe('resolveToolCall', () => {
  test('accepts the arguments as a JSON string or an object', () => {
    expect(conversion.resolveToolCall('search', '{"q":"ab","limit":null}')).toStrictEqual({
      ok: true,
      name: 'search',
      arguments: { q: 'ab' },
      validated: true,
      validatedAgainst: 'original',
      unchecked: [],
    });
    expect(conversion.resolveToolCall('search', { q: 'ab', limit: 5 })).toMatchObject({
      ok: true,
      arguments: { q: 'ab', limit: 5 },
    });
  });

  test('checks the restored arguments against the tool\u2019s own schema, constraints strict mode could not carry included', () => {
    const resolved = conversion.resolveToolCall('search', '{"q":"a","limit":null}');
    expect(resolved.ok).toBe(false);
    if (resolved.ok) return;
    expect(resolved.error).toBeInstanceOf(ToolSchemaError);
    expect(resolved.error.code).toBe('invalid_arguments');
    expect(resolved.error.path).toBe('/arguments/q');
    expect(resolved.issues).toStrictEqual([
      { path: '/q', message: 'must NOT have fewer than 2 characters', keyword: 'minLength' },
    ]);
  });

  test('an unknown tool is unknown_tool, naming the tools it knows', () => {
    const resolved = conversion.resolveToolCall('nope', '{}');
    expect(resolved.ok === false && resolved.error.code).toBe('unknown_tool');
    expect(resolved.ok === false && resolved.error.message).toMatch(
      /no tool named "nope" in this conversion \(tools: search\)$/,
    );
  });

  test.each([
    ['text that is not JSON', '{"q":'],
    ['an array', '[1]'],
    [
      'a value with a throwing getter',
      {
        get q(): string {
          throw new Error('boom');
        },
      },
    ],
    ['a BigInt', { q: 1n }],
  ])('rejects %s without throwing', (_name, args) => {
    const resolved = conversion.resolveToolCall('search', args);
    expect(resolved.ok).toBe(false);
    expect(resolved.ok === false && resolved.error.code).toBe('invalid_arguments');
  });

  test('a blank argument string is an empty object (models send "" for tools without arguments)', () => {
    const none = convertMcpTools([{ name: 'ping', inputSchema: { type: 'object', properties: {} } }], {
      target: 'anthropic',
    });
    expect(none.resolveToolCall('ping', '')).toStrictEqual({
      ok: true,
      name: 'ping',
      arguments: {},
      validated: true,
      validatedAgainst: 'original',
      unchecked: [],
    });
  });

  test('works on the codex target too: the name and a check against the tool\u2019s schema', () => {
    const codex = convertMcpTools([
      { name: 'n', inputSchema: { type: 'object', properties: { a: { type: 'integer' } } } },
    ]);
    expect(codex.resolveToolCall('n', '{"a":1}')).toMatchObject({ ok: true, arguments: { a: 1 } });
    expect(codex.resolveToolCall('n', '{"a":"x"}')).toMatchObject({ ok: false });
  });
});
