// The converted tools sent by each provider's real SDK to a loopback server: the request carries them unchanged.
import Anthropic from '@anthropic-ai/sdk';
import { type FunctionDeclaration, GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { type RecordingServer, startRecordingServer } from '../helpers/recording-server.js';

/** Real tools of several shapes: nested objects, an open map, an enum, a nullable, a renamed property. */
const TOOLS = [
  {
    name: 'create_issue',
    description: 'Create an issue.',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 1 },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        priority: { type: 'integer', enum: [1, 2, 3] },
        'due-date': { type: ['string', 'null'], format: 'date' },
        assignee: { type: 'object', properties: { login: { type: 'string' } }, required: ['login'] },
      },
      required: ['title'],
    },
  },
  { name: 'ping', description: 'No arguments.', inputSchema: { type: 'object', properties: {} } },
];

let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer((url) => {
    if (url.includes('/chat/completions'))
      return {
        id: 'c',
        object: 'chat.completion',
        created: 0,
        model: 'm',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: 'ok', refusal: null },
            finish_reason: 'stop',
            logprobs: null,
          },
        ],
      };
    if (url.includes('/responses'))
      return { id: 'r', object: 'response', created_at: 0, status: 'completed', model: 'm', output: [] };
    if (url.includes('/messages'))
      return {
        id: 'm',
        type: 'message',
        role: 'assistant',
        model: 'm',
        content: [{ type: 'text', text: 'ok' }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      };
    return { candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }] };
  });
});

afterAll(() => server.close());

const lastBody = () => server.requests.at(-1)?.body as Record<string, unknown>;

describe('the real SDKs send the converted tools unchanged', () => {
  test.each([false, true])('openai Responses (strict %s)', async (strict) => {
    const { tools } = convertMcpTools(TOOLS, { target: 'openai-responses', strict });
    const client = new OpenAI({ apiKey: 'k', baseURL: `${server.origin}/v1`, maxRetries: 0 });
    await client.responses.create({ model: 'gpt-5', input: 'hi', tools });
    expect(lastBody().tools).toStrictEqual(JSON.parse(JSON.stringify(tools)));
  });

  test.each([false, true])('openai Chat Completions (strict %s)', async (strict) => {
    const { tools } = convertMcpTools(TOOLS, { target: 'openai-chat', strict });
    const client = new OpenAI({ apiKey: 'k', baseURL: `${server.origin}/v1`, maxRetries: 0 });
    await client.chat.completions.create({ model: 'gpt-5', messages: [{ role: 'user', content: 'hi' }], tools });
    expect(lastBody().tools).toStrictEqual(JSON.parse(JSON.stringify(tools)));
  });

  test.each([false, true])('Anthropic Messages (strict %s)', async (strict) => {
    const { tools } = convertMcpTools(TOOLS, { target: 'anthropic', strict });
    const client = new Anthropic({ apiKey: 'k', baseURL: server.origin, maxRetries: 0 });
    await client.messages.create({
      model: 'claude',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'hi' }],
      tools,
    });
    expect(lastBody().tools).toStrictEqual(JSON.parse(JSON.stringify(tools)));
  });

  test.each(['gemini', 'gemini-json-schema'] as const)('Google GenAI (%s)', async (target) => {
    const { tools } = convertMcpTools(TOOLS, { target });
    const client = new GoogleGenAI({ apiKey: 'k', httpOptions: { baseUrl: server.origin } });
    await client.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'hi',
      config: { tools: [{ functionDeclarations: tools as FunctionDeclaration[] }] },
    });
    const sent = lastBody().tools as { functionDeclarations: unknown[] }[];
    expect(sent[0]?.functionDeclarations).toStrictEqual(JSON.parse(JSON.stringify(tools)));
  });
});
