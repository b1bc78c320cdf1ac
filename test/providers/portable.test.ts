// The portable target (issue 22, item 2): one MCP tool every provider takes as it is, restored like the others.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { PROVIDER_TARGETS, targetDefinition } from '../../src/providers/targets/registry.js';
import type { McpToolLike } from '../../src/tools/mcp.js';
import { REPO_ROOT } from '../helpers/cli.js';

function portableTool(tool: McpToolLike) {
  const conversion = convertMcpTools([tool], { target: 'portable' });
  const [result] = conversion.results;
  if (!result?.ok) throw new Error(`expected a converted tool, got ${result?.error.message}`);
  return { result, conversion };
}

/** Every key anywhere in a value. */
function keysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysIn(item, found);
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) {
      found.add(key);
      keysIn(child, found);
    }
  return found;
}

describe('convertMcpTools with target portable', () => {
  const messy: McpToolLike = {
    name: '2fa.check tool',
    description: 'Checks a code.',
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        'user-id': { type: 'string', format: 'uuid' },
        level: { enum: [1, 2, 3] },
        note: {
          anyOf: [{ type: 'string', description: 'Free text.' }, { type: 'null' }],
          description: 'Optional note.',
        },
        when: { type: ['string', 'null'], format: 'date-time' },
        options: { $ref: '#/$defs/Options' },
        extra: { type: 'object' },
        count: { type: 'integer', exclusiveMinimum: 0 },
      },
      required: ['user-id'],
      $defs: { Options: { type: 'object', properties: { fast: { type: 'boolean' } } } },
    },
  };

  test('is an MCP tool whose schema passes every provider’s rules in every field at once', () => {
    const { conversion } = portableTool(messy);
    expect(checkProviderTools('portable', conversion.tools)).toStrictEqual([]);
    for (const target of ['openai-responses', 'anthropic', 'gemini-json-schema'] as const) {
      const tool = conversion.tools[0] as { name: string; description: string; inputSchema: Record<string, unknown> };
      const envelope =
        target === 'anthropic'
          ? { name: tool.name, description: tool.description, input_schema: tool.inputSchema }
          : target === 'gemini-json-schema'
            ? { name: tool.name, description: tool.description, parametersJsonSchema: tool.inputSchema }
            : { type: 'function', name: tool.name, description: tool.description, parameters: tool.inputSchema };
      expect(checkProviderTools(target, [envelope])).toStrictEqual([]);
    }
  });

  test('writes JSON Schema: lower-case types, an object root, no OpenAPI-only keyword, no $defs or $ref', () => {
    const { result } = portableTool(messy);
    const schema = result.tool.inputSchema;
    expect(schema.type).toBe('object');
    const keys = keysIn(schema);
    for (const forbidden of ['nullable', '$ref', '$defs', '$schema', 'exclusiveMinimum', 'propertyOrdering'])
      expect(keys.has(forbidden)).toBe(false);
    expect(JSON.stringify(schema)).not.toMatch(/"(STRING|OBJECT|INTEGER|NUMBER|BOOLEAN|ARRAY)"/);
  });

  test('names the tool so every provider takes it, and says so', () => {
    const { result } = portableTool(messy);
    expect(result.providerName).toBe('_2fa_check_tool');
    expect(result.providerName).toMatch(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/);
    expect(result.changes.some((change) => change.kind === 'name_changed')).toBe(true);
  });

  test('says where null was dropped, keeping both descriptions of a nullable union', () => {
    const { result } = portableTool(messy);
    const properties = result.tool.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(properties.note).toStrictEqual({ type: 'string', description: 'Optional note. Free text.' });
    expect(
      result.changes.filter((change) => change.kind === 'null_dropped').map((change) => change.path),
    ).toStrictEqual(['/inputSchema/properties/note', '/inputSchema/properties/when']);
  });

  test('restores renamed properties, stringified enums and JSON-text objects to what the tool expects', () => {
    const { conversion, result } = portableTool(messy);
    const properties = result.tool.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties)).toContain('user_id');
    expect(properties.level).toMatchObject({ type: 'string', enum: ['1', '2', '3'] });
    const resolved = conversion.resolveToolCall(result.providerName, {
      user_id: '3f1e5c1e-8a40-4c6b-9a8e-0d8a6b0f7e11',
      level: '2',
      extra: '{"k":1}',
      options: { fast: true },
    });
    expect(resolved).toStrictEqual({
      ok: true,
      name: '2fa.check tool',
      arguments: {
        'user-id': '3f1e5c1e-8a40-4c6b-9a8e-0d8a6b0f7e11',
        level: 2,
        extra: { k: 1 },
        options: { fast: true },
      },
      validated: true,
      validatedAgainst: 'original',
      unchecked: [],
    });
  });

  test('shortens a description past 1,024 characters to whole sentences, and says so', () => {
    const sentence = 'This sentence says one more thing about the tool. ';
    const { result } = portableTool({
      name: 'long',
      description: sentence.repeat(40),
      inputSchema: { type: 'object' },
    });
    expect(result.tool.description.length).toBeLessThanOrEqual(1_024);
    expect(result.tool.description.endsWith('tool.')).toBe(true);
    expect(result.changes).toContainEqual(expect.objectContaining({ kind: 'description_cut', path: '/description' }));
  });

  test('shortens one long sentence at a word, with an ellipsis', () => {
    const { result } = portableTool({
      name: 'long',
      description: 'word '.repeat(400),
      inputSchema: { type: 'object' },
    });
    expect(result.tool.description).toMatch(/word…$/);
    expect(result.tool.description.length).toBeLessThanOrEqual(1_024);
  });

  test('cuts at the last word as the end-of-text expression did, on generated descriptions', () => {
    // The cut once found its word break with `search(/\s+\S*$/)`, which retried every run of
    // spaces from each of them (most of the call on indented descriptions). The backward
    // scan that replaced it must cut at the same place.
    const max = 1_024;
    const before = (description: string) => {
      const wordEnd = description.slice(0, max - 1).search(/\s+\S*$/);
      return `${description.slice(0, wordEnd > 0 ? wordEnd : max - 1).trimEnd()}…`;
    };
    let seed = 22;
    const next = (limit: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % limit;
    };
    const pieces = ['word', 'x', ' ', '    ', '\t', '\r', '\u00a0', '-', 'é'];
    const descriptions = Array.from({ length: 60 }, (_, index) => {
      let text = '';
      // No sentence ends, so the cut is at a word; some end in a long word or a run of spaces.
      while (text.length < max + 40) text += pieces[next(pieces.length)];
      return index % 10 === 0 ? `${text}${'y'.repeat(1_100)}` : index % 10 === 1 ? `a${' '.repeat(1_100)}` : text;
    });
    const conversion = convertMcpTools(
      descriptions.map((description, index) => ({ name: `t${index}`, description, inputSchema: { type: 'object' } })),
      { target: 'portable' },
    );
    conversion.results.forEach((result, index) => {
      if (!result.ok) throw new Error(result.error.message);
      expect(result.tool.description).toBe(before(descriptions[index] as string));
    });
  });

  test('gives a tool without arguments the object schema MCP needs', () => {
    const { result, conversion } = portableTool({ name: 'ping', inputSchema: { type: 'object' } });
    expect(result.tool.inputSchema).toStrictEqual({ type: 'object', properties: {} });
    expect(checkProviderTools('portable', conversion.tools)).toStrictEqual([]);
  });
});

describe('the target registry', () => {
  test('each target is one file under src/providers/targets, named as the target', () => {
    for (const target of PROVIDER_TARGETS) {
      expect(existsSync(join(REPO_ROOT, 'src/providers/targets', `${target}.ts`))).toBe(true);
      expect(targetDefinition(target).name).toBe(target);
    }
  });

  test('lists portable among the targets', () => {
    expect(PROVIDER_TARGETS).toContain('portable');
  });
});
