import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { preflightTools } from '../../src/providers/preflight.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object', properties: { a: { type: 'string' } } } });

describe('preflightTools', () => {
  test('finds nothing wrong with a converted request within the limits', () => {
    const { tools } = convertMcpTools([tool('a'), tool('b')], { target: 'openai-responses', strict: true });
    expect(preflightTools(tools, 'openai-responses')).toStrictEqual([]);
  });

  test('more than 128 tools for OpenAI (512 for Gemini) is one finding for the request', () => {
    const many = Array.from({ length: 129 }, (_, index) => tool(`t${index}`));
    const { tools } = convertMcpTools(many, { target: 'openai-chat' });
    expect(preflightTools(tools, 'openai-chat')).toStrictEqual([
      {
        tool: '*',
        path: '',
        limit: 'tools per request: 128',
        message:
          '129 tools in one request; the provider takes at most 128 (defer some: tool search, or split by namespace)',
      },
    ]);
    expect(preflightTools(convertMcpTools(many, { target: 'gemini' }).tools, 'gemini')).toStrictEqual([]);
  });

  test('names a tool whose name breaks the pattern, a duplicate, and a long Chat description', () => {
    const tools = [
      {
        type: 'function',
        function: { name: 'bad name', description: 'x', parameters: { type: 'object', properties: {} }, strict: false },
      },
      {
        type: 'function',
        function: {
          name: 'ok',
          description: 'd'.repeat(1_025),
          parameters: { type: 'object', properties: {} },
          strict: false,
        },
      },
      {
        type: 'function',
        function: { name: 'ok', description: '', parameters: { type: 'object', properties: {} }, strict: false },
      },
    ];
    expect(
      preflightTools(tools, 'openai-chat').map((finding) => [finding.tool, finding.path, finding.limit]),
    ).toStrictEqual([
      ['bad name', '/function/name', 'name: /^[a-zA-Z0-9_-]{1,64}$/'],
      ['ok', '/function/description', 'description: 1024 characters'],
      ['ok', '/function/name', 'names unique per request'],
    ]);
  });

  test('Anthropic: more than 20 strict tools in one request', () => {
    const tools = Array.from({ length: 21 }, (_, index) => ({
      name: `t${index}`,
      description: '',
      input_schema: { type: 'object', properties: {}, additionalProperties: false },
      strict: true,
    }));
    expect(preflightTools(tools, 'anthropic').map((finding) => finding.limit)).toStrictEqual([
      'strict tools per request: 20',
    ]);
  });

  test('OpenAI strict: a schema over the documented limits', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 5_001 }, (_, index) => [`p${index}`, { type: 'string' }]),
    );
    const tools = [
      { type: 'function', name: 'wide', description: '', parameters: { type: 'object', properties }, strict: true },
    ];
    expect(preflightTools(tools, 'openai-responses')).toStrictEqual([
      {
        tool: 'wide',
        path: '/parameters',
        limit: 'strict schema limits',
        message: 'strict schema with 5001 properties (limit 5000)',
      },
    ]);
  });

  test('a strict schema that is cyclic or nested past the input limit is a finding, not a stack overflow', () => {
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 20_000; level++) deep = { type: 'object', properties: { p: deep } };
    const request = [cyclic, deep].map((parameters, index) => ({
      type: 'function',
      name: `t${index}`,
      parameters,
      strict: true,
    }));
    const findings = preflightTools(request, 'openai-responses');
    expect(findings.map(({ tool, limit }) => [tool, limit])).toStrictEqual([
      ['t0', 'a JSON value'],
      ['t1', 'a JSON value'],
    ]);
    expect(findings[0]?.path).toBe('/parameters/properties/self');
    expect(findings[0]?.message).toMatch(/cyclic/);
    expect(findings[1]?.message).toMatch(/nests more than 1000/);
  });

  test('a strict tool whose definitions chain 3,000 deep is measured, and found over the nesting limit', () => {
    const $defs: Record<string, unknown> = {};
    for (let index = 0; index < 3_000; index++)
      $defs[`D${index}`] = { type: 'object', properties: { next: { $ref: `#/$defs/D${index + 1}` } } };
    $defs.D3000 = { type: 'string' };
    const parameters = { type: 'object', properties: { a: { $ref: '#/$defs/D0' } }, $defs };
    const findings = preflightTools([{ type: 'function', name: 't', parameters, strict: true }], 'openai-responses');
    expect(findings).toStrictEqual([
      {
        tool: 't',
        path: '/parameters',
        limit: 'strict schema limits',
        message: 'strict schema with 3002 levels of nesting (limit 10)',
      },
    ]);
  });

  test('an unknown target is an invalid_option ToolSchemaError', () => {
    expect(() => preflightTools([], 'x' as never)).toThrowError(expect.objectContaining({ code: 'invalid_option' }));
  });
});
