// A provider result's `definition` is made when first read (issue 25): the conversion never reads
// it, and making one per tool, with its own two lazy members, was a tenth of converting a small
// tool. Counted where it is made, so that a conversion that makes every definition again fails.
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { type McpToolLike, parseMcpTool } from '../../src/tools/mcp.js';

const made = vi.hoisted(() => ({ definitions: 0 }));

vi.mock('../../src/tools/mcp.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/tools/mcp.js')>();
  return {
    ...original,
    definitionDecodingOnRead: (...args: Parameters<typeof original.definitionDecodingOnRead>) => {
      made.definitions++;
      return original.definitionDecodingOnRead(...args);
    },
  };
});

const tools: McpToolLike[] = ['first', 'second', 'third'].map((name) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, required: ['n'] },
}));

beforeEach(() => {
  made.definitions = 0;
});

describe("a provider result's definition", () => {
  test('is not made by the conversion, strict or not, on any provider target', () => {
    for (const target of ['openai-responses', 'openai-chat', 'anthropic', 'gemini', 'portable'] as const)
      for (const strict of [false, true]) convertMcpTools(tools, { target, strict });
    expect(made.definitions).toBe(0);
  });

  test('is made once, when first read, from what the parse copied', () => {
    const { results } = convertMcpTools(tools, { target: 'anthropic', strict: true });
    const [first] = results;
    if (first?.ok !== true) throw new Error('not converted');
    const definition = first.definition;
    expect(made.definitions).toBe(1);
    expect(first.definition).toBe(definition);
    expect(made.definitions).toBe(1);
    expect(definition).toMatchObject({ name: 'first', description: 'The first tool.', deferLoading: false });
    expect(definition.inputSchema).toEqual(parseMcpTool(tools[0] as McpToolLike).inputSchema);
  });

  test('of a tool converted again by the request budget is still the tool’s own', () => {
    // 22 tools on Anthropic strict: every one converted non-strict first, then the cheapest strict.
    const many = Array.from({ length: 22 }, (_, index) => ({
      name: `tool_${index}`,
      description: `Tool ${index}.`,
      inputSchema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
    }));
    const { results } = convertMcpTools(many, { target: 'anthropic', strict: true });
    expect(made.definitions).toBe(0);
    const names = results.map((result) => (result.ok ? result.definition.name : undefined));
    expect(names).toEqual(many.map((tool) => tool.name));
    expect(made.definitions).toBe(22);
  });

  test('on codex is the one the parse made (its wire shape is made from it), not one made when read', () => {
    const { results } = convertMcpTools(tools, { target: 'codex' });
    for (const result of results)
      if (result.ok) expect(result.definition).toEqual(parseMcpTool(tools[result.index] as McpToolLike));
    expect(made.definitions).toBe(0);
  });
});
