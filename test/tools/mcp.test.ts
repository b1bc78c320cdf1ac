import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, expectTypeOf, test } from 'vitest';
import type { McpToolLike } from '../../src/tools/mcp.js';
import { mcpCallResultOutputSchema, parseMcpTool, truncateUtf8 } from '../../src/tools/mcp.js';
import { deepFreeze } from '../helpers/builders.js';

// SPEC §2.3
describe('parseMcpTool', () => {
  test('accepts the MCP SDK Tool type', () => {
    expectTypeOf<Tool>().toExtend<McpToolLike>();
  });

  test('inserts root properties so a typeless root becomes an object and keeps its description', () => {
    const tool = deepFreeze({ name: 'ping', inputSchema: { description: 'No arguments.' } });
    expect(parseMcpTool(tool).inputSchema).toStrictEqual({
      type: 'object',
      description: 'No arguments.',
      properties: {},
    });
  });

  test('inserts root properties when they are null, and only at the root', () => {
    expect(parseMcpTool({ name: 't', inputSchema: { type: 'object', properties: null } }).inputSchema).toStrictEqual({
      type: 'object',
      properties: {},
    });
    expect(
      parseMcpTool({ name: 't', inputSchema: { properties: { a: { description: 'x' } } } }).inputSchema,
    ).toStrictEqual({
      type: 'object',
      properties: { a: {} },
    });
  });

  test('wraps the output schema verbatim in the call-result envelope, {} when absent', () => {
    const outputSchema = { type: 'object', properties: { n: { const: 1 } } };
    expect(parseMcpTool({ name: 't', inputSchema: {}, outputSchema }).outputSchema).toStrictEqual(
      mcpCallResultOutputSchema(outputSchema),
    );
    expect(parseMcpTool({ name: 't', inputSchema: {} }).outputSchema).toStrictEqual({
      type: 'object',
      properties: {
        content: { type: 'array', items: { type: 'object' } },
        structuredContent: {},
        isError: { type: 'boolean' },
        _meta: { type: 'object' },
      },
      required: ['content'],
      additionalProperties: false,
    });
  });

  test('defaults a missing description to "" and is never deferred', () => {
    const definition = parseMcpTool({ name: 't', inputSchema: {} });
    expect(definition.description).toBe('');
    expect(definition.deferLoading).toBe(false);
  });

  test('cuts 999 × a + é to 999 bytes with a 1,000-byte limit (no split character, no ellipsis)', () => {
    const description = `${'a'.repeat(999)}é`;
    expect(parseMcpTool({ name: 't', description, inputSchema: {} }, { descriptionLimit: 1_000 }).description).toBe(
      'a'.repeat(999),
    );
    expect(parseMcpTool({ name: 't', description, inputSchema: {} }).description).toBe(description);
  });

  test('rethrows schema errors under /inputSchema and rejects a tool without a name', () => {
    expect(() => parseMcpTool({ name: 't', inputSchema: 'not a schema' })).toThrowError(
      expect.objectContaining({ code: 'invalid_schema', path: '/inputSchema' }),
    );
    expect(() => parseMcpTool({ name: 't', inputSchema: null })).toThrowError(
      expect.objectContaining({ path: '/inputSchema' }),
    );
    expect(() => parseMcpTool({ inputSchema: {} } as unknown as McpToolLike)).toThrowError(
      expect.objectContaining({ code: 'invalid_tool' }),
    );
  });
});

describe('truncateUtf8', () => {
  test.each([
    ['abc', 2, 'ab'],
    ['é', 1, ''],
    ['aé', 3, 'aé'],
    ['€x', 3, '€'],
    ['😀b', 3, ''],
    ['😀b', 4, '😀'],
    ['', 5, ''],
  ])('cuts %j to %i bytes as %j', (text, bytes, expected) => {
    expect(truncateUtf8(text, bytes)).toBe(expected);
  });
});
