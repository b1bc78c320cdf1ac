import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { GEMINI_TOOL_NAME, OPENAI_TOOL_NAME, providerToolName, uniquePropertyName } from '../../src/providers/names.js';

describe('providerToolName', () => {
  test.each([
    ['keeps a valid name', 'create_issue', 'openai-responses', undefined, 'create_issue'],
    ['prefixes a namespace', 'create_issue', 'anthropic', 'github', 'github__create_issue'],
    ['replaces characters OpenAI rejects', 'files.read/all', 'openai-chat', undefined, 'files_read_all'],
    ['keeps dots and colons for Gemini', 'files.read:all', 'gemini', undefined, 'files.read:all'],
    ['gives Gemini a leading underscore before a digit', '2fa-check', 'gemini', undefined, '_2fa-check'],
    ['names an empty name', '', 'openai-responses', undefined, 'tool'],
  ] as const)('%s', (_name, name, target, namespace, expected) => {
    expect(providerToolName(name, target, new Set(), namespace)).toBe(expected);
  });

  test('cuts a name over 64 characters with a stable hash of the whole name', () => {
    const long = `${'a'.repeat(70)}_one`;
    const other = `${'a'.repeat(70)}_two`;
    const first = providerToolName(long, 'openai-responses', new Set());
    expect(first).toHaveLength(64);
    expect(first).toMatch(OPENAI_TOOL_NAME);
    expect(providerToolName(long, 'openai-responses', new Set())).toBe(first);
    expect(providerToolName(other, 'openai-responses', new Set())).not.toBe(first);
  });

  test('never gives two tools the same name', () => {
    const taken = new Set<string>();
    const names = ['a.b', 'a_b', 'a/b', 'a b'].map((name) => {
      const chosen = providerToolName(name, 'openai-responses', taken);
      taken.add(chosen);
      return chosen;
    });
    expect(new Set(names).size).toBe(4);
    for (const name of names) expect(name).toMatch(OPENAI_TOOL_NAME);
  });
});

describe('uniquePropertyName', () => {
  test('gives a Gemini-valid name, distinct from the used ones', () => {
    expect(uniquePropertyName('resource-group', new Set())).toBe('resource_group');
    expect(uniquePropertyName('resource-group', new Set(['resource_group']))).toBe('resource_group_2');
    expect(uniquePropertyName('$top', new Set())).toBe('_top');
  });
});

describe('names in a conversion', () => {
  test('servers prefixed into one request: every rename is a change, and calls resolve by the provider name', () => {
    const conversion = convertMcpTools([{ name: 'read.file', inputSchema: { type: 'object', properties: {} } }], {
      target: 'gemini',
      namespace: 'fs',
    });
    const [result] = conversion.results;
    expect(result?.ok && [result.providerName, result.changes.map((change) => change.kind)]).toStrictEqual([
      'fs__read.file',
      ['name_changed'],
    ]);
    expect(result?.ok && result.providerName).toMatch(GEMINI_TOOL_NAME);
    expect(conversion.resolveToolCall('fs__read.file', '{}')).toMatchObject({ ok: true, name: 'read.file' });
    expect(conversion.summary.renamed).toBe(1);
  });
});

describe('a renamed name never takes a name that is valid as it is', () => {
  test('a tool whose name is valid keeps it, even after a tool renamed to the same text', () => {
    const tools = ['a.b', 'a_b'].map((name) => ({ name, inputSchema: { type: 'object', properties: {} } }));
    const conversion = convertMcpTools(tools, { target: 'openai-responses' });
    const names = conversion.results.map((result) => (result.ok ? result.providerName : undefined));
    expect(names[1]).toBe('a_b');
    expect(names[0]).toMatch(/^a_b_[0-9a-z]{7}$/);
    expect(conversion.resolveToolCall('a_b', '{}')).toMatchObject({ ok: true, name: 'a_b' });
    expect(conversion.resolveToolCall(names[0] as string, '{}')).toMatchObject({ ok: true, name: 'a.b' });
  });

  test('Gemini: a renamed property does not overwrite a later property that already has that name', () => {
    const conversion = convertMcpTools(
      [
        {
          name: 't',
          inputSchema: {
            type: 'object',
            properties: { 'a-b': { type: 'string' }, a_b: { type: 'number' } },
            required: ['a-b', 'a_b'],
          },
        },
      ],
      { target: 'gemini' },
    );
    const [tool] = conversion.tools as unknown as { parameters: { properties: Record<string, { type: string }> } }[];
    expect(tool?.parameters.properties).toStrictEqual({ a_b_2: { type: 'STRING' }, a_b: { type: 'NUMBER' } });
    expect(conversion.resolveToolCall('t', { a_b_2: 'x', a_b: 1 })).toMatchObject({
      ok: true,
      arguments: { 'a-b': 'x', a_b: 1 },
    });
  });
});

/** A set that counts its look-ups: how much work giving names took, measured without a clock. */
class CountingSet extends Set<string> {
  lookups = 0;
  override has(value: string): boolean {
    this.lookups++;
    return super.has(value);
  }
}

describe('giving colliding names is linear (issue 21, item 6)', () => {
  function toolNameLookups(count: number): { lookups: number; distinct: number } {
    const taken = new CountingSet();
    const counters = new Map<string, number>();
    for (let i = 0; i < count; i++)
      taken.add(providerToolName('x', 'openai-chat', taken, undefined, undefined, counters));
    return { lookups: taken.lookups, distinct: taken.size };
  }

  test('10,000 tools named x get distinct names with look-ups growing 10x, not 100x, from 1,000', () => {
    const small = toolNameLookups(1_000);
    const large = toolNameLookups(10_000);
    expect(small.distinct).toBe(1_000);
    expect(large.distinct).toBe(10_000);
    expect(large.lookups / small.lookups).toBeLessThan(12);
  });

  test('property names that clean up to one Gemini name get distinct names in linear look-ups', () => {
    const lookups = (count: number) => {
      const used = new CountingSet();
      const counters = new Map<string, number>();
      // `aĀ`, `aā`, …: each cleans up to `a_`.
      for (let i = 0; i < count; i++)
        used.add(uniquePropertyName(`a${String.fromCharCode(0x100 + i)}`, used, counters));
      return { lookups: used.lookups, size: used.size };
    };
    const small = lookups(1_000);
    const large = lookups(10_000);
    expect(large.size).toBe(10_000);
    expect(large.lookups / small.lookups).toBeLessThan(12);
  });

  test('convertMcpTools gives 10,000 tools named x 10,000 distinct provider names on every target', () => {
    const tools = Array.from({ length: 10_000 }, () => ({ name: 'x', inputSchema: { type: 'object' } }));
    for (const target of ['openai-chat', 'gemini'] as const) {
      const conversion = convertMcpTools(tools, { target });
      expect(new Set(conversion.results.map((r) => (r.ok ? r.providerName : ''))).size).toBe(10_000);
    }
  });

  test('10,000 properties that clean up to one Gemini name come out distinct and are restored', () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++) properties[`a${String.fromCharCode(0x4e00 + i)}`] = { type: 'string' };
    const conversion = convertMcpTools([{ name: 't', inputSchema: { type: 'object', properties } }], {
      target: 'gemini',
    });
    const [result] = conversion.results;
    if (!result?.ok) throw new Error('expected a converted tool');
    const wire = (result.tool as { parameters: { properties: Record<string, unknown> } }).parameters.properties;
    expect(Object.keys(wire)).toHaveLength(10_000);
    const wireName = Object.keys(wire)[9_999] as string;
    const resolved = conversion.resolveToolCall(result.providerName, { [wireName]: 'v' });
    expect(resolved).toMatchObject({ ok: true, arguments: { [`a${String.fromCharCode(0x4e00 + 9_999)}`]: 'v' } });
  });
});

describe('definition names under $defs', () => {
  const converted = (schema: Record<string, unknown>) =>
    convertMcpTools([{ name: 't', inputSchema: schema }], { target: 'openai-responses' }).results[0];

  test('refs that spell one name get it numbered in turn, past a definition that already has the next number', () => {
    const object = (key: string) => ({ type: 'object', properties: { [key]: { type: 'string' } } });
    const result = converted({
      type: 'object',
      properties: {
        'a b': object('x'),
        'a!b': object('y'),
        'a?b': object('z'),
        literal: { $ref: '#/$defs/properties_a_b_3' },
        first: { $ref: '#/properties/a b' },
        second: { $ref: '#/properties/a!b' },
        third: { $ref: '#/properties/a?b' },
      },
      $defs: { properties_a_b_3: object('w') },
    });
    if (result === undefined || !result.ok) throw new Error('expected a converted tool');
    const parameters = result.tool.parameters as {
      $defs: Record<string, unknown>;
      properties: Record<string, unknown>;
    };
    expect(Object.keys(parameters.$defs)).toStrictEqual([
      'properties_a_b_3',
      'properties_a_b',
      'properties_a_b_2',
      'properties_a_b_4',
    ]);
    expect(parameters.properties.third).toStrictEqual({ $ref: '#/$defs/properties_a_b_4' });
    expect(parameters.$defs.properties_a_b_4).toStrictEqual({
      type: 'object',
      properties: { z: { type: 'string' } },
    });
  });

  test('a thousand refs whose names all spell the same get a thousand distinct names', () => {
    const properties: Record<string, unknown> = {};
    // Each key differs by one CJK character, which a definition name spells as `_`.
    const key = (index: number) => `p${String.fromCharCode(0x4e00 + index)}`;
    for (let index = 0; index < 1_000; index++)
      properties[key(index)] = { type: 'object', properties: { v: { type: 'string' } } };
    for (let index = 0; index < 1_000; index++) properties[`ref${index}`] = { $ref: `#/properties/${key(index)}` };
    const result = converted({ type: 'object', properties });
    if (result === undefined || !result.ok) throw new Error('expected a converted tool');
    const names = Object.keys((result.tool.parameters as { $defs: Record<string, unknown> }).$defs);
    expect(names.slice(0, 3)).toStrictEqual(['properties_p_', 'properties_p__2', 'properties_p__3']);
    expect(new Set(names).size).toBe(1_000);
  });
});
