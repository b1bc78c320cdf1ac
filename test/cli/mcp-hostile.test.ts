// toolschema mcp against servers that fight back: bounded in time and bytes, no process left, a clean terminal (issue 21).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runBin } from '../helpers/cli.js';
import { goneWithin } from '../helpers/processes.js';

const HOSTILE = ['node', 'test/fixtures/servers/hostile-server.mjs'];

function oneLine(text: string): string[] {
  return text.trim().split('\n');
}

describe('toolschema mcp leaves no process behind', () => {
  test('a child that shares the server’s stdout and ignores SIGTERM is ended with the server', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'toolschema-orphan-')), 'pid');
    const run = await runBin(['mcp', '--', ...HOSTILE, 'orphan-child', pidFile]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('alpha');
    expect(await goneWithin(Number(readFileSync(pidFile, 'utf8')), 5_000)).toBe(true);
  });
});

describe('toolschema mcp bounds what a server can make it do', () => {
  test('--max-tools ends a listing that grows past it, in one line', async () => {
    const run = await runBin(['mcp', '--max-tools', '600', '--', ...HOSTILE, 'many', '1000']);
    expect(run.exitCode).toBe(2);
    expect(oneLine(run.stderr)).toStrictEqual([expect.stringMatching(/more than 600 tools \(--max-tools\)/)]);
  });

  test('--deadline ends slow pages with unique cursors, in one line', async () => {
    const run = await runBin(['mcp', '--deadline', '1500', '--', ...HOSTILE, 'slow-cursors']);
    expect(run.exitCode).toBe(2);
    expect(oneLine(run.stderr)).toStrictEqual([expect.stringMatching(/longer than 1,500 ms in all \(--deadline\)/)]);
  });

  test('--max-message-bytes names a message too large, instead of "the server closed the connection"', async () => {
    const run = await runBin(['mcp', '--max-message-bytes', '100000', '--', ...HOSTILE, 'huge', '200000']);
    expect(run.exitCode).toBe(2);
    expect(oneLine(run.stderr)).toStrictEqual([expect.stringMatching(/message larger than/)]);
  });

  test('a malformed tools/list reply is one line', async () => {
    const run = await runBin(['mcp', '--', ...HOSTILE, 'bad-reply']);
    expect(run.exitCode).toBe(2);
    expect(oneLine(run.stderr)).toStrictEqual([expect.stringMatching(/malformed reply/)]);
  });

  test('junk on stdout is named in the failure, escaped', async () => {
    const run = await runBin(['mcp', '--connect-timeout', '1000', '--', ...HOSTILE, 'junk-stdout']);
    expect(run.exitCode).toBe(2);
    expect(oneLine(run.stderr)).toHaveLength(1);
    expect(run.stderr).toMatch(/not JSON-RPC: Server starting on stdio/);
    expect(run.stderr).not.toContain('\u001b');
    expect(run.stderr).toContain('\\u001b');
  });
});

/** A loopback HTTP server with a handler of the test's own. */
async function withHttp(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  use: (url: string) => Promise<void>,
): Promise<void> {
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer(handler);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('toolschema mcp --url is bounded too', () => {
  test('a 404 on POST and an SSE stream that never names its endpoint end at --connect-timeout', async () => {
    await withHttp(
      (request, response) => {
        request.resume();
        if (request.method === 'GET') {
          response.writeHead(200, { 'content-type': 'text/event-stream' });
          response.write(': waiting forever\n\n');
          return;
        }
        response.writeHead(404).end('not here');
      },
      async (url) => {
        const run = await runBin(['mcp', '--url', url, '--connect-timeout', '1000'], { timeoutMs: 20_000 });
        expect(run.exitCode).toBe(2);
        expect(oneLine(run.stderr)).toHaveLength(1);
      },
    );
  });

  test('a response body without end stops at --max-message-bytes', async () => {
    await withHttp(
      (request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'application/json' });
        const chunk = 'x'.repeat(64 * 1024);
        const pump = () => {
          while (response.write(chunk)) {}
        };
        response.on('drain', pump);
        pump();
      },
      async (url) => {
        const run = await runBin(['mcp', '--url', url, '--max-message-bytes', '1000000'], { timeoutMs: 20_000 });
        expect(run.exitCode).toBe(2);
        expect(oneLine(run.stderr)).toStrictEqual([expect.stringMatching(/larger than 1,000,000 bytes/)]);
      },
    );
  });
});

describe('toolschema prints no control character a server sent', () => {
  test('names, versions, descriptions and property names are shown escaped in every text view', async () => {
    for (const argv of [
      ['mcp', '--', ...HOSTILE, 'escapes'],
      ['mcp', '--target', 'gemini', '--', ...HOSTILE, 'escapes'],
      ['lint', '--', ...HOSTILE, 'escapes'],
      ['search', 'reads', '--', ...HOSTILE, 'escapes'],
    ]) {
      const run = await runBin(argv, { env: { FORCE_COLOR: '1' } });
      for (const text of [run.stdout, run.stderr]) {
        // The CLI's own colours (ESC [ n m) are the only escape sequences left.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
        expect(text.replace(/\u001b\[[0-9;]*m/g, '')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      }
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
      expect(run.stdout).not.toMatch(/\u001b\[(2J|2K|8m)/);
      expect(`${run.stdout}${run.stderr}`).toMatch(/\\u001b/);
    }
  });
});

describe('toolschema piped into a reader that stops early', () => {
  test('exits quietly (no EPIPE stack trace) when stdout closes mid-output', async () => {
    const { spawn } = await import('node:child_process');
    const { writeFileSync } = await import('node:fs');
    const file = join(mkdtempSync(join(tmpdir(), 'toolschema-epipe-')), 'wide.json');
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 20_000; i++) properties[`property_${i}`] = { type: 'string', description: `The ${i}th.` };
    writeFileSync(file, JSON.stringify({ type: 'object', properties }));
    const { BIN, REPO_ROOT } = await import('../helpers/cli.js');
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'normalize', '--pretty', '--no-compaction', file], {
        cwd: REPO_ROOT,
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      // Like `head -c 100`: read one chunk, then close the pipe.
      child.stdout.once('data', () => child.stdout.destroy());
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});

describe('toolschema mcp --target runs the request preflight of the target it prints', () => {
  test('warns of a server with more tools than one OpenAI request takes', async () => {
    const run = await runBin(['mcp', '--target', 'openai-responses', '--', ...HOSTILE, 'many', '200']);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toMatch(/200 tools in one request; the provider takes at most 128/);
  });

  test('--json keeps each tool’s warnings on stderr (a strict fallback, by tool)', async () => {
    // Nested 12 objects deep: past OpenAI strict's 10 levels, so sent non-strict with a warning.
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 12; level++) deep = { type: 'object', properties: { inner: deep } };
    const file = join(mkdtempSync(join(tmpdir(), 'toolschema-fallback-')), 'tools.json');
    writeFileSync(
      file,
      JSON.stringify([
        { name: 'deep_tool', inputSchema: deep },
        { name: 'flat_tool', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
      ]),
    );
    const run = await runBin(['mcp', '--target', 'openai-responses', '--strict', '--json', '--tools', file]);
    expect(JSON.parse(run.stdout)).toHaveLength(2);
    expect(run.stderr).toMatch(/^toolschema: deep_tool: \/inputSchema sent non-strict: /m);
    expect(run.stderr).not.toMatch(/flat_tool/);
  });
});
