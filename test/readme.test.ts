// The README's examples, as written: its shell sessions run against the built CLI, its TypeScript type-checks.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN, REPO_ROOT } from './helpers/cli.js';

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** Fenced blocks of a language (`sh`, `ts`, or `` for plain ones). */
function blocks(language: string): string[] {
  const found: string[] = [];
  const fence = /^```(\w*)\n([\s\S]*?)^```/gm;
  for (let match = fence.exec(README); match !== null; match = fence.exec(README)) {
    if (match[1] === language) found.push(match[2] as string);
  }
  return found;
}

interface Session {
  command: string;
  expected: string[];
  exitCode: number | undefined;
}

/** `$ toolschema …` lines of the plain blocks, with the output shown under each and its `echo $?`. */
function sessions(): Session[] {
  const found: Session[] = [];
  for (const block of blocks('')) {
    const lines = block.split('\n');
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index] as string;
      if (!line.startsWith('$ toolschema ')) continue;
      const expected: string[] = [];
      let next = index + 1;
      for (; next < lines.length && !(lines[next] as string).startsWith('$ '); next++)
        expected.push(lines[next] as string);
      let exitCode: number | undefined;
      if (lines[next] === '$ echo $?') exitCode = Number(lines[next + 1]);
      found.push({ command: line.slice(2), expected, exitCode });
    }
  }
  return found;
}

describe('the README', () => {
  test('shows every npx command with -y, so it runs on a machine without the package cached', () => {
    const sources = [README, readFileSync(join(REPO_ROOT, 'src/cli/main.ts'), 'utf8')];
    for (const text of sources) {
      for (const match of text.matchAll(/npx ([\w@/.-]+)/g)) {
        expect(['-y', 'toolschema', '--no-install'], `"${match[0]}" needs -y`).toContain(match[1]);
      }
    }
  });

  test.each(sessions().map((session) => [session.command, session] as const))(
    'runs `%s` as shown',
    (_name, session) => {
      const run = spawnSync('bash', ['-c', `toolschema() { node ${JSON.stringify(BIN)} "$@"; }\n${session.command}`], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        timeout: 60_000,
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
      });
      const output = `${run.stdout}${run.stderr}`.split('\n').map((line) => line.trimEnd());
      // Every shown line that is not elided (…) is printed, in order.
      let from = 0;
      for (const line of session.expected.map((text) => text.trimEnd())) {
        if (line === '' || line.includes('…') || line === '{ … }') continue;
        const at = output.indexOf(line, from);
        expect(at, `missing line: ${line}\n--- got ---\n${output.join('\n')}`).toBeGreaterThanOrEqual(0);
        from = at + 1;
      }
      if (session.exitCode !== undefined) expect(run.status).toBe(session.exitCode);
      expect(run.stderr).not.toMatch(/unexpected error|at .*\.js:\d+/);
    },
  );

  const snippets = join(REPO_ROOT, '.readme-snippets');
  afterAll(() => rmSync(snippets, { recursive: true, force: true }));

  test('its TypeScript examples type-check against the library', () => {
    rmSync(snippets, { recursive: true, force: true });
    mkdirSync(snippets, { recursive: true });
    // What the examples use without defining: the caller's own data and display.
    const prelude = [
      'declare const toolFromSomeServer: { inputSchema: unknown };',
      'declare function showTyping(text: string): void;',
    ].join('\n');
    const files = blocks('ts').map((code, index) => {
      const file = `example-${index}.ts`;
      writeFileSync(join(snippets, file), `${prelude}\n${code}\nexport {};\n`);
      return file;
    });
    writeFileSync(
      join(snippets, 'tsconfig.json'),
      JSON.stringify({
        extends: '../tsconfig.json',
        compilerOptions: {
          rootDir: '..',
          noEmit: true,
          declaration: false,
          declarationMap: false,
          paths: { toolschema: ['../src/index.ts'] },
        },
        include: files,
      }),
    );
    expect(files.length).toBeGreaterThanOrEqual(4);
    const tsc = join(REPO_ROOT, 'node_modules/.bin/tsc');
    let output = '';
    try {
      execFileSync(tsc, ['-p', join(snippets, 'tsconfig.json')], { cwd: REPO_ROOT, encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 120_000);
});
