import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, runBin } from '../helpers/cli.js';

const DEMO = ['node', 'examples/demo-server/server.mjs'];
const EVERYTHING = ['node', 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'];
const FILESYSTEM = [
  'node',
  'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
  mkdtempSync(join(tmpdir(), 'toolschema-fs-')),
];
const HOSTILE = (mode: string, ...args: string[]) => [
  'node',
  'test/fixtures/servers/hostile-server.mjs',
  mode,
  ...args,
];

interface WireTool {
  type: string;
  name: string;
  strict: boolean;
  defer_loading?: boolean;
  parameters: Record<string, unknown>;
}

function parseTools(stdout: string): WireTool[] {
  return JSON.parse(stdout) as WireTool[];
}

describe('toolschema mcp against the demo server', () => {
  test('prints a table of every tool with bytes, tokens, passes and losses, and exits 0', async () => {
    const run = await runBin(['mcp', '--', ...DEMO]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(
      /^toolschema-demo 1\.0\.0: 6 tools — 6 converted, 0 failed, 1 compacted; 18,106 B → 1,543 B; [\d,]+ → [\d,]+ tokens\n/,
    );
    expect(run.stdout).toMatch(
      /update_doc\s+16,655 → 215\s+[\d,]+ → [\d,]+\s+strip, defs, collapse\s+55 descriptions, 5 keywords, 7 collapsed/,
    );
    expect(run.stdout).toMatch(/search_listings\s+288 → 289\s+\d+ → \d+\s+-\s+3 keywords, 1 emptied/);
    expect(run.stderr).toBe('');
  });

  test('--json emits the Responses tools array; --deferred marks defer_loading', async () => {
    const tools = parseTools((await runBin(['mcp', '--json', '--deferred', '--', ...DEMO])).stdout);
    expect(tools.map((tool) => tool.name)).toStrictEqual([
      'get_weather',
      'search_listings',
      'configure_alerts',
      'create_event',
      'update_tree',
      'update_doc',
    ]);
    expect(
      tools.every((tool) => tool.type === 'function' && tool.strict === false && tool.defer_loading === true),
    ).toBe(true);
    expect(tools[2]?.parameters).toStrictEqual({
      type: 'object',
      properties: { email: { type: 'string' }, sms: { type: 'string' }, webhook: { type: 'string' } },
      additionalProperties: true,
    });
  });

  test('--explain shows one tool stage by stage', async () => {
    const run = await runBin(['mcp', '--explain', 'update_doc', '--', ...DEMO]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('compact (budget 5,000 B)');
    expect(run.stdout).toMatch(/strip_descriptions: 16,\d{3} B → [\d,]+ B/);
    expect(run.stdout).toContain('collapse_deep_objects');
  });

  test('--explain of a tool the server does not list is a usage error', async () => {
    const run = await runBin(['mcp', '--explain', 'nope', '--', ...DEMO]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^toolschema: no tool named "nope"; the server lists: get_weather, /);
  });
});

describe('toolschema mcp --url (Streamable HTTP)', () => {
  let server: ChildProcess;
  let url = '';
  beforeAll(async () => {
    server = spawn(process.execPath, ['examples/demo-server/server.mjs', '--http', '0'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    url = await new Promise<string>((resolve, reject) => {
      server.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8').trim()));
      server.once('error', reject);
    });
  });
  afterAll(() => {
    server.kill();
  });

  test('lists and converts the tools of an HTTP server', async () => {
    const run = await runBin(['mcp', '--json', '--url', url]);
    expect(run.exitCode).toBe(0);
    expect(parseTools(run.stdout).map((tool) => tool.name)).toContain('update_doc');
  });

  test('a refused connection is exit 2 with one line', async () => {
    // A port that was free a moment ago: nothing listens there now.
    const probe = createNetServer();
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as AddressInfo).port)),
    );
    await new Promise((resolve) => probe.close(resolve));
    const closed = `http://127.0.0.1:${port}/mcp`;
    const run = await runBin(['mcp', '--url', closed, '--connect-timeout', '2000']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe(
      `toolschema: connecting to ${closed} failed: connection refused (is the server running on that address?)\n`,
    );
  });
});

describe('toolschema mcp against real published servers', () => {
  test('@modelcontextprotocol/server-everything', async () => {
    const run = await runBin(['mcp', '--json', '--', ...EVERYTHING]);
    expect(run.exitCode).toBe(0);
    const tools = parseTools(run.stdout);
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    expect(tools.find((tool) => tool.name === 'echo')?.parameters).toStrictEqual({
      type: 'object',
      properties: { message: { type: 'string', description: 'Message to echo' } },
      required: ['message'],
    });
  });

  test('@modelcontextprotocol/server-filesystem', async () => {
    const run = await runBin(['mcp', '--json', '--', ...FILESYSTEM]);
    expect(run.exitCode).toBe(0);
    const names = parseTools(run.stdout).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['read_text_file', 'write_file', 'list_directory', 'search_files']));
  });

  test('search ranks a live server’s tools', async () => {
    const run = await runBin(['search', '--json', 'list the files in a directory', '--', ...FILESYSTEM]);
    expect(run.exitCode).toBe(0);
    const hits = JSON.parse(run.stdout) as { name: string; score: number }[];
    expect(hits[0]?.name).toMatch(/^list_directory/);
  });
});

describe('toolschema mcp against misbehaving servers', () => {
  test('a server that crashes at start: exit 2, one line quoting its stderr', async () => {
    const run = await runBin(['mcp', '--', ...HOSTILE('crash')]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe(
      'toolschema: connecting to node test/fixtures/servers/hostile-server.mjs crash failed: the server closed the connection; server stderr: fatal: MISSING_API_KEY is not set\n',
    );
  });

  test('a server that never answers (and ignores SIGTERM): exit 2 after the connect timeout, and it is reaped', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'toolschema-pid-')), 'server.pid');
    const run = await runBin(['mcp', '--connect-timeout', '500', '--', ...HOSTILE('hang', pidFile)]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^toolschema: connecting to .* failed: no answer in time/);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(() => process.kill(pid, 0)).toThrowError(expect.objectContaining({ code: 'ESRCH' }));
  });

  test('a command that does not exist: exit 2', async () => {
    const run = await runBin(['mcp', '--', 'toolschema-no-such-command']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe('toolschema: connecting to toolschema-no-such-command failed: command not found\n');
  });

  test('malformed tools: each fails on its own, the rest convert, exit 1', async () => {
    const run = await runBin(['mcp', '--json', '--', ...HOSTILE('malformed')]);
    expect(run.exitCode).toBe(1);
    expect(parseTools(run.stdout).map((tool) => tool.name)).toStrictEqual(['fine_before', 'fine_after']);
    expect(run.stderr.trim().split('\n')).toStrictEqual([
      'toolschema: string_schema: at /inputSchema: expected a schema object, found a string "not a schema"',
      'toolschema: null_schema: at /inputSchema: expected a schema object, found null',
      'toolschema: null_root_type: at /inputSchema: tool input schema must not be a singleton null type',
      'toolschema: tuple_items: at /inputSchema/properties/pair/items: expected a schema object, found an array',
      'toolschema: #5: at the root: an MCP tool must be an object with a string name',
    ]);
  });

  test('10,000 tools over 20 pages all convert', async () => {
    const run = await runBin(['mcp', '--json', '--', ...HOSTILE('many', '10000')]);
    expect(run.exitCode).toBe(0);
    const tools = parseTools(run.stdout);
    expect(tools).toHaveLength(10_000);
    expect(tools.at(-1)?.name).toBe('tool_9999');
  });

  test('a server that exits mid-list: exit 2 with a clear line', async () => {
    const run = await runBin(['mcp', '--', ...HOSTILE('exit-mid-list')]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^toolschema: listing tools of .* failed: the server closed the connection/);
  });

  test('cursors that never end: exit 2, no endless loop', async () => {
    const run = await runBin(['mcp', '--', ...HOSTILE('endless-cursor')]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/the server's cursors do not end/);
  });

  test('a server that floods stderr is still listed', async () => {
    const run = await runBin(['mcp', '--json', '--', ...HOSTILE('flood-stderr')]);
    expect(run.exitCode).toBe(0);
    expect(parseTools(run.stdout).map((tool) => tool.name)).toStrictEqual(['alpha', 'beta']);
  });

  test('--url with a command is a usage error', async () => {
    const run = await runBin(['mcp', '--url', 'http://127.0.0.1:9/mcp', '--', 'node']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe('toolschema: give either --url or a command after --, not both\n');
  });
});

describe('toolschema mcp --target and toolschema lint (issue 12)', () => {
  test('mcp --target openai-responses --strict shows per tool what the provider gets and what changed', async () => {
    const run = await runBin(['mcp', '--target', 'openai-responses', '--strict', '--', ...DEMO]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(
      /^toolschema-demo 1\.0\.0 for openai-responses \(strict\): 6 tools — 6 converted, 0 failed, 1 compacted; 6 strict;/,
    );
    // configure_alerts takes extra keys on purpose (additionalProperties: true): served strict,
    // its other keys sent as JSON text (with its `true` property's value).
    expect(run.stdout).toMatch(
      /\nconfigure_alerts +128 → \d+ +\d+ → \d+ +yes +1 dropped, 2 as JSON text, 2 nullable, 1 moved to description\n/,
    );
    expect(run.stdout).toMatch(/\nsearch_listings +288 → \d+ +\d+ → \d+ +yes +1 as JSON text, 3 nullable\n/);
  });

  test('mcp --target gemini --json prints the function declarations', async () => {
    const run = await runBin(['mcp', '--target', 'gemini', '--json', '--', ...DEMO]);
    const declarations = JSON.parse(run.stdout) as { name: string; parameters?: { type: string } }[];
    expect(declarations.map((declaration) => declaration.name)).toContain('get_weather');
    expect(
      declarations.every(
        (declaration) => declaration.parameters === undefined || declaration.parameters.type === 'OBJECT',
      ),
    ).toBe(true);
  });

  test('mcp --explain TOOL --target lists the target changes by path and the tool sent', async () => {
    const run = await runBin([
      'mcp',
      '--explain',
      'configure_alerts',
      '--target',
      'anthropic',
      '--strict',
      '--',
      ...DEMO,
    ]);
    // Served strict: the extra keys it takes on purpose go in a property of their own.
    expect(run.stdout).toMatch(/\nanthropic \(strict\): sent as configure_alerts\n/);
    expect(run.stdout).toMatch(/\n {2}\/inputSchema\/additionalProperties {2}encoded json text \(other keys sent in/);
    expect(run.stdout).toMatch(/\nthe tool the provider gets\n\{\n {2}"name": "configure_alerts",/);
    expect(run.stdout).toMatch(/\n {6}"other_keys": \{\n {8}"type": "string",/);
  });

  test('lint exits 1 and names what each target rejects of the tools as they are', async () => {
    const run = await runBin(['lint', '--', ...DEMO]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(
      /^toolschema-demo 1\.0\.0: 6 tools, as they are, against 8 provider targets\n\n {2}portable /,
    );
    expect(run.stdout).toMatch(/\n {2}gemini +6 of 6 tools rejected\n/);
    // Each finding: the tool and the path, what the provider answers, and the fix.
    expect(run.stdout).toMatch(
      /\n {2}create_event \/parameters\/properties\/attendees\n {4}openai-responses answers: "array schema missing items"\n {4}fix: add "items"/,
    );
  });

  test('lint exits 0 when the chosen targets accept every tool (no raw schema satisfies both Gemini and OpenAI strict)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'toolschema-lint-')), 'tools.json');
    const clean = {
      name: 'echo',
      description: 'Echo.',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string' } },
        required: ['text'],
        additionalProperties: false,
      },
    };
    writeFileSync(file, JSON.stringify({ tools: [clean] }));
    const run = await runBin(['lint', '--tools', file, '--target', 'openai-responses', '--target', 'anthropic']);
    expect(run.stdout).toMatch(/against 4 provider targets/);
    expect(run.stdout).not.toMatch(/rejected/);
    expect(run.exitCode).toBe(0);
    const all = await runBin(['lint', '--tools', file]);
    expect(all.stdout).toMatch(/ {2}gemini +1 of 1 tools rejected/);
    expect(all.exitCode).toBe(1);
  });
});

describe('toolschema mcp with the fidelity policy and a token budget (issue 15)', () => {
  test('--compaction fidelity keeps more of update_doc within the same budget, and says which steps ran', async () => {
    const run = await runBin(['mcp', '--compaction', 'fidelity', '--', ...DEMO]);
    expect(run.exitCode).toBe(0);
    const row = run.stdout.split('\n').find((line) => line.startsWith('update_doc')) ?? '';
    const [, out] = /16,655 → ([\d,]+)/.exec(row) ?? [];
    expect(Number(out?.replaceAll(',', ''))).toBeGreaterThan(4_000);
    expect(Number(out?.replaceAll(',', ''))).toBeLessThanOrEqual(5_000);
    expect(row).toMatch(/drop least valuable/);
  });

  test('--budget-tokens keeps each tool within the tokens when its description leaves room', async () => {
    const run = await runBin(['mcp', '--compaction', 'fidelity', '--budget-tokens', '1200', '--json', '--', ...DEMO]);
    const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
    for (const tool of JSON.parse(run.stdout) as unknown[])
      expect(countTokens(JSON.stringify(tool))).toBeLessThanOrEqual(1_200);
  });

  test('--explain TOOL --compaction fidelity shows what was shortened and collapsed, with tokens', async () => {
    const run = await runBin(['mcp', '--explain', 'update_doc', '--compaction', 'fidelity', '--', ...DEMO]);
    expect(run.stdout).toMatch(
      /^update_doc: input 16,655 B \([\d,]+ schema tokens\) → final [\d,]+ B \([\d,]+ schema tokens\)\n/,
    );
    expect(run.stdout).toMatch(/drop_least_valuable: [\d,]+ B → [\d,]+ B/);
    expect(run.stdout).toMatch(/subtree collapsed/);
  });
});
