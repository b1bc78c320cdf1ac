import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { type McpToolLike, mcpCallResultOutputSchema } from '../../src/tools/mcp.js';

const tools: McpToolLike[] = [
  { name: 'first', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } },
  { name: 'second', description: 'Two.', inputSchema: { type: 'object', properties: { s: { type: 'string' } } } },
];

/** The getter and setter of an own member, which must be there. */
function accessorsOf(object: object, key: string): { get: unknown; set: unknown } {
  const descriptor = Object.getOwnPropertyDescriptor(object, key);
  if (descriptor?.get === undefined) throw new Error(`${key} is not an accessor`);
  return { get: descriptor.get, set: descriptor.set };
}

function convertedResults(target: 'codex' | 'gemini') {
  const conversion = convertMcpTools(tools, { target });
  return {
    conversion,
    results: conversion.results.map((result) => {
      if (!result.ok) throw new Error(`${result.name} did not convert`);
      return result;
    }),
  };
}

describe('lazy members of conversion results', () => {
  // An object with accessor functions of its own kept all it refers to alive through every
  // scavenge until a full collection (see src/lazy-members.ts): a function per object is the bug.
  test('every result, definition and summary shares its accessor functions with the others', () => {
    const first = convertedResults('gemini');
    const second = convertedResults('gemini');
    const [a, b] = first.results;
    if (a === undefined || b === undefined) throw new Error('two results expected');
    for (const key of ['definition', 'inputBytes', 'outputBytes', 'changes']) {
      expect(accessorsOf(a, key)).toEqual(accessorsOf(b, key));
      expect(accessorsOf(a, key)).toEqual(accessorsOf(second.results[0] as object, key));
    }
    for (const key of ['inputSchema', 'outputSchema'])
      expect(accessorsOf(a.definition, key)).toEqual(accessorsOf(b.definition, key));
    for (const key of ['bytesBefore', 'bytesAfter'])
      expect(accessorsOf(first.conversion.summary, key)).toEqual(accessorsOf(second.conversion.summary, key));
  });

  test('are own, enumerable members in the documented order, the state behind them invisible', () => {
    const { conversion, results } = convertedResults('gemini');
    const [result] = results;
    if (result === undefined) throw new Error('a result expected');
    expect(Object.keys(result)).toEqual([
      'ok',
      'index',
      'name',
      'providerName',
      'strict',
      'tool',
      'definition',
      'inputBytes',
      'outputBytes',
      'compactionPasses',
      'changes',
      'warnings',
    ]);
    expect(Object.keys(conversion.summary)).toEqual([
      'total',
      'converted',
      'failed',
      'compacted',
      'bytesBefore',
      'bytesAfter',
      'strict',
      'strictFallbacks',
      'renamed',
    ]);
    const copy = { ...result };
    expect(Object.getOwnPropertySymbols(copy)).toEqual([]);
    // Not even a hidden key: every own key of a result, a definition, a summary is a listed one.
    expect(Reflect.ownKeys(result)).toEqual(Object.keys(result));
    expect(Reflect.ownKeys(result.definition)).toEqual(Object.keys(result.definition));
    expect(Reflect.ownKeys(conversion.summary)).toEqual(Object.keys(conversion.summary));
    expect(copy.inputBytes).toBe(JSON.stringify(tools[0]?.inputSchema).length);
    expect(JSON.parse(JSON.stringify(result)).outputBytes).toBe(result.outputBytes);
    expect(JSON.parse(JSON.stringify(result.definition)).inputSchema).toEqual({
      type: 'object',
      properties: { n: { type: 'integer' } },
    });
    expect(conversion.summary.bytesBefore).toBe(results.reduce((total, each) => total + each.inputBytes, 0));
    expect({ ...conversion.summary }.bytesAfter).toBe(results.reduce((total, each) => total + each.outputBytes, 0));
  });

  test("a provider definition's outputSchema is the call-result schema of the tool's own, made once, assignable", () => {
    const structured = { type: 'object', properties: { total: { type: 'integer' } } };
    const tool = { ...tools[0], outputSchema: structured } as McpToolLike;
    const [result] = convertMcpTools([tool], { target: 'anthropic' }).results;
    if (result?.ok !== true) throw new Error('not converted');
    const { definition } = result;
    expect(definition.outputSchema).toEqual(mcpCallResultOutputSchema(structured));
    expect(definition.outputSchema).toBe(definition.outputSchema);
    expect(JSON.parse(JSON.stringify(definition)).outputSchema).toEqual(mcpCallResultOutputSchema(structured));
    definition.outputSchema = { type: 'object' };
    expect({ ...definition }.outputSchema).toEqual({ type: 'object' });
  });

  test("a provider result's definition is made when first read, once, and assignable", () => {
    let reads = 0;
    const counted = {
      get name() {
        reads++;
        return 'counted';
      },
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
    } as McpToolLike;
    const [result] = convertMcpTools([counted], { target: 'openai-responses' }).results;
    if (result?.ok !== true) throw new Error('not converted');
    const readsByConversion = reads;
    const { definition } = result;
    // Made from what the parse copied: the tool is not read again for it.
    expect(reads).toBe(readsByConversion);
    expect(result.definition).toBe(definition);
    expect(definition.name).toBe('counted');
    expect(definition.inputSchema).toEqual({ type: 'object', properties: { n: { type: 'integer' } } });
    const replacement = { ...definition, description: 'replaced' };
    result.definition = replacement;
    expect(result.definition).toBe(replacement);
    expect(JSON.parse(JSON.stringify(result)).definition.description).toBe('replaced');
  });

  test('read on another object (an accessor taken off its result) give undefined, not a TypeError', () => {
    const [result] = convertedResults('codex').results;
    if (result === undefined) throw new Error('a result expected');
    const { get } = accessorsOf(result, 'inputBytes') as { get: () => unknown };
    expect(get.call({})).toBeUndefined();
    expect(get.call(undefined)).toBeUndefined();
    // Through the prototype chain the state is the result's own.
    expect((Object.create(result) as { inputBytes: number }).inputBytes).toBe(result.inputBytes);
  });
});
