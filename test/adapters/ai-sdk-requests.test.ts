// What the AI SDK's provider packages send with the middleware: request bodies recorded, judged by the checker (issue 27).
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, type LanguageModel, tool, wrapLanguageModel } from 'ai';
import { describe, expect, test } from 'vitest';
import { toolschemaMiddleware } from '../../src/adapters/ai-sdk.js';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { readCorpusTools } from '../helpers/corpus.js';

/** A fetch that records the request body and answers 400 (the request is all the test needs). */
function recordingFetch(bodies: unknown[]): typeof fetch {
  return async (_input, init) => {
    bodies.push(JSON.parse(String(init?.body ?? '{}')));
    return new Response(JSON.stringify({ error: { message: 'recorded', type: 'invalid_request_error' } }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** Each server's tools, in requests of at most 100 tools. */
function requests(): ReturnType<typeof readCorpusTools>[] {
  const byServer = new Map<string, ReturnType<typeof readCorpusTools>>();
  for (const entry of readCorpusTools()) byServer.set(entry.server, [...(byServer.get(entry.server) ?? []), entry]);
  const batches: ReturnType<typeof readCorpusTools>[] = [];
  for (const tools of byServer.values())
    for (let i = 0; i < tools.length; i += 100) batches.push(tools.slice(i, i + 100));
  return batches;
}

const PROVIDERS: [
  string,
  (fetch: typeof globalThis.fetch) => LanguageModel,
  (body: Record<string, unknown>) => unknown[],
  string,
][] = [
  [
    'openai-responses',
    (fetch) => createOpenAI({ apiKey: 'test', fetch }).responses('gpt-4.1'),
    (b) => b.tools as unknown[],
    'openai-responses',
  ],
  [
    'openai-chat',
    (fetch) => createOpenAI({ apiKey: 'test', fetch }).chat('gpt-4.1'),
    (b) => b.tools as unknown[],
    'openai-chat',
  ],
  [
    'anthropic',
    (fetch) => createAnthropic({ apiKey: 'test', fetch })('claude-sonnet-4-5'),
    (b) => b.tools as unknown[],
    'anthropic',
  ],
  [
    'google',
    (fetch) => createGoogleGenerativeAI({ apiKey: 'test', fetch })('gemini-2.5-flash'),
    (b) =>
      ((b.tools as { functionDeclarations?: unknown[] }[] | undefined) ?? []).flatMap(
        (entry) => entry.functionDeclarations ?? [],
      ),
    'gemini',
  ],
];

describe('the provider packages’ request bodies, with toolschemaMiddleware', () => {
  test.each(PROVIDERS)(
    '%s: every corpus tool as the package sends it breaks none of the provider’s rules',
    async (_label, makeModel, toolsOf, target) => {
      const violations: unknown[] = [];
      let sent = 0;
      for (const batch of requests()) {
        const bodies: unknown[] = [];
        const model = wrapLanguageModel({
          model: makeModel(recordingFetch(bodies)) as never,
          middleware: toolschemaMiddleware(),
        });
        const tools = Object.fromEntries(
          batch.map((entry) => [
            entry.name,
            tool({
              description: entry.description ?? '',
              inputSchema: jsonSchema(entry.inputSchema as never),
              execute: async () => 'ok',
            }),
          ]),
        );
        await generateText({ model, tools, prompt: 'x', maxRetries: 0 }).catch(() => undefined);
        const body = bodies[0] as Record<string, unknown>;
        const wire = toolsOf(body);
        sent += wire.length;
        violations.push(...checkProviderTools(target, wire).filter((violation) => violation.tool !== '*'));
      }
      expect(sent).toBe(readCorpusTools().length);
      expect(violations.slice(0, 3)).toStrictEqual([]);
    },
  );
});
