import OpenAI from 'openai';
import type { ResponseCreateParamsNonStreaming, ResponseInput, Tool } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, expectTypeOf, test } from 'vitest';
import { compileResponsesRequest, type ResponsesRequestBody } from '../../src/output/request.js';
import { type ResponsesFunctionTool, toResponsesApiTool } from '../../src/tools/responses.js';
import { type FakeResponsesServer, messageItem, startFakeResponsesServer } from '../helpers/fake-responses-server.js';

const answerSchema = {
  type: 'object',
  properties: { answer: { type: 'string' }, confidence: { type: 'number' } },
  required: ['answer', 'confidence'],
  additionalProperties: false,
};

const lookupTool = toResponsesApiTool({
  name: 'lookup',
  description: 'Look something up.',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  deferLoading: false,
});

describe('compileResponsesRequest', () => {
  test('type-checks as the openai create params', () => {
    // The body carries the caller's own input and tool types, so it needs no openai install to compile.
    expectTypeOf<ResponsesRequestBody<string | ResponseInput, Tool>>().toExtend<ResponseCreateParamsNonStreaming>();
    expectTypeOf<ResponsesRequestBody<string, ResponsesFunctionTool>>().toExtend<ResponseCreateParamsNonStreaming>();
  });

  test('puts the schema in text.format, never in the instructions', () => {
    const body = compileResponsesRequest({
      model: 'gpt-5',
      input: 'Hi',
      instructions: 'Be brief.',
      outputSchema: answerSchema,
    });
    expect(body).toStrictEqual({
      model: 'gpt-5',
      input: 'Hi',
      instructions: 'Be brief.',
      text: { format: { type: 'json_schema', strict: true, schema: answerSchema, name: 'codex_output_schema' } },
    });
  });

  test('omits text without a schema or verbosity', () => {
    expect(compileResponsesRequest({ model: 'gpt-5', input: 'Hi' })).toStrictEqual({ model: 'gpt-5', input: 'Hi' });
  });

  test('rejects a strict schema outside the strict subset before sending (the seed: schema rejected → InvalidRequest)', () => {
    const loose = { type: 'object', properties: { a: { type: 'string' } } };
    expect(() => compileResponsesRequest({ model: 'm', input: 'x', outputSchema: loose })).toThrowError(
      expect.objectContaining({ code: 'invalid_output_schema', path: '/outputSchema' }),
    );
    expect(
      compileResponsesRequest({ model: 'm', input: 'x', outputSchema: loose, strict: false }).text?.format?.strict,
    ).toBe(false);
  });
});

describe('compileResponsesRequest through the real openai client', () => {
  let server: FakeResponsesServer;
  beforeAll(async () => {
    server = await startFakeResponsesServer();
  });
  afterAll(async () => {
    await server.close();
  });

  test('the loopback server receives exactly the compiled body', async () => {
    const body = compileResponsesRequest({
      model: 'gpt-5',
      input: [{ role: 'user', content: 'What is 2+2?' }] satisfies ResponseInput as ResponseInput,
      tools: [lookupTool],
      outputSchema: answerSchema,
      verbosity: 'low',
    });
    server.replies.push({
      kind: 'json',
      body: {
        id: 'resp_1',
        object: 'response',
        status: 'completed',
        output: [messageItem('{"answer":"4","confidence":1}')],
      },
    });
    const client = new OpenAI({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0 });
    const response = await client.responses.create(body);
    expect(server.requests).toStrictEqual([
      {
        model: 'gpt-5',
        input: [{ role: 'user', content: 'What is 2+2?' }],
        tools: [
          {
            type: 'function',
            name: 'lookup',
            description: 'Look something up.',
            strict: false,
            parameters: { type: 'object', properties: { q: { type: 'string' } } },
          },
        ],
        text: {
          verbosity: 'low',
          format: { type: 'json_schema', strict: true, schema: answerSchema, name: 'codex_output_schema' },
        },
      },
    ]);
    expect(response.output_text).toBe('{"answer":"4","confidence":1}');
  });
});
