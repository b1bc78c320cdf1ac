// A loopback HTTP server that plays the Responses API for the real `openai` client, recording requests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server answers to the next POST /v1/responses. */
export type FakeReply =
  | { kind: 'json'; body: unknown }
  | { kind: 'sse'; events: { type: string; [key: string]: unknown }[]; cutAfter?: number };

export interface FakeResponsesServer {
  baseURL: string;
  /** Parsed JSON bodies of the requests received, in order. */
  requests: unknown[];
  /** Replies to hand out, in order. */
  replies: FakeReply[];
  close(): Promise<void>;
}

/** Reads a request body as UTF-8 text. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

async function handle(server: FakeResponsesServer, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request);
  if (request.method !== 'POST' || request.url !== '/v1/responses') {
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
    return;
  }
  server.requests.push(JSON.parse(body));
  const reply = server.replies.shift();
  if (reply === undefined) {
    response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"no reply queued"}}');
  } else if (reply.kind === 'json') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
  } else {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.flushHeaders();
    for (const [index, event] of reply.events.entries()) {
      if (reply.cutAfter !== undefined && index >= reply.cutAfter) break;
      response.write(`event: ${event.type}\ndata: ${JSON.stringify({ ...event, sequence_number: index })}\n\n`);
    }
    if (reply.cutAfter === undefined) {
      response.end();
    } else {
      // Let the client read what was sent, then drop the connection mid-stream.
      await new Promise((resolve) => setTimeout(resolve, 50));
      response.socket?.destroy();
    }
  }
}

/** Starts the server on 127.0.0.1 with an ephemeral port. */
export async function startFakeResponsesServer(): Promise<FakeResponsesServer> {
  const http: Server = createServer();
  const fake: FakeResponsesServer = {
    baseURL: '',
    requests: [],
    replies: [],
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
  http.on('request', (request, response) => {
    handle(fake, request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  fake.baseURL = `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1`;
  return fake;
}

/** A completed assistant message item with the given text. */
export function messageItem(text: string, status: 'completed' | 'incomplete' = 'completed') {
  return {
    type: 'message',
    id: 'msg_1',
    role: 'assistant',
    status,
    content: [{ type: 'output_text', text, annotations: [] }],
  };
}

/** The SSE events of a streamed answer whose text arrives in the given deltas. */
export function streamedAnswer(deltas: string[]): { type: string; [key: string]: unknown }[] {
  const text = deltas.join('');
  const response = { id: 'resp_1', object: 'response', status: 'completed', output: [messageItem(text)] };
  return [
    { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } },
    {
      type: 'response.output_item.added',
      output_index: 0,
      item: { ...messageItem(''), status: 'in_progress', content: [] },
    },
    ...deltas.map((delta) => ({
      type: 'response.output_text.delta',
      item_id: 'msg_1',
      output_index: 0,
      content_index: 0,
      delta,
      logprobs: [],
    })),
    { type: 'response.output_text.done', item_id: 'msg_1', output_index: 0, content_index: 0, text, logprobs: [] },
    { type: 'response.output_item.done', output_index: 0, item: messageItem(text) },
    { type: 'response.completed', response },
  ];
}
