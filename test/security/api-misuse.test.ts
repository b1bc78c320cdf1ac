// JavaScript callers can pass anything: wrong argument types give a ToolSchemaError, never a TypeError.
import { describe, expect, test } from 'vitest';
import * as toolschema from '../../src/index.js';

const { ToolSchemaError } = toolschema;
const anything = (value: unknown) => value as never;

/** What every exported function threw, called with each first and second argument, that is no ToolSchemaError. */
function escapedErrors(firsts: readonly unknown[], seconds: readonly unknown[]): string[] {
  const escaped = new Set<string>();
  for (const [name, value] of Object.entries(toolschema)) {
    if (typeof value !== 'function' || name === 'ToolSchemaError') continue;
    const call = value as (first: unknown, second: unknown) => unknown;
    for (const first of firsts)
      for (const second of seconds) {
        try {
          const result = call(first, second);
          if (result instanceof Promise) result.catch(() => undefined);
        } catch (error) {
          if (!(error instanceof ToolSchemaError)) escaped.add(`${name}: ${String(error)}`);
        }
      }
  }
  return [...escaped];
}

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

  // A JSON object may have a member named `toString` (here a number): `String(value)` and a
  // template literal of it throw a TypeError, as do a BigInt under JSON.stringify and a Symbol
  // under String. Each of these reached a user before: in an option's error message, a
  // `dependentRequired` list described for Gemini, the fidelity policy's enum sharing.
  const hostile: readonly unknown[] = [
    { toString: -10 },
    Object.create(null),
    [{ toString: -10 }],
    Symbol('s'),
    10n,
    Number.NaN,
    'x',
    null,
    () => 1,
    { nested: { toString: -10 } },
  ];
  const optionNames = [
    'budgetBytes',
    'collapseDepth',
    'compactionPolicy',
    'shareRepeated',
    'budgetTokens',
    'target',
    'strict',
    'namespace',
    'maxNameLength',
    'maxArgumentBytes',
    'verbosity',
    'outputSchema',
  ];

  test('every exported function, given hostile values as arguments or options, throws only a ToolSchemaError', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const tool = { name: 't', inputSchema: schema };
    const firsts: readonly unknown[] = [schema, tool, [tool], ...hostile];
    const seconds: readonly unknown[] = [
      undefined,
      ...hostile,
      ...optionNames.flatMap((name) => hostile.map((value) => ({ [name]: value }))),
      ...hostile.map((value) => ({ target: 'openai-responses', budgetBytes: 10, namespace: value })),
    ];
    expect(escapedErrors(firsts, seconds)).toStrictEqual([]);
  });

  test('every exported function, given a value written by hand that holds itself, nests past the stack or throws, throws only a ToolSchemaError', () => {
    const holdsItself: Record<string, unknown> = { type: 'object', properties: {}, anyOf: [] };
    (holdsItself.properties as Record<string, unknown>).self = holdsItself;
    (holdsItself.anyOf as unknown[]).push(holdsItself);
    holdsItself.items = holdsItself;
    // Chains, not one object shared at every level: a value that shares its objects 2^n ways is
    // as slow to read as JSON.stringify finds it (JSON itself can hold no such value).
    let deep: unknown = { type: 'string', enum: [1] };
    for (let level = 0; level < 50_000; level++) deep = { type: 'object', properties: { a: deep } };
    let deepUnion: unknown = { type: 'string' };
    for (let level = 0; level < 50_000; level++) deepUnion = { anyOf: [deepUnion], items: { type: 'string' } };
    let deepList: unknown = 'x';
    for (let level = 0; level < 50_000; level++) deepList = [deepList];
    const throwing = {
      type: 'object',
      properties: {
        get a(): unknown {
          throw new Error('getter exploded');
        },
      },
    };
    const schemas = [holdsItself, deep, deepUnion, deepList, throwing];
    const firsts = schemas.flatMap((schema) => [
      schema,
      { name: 't', inputSchema: schema },
      [{ name: 't', inputSchema: schema }],
      { type: 'function', name: 't', description: 'd', parameters: schema },
      [{ type: 'function', name: 't', description: 'd', parameters: schema }],
    ]);
    const seconds = [undefined, { target: 'gemini' }, { target: 'anthropic', strict: true }];
    expect(escapedErrors(firsts, seconds)).toStrictEqual([]);
  });

  test('a tool search given a query or a limit of the wrong kind throws a ToolSchemaError', () => {
    const search = toolschema.createToolSearch([
      { type: 'function', name: 'get_weather', description: 'Weather.', parameters: {}, strict: false },
    ]);
    const codes: (string | undefined)[] = [];
    for (const [query, options] of [
      [10n, undefined],
      [null, undefined],
      [{}, undefined],
      ['weather', null],
      ['weather', { limit: -1 }],
      ['weather', { limit: 1.5 }],
      ['weather', { limit: 'x' }],
      ['weather', { limit: 10n }],
    ] as const) {
      try {
        search.search(anything(query), anything(options));
        codes.push('none');
      } catch (error) {
        codes.push(error instanceof ToolSchemaError ? error.code : String(error));
      }
    }
    expect(codes).toStrictEqual(Array(8).fill('invalid_option'));
    expect(search.search('weather', { limit: 0 })).toStrictEqual([]);
    expect(search.search('weather', { limit: Number.POSITIVE_INFINITY })).toHaveLength(1);
    expect(search.search('weather')).toHaveLength(1);
  });

  test('a schema no value of which can be spelled by String() is converted, or fails as a ToolSchemaError', () => {
    const evil = { toString: -10 };
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { enum: [evil, 1] }, c: { enum: [evil, 1] } },
      dependentRequired: { a: [evil] },
    };
    for (const target of ['openai-responses', 'gemini', 'portable'] as const) {
      const conversion = toolschema.convertMcpTools([{ name: 't', inputSchema: schema }], {
        target,
        budgetBytes: 10,
        compactionPolicy: 'fidelity',
      });
      expect(conversion.summary.total).toBe(1);
    }
    expect(() =>
      toolschema.parseToolInputSchema(schema, { budgetBytes: 10, compactionPolicy: 'fidelity' }),
    ).not.toThrow();
  });
});
