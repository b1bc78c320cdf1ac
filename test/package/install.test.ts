// What a user gets: the packed tarball installed the way a strict installer lays it out.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { runSession, sessions } from '../helpers/readme.js';

/** The library's install budget, stated in the README: a light install is a feature. */
const MAX_INSTALLED_PACKAGES = 12;
// re2js (linear-time patterns for resolveToolCall, issue 21) ships three builds, about 0.8 MB; the
// playground's worker (served by `toolschema playground`) carries jsdiff for its diff (session 9).
// 9.6 MB since session 26, 9.7 MB since session 30, 9.8 MB since session 33, 9.9 MB since
// session 38, 10.0 MB since session 44, 10.1 MB since session 45 (tuples and raw keywords in the
// converter, the checker's ref rule), 10.2 MB since session 49 (schemas no value matches, checks
// of hostile values in every export), 10.3 MB since session 51 (the Anthropic strict check of
// tools that cost nothing of the budget): the package's own code (with its sources and source
// maps), docs and changelog grow a few KB a session.
const MAX_INSTALLED_BYTES = 10_300_000;
/** Packages only the CLI needs (bundled into dist/cli/bin.js) or only types need. */
const FORBIDDEN_PACKAGES = ['openai', '@modelcontextprotocol/sdk', 'commander', 'zod', 'express', 'hono'];

let project: string;

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Every package directory under node_modules, nested ones included (the nested strategy repeats them). */
function installedPackages(dir: string, found: { name: string; dir: string }[] = []): { name: string; dir: string }[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (entry.startsWith('@')) {
      for (const scoped of readdirSync(path)) {
        found.push({ name: `${entry}/${scoped}`, dir: join(path, scoped) });
        installedPackages(join(path, scoped, 'node_modules'), found);
      }
      continue;
    }
    found.push({ name: entry, dir: path });
    installedPackages(join(path, 'node_modules'), found);
  }
  return found;
}

function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? directoryBytes(path) : statSync(path).size;
  }
  return total;
}

function toolschema(args: string[]) {
  return spawnSync(join(project, 'node_modules', '.bin', 'toolschema'), args, {
    cwd: project,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'toolschema-install-'));
  // `npm test` built dist/ already; pack what is there rather than build again.
  const packed = npm(['pack', '--ignore-scripts', '--silent', '--pack-destination', project], REPO_ROOT).trim();
  const tarball = packed.split('\n').pop() as string;
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
  npm(
    [
      'install',
      '--install-strategy=nested',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--prefer-offline',
      join(project, tarball),
    ],
    project,
  );
}, 600_000);

afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('the packed package, installed with --install-strategy=nested', () => {
  test('installs only the library dependencies: no CLI dependency, no openai', () => {
    const packages = installedPackages(join(project, 'node_modules'));
    const names = packages.map((p) => p.name);
    for (const forbidden of FORBIDDEN_PACKAGES) expect(names).not.toContain(forbidden);
    expect(packages.length).toBeLessThanOrEqual(MAX_INSTALLED_PACKAGES);
    expect(directoryBytes(join(project, 'node_modules'))).toBeLessThanOrEqual(MAX_INSTALLED_BYTES);
  });

  test('is as large as the README says (packages, MB on disk, the CLI bundle, the tokenizer, the dependencies)', () => {
    const text = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const packages = installedPackages(join(project, 'node_modules'));
    const said = /installs light: (\d+) packages \(toolschema and (\d+) dependencies\), about ([\d.]+) MB/.exec(text);
    expect(said).not.toBeNull();
    // The list has toolschema itself and each dependency.
    expect(packages.length).toBe(Number(said?.[1]));
    expect(packages.length - 1).toBe(Number(said?.[2]));
    const mb = (bytes: number) => bytes / 1e6;
    const within = (bytes: number, figure: string | undefined) =>
      expect(Math.abs(mb(bytes) - Number(figure)), `${mb(bytes).toFixed(2)} MB vs ${figure} MB`).toBeLessThanOrEqual(
        0.15,
      );
    const root = join(project, 'node_modules');
    const own = join(root, 'toolschema');
    within(directoryBytes(root), said?.[3]);
    within(directoryBytes(join(own, 'dist', 'cli')), /\(`dist\/cli\/`, ([\d.]+) MB/.exec(text)?.[1]);
    within(
      directoryBytes(join(own, 'dist', 'tokenizer')),
      /tables, ([\d.]+) MB in `dist\/tokenizer\/`/.exec(text)?.[1],
    );
    within(
      directoryBytes(root) - directoryBytes(own) + directoryBytes(join(own, 'node_modules')),
      /The dependencies\s+are ([\d.]+) MB/.exec(text)?.[1],
    );
  });

  test('runs toolschema --version', () => {
    const run = toolschema(['--version']);
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(version);
    expect(run.status).toBe(0);
  });

  test('says itself that an --env-file is missing (Node 20 would take the flag as its own, exit 9)', () => {
    const run = toolschema(['mcp', '--env-file', 'missing.env', '--', process.execPath, 'server.mjs']);
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe('toolschema: cannot read --env-file missing.env: no such file');
  });

  test('runs toolschema mcp on the demo server', () => {
    const run = toolschema(['mcp', '--', process.execPath, join(REPO_ROOT, 'examples/demo-server/server.mjs')]);
    expect(run.stdout).toContain('6 tools — 6 converted, 0 failed');
    expect(run.status).toBe(0);
  });

  test('runs toolschema proxy as a host starts it: the SDK client lists portable tools and calls one', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const transport = new StdioClientTransport({
      command: join(project, 'node_modules', '.bin', 'toolschema'),
      args: ['proxy', '--', process.execPath, join(REPO_ROOT, 'examples/demo-server/server.mjs')],
      cwd: project,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'host', version: '1' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(6);
      const result = await client.callTool({ name: 'search_listings', arguments: { location: '"Lyon"' } });
      expect(JSON.stringify(result.content)).toContain('{\\"location\\":\\"Lyon\\"}');
    } finally {
      await client.close();
    }
  });

  test.each(sessions().map((session) => [session.command, session] as const))(
    'runs the README session `%s` with the installed toolschema',
    (_name, session) => {
      runSession(session, JSON.stringify(join(project, 'node_modules', '.bin', 'toolschema')));
    },
  );

  test('imports the library by name', () => {
    const output = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { parseToolInputSchema } from 'toolschema'; console.log(JSON.stringify(parseToolInputSchema({ properties: { q: {} } })));",
      ],
      { cwd: project, encoding: 'utf8' },
    );
    expect(output).toBe('{"type":"object","properties":{"q":{}}}\n');
  });
});
