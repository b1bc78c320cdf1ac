// toolschema proxy with the MCP SDK's own client, over stdio and Streamable HTTP (issue 23).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  LoggingMessageNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, test } from 'vitest';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { BIN, REPO_ROOT, runBin } from '../helpers/cli.js';
import { goneWithin, isRunning } from '../helpers/processes.js';

const DEMO = ['node', 'examples/demo-server/server.mjs'];
const UPSTREAM = ['node', 'test/fixtures/servers/proxy-upstream.mjs'];

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close().catch(() => undefined);
});

/** The SDK's client on the proxy over stdio, as a host starts it; stderr captured. */
async function proxied(
  args: string[],
): Promise<{ client: Client; stderr: () => string; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'proxy', ...args],
    cwd: REPO_ROOT,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'test-host', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => stderr, transport };
}

function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((part) => part.text ?? '').join('');
}

describe('toolschema proxy over stdio', () => {
  test('lists the demo server’s tools portable, within every provider’s rules, and calls them with restored arguments', async () => {
    const { client } = await proxied(['--', ...DEMO]);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toStrictEqual([
      'get_weather',
      'search_listings',
      'configure_alerts',
      'create_event',
      'update_tree',
      'update_doc',
    ]);
    expect(checkProviderTools('portable', tools)).toStrictEqual([]);
    // `location` has no type: it is sent as JSON text, and the upstream gets the value back.
    const search = tools.find((tool) => tool.name === 'search_listings');
    expect(search?.inputSchema.properties?.location).toStrictEqual({
      type: 'string',
      description: 'City or neighbourhood (any JSON value, written as JSON text)',
    });
    const result = await client.callTool({
      name: 'search_listings',
      arguments: { location: JSON.stringify('Lyon'), amenities: ['wifi'] },
    });
    expect(textOf(result)).toBe(
      'search_listings called with {"location":"Lyon","amenities":["wifi"]} (demo server: no real effect)',
    );
  });

  test('lists every good tool of a server with real-world bugs, leaves the broken one out with its reason on stderr', async () => {
    const { client, stderr } = await proxied(['--', ...UPSTREAM]);
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toContain('nested_required');
    expect(names).toContain('map_of_strings');
    expect(names.find((name) => name.startsWith('long_'))?.length).toBeLessThanOrEqual(64);
    expect(names).not.toContain('broken');
    expect(checkProviderTools('portable', tools)).toStrictEqual([]);
    expect(stderr()).toMatch(/left out broken: at \/inputSchema: expected a schema object/);
    expect(stderr()).toMatch(/serving 8 of 9 tools for portable, 3 repaired, 1 left out; [\d,]+ → [\d,]+ tokens/);
  });

  test('forwards restored arguments and _meta under the upstream’s name; the result comes back as it is', async () => {
    const { client } = await proxied(['--', ...UPSTREAM]);
    const { tools } = await client.listTools();
    const echo = tools.find((tool) => tool.name === 'echo');
    expect(Object.keys(echo?.inputSchema.properties ?? {})).toContain('user_id');
    // outputSchema in 2020-12: definitions → $defs, the draft-07 $schema gone.
    expect(echo?.outputSchema).toStrictEqual({
      type: 'object',
      properties: { received: { $ref: '#/$defs/Args' } },
      $defs: { Args: { type: 'object' } },
    });
    const result = await client.callTool({
      name: 'echo',
      arguments: { user_id: 3, level: '2' },
      _meta: { trace: 'abc' },
    });
    expect(result.structuredContent).toStrictEqual({ received: { 'user-id': 3, level: 2 } });
    expect(result._meta).toStrictEqual({ sawMeta: { trace: 'abc' } });
  });

  test('--strict serves a tool that takes other keys strict, and the upstream gets the other keys back as its own', async () => {
    const { client } = await proxied(['--target', 'openai-responses', '--strict', '--', ...DEMO]);
    const { tools } = await client.listTools();
    const alerts = tools.find((tool) => tool.name === 'configure_alerts');
    expect(alerts?.inputSchema.additionalProperties).toBe(false);
    expect(alerts?.inputSchema.required).toContain('other_keys');
    const result = await client.callTool({
      name: 'configure_alerts',
      arguments: { email: null, webhook: 'https://example.com/hook', other_keys: '{"pager":"on"}' },
    });
    expect(textOf(result)).toContain(
      'configure_alerts called with {"webhook":"https://example.com/hook","pager":"on"}',
    );
  });

  test('does not forward arguments that fail the upstream’s schema: an isError result names the path', async () => {
    const { client } = await proxied(['--', ...UPSTREAM]);
    const rejected = await client.callTool({ name: 'echo', arguments: { user_id: 0 } });
    expect(rejected.isError).toBe(true);
    expect(textOf(rejected)).toContain('/user-id: must be >= 1');
    const calls = JSON.parse(textOf(await client.callTool({ name: 'calls', arguments: {} }))) as { name: string }[];
    expect(calls.map((call) => call.name)).toStrictEqual(['calls']);
  });

  test('passes resources, prompts and logging through, and progress back', async () => {
    const { client } = await proxied(['--', ...UPSTREAM]);
    expect((await client.listResources()).resources.map((resource) => resource.uri)).toStrictEqual(['test://hello']);
    expect(await client.readResource({ uri: 'test://hello' })).toMatchObject({
      contents: [{ text: 'hello from upstream' }],
    });
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toStrictEqual(['greet']);
    expect(client.getInstructions()).toBe('Use echo.');
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logged.push(notification.params.data);
    });
    const progress: number[] = [];
    await client.callTool({ name: 'slow', arguments: {} }, undefined, {
      onprogress: (update) => progress.push(update.progress),
    });
    expect(progress).toStrictEqual([1, 2]);
    await client.callTool({ name: 'echo', arguments: { user_id: 1 } });
    for (let tries = 0; logged.length === 0 && tries < 100; tries++) await new Promise((r) => setTimeout(r, 20));
    expect(logged).toStrictEqual(['echo called']);
  });

  test('re-lists and re-converts when the upstream says its tools changed, then tells the host', async () => {
    const { client } = await proxied(['--', ...UPSTREAM]);
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    await client.callTool({ name: 'grow', arguments: {} });
    for (let tries = 0; changed === 0 && tries < 200; tries++) await new Promise((r) => setTimeout(r, 20));
    expect(changed).toBe(1);
    const { tools } = await client.listTools();
    const grown = tools.find((tool) => tool.name.startsWith('grown_'));
    expect(grown?.inputSchema).toStrictEqual({ type: 'object', properties: { n: { type: 'integer' } } });
  });

  test('filters by --include and --exclude, and cuts names to --max-name', async () => {
    const { client } = await proxied([
      '--include',
      'e*',
      '--include',
      'long_*',
      '--exclude',
      'echo',
      '--max-name',
      '20',
      '--',
      ...UPSTREAM,
    ]);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toStrictEqual([expect.stringMatching(/^long_n+_[0-9a-z]{7}$/)]);
    expect(tools[0]?.name.length).toBeLessThanOrEqual(20);
  });

  test('passes the host’s cancellation on: the upstream’s request is cancelled too', async () => {
    const { client } = await proxied(['--', ...UPSTREAM]);
    const controller = new AbortController();
    const call = client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: controller.signal });
    call.catch(() => undefined); // awaited below
    /** Polls the upstream's log until a call of that name is in it (a loaded machine may be slow). */
    const untilLogged = async (name: string): Promise<string[]> => {
      let calls: { name: string }[] = [];
      for (let tries = 0; !calls.some((entry) => entry.name === name) && tries < 500; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        calls = JSON.parse(textOf(await client.callTool({ name: 'calls', arguments: {} }))) as { name: string }[];
      }
      return calls.map((entry) => entry.name);
    };
    // Cancelled once the upstream has it: a cancellation before that reaches no upstream request.
    expect(await untilLogged('wait-started')).toContain('wait-started');
    controller.abort();
    await expect(call).rejects.toThrow();
    expect(await untilLogged('wait-cancelled')).toContain('wait-cancelled');
  });

  test('SIGTERM to the proxy ends it and its upstream', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'toolschema-proxy-')), 'pid');
    const child = spawn(process.execPath, [BIN, 'proxy', '--', ...UPSTREAM, pidFile], {
      cwd: REPO_ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.on('close', (code, signal) => resolve(signal ?? code)),
    );
    for (let tries = 0; !/serving \d+ of/.test(stderr) && tries < 300; tries++)
      await new Promise((r) => setTimeout(r, 20));
    const upstreamPid = Number(readFileSync(pidFile, 'utf8'));
    child.kill('SIGTERM');
    expect(await exited).toBe('SIGTERM');
    expect(await goneWithin(upstreamPid, 10_000)).toBe(true);
  });

  test('closing the host’s side ends the upstream and every process it started', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'toolschema-proxy-')), 'pid');
    const { client } = await proxied(['--', ...UPSTREAM, pidFile]);
    await client.listTools();
    const upstreamPid = Number(readFileSync(pidFile, 'utf8'));
    expect(isRunning(upstreamPid)).toBe(true);
    await client.close();
    expect(await goneWithin(upstreamPid, 10_000)).toBe(true);
  });
});

describe('toolschema proxy ends with one line when its upstream fails', () => {
  test('an upstream that never answers initialize: one line and exit 2 at --connect-timeout', async () => {
    const run = await runBin(
      ['proxy', '--connect-timeout', '1000', '--', 'node', 'test/fixtures/servers/hostile-server.mjs', 'hang'],
      {
        timeoutMs: 30_000,
      },
    );
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim().split('\n')).toStrictEqual([
      expect.stringMatching(/connecting to .* failed: no answer in time/),
    ]);
  });

  test('an upstream that dies mid-session: one line and a non-zero exit', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'toolschema-proxy-')), 'pid');
    const child = spawn(process.execPath, [BIN, 'proxy', '--', ...UPSTREAM, pidFile], {
      cwd: REPO_ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    for (let tries = 0; !/serving \d+ of/.test(stderr) && tries < 300; tries++)
      await new Promise((r) => setTimeout(r, 20));
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
    const code = await exited;
    expect(code).not.toBe(0);
    const lines = stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^toolschema proxy: serving node .* failed: the server closed the connection/);
  });

  test('--dry-run prints what a host would be served, and --json the tools/list result', async () => {
    const text = await runBin(['proxy', '--dry-run', '--', ...DEMO]);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(/^serving 6 of 6 tools for portable, 0 repaired, 0 left out; [\d,]+ → [\d,]+ tokens\n/);
    const json = await runBin(['proxy', '--dry-run', '--json', '--target', 'anthropic', '--', ...DEMO]);
    const listed = JSON.parse(json.stdout) as { tools: { name: string; inputSchema: unknown }[] };
    expect(listed.tools).toHaveLength(6);
    expect(
      checkProviderTools(
        'anthropic',
        listed.tools.map((tool) => ({ name: tool.name, description: '', input_schema: tool.inputSchema })),
      ),
    ).toStrictEqual([]);
  });
});

describe('toolschema proxy with more tools than a request takes', () => {
  const MANY = ['node', 'test/fixtures/servers/many-tools.mjs'];
  const tooMany = /(\d+) tools served, more than (\S+) takes in one request \((\d+)\)/;

  test('says so on stderr once, naming the limit, and still serves every tool', async () => {
    const run = await runBin(['proxy', '--dry-run', '--', ...MANY, '129']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^serving 129 of 129 tools for portable, /);
    const lines = run.stderr.split('\n').filter((line) => tooMany.test(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.match(tooMany)?.slice(1)).toEqual(['129', 'portable', '128']);
    expect(lines[0]).toMatch(/--include or --exclude/);
  });

  test('is quiet within the limit, after --include, and on a target without one', async () => {
    const within = await runBin(['proxy', '--dry-run', '--', ...MANY, '128']);
    const filtered = await runBin(['proxy', '--dry-run', '--include', 'tool_1*', '--', ...MANY, '129']);
    const anthropic = await runBin(['proxy', '--dry-run', '--target', 'anthropic', '--', ...MANY, '129']);
    for (const run of [within, filtered, anthropic]) {
      expect(run.exitCode).toBe(0);
      expect(run.stderr).not.toMatch(tooMany);
    }
    // tool_1, tool_10-19, tool_100-128.
    expect(filtered.stdout).toMatch(/^serving 40 of 129 tools for portable, /);
    expect(anthropic.stdout).toMatch(/^serving 129 of 129 tools for anthropic, /);
  });
});

describe('toolschema proxy --listen', () => {
  test('serves Streamable HTTP on loopback; ending the session ends its upstream', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'toolschema-proxy-')), 'pid');
    const child = spawn(process.execPath, [BIN, 'proxy', '--listen', '127.0.0.1:0', '--', ...UPSTREAM, pidFile], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      for (let tries = 0; !/listening on http/.test(stderr) && tries < 300; tries++)
        await new Promise((r) => setTimeout(r, 20));
      const url = /listening on (http:\/\/\S+)/.exec(stderr)?.[1] as string;
      const transport = new StreamableHTTPClientTransport(new URL(url));
      const client = new Client({ name: 'http-host', version: '1' });
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(checkProviderTools('portable', tools)).toStrictEqual([]);
      const result = await client.callTool({ name: 'echo', arguments: { user_id: 2 } });
      expect(result.structuredContent).toStrictEqual({ received: { 'user-id': 2 } });
      const upstreamPid = Number(readFileSync(pidFile, 'utf8'));
      await transport.terminateSession();
      await client.close();
      expect(await goneWithin(upstreamPid, 10_000)).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
