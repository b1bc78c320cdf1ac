import { describe, expect, test } from 'vitest';
import { ToolSchemaError } from '../../src/errors.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import type { McpToolLike } from '../../src/tools/mcp.js';
import { describedObject } from '../helpers/builders.js';

describe('convertMcpTools', () => {
  test('never lets one bad tool sink the rest', () => {
    const throwing = {
      name: 'boom',
      get inputSchema(): unknown {
        throw new Error('getter exploded');
      },
    };
    const tools = [
      { name: 'good', inputSchema: { type: 'object' } },
      { name: 'string_schema', inputSchema: 'oops' },
      throwing,
      { name: 'null_root', inputSchema: { type: 'null' } },
      { name: 'big', inputSchema: describedObject(60, 100) },
    ] as McpToolLike[];
    const { results, summary, tools: wire } = convertMcpTools(tools);
    expect(results.map((result) => [result.name, result.ok])).toStrictEqual([
      ['good', true],
      ['string_schema', false],
      ['boom', false],
      ['null_root', false],
      ['big', true],
    ]);
    for (const result of results) if (!result.ok) expect(result.error).toBeInstanceOf(ToolSchemaError);
    expect(wire.map((tool) => tool.name)).toStrictEqual(['good', 'big']);
    expect(summary).toMatchObject({ total: 5, converted: 2, failed: 3, compacted: 1 });
    expect(summary.bytesAfter).toBeLessThan(summary.bytesBefore);
  });

  test('reports each failure with the path inside the tool', () => {
    const [result] = convertMcpTools([{ name: 't', inputSchema: { properties: { a: { enum: 'x' } } } }]).results;
    expect(result?.ok).toBe(false);
    if (result?.ok === false) expect(result.error.path).toBe('/inputSchema/properties/a/enum');
  });

  test('marks every tool deferred when asked', () => {
    const { tools } = convertMcpTools([{ name: 'a', inputSchema: {} }], { deferLoading: true });
    expect(tools[0]?.defer_loading).toBe(true);
  });
});

describe('convertMcpTools on the codex target says what OpenAI would reject (issue 22)', () => {
  test('warns of a name OpenAI rejects and a root composition, and leaves the reference’s bytes alone', () => {
    const conversion = convertMcpTools([
      {
        name: 'a b',
        inputSchema: {
          anyOf: [
            { type: 'object', properties: { a: { type: 'string' } } },
            { type: 'object', properties: { b: { type: 'string' } } },
          ],
        },
      },
      { name: 'fine', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
    ]);
    const [bad, fine] = conversion.results;
    expect(bad?.ok && bad.warnings.map((warning) => warning.path)).toStrictEqual(['/name', '/inputSchema']);
    expect(bad?.ok && bad.tool.name).toBe('a b');
    expect(fine?.ok && fine.warnings).toStrictEqual([]);
  });
});

describe('sizes of what is sent', () => {
  test('outputBytes is measured when read, bytesAfter is their sum, and both are plain data in JSON', () => {
    for (const target of ['codex', 'gemini', 'openai-responses', 'anthropic'] as const) {
      const conversion = convertMcpTools(
        [
          { name: 'a', inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'Query é' } } } },
          { name: 'b', inputSchema: describedObject(60, 100) },
          { name: 'bad', inputSchema: 'oops' },
        ] as McpToolLike[],
        { target },
      );
      const wire = (tool: unknown) => {
        const { parameters, input_schema } = tool as { parameters?: unknown; input_schema?: unknown };
        return Buffer.byteLength(JSON.stringify(parameters ?? input_schema));
      };
      const sizes = conversion.results.flatMap((result) => (result.ok ? [result.outputBytes] : []));
      expect(sizes).toEqual(conversion.results.flatMap((result) => (result.ok ? [wire(result.tool)] : [])));
      expect(conversion.summary.bytesAfter).toBe(sizes.reduce((a, b) => a + b, 0));
      const json = JSON.parse(JSON.stringify(conversion)) as typeof conversion;
      expect(json.summary.bytesAfter).toBe(conversion.summary.bytesAfter);
      expect(json.results.flatMap((result) => (result.ok ? [result.outputBytes] : []))).toEqual(sizes);
    }
  });
});
