// The README's examples, as written: its shell sessions run against the built CLI, its TypeScript type-checks.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN, REPO_ROOT } from './helpers/cli.js';
import { blocks, README, runSession, sessions } from './helpers/readme.js';

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
      runSession(session, `node ${JSON.stringify(BIN)}`);
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
  }, 300_000);
});
