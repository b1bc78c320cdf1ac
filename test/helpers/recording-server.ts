// A loopback HTTP server that records every request body and answers with a reply chosen by path.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './fake-responses-server.js';

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

export interface RecordingServer {
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts on 127.0.0.1 (ephemeral port); `reply(url)` gives the JSON to answer. */
export async function startRecordingServer(reply: (url: string) => unknown): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const http = createServer((request, response) => {
    readBody(request).then(
      (text) => {
        requests.push({
          method: request.method ?? '',
          url: request.url ?? '',
          body: text === '' ? undefined : JSON.parse(text),
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply(request.url ?? '')));
      },
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}
