// JavaScript callers can pass anything: wrong argument types give a ToolSchemaError, never a TypeError.
import { describe, expect, test } from 'vitest';
import * as toolschema from '../../src/index.js';

const { ToolSchemaError } = toolschema;
const anything = (value: unknown) => value as never;

describe('the public API with wrong argument types', () => {
  test.each([
    [
      'parseToolInputSchema with null options',
      () => toolschema.parseToolInputSchema({}, anything(null)),
      'invalid_option',
    ],
    [
      'parseToolInputSchema with string options',
      () => toolschema.parseToolInputSchema({}, anything('x')),
      'invalid_option',
    ],
    [
      'explainToolInputSchema with null options',
      () => toolschema.explainToolInputSchema({}, anything(null)).error?.code ?? 'none',
      undefined,
    ],
    [
      'compactLargeToolSchema with null options',
      () => toolschema.compactLargeToolSchema({}, anything(null)),
      'invalid_option',
    ],
    ['parseMcpTool with a null tool', () => toolschema.parseMcpTool(anything(null)), 'invalid_tool'],
    [
      'parseMcpTool with null options',
      () => toolschema.parseMcpTool({ name: 'a', inputSchema: {} }, anything(null)),
      'invalid_option',
    ],
    ['parseDynamicTool with null', () => toolschema.parseDynamicTool(anything(null)), 'invalid_tool'],
    ['convertMcpTools with a string', () => toolschema.convertMcpTools(anything('tools')), 'invalid_tool'],
    ['toResponsesApiTool with null', () => toolschema.toResponsesApiTool(anything(null)), 'invalid_tool'],
    ['toResponsesNamespaceTool with null', () => toolschema.toResponsesNamespaceTool(anything(null)), 'invalid_tool'],
    [
      'toResponsesNamespaceTool with tools not an array',
      () => toolschema.toResponsesNamespaceTool(anything({ name: 'a', tools: 'x' })),
      'invalid_tool',
    ],
    ['mergeResponsesNamespaces with null', () => toolschema.mergeResponsesNamespaces(anything(null)), 'invalid_tool'],
    ['createToolSearch with null', () => toolschema.createToolSearch(anything(null)), 'invalid_tool'],
    ['createToolSearch with a null tool', () => toolschema.createToolSearch(anything([null])), 'invalid_tool'],
    ['toolSearchText with null', () => toolschema.toolSearchText(anything(null)), 'invalid_tool'],
    ['createTextControls with null', () => toolschema.createTextControls(anything(null)), 'invalid_option'],
    ['compileResponsesRequest with null', () => toolschema.compileResponsesRequest(anything(null)), 'invalid_option'],
    [
      'createStructuredResultDecoder with null options',
      () => toolschema.createStructuredResultDecoder({}, anything(null)),
      'invalid_option',
    ],
    [
      'createStructuredResultDecoder with no schema',
      () => toolschema.createStructuredResultDecoder(anything(undefined)),
      'not_json',
    ],
    ['truncateUtf8 with null', () => toolschema.truncateUtf8(anything(null), 3), 'invalid_option'],
    ['validateToolIdentifier with undefined', () => toolschema.validateToolIdentifier(undefined), 'invalid_identifier'],
  ])('%s', (_name, run, code) => {
    if (code === undefined) {
      // explain never throws: the error is in the result
      expect(run()).toBe('invalid_option');
      return;
    }
    expect(run).toThrowError(ToolSchemaError);
    expect(run).toThrowError(expect.objectContaining({ code }));
  });

  test('decodeMessage and the stream consumer never throw on junk', () => {
    const decoder = toolschema.createStructuredResultDecoder({});
    expect(decoder.decodeMessage(anything(null))).toStrictEqual({ ok: false, kind: 'empty' });
    expect(decoder.decodeMessage(anything({ content: [null, 1, { type: 'output_text' }] }))).toStrictEqual({
      ok: false,
      kind: 'empty',
    });
    const stream = toolschema.createStructuredStreamDecoder(decoder);
    expect(() => stream.push(anything(undefined))).not.toThrow();
  });
});
