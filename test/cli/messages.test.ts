// One clear line for what a person gets wrong, or what a connection does (issue 26).
import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { runBin } from '../helpers/cli.js';

describe('toolschema says what happened', () => {
  test.each([['codex'], ['gemini'], ['portable']])(
    '--strict on %s, which has no strict mode, is a usage error',
    async (target) => {
      const run = await runBin([
        'mcp',
        '--strict',
        '--target',
        target,
        '--',
        'node',
        'examples/demo-server/server.mjs',
      ]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr.trim()).toBe(
        `toolschema: --strict: ${target} has no strict mode (openai-responses, openai-chat, anthropic have)`,
      );
    },
  );

  test('--url to a closed port says the connection was refused', async () => {
    // A port just freed: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const run = await runBin(['mcp', '--url', `http://127.0.0.1:${port}/mcp`, '--connect-timeout', '2000']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim()).toBe(
      `toolschema: connecting to http://127.0.0.1:${port}/mcp failed: connection refused (is the server running on that address?)`,
    );
  });

  test('--url to a port fetch refuses says why, not only "fetch failed"', async () => {
    const run = await runBin(['mcp', '--url', 'http://127.0.0.1:1/mcp']);
    expect(run.stderr.trim()).toBe('toolschema: connecting to http://127.0.0.1:1/mcp failed: fetch failed (bad port)');
  });
});

describe('toolschema mcp --tools', () => {
  test('reads a saved tools/list instead of a server, and refuses both at once', async () => {
    const { mkdtempSync, writeFileSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'toolschema-tools-')), 'tools.json');
    const tools = JSON.parse(readFileSync('examples/demo-server/demo-tools.json', 'utf8')) as unknown[];
    writeFileSync(file, JSON.stringify({ tools }));
    const run = await runBin(['mcp', '--tools', file]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/: 6 tools — 6 converted, 0 failed, 1 compacted;/);
    const both = await runBin(['mcp', '--tools', file, '--', 'node', 'examples/demo-server/server.mjs']);
    expect(both.exitCode).toBe(2);
    expect(both.stderr.trim()).toBe('toolschema: give either --tools or a server, not both');
  });
});

describe('toolschema explain with several files', () => {
  test('explains each in turn, and --json gives an array of the reports', async () => {
    const files = ['examples/schemas/messy-create-issue.json', 'examples/schemas/answer.schema.json'];
    const text = await runBin(['explain', ...files]);
    expect(text.exitCode).toBe(0);
    expect(text.stdout.match(/^examples\/schemas\/\S+\.json: input [\d,]+ B/gm)).toHaveLength(2);
    const json = await runBin(['explain', '--json', ...files]);
    expect(JSON.parse(json.stdout)).toHaveLength(2);
  });
});
