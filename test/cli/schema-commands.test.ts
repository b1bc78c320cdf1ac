import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runBin, runInProcess } from '../helpers/cli.js';

const EXAMPLE = 'examples/schemas/messy-create-issue.json';

describe('toolschema explain', () => {
  test('lists each stage with its changes by path and exits 0', async () => {
    const run = await runInProcess(['explain', EXAMPLE]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('+ /properties/kind/type  type inferred "string"');
    expect(run.stdout).toContain('- /$defs/Unused  definition pruned');
    expect(run.stdout).toContain('~ /properties/draft  boolean schema replaced true → {"type":"string"}');
    expect(run.stdout).toContain('- /title  keyword dropped "CreateIssueInput"');
    expect(run.stdout).toContain('fits: 903 B, no pass ran');
  });

  test('--json prints the explainToolInputSchema result', async () => {
    const run = await runInProcess(['explain', '--json', EXAMPLE]);
    const json = JSON.parse(run.stdout) as {
      ok: boolean;
      counts: Record<string, number>;
      prunedDefinitions: unknown[];
    };
    expect(json.ok).toBe(true);
    expect(json.prunedDefinitions).toStrictEqual([
      { table: '$defs', name: 'Unused' },
      { table: '$defs', name: 'Broken' },
    ]);
    expect(json.counts.keyword_dropped).toBe(7);
  });

  test('--budget shows each compaction pass with bytes before and after', async () => {
    const run = await runInProcess(['explain', '--budget', '300', EXAMPLE]);
    expect(run.stdout).toMatch(/strip_descriptions: 903 B → \d+ B/);
    expect(run.stdout).toContain('drop_definitions');
  });

  test('reads stdin and exits 1 with the error for a rejected schema', async () => {
    const run = await runInProcess(['explain', '-'], '{"type":"null"}');
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('error [null_root_type]');
  });

  test('colors only when forced or on a TTY, and never with NO_COLOR', async () => {
    const plain = await runInProcess(['explain', EXAMPLE]);
    expect(plain.stdout).not.toContain('\u001b[');
    const run = await runInProcess(['explain', EXAMPLE], '', { NO_COLOR: '1', FORCE_COLOR: '1' });
    expect(run.stdout).not.toContain('\u001b[');
    const colored = await runInProcess(['explain', EXAMPLE], '', { FORCE_COLOR: '1' });
    expect(colored.stdout).toContain('\u001b[');
  });
});

describe('toolschema normalize', () => {
  test('prints the final schema as compact JSON', async () => {
    const run = await runInProcess(['normalize', '-'], '{"properties":{"q":{"description":"query"}}}');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe('{"type":"object","properties":{"q":{}}}\n');
  });

  test('--no-compaction keeps descriptions a small budget would strip', async () => {
    const input = JSON.stringify({ type: 'object', description: 'x'.repeat(200) });
    expect((await runInProcess(['normalize', '--budget', '50'], input)).stdout).toBe(
      '{"type":"object","properties":{}}\n',
    );
    expect((await runInProcess(['normalize', '--budget', '50', '--no-compaction'], input)).stdout).toContain('xxxx');
  });

  test('--pretty indents', async () => {
    expect((await runInProcess(['normalize', '--pretty'], '{"type":"string"}')).stdout).toBe(
      '{\n  "type": "string"\n}\n',
    );
  });
});

describe('the built bin', () => {
  test.each([
    [['normalize', 'missing.json'], 2, 'toolschema: cannot read missing.json: no such file'],
    [['normalize', '-'], 2, 'toolschema: stdin is not valid JSON'],
    [['normalize', '--budget', 'lots'], 2, "toolschema: option '--budget <bytes>' argument 'lots' is invalid"],
    [['frobnicate'], 2, "toolschema: unknown command 'frobnicate'"],
  ])('toolschema %j exits %i with one line on stderr and no stack trace', async (argv, code, message) => {
    const run = await runBin(argv, { stdin: '{not json' });
    expect(run.exitCode).toBe(code);
    expect(run.stderr.startsWith(message)).toBe(true);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  test('rejects a schema with exit 1 and one line', async () => {
    const run = await runBin(['normalize'], { stdin: '{"type":"object","required":"a"}' });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toBe(
      'toolschema: schema rejected [invalid_schema] at /required: expected an array of property names, found a string "a"\n',
    );
  });

  test('--version and --help exit 0', async () => {
    const version = await runBin(['--version']);
    expect(version.exitCode).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = await runBin(['explain', '--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('Examples:');
  });
});

describe('toolschema explain reads as a user expects (issue 11)', () => {
  test('reads a file saved with a UTF-8 byte order mark', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'toolschema-bom-')), 'bom.json');
    writeFileSync(file, '\uFEFF{"properties":{"q":{}}}');
    const run = await runInProcess(['normalize', file]);
    expect(run.stdout).toBe('{"type":"object","properties":{"q":{}}}\n');
    expect(run.exitCode).toBe(0);
  });

  test('says why each change happened', async () => {
    const run = await runInProcess(['explain', '-'], '{"properties":{"repo":{"description":"owner/name"}}}');
    expect(run.stdout).toMatch(/~ \/properties\/repo {2}schema emptied .*\(no type could be inferred\)/);
  });

  test('an input that is rejected shows no compaction figures before the error', async () => {
    const run = await runInProcess(['explain', '-'], '{"type":"null"}');
    expect(run.exitCode).toBe(1);
    expect(run.stdout).not.toMatch(/fits: 0 B/);
    expect(run.stdout).toMatch(/error \[null_root_type\]/);
  });
});
