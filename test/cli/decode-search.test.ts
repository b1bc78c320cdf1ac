import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runBin, runInProcess } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolschema-cli-'));
const schemaFile = join(dir, 'answer.schema.json');
writeFileSync(
  schemaFile,
  JSON.stringify({
    type: 'object',
    properties: { answer: { type: 'string' } },
    required: ['answer'],
    additionalProperties: false,
  }),
);

describe('toolschema decode', () => {
  test('prints the value and its guarantee, exit 0', async () => {
    const run = await runBin(['decode', '--schema', schemaFile, '--strict', '{"answer":"4"}']);
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toStrictEqual({ answer: '4' });
    expect(run.stderr).toBe('guarantee: strict (message)\n');
  });

  test('prints the failure kind with its paths, exit 1', async () => {
    const run = await runBin(['decode', '--schema', schemaFile, '-'], { stdin: '{"answer":4}' });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('toolschema: schema_violation: /answer must be string\n');
  });

  test('recovers a fenced answer only with --fallback, and says so', async () => {
    const message = 'Sure:\n```json\n{"answer":"4"}\n```';
    expect((await runInProcess(['decode', '--schema', schemaFile, message])).exitCode).toBe(1);
    const run = await runInProcess(['decode', '--schema', schemaFile, '--fallback', message]);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toBe('guarantee: fallback (fenced_code)\n');
  });

  test('--json prints the whole result; a provider without JSON Schema support is capability_missing', async () => {
    const run = await runInProcess([
      'decode',
      '--schema',
      schemaFile,
      '--json',
      '--no-json-schema-support',
      '{"answer":"4"}',
    ]);
    expect(run.exitCode).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, kind: 'capability_missing' });
  });

  test('needs --schema', async () => {
    const run = await runBin(['decode', 'x']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe("toolschema: required option '--schema <file>' not specified\n");
  });
});

describe('toolschema search --tools', () => {
  const toolsFile = join(dir, 'tools.json');
  writeFileSync(
    toolsFile,
    JSON.stringify({
      tools: [
        { name: 'take_screenshot', description: 'Take a screenshot of the page', inputSchema: { type: 'object' } },
        { name: 'navigate', description: 'Open a URL', inputSchema: { type: 'object' } },
        { name: 'click', description: 'Click an element', inputSchema: { type: 'object' } },
      ],
    }),
  );

  test('ranks the tools of a tools/list file with scores', async () => {
    const run = await runInProcess(['search', '--json', 'screenshot of the page', '--tools', toolsFile]);
    expect(run.exitCode).toBe(0);
    const hits = JSON.parse(run.stdout) as { name: string; score: number }[];
    expect(hits.map((hit) => hit.name)).toStrictEqual(['take_screenshot']);
    expect(hits[0]?.score).toBeGreaterThan(0);
  });

  test('prints a ranked list, and says when nothing matches', async () => {
    expect((await runInProcess(['search', 'open url', '--tools', toolsFile])).stdout).toMatch(
      /^ 1\. navigate\s+\d+\.\d {2}Open a URL\n$/,
    );
    expect((await runInProcess(['search', 'kubernetes', '--tools', toolsFile])).stdout).toBe(
      'no tool matches "kubernetes"\n',
    );
  });

  test('needs a source of tools', async () => {
    const run = await runInProcess(['search', 'anything']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe('toolschema: give --tools FILE, --url URL, or -- COMMAND [ARGS...] to search\n');
  });
});

// Issue 11: a script must never take an answer that failed the schema for success.
describe('toolschema decode exit codes', () => {
  test('--fallback does not fall back to plain text: a violating answer exits 1 with nothing on stdout', async () => {
    const run = await runInProcess(['decode', '--schema', schemaFile, '--fallback', 'The answer is four.']);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^toolschema: not_json: /);
  });

  test('--text-fallback prints the text but exits 1 and says it was not validated', async () => {
    const run = await runInProcess(['decode', '--schema', schemaFile, '--text-fallback', 'The answer is four.']);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('The answer is four.\n');
    expect(run.stderr).toMatch(/guarantee: text/);
  });

  test('a schema that does not compile exits 2, not 1 like a wrong answer', async () => {
    const broken = join(dir, 'broken.schema.json');
    writeFileSync(broken, JSON.stringify({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }));
    const run = await runInProcess(['decode', '--schema', broken, '{"a":1}']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^toolschema: --schema .*broken\.schema\.json: /);
  });

  test('a schema file that is not JSON exits 2', async () => {
    const notJson = join(dir, 'not-json.schema.json');
    writeFileSync(notJson, '{ nope');
    expect((await runInProcess(['decode', '--schema', notJson, '{}'])).exitCode).toBe(2);
  });
});

describe('toolschema search over tools that do not all convert', () => {
  test('says how many tools were skipped and why, and exits 1', async () => {
    const file = join(dir, 'mixed-tools.json');
    writeFileSync(
      file,
      JSON.stringify({
        tools: [
          { name: 'read_file', description: 'Read a file', inputSchema: { type: 'object', properties: {} } },
          { name: 'broken', description: 'Write a file', inputSchema: { type: 'null' } },
        ],
      }),
    );
    const run = await runInProcess(['search', 'file', '--tools', file]);
    expect(run.stdout).toMatch(/read_file/);
    expect(run.stderr).toMatch(/^toolschema: 1 of 2 tools skipped/);
    expect(run.stderr).toMatch(/ {2}broken: at \/inputSchema: /);
    expect(run.exitCode).toBe(1);
  });
});
