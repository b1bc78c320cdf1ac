import OpenAI from 'openai';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStructuredResultDecoder } from '../../src/output/decode.js';
import { compileResponsesRequest } from '../../src/output/request.js';
import { createStructuredStreamDecoder, decodeResponseStream } from '../../src/output/stream.js';
import {
  type FakeResponsesServer,
  startFakeResponsesServer,
  streamedAnswer,
} from '../helpers/fake-responses-server.js';

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, population: { type: 'integer' } },
  required: ['city', 'population'],
  additionalProperties: false,
};
type City = { city: string; population: number };
const deltas = ['{"city":', '"Lyon",', '"population":', '522250}'];

/** An event typed as the openai package types it: the consumer takes those as they are. */
const openaiEvent = (event: ResponseStreamEvent): ResponseStreamEvent => event;

describe('decodeResponseStream through the real openai client', () => {
  let server: FakeResponsesServer;
  let client: OpenAI;
  beforeAll(async () => {
    server = await startFakeResponsesServer();
    client = new OpenAI({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  async function streamOnce(events: ReturnType<typeof streamedAnswer>, cutAfter?: number) {
    server.replies.push({ kind: 'sse', events, ...(cutAfter === undefined ? {} : { cutAfter }) });
    const body = compileResponsesRequest({ model: 'gpt-5', input: 'Largest city of the Rhône?', outputSchema: schema });
    const stream = await client.responses.create({ ...body, stream: true });
    const partials: string[] = [];
    const decoder = createStructuredResultDecoder<City>(schema, { strict: true });
    const result = await decodeResponseStream(decoder, stream, (_event, state) => partials.push(state.partialText));
    return { result, partials, request: server.requests.at(-1) as { stream?: boolean } };
  }

  test('decodes the completed message into a strict, typed value', async () => {
    const { result, partials, request } = await streamOnce(streamedAnswer(deltas));
    expect(request.stream).toBe(true);
    expect(result).toStrictEqual({
      ok: true,
      value: { city: 'Lyon', population: 522_250 },
      guarantee: 'strict',
      source: 'message',
    });
    expect(partials).toContain('{"city":"Lyon",');
  });

  test('a stream cut mid-JSON yields incomplete and commits nothing', async () => {
    const events = streamedAnswer(deltas);
    const { result, partials } = await streamOnce(events, 4);
    expect(result).toMatchObject({ ok: false, kind: 'incomplete' });
    // Whatever arrived before the reset is a strict prefix of the answer, never decoded.
    const seen = partials.at(-1) ?? '';
    expect(deltas.join('').startsWith(seen) && seen.length < deltas.join('').length).toBe(true);
  });

  test('a response.incomplete event yields incomplete with the reason', async () => {
    const events = streamedAnswer(deltas).slice(0, -1);
    events.push({
      type: 'response.incomplete',
      response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output: [] },
    });
    const { result } = await streamOnce(events);
    expect(result).toStrictEqual({
      ok: false,
      kind: 'incomplete',
      reason: 'the response is incomplete (max_output_tokens)',
    });
  });

  test('an error event yields incomplete', async () => {
    const events = streamedAnswer(deltas).slice(0, 3);
    events.push({ type: 'error', code: 'server_error', message: 'boom', param: null });
    const { result } = await streamOnce(events);
    expect(result).toMatchObject({ ok: false, kind: 'incomplete', reason: 'the stream reported an error: boom' });
  });
});

describe('createStructuredStreamDecoder', () => {
  const decoder = createStructuredResultDecoder<City>(schema);

  test('never decodes partial deltas: finishing before completion is incomplete', async () => {
    const consumer = createStructuredStreamDecoder(decoder);
    for (const event of streamedAnswer(['{"city":"Lyon","population":1}']).slice(0, 4))
      consumer.push(event as unknown as ResponseStreamEvent);
    expect(consumer.state.partialText).toBe('{"city":"Lyon","population":1}');
    expect(await consumer.finish()).toMatchObject({ ok: false, kind: 'incomplete' });
  });

  test('reports a streamed refusal', async () => {
    const consumer = createStructuredStreamDecoder(decoder);
    consumer.push(
      openaiEvent({
        type: 'response.refusal.delta',
        delta: 'No.',
        item_id: 'm',
        output_index: 0,
        content_index: 0,
        sequence_number: 1,
      }),
    );
    consumer.push(openaiEvent({ type: 'response.completed', response: {} as never, sequence_number: 2 }));
    expect(await consumer.finish()).toStrictEqual({ ok: false, kind: 'refusal', refusal: 'No.' });
  });

  test('a completed response without a message is empty, and junk events do not throw', async () => {
    const consumer = createStructuredStreamDecoder(decoder);
    consumer.push(null as unknown as ResponseStreamEvent);
    consumer.push({ type: 'response.output_item.done' } as unknown as ResponseStreamEvent);
    consumer.push(openaiEvent({ type: 'response.completed', response: {} as never, sequence_number: 3 }));
    expect(await consumer.finish()).toStrictEqual({ ok: false, kind: 'empty' });
  });
});
