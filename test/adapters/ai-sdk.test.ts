// toolschema/ai-sdk with the real AI SDK 6: MockLanguageModelV3 per provider, generateText and streamText (issue 27).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { targetForProvider, toolschemaMiddleware, toolschemaTools } from '../../src/adapters/ai-sdk.js';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { readCorpusTools } from '../helpers/corpus.js';
import { sampleArguments } from '../helpers/provider-arguments.js';

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A tool whose schema no provider takes as it is: a name with a dot, `type: "int"`-free but nullable, a hyphenated key, a numeric enum. */
const GET_USER_SCHEMA = {
  type: 'object',
  properties: {
    'user-id': { type: 'integer', minimum: 1 },
    level: { enum: [1, 2, 3] },
    note: { type: ['string', 'null'] },
  },
  required: ['user-id'],
  additionalProperties: false,
} as const;

type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

/** A mock model that answers with one call of the first tool it is given, arguments valid for what it received. */
function callingModel(provider: string) {
  return new MockLanguageModelV3({
    provider,
    doGenerate: async (options: CallOptions) => {
      const [first] = (options.tools ?? []).filter((entry) => entry.type === 'function');
      if (first === undefined || options.prompt.some((message) => message.role === 'tool'))
        return {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: USAGE,
          warnings: [],
        };
      const args = sampleArguments(first.inputSchema as never);
      return {
        content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: first.name, input: JSON.stringify(args) }],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: USAGE,
        warnings: [],
      };
    },
  });
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

describe('targetForProvider', () => {
  test.each([
    ['openai.responses', 'openai-responses'],
    ['openai.chat', 'openai-chat'],
    ['anthropic.messages', 'anthropic'],
    ['google.generative-ai', 'portable'],
    ['google.vertex.chat', 'portable'],
    ['mistral.chat', 'portable'],
  ])('reads %s as %s', (provider, target) => {
    expect(targetForProvider(provider)).toBe(target);
  });
});

describe('toolschemaMiddleware', () => {
  test.each(['openai.responses', 'openai.chat', 'anthropic.messages', 'google.generative-ai'])(
    'with %s: the model gets converted tools, and execute gets arguments valid for the tool’s own schema',
    async (provider) => {
      const mock = callingModel(provider);
      const received: unknown[] = [];
      const result = await generateText({
        model: wrapLanguageModel({ model: mock, middleware: toolschemaMiddleware() }),
        tools: {
          'users.get': tool({
            description: 'Gets a user.',
            inputSchema: jsonSchema(GET_USER_SCHEMA),
            execute: async (input) => {
              received.push(input);
              return { ok: true };
            },
          }),
        },
        stopWhen: stepCountIs(3),
        prompt: 'Get user 1',
      });
      expect(result.text).toBe('done');
      const first = mock.doGenerateCalls[0] as CallOptions;
      const [wire] = first.tools ?? [];
      expect(wire?.name).toBe('users_get');
      expect(received).toHaveLength(1);
      expect(ajv.validate(GET_USER_SCHEMA, received[0])).toBe(true);
      // The second turn replays the call and its result under the provider-side name.
      const second = mock.doGenerateCalls[1] as CallOptions;
      const replayed = second.prompt.flatMap((message) =>
        message.role === 'assistant' || message.role === 'tool'
          ? message.content.filter((part) => part.type === 'tool-call' || part.type === 'tool-result')
          : [],
      );
      expect(replayed.map((part) => (part as { toolName: string }).toolName)).toStrictEqual(['users_get', 'users_get']);
    },
  );

  test('writes strict where asked and the target has it', async () => {
    const mock = callingModel('openai.responses');
    await generateText({
      model: wrapLanguageModel({ model: mock, middleware: toolschemaMiddleware({ strict: true }) }),
      tools: { get_user: tool({ inputSchema: jsonSchema(GET_USER_SCHEMA), execute: async () => 'ok' }) },
      prompt: 'x',
    });
    const [wire] = (mock.doGenerateCalls[0] as CallOptions).tools ?? [];
    expect(wire).toMatchObject({ type: 'function', name: 'get_user', strict: true });
    expect(
      checkProviderTools('openai-responses', [
        {
          type: 'function',
          name: wire?.name,
          description: '',
          parameters: (wire as { inputSchema: unknown }).inputSchema,
          strict: true,
        },
      ]),
    ).toStrictEqual([]);
  });

  test('turns a streamed tool call (and its input-start name) back into the tool’s own name and input', async () => {
    const mock = new MockLanguageModelV3({
      provider: 'google.generative-ai',
      doStream: async (options: CallOptions) => {
        const [first] = options.tools ?? [];
        const name = (first as { name: string }).name;
        const done = options.prompt.some((message) => message.role === 'tool');
        return {
          stream: convertArrayToReadableStream<StreamPart>(
            done
              ? [
                  { type: 'text-start', id: 't' },
                  { type: 'text-delta', id: 't', delta: 'done' },
                  { type: 'text-end', id: 't' },
                  { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE },
                ]
              : [
                  { type: 'tool-input-start', id: 'c1', toolName: name },
                  { type: 'tool-input-delta', id: 'c1', delta: '{"user_id":2,"level":"3"}' },
                  { type: 'tool-input-end', id: 'c1' },
                  { type: 'tool-call', toolCallId: 'c1', toolName: name, input: '{"user_id":2,"level":"3"}' },
                  { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: USAGE },
                ],
          ),
        };
      },
    });
    const received: unknown[] = [];
    const started: string[] = [];
    const result = streamText({
      model: wrapLanguageModel({ model: mock, middleware: toolschemaMiddleware() }),
      tools: {
        'users.get': tool({
          inputSchema: z.object({
            'user-id': z.number().int().min(1),
            level: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
          }),
          execute: async (input) => {
            received.push(input);
            return 'ok';
          },
        }),
      },
      stopWhen: stepCountIs(3),
      prompt: 'x',
    });
    for await (const part of result.fullStream) if (part.type === 'tool-input-start') started.push(part.toolName);
    expect(await result.text).toBe('done');
    expect(started).toStrictEqual(['users.get']);
    expect(received).toStrictEqual([{ 'user-id': 2, level: 3 }]);
  });

  test('leaves a call that does not resolve to the AI SDK’s invalid-input path, under the tool’s own name', async () => {
    const mock = new MockLanguageModelV3({
      provider: 'openai.chat',
      doGenerate: async () => ({
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'users_get', input: '{"user-id":0}' }],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: USAGE,
        warnings: [],
      }),
    });
    let executed = false;
    const result = await generateText({
      model: wrapLanguageModel({ model: mock, middleware: toolschemaMiddleware() }),
      tools: {
        'users.get': tool({
          inputSchema: z.object({ 'user-id': z.number().int().min(1) }),
          execute: async () => {
            executed = true;
            return 'never';
          },
        }),
      },
      prompt: 'x',
    });
    // Restored (user-id, the tool's own name), then refused by the AI SDK's own check of it.
    const errors = result.content.filter((part) => part.type === 'tool-error');
    expect(errors).toMatchObject([{ toolName: 'users.get', input: { 'user-id': 0 } }]);
    expect(executed).toBe(false);
  });

  test('hands the AI SDK corpus tools within each provider’s rules', async () => {
    const corpus = readCorpusTools().slice(0, 300);
    for (const provider of ['openai.responses', 'anthropic.messages', 'google.generative-ai']) {
      const target = targetForProvider(provider);
      const mock = new MockLanguageModelV3({
        provider,
        doGenerate: {
          content: [{ type: 'text', text: 'x' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: USAGE,
          warnings: [],
        },
      });
      const tools = Object.fromEntries(
        corpus.map((entry, index) => [
          `${entry.name}_${index}`,
          tool({
            description: entry.description ?? '',
            inputSchema: jsonSchema(entry.inputSchema as never),
            execute: async () => 'ok',
          }),
        ]),
      );
      await generateText({
        model: wrapLanguageModel({ model: mock, middleware: toolschemaMiddleware() }),
        tools,
        prompt: 'x',
      });
      const sent = (mock.doGenerateCalls[0] as CallOptions).tools ?? [];
      expect(sent).toHaveLength(corpus.length);
      const asPortable = sent.map((entry) => ({
        name: (entry as { name: string }).name,
        description: '',
        inputSchema: (entry as { inputSchema: unknown }).inputSchema,
      }));
      const checked =
        target === 'portable'
          ? checkProviderTools('portable', asPortable)
          : checkProviderTools(
              target,
              asPortable.map((entry) =>
                target === 'anthropic'
                  ? { name: entry.name, description: '', input_schema: entry.inputSchema }
                  : {
                      type: 'function',
                      name: entry.name,
                      description: '',
                      parameters: entry.inputSchema,
                      strict: false,
                    },
              ),
            );
      // Requests of at most 128 tools: the count rule is the caller's (preflightTools).
      expect(checked.filter((violation) => violation.tool !== '*').slice(0, 3)).toStrictEqual([]);
    }
  });
});

describe('toolschemaTools', () => {
  test('makes an AI SDK ToolSet of an MCP server’s tools whose execute restores the arguments and calls the server', async () => {
    const client = new Client({ name: 'ai-sdk-test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['examples/demo-server/server.mjs'],
        cwd: REPO_ROOT,
      }),
    );
    try {
      const tools = await toolschemaTools(client);
      expect(Object.keys(tools)).toStrictEqual([
        'get_weather',
        'search_listings',
        'configure_alerts',
        'create_event',
        'update_tree',
        'update_doc',
      ]);
      const execute = tools.search_listings?.execute as (input: unknown, options: unknown) => Promise<unknown>;
      const result = (await execute({ location: '"Lyon"' }, { toolCallId: 'c', messages: [] })) as {
        content: { text: string }[];
      };
      expect(result.content[0]?.text).toContain('{"location":"Lyon"}');
      await expect(execute({ adults: 'many' }, { toolCallId: 'c', messages: [] })).rejects.toThrow(/arguments/);
    } finally {
      await client.close();
    }
  });
});
