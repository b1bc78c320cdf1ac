// How toolschema mcp reaches a server: its environment, request headers, and why a failure happened (issue 11).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runBin } from '../helpers/cli.js';

const NEEDS_ENV = ['node', 'test/fixtures/servers/hostile-server.mjs', 'needs-env'];

describe('toolschema mcp passes an environment to a stdio server', () => {
  test('without --env the server sees only the safe default variables, and the quoted stderr is its error, not the stack tail', async () => {
    const run = await runBin(['mcp', '--', ...NEEDS_ENV], { env: { DEMO_API_KEY: 'from-shell' } });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/server stderr: Error: DEMO_API_KEY is not set: export it or pass it to the server/);
    expect(run.stderr).not.toMatch(/ModuleJob|Node\.js v/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  test('--env KEY=VALUE gives the server a variable', async () => {
    const run = await runBin(['mcp', '--env', 'DEMO_API_KEY=abc', '--', ...NEEDS_ENV]);
    expect(run.stdout).toContain('key_abc');
    expect(run.exitCode).toBe(0);
  });

  test('--env KEY passes the shell value of KEY', async () => {
    const run = await runBin(['mcp', '--env', 'DEMO_API_KEY', '--', ...NEEDS_ENV], { env: { DEMO_API_KEY: 'shell' } });
    expect(run.stdout).toContain('key_shell');
    expect(run.exitCode).toBe(0);
  });

  test('--env-file reads a dotenv file; --env wins over it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'toolschema-env-')), '.env');
    writeFileSync(file, '# secrets\nexport DEMO_API_KEY="from-file"\nOTHER=1\n');
    const fromFile = await runBin(['mcp', '--env-file', file, '--', ...NEEDS_ENV]);
    expect(fromFile.stdout).toContain('key_from-file');
    const both = await runBin(['mcp', '--env-file', file, '--env', 'DEMO_API_KEY=flag', '--', ...NEEDS_ENV]);
    expect(both.stdout).toContain('key_flag');
  });

  test('--env KEY for a variable the shell does not have is a usage error', async () => {
    const run = await runBin(['mcp', '--env', 'NOT_SET_ANYWHERE', '--', ...NEEDS_ENV]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/NOT_SET_ANYWHERE is not set in this environment/);
  });
});

/** A loopback HTTP server that records request headers and answers every request with `status`. */
async function withHttpServer(
  status: number,
  body: string,
  use: (url: string, headers: IncomingHttpHeaders[]) => Promise<void>,
): Promise<void> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    request.resume();
    response.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, seen);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('toolschema mcp --url', () => {
  test('sends every --header with the request', async () => {
    await withHttpServer(401, '', async (url, seen) => {
      const run = await runBin([
        'mcp',
        '--url',
        url,
        '--header',
        'Authorization: Bearer t0k3n',
        '--header',
        'X-Team: a',
      ]);
      expect(run.exitCode).toBe(2);
      expect(seen[0]?.authorization).toBe('Bearer t0k3n');
      expect(seen[0]?.['x-team']).toBe('a');
      expect(run.stderr).toMatch(/HTTP 401, not authorized \(pass credentials with --header/);
    });
  });

  test('an HTTP 404 with an empty body says what is wrong, not "Error POSTing to endpoint: "', async () => {
    await withHttpServer(404, '', async (url) => {
      const run = await runBin(['mcp', '--url', url]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(/failed: HTTP 404, no MCP endpoint at this URL/);
      expect(run.stderr).not.toMatch(/POSTing to endpoint: \n/);
    });
  });

  test('--env with --url and --header with a command are usage errors', async () => {
    const envOverHttp = await runBin(['mcp', '--url', 'http://127.0.0.1:9/mcp', '--env', 'A=1']);
    expect(envOverHttp.exitCode).toBe(2);
    expect(envOverHttp.stderr).toMatch(/over --url, use --header/);
    const headerOverStdio = await runBin(['mcp', '--header', 'A: 1', '--', ...NEEDS_ENV]);
    expect(headerOverStdio.exitCode).toBe(2);
    expect(headerOverStdio.stderr).toMatch(/--header is for --url/);
  });
});
