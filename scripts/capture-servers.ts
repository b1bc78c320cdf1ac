// npm run capture-servers: rebuilds bench/fixtures/captured-tools.jsonl.br, the benchmark set of
// tools from public MCP servers the corpus does not hold (issue 25: OpenAPI-generated servers,
// larger and more `$defs`-heavy than the corpus). Installs each server from npm into a temporary
// directory, lists its tools as `toolschema mcp` lists them, and writes one line per tool:
// `{"server": "<package>@<version>", "tool": {...}}`. Needs the npm registry; not part of
// `npm test` or CI, which read the committed file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { listMcpTools } from '../src/cli/mcp-client.js';

interface CapturedServer {
  /** `<package>@<version>`, installed as it is. */
  install: string[];
  /** The line's `server` field. */
  name: string;
  /** The command line, run in the install directory (`<modules>` is its node_modules). */
  command: (modules: string) => string[];
  env?: Record<string, string>;
}

const GITHUB_SPEC = '<modules>/@octokit/openapi/generated/api.github.com.json';

/** The GitHub REST tags of the spec, but the two the corpus has (`issues`, `pulls`). */
function githubTags(modules: string): string[] {
  const spec = JSON.parse(readFileSync(GITHUB_SPEC.replace('<modules>', modules), 'utf8')) as {
    paths: Record<string, Record<string, { tags?: string[] } | unknown>>;
  };
  const tags = new Set<string>();
  for (const operations of Object.values(spec.paths))
    for (const operation of Object.values(operations))
      for (const tag of (operation as { tags?: string[] }).tags ?? []) tags.add(tag);
  return [...tags].filter((tag) => tag !== 'issues' && tag !== 'pulls').flatMap((tag) => ['--tag', tag]);
}

const SERVERS: CapturedServer[] = [
  {
    name: '@notionhq/notion-mcp-server@2.5.2',
    install: ['@notionhq/notion-mcp-server@2.5.2'],
    command: (modules) => ['node', `${modules}/@notionhq/notion-mcp-server/bin/cli.mjs`],
    env: { NOTION_TOKEN: 'ntn_capture' },
  },
  {
    // The corpus has this server over GitHub's `issues` and `pulls` tags; these are the others.
    name: '@ivotoby/openapi-mcp-server@1.16.1 (GitHub REST, @octokit/openapi@23.0.2)',
    install: ['@ivotoby/openapi-mcp-server@1.16.1', '@octokit/openapi@23.0.2'],
    command: (modules) => [
      'node',
      `${modules}/@ivotoby/openapi-mcp-server/bin/mcp-server.js`,
      '--api-base-url',
      'http://127.0.0.1:1',
      '--openapi-spec',
      GITHUB_SPEC.replace('<modules>', modules),
      '--tools',
      'all',
      ...githubTags(modules),
    ],
  },
  {
    name: '@postman/postman-mcp-server@2.13.0',
    install: ['@postman/postman-mcp-server@2.13.0'],
    command: (modules) => ['node', `${modules}/@postman/postman-mcp-server/dist/src/index.js`, '--full'],
    env: { POSTMAN_API_KEY: 'PMAK-capture' },
  },
  {
    name: '@twilio-alpha/mcp@0.7.0',
    install: ['@twilio-alpha/mcp@0.7.0'],
    command: (modules) => [
      'node',
      `${modules}/@twilio-alpha/mcp/build/index.js`,
      `AC${'0'.repeat(32)}/SK${'0'.repeat(32)}:capture`,
    ],
  },
  {
    // Microsoft Graph, OpenAPI-generated through zod: every tool's root takes extra keys
    // (`additionalProperties: true`); `--org-mode` lists the work-account tools too.
    name: '@softeria/ms-365-mcp-server@0.155.0 (--org-mode)',
    install: ['@softeria/ms-365-mcp-server@0.155.0'],
    command: (modules) => ['node', `${modules}/@softeria/ms-365-mcp-server/dist/index.js`, '--org-mode'],
  },
  {
    name: '@hubspot/mcp-server@0.4.0',
    install: ['@hubspot/mcp-server@0.4.0'],
    command: (modules) => ['node', `${modules}/@hubspot/mcp-server/dist/index.js`],
    env: { PRIVATE_APP_ACCESS_TOKEN: 'pat-capture' },
  },
  {
    name: 'mongodb-mcp-server@3.0.4',
    install: ['mongodb-mcp-server@3.0.4'],
    command: (modules) => ['node', `${modules}/mongodb-mcp-server/dist/esm/index.js`],
  },
  {
    name: '@tsmztech/mcp-server-salesforce@0.0.6',
    install: ['@tsmztech/mcp-server-salesforce@0.0.6'],
    command: (modules) => ['node', `${modules}/@tsmztech/mcp-server-salesforce/dist/index.js`],
    env: {
      SALESFORCE_CONNECTION_TYPE: 'User_Password',
      SALESFORCE_USERNAME: 'capture',
      SALESFORCE_PASSWORD: 'capture',
      SALESFORCE_TOKEN: 'capture',
    },
  },
];

const lines: string[] = [];
for (const server of SERVERS) {
  const directory = mkdtempSync(join(tmpdir(), 'toolschema-capture-'));
  try {
    execFileSync('npm', ['init', '-y'], { cwd: directory, stdio: 'ignore' });
    execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', ...server.install], {
      cwd: directory,
      stdio: 'ignore',
    });
    const [command, ...args] = server.command(join(directory, 'node_modules'));
    const listing = await listMcpTools({
      target: { command: command as string, args, env: { ...process.env, ...server.env } as Record<string, string> },
    });
    for (const tool of listing.tools) lines.push(JSON.stringify({ server: server.name, tool }));
    console.log(`${server.name}: ${listing.tools.length} tools`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
const file = fileURLToPath(new URL('../bench/fixtures/captured-tools.jsonl.br', import.meta.url));
writeFileSync(file, brotliCompressSync(`${lines.join('\n')}\n`, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
console.log(`${lines.length} tools written to ${file}`);
