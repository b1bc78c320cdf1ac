import type { FunctionTool, NamespaceTool, Tool } from 'openai/resources/responses/responses';
import { describe, expect, expectTypeOf, test } from 'vitest';
import type { ToolDefinition } from '../../src/tools/definition.js';
import type { ResponsesFunctionTool, ResponsesNamespaceTool } from '../../src/tools/responses.js';
import {
  mergeResponsesNamespaces,
  toDeferredResponsesApiTool,
  toResponsesApiTool,
  toResponsesNamespaceTool,
} from '../../src/tools/responses.js';

const definition: ToolDefinition = {
  name: 'search_docs',
  description: 'Search the docs.',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  outputSchema: { type: 'object' },
  deferLoading: false,
};

// SPEC §2.4
describe('toResponsesApiTool', () => {
  test('type-checks as the openai package Responses tool types', () => {
    expectTypeOf<ResponsesFunctionTool>().toExtend<FunctionTool>();
    expectTypeOf<ResponsesNamespaceTool>().toExtend<NamespaceTool>();
    const tools: Tool[] = [toResponsesApiTool(definition)];
    expect(tools).toHaveLength(1);
  });

  test('serializes to the exact wire JSON: strict false, no defer_loading, no output_schema', () => {
    expect(JSON.stringify(toResponsesApiTool(definition))).toBe(
      '{"type":"function","name":"search_docs","description":"Search the docs.","strict":false,"parameters":{"type":"object","properties":{"q":{"type":"string"}}}}',
    );
  });

  test('adds defer_loading: true only for deferred tools', () => {
    expect(JSON.stringify(toDeferredResponsesApiTool(definition))).toBe(
      '{"type":"function","name":"search_docs","description":"Search the docs.","strict":false,"defer_loading":true,"parameters":{"type":"object","properties":{"q":{"type":"string"}}}}',
    );
    expect(toResponsesApiTool({ ...definition, deferLoading: true }).defer_loading).toBe(true);
  });
});

describe('toResponsesNamespaceTool', () => {
  test('gives a blank description the default one', () => {
    expect(toResponsesNamespaceTool({ name: 'crm', description: '  ', tools: [definition] })).toStrictEqual({
      type: 'namespace',
      name: 'crm',
      description: 'Tools in the crm namespace.',
      tools: [toResponsesApiTool(definition)],
    });
  });

  test('validates the namespace name', () => {
    expect(() => toResponsesNamespaceTool({ name: 'bad name', tools: [] })).toThrowError(
      expect.objectContaining({ code: 'invalid_identifier' }),
    );
  });
});

describe('mergeResponsesNamespaces', () => {
  test('merges same-name namespaces in order and never merges functions', () => {
    const a = toResponsesNamespaceTool({ name: 'crm', tools: [definition] });
    const b = toResponsesNamespaceTool({
      name: 'crm',
      description: 'CRM tools.',
      tools: [{ ...definition, name: 'other' }],
    });
    const fn = toResponsesApiTool(definition);
    const merged = mergeResponsesNamespaces([a, fn, b, fn]);
    expect(merged).toHaveLength(3);
    expect(merged[0]).toStrictEqual({ ...a, description: 'CRM tools.', tools: [...a.tools, ...b.tools] });
    expect(merged.slice(1)).toStrictEqual([fn, fn]);
    expect(a.tools).toHaveLength(1);
  });
});
