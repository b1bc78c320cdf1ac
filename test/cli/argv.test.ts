// The first test layer of the CLI: argv → one command's options, without running it or spawning a process.
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { type Invocation, parseCommandLine } from '../../src/cli/main.js';

const io = () => ({
  cwd: process.cwd(),
  stdin: Readable.from(['']),
  stdout: new PassThrough(),
  stderr: new PassThrough(),
  env: { SHELL_KEY: 'from-shell' },
});

const MCP_LIMIT_DEFAULTS = {
  deadlineMs: 120_000,
  maxTools: 10_000,
  maxMessageBytes: 16 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
};

const MCP_DEFAULTS = {
  deferred: false,
  budgetBytes: undefined,
  descriptionLimit: undefined,
  connectTimeoutMs: 15_000,
  listTimeoutMs: 30_000,
  mcpLimits: MCP_LIMIT_DEFAULTS,
  explainTool: undefined,
  json: false,
  providerTarget: 'codex',
  strict: false,
  namespace: undefined,
  compactionPolicy: 'reference',
  budgetTokens: undefined,
} as const;

const SCHEMA_DEFAULTS = {
  compaction: true,
  compactionPolicy: 'reference',
  budgetBytes: undefined,
  budgetTokens: undefined,
} as const;

describe('parseCommandLine', () => {
  test.each<[string, string[], Invocation]>([
    [
      'explain with defaults reads stdin',
      ['explain'],
      { command: 'explain', options: { files: ['-'], ...SCHEMA_DEFAULTS, json: false } },
    ],
    [
      'explain with every flag',
      ['explain', 'a.json', '--no-compaction', '--budget', '2000', '--json'],
      {
        command: 'explain',
        options: { ...SCHEMA_DEFAULTS, files: ['a.json'], compaction: false, budgetBytes: 2000, json: true },
      },
    ],
    [
      'explain with the fidelity policy and a token budget',
      ['explain', 'a.json', '--compaction', 'fidelity', '--budget-tokens', '800'],
      {
        command: 'explain',
        options: {
          ...SCHEMA_DEFAULTS,
          files: ['a.json'],
          compactionPolicy: 'fidelity',
          budgetTokens: 800,
          json: false,
        },
      },
    ],
    [
      'normalize --pretty',
      ['normalize', 'a.json', '--pretty'],
      { command: 'normalize', options: { file: 'a.json', ...SCHEMA_DEFAULTS, pretty: true } },
    ],
    [
      'mcp with a command after --',
      ['mcp', '--', 'node', 'server.js', '--port', '1'],
      { command: 'mcp', options: { ...MCP_DEFAULTS, target: { command: 'node', args: ['server.js', '--port', '1'] } } },
    ],
    [
      'mcp with --env pairs and a shell variable',
      ['mcp', '--env', 'A=1', '--env', 'B=x=y', '--env', 'SHELL_KEY', '--', 'srv'],
      {
        command: 'mcp',
        options: {
          ...MCP_DEFAULTS,
          target: { command: 'srv', args: [], env: { A: '1', B: 'x=y', SHELL_KEY: 'from-shell' } },
        },
      },
    ],
    [
      'mcp --url with headers, --explain and --json',
      ['mcp', '--url', 'http://h/mcp', '--header', 'Authorization: Bearer x', '--explain', 't', '--json'],
      {
        command: 'mcp',
        options: {
          ...MCP_DEFAULTS,
          target: { url: 'http://h/mcp', headers: { Authorization: 'Bearer x' } },
          explainTool: 't',
          json: true,
        },
      },
    ],
    [
      'mcp budgets and timeouts',
      [
        'mcp',
        '--budget',
        '0',
        '--description-limit',
        '100',
        '--connect-timeout',
        '5',
        '--list-timeout',
        '7',
        '--deadline',
        '9',
        '--max-tools',
        '3',
        '--deferred',
        '--',
        's',
      ],
      {
        command: 'mcp',
        options: {
          ...MCP_DEFAULTS,
          target: { command: 's', args: [] },
          budgetBytes: 0,
          descriptionLimit: 100,
          connectTimeoutMs: 5,
          listTimeoutMs: 7,
          mcpLimits: { ...MCP_LIMIT_DEFAULTS, deadlineMs: 9, maxTools: 3 },
          deferred: true,
        },
      },
    ],
    [
      'mcp for a provider target, strict, with a namespace',
      ['mcp', '--target', 'anthropic', '--strict', '--namespace', 'gh', '--', 's'],
      {
        command: 'mcp',
        options: {
          ...MCP_DEFAULTS,
          target: { command: 's', args: [] },
          providerTarget: 'anthropic',
          strict: true,
          namespace: 'gh',
        },
      },
    ],
    [
      'lint a file against two targets, strict rules only',
      ['lint', '--tools', 't.json', '--target', 'openai-responses', '--target', 'anthropic', '--strict'],
      {
        command: 'lint',
        options: {
          toolsFile: 't.json',
          target: undefined,
          targets: [
            { target: 'openai-responses', strict: true },
            { target: 'anthropic', strict: true },
          ],
          connectTimeoutMs: 15_000,
          listTimeoutMs: 30_000,
          mcpLimits: MCP_LIMIT_DEFAULTS,
          json: false,
        },
      },
    ],
    [
      'decode with its fallbacks kept apart',
      ['decode', '--schema', 's.json', '--fallback', '--text-fallback', '--no-json-schema-support', 'hi'],
      {
        command: 'decode',
        options: {
          schemaFile: 's.json',
          message: 'hi',
          strict: false,
          fallback: true,
          textFallback: true,
          providerSupportsJsonSchema: false,
          json: false,
        },
      },
    ],
    [
      'search over a file',
      ['search', 'read a file', '--tools', 't.json', '--limit', '3'],
      {
        command: 'search',
        options: {
          query: 'read a file',
          toolsFile: 't.json',
          target: undefined,
          limit: 3,
          connectTimeoutMs: 15_000,
          listTimeoutMs: 30_000,
          mcpLimits: MCP_LIMIT_DEFAULTS,
          json: false,
        },
      },
    ],
  ])('%s', async (_name, argv, expected) => {
    expect(await parseCommandLine(argv, io())).toStrictEqual(expected);
  });

  test.each([
    [['explain', '--budget', '-1'], /argument '-1' is invalid/],
    [['mcp', '--connect-timeout', '0', '--', 's'], /positive whole number of milliseconds/],
    [['mcp', '--env', '1BAD=x', '--', 's'], /KEY=VALUE/],
    [['mcp', '--url', 'http://h', '--header', 'no colon'], /"Name: value"/],
    [['mcp', '--target', 'bard', '--', 's'], /expected one of codex, openai-responses/],
    [['explain', '--compaction', 'max'], /Allowed choices are reference, fidelity/],
    [['explain', '--budget', '10', '--budget-tokens', '5'], /cannot be used with option '--budget/],
  ])('rejects %j', async (argv, message) => {
    const streams = io();
    let stderr = '';
    streams.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    await expect(parseCommandLine(argv, streams)).rejects.toThrow();
    expect(stderr).toMatch(message);
  });

  test('help and version need no command: nothing to run', async () => {
    expect(await parseCommandLine(['--version'], io()).catch((error: { exitCode?: number }) => error.exitCode)).toBe(0);
  });
});
