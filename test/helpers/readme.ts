// The README's examples as data: its fenced blocks, and the `$ toolschema …` sessions with the output they show.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { REPO_ROOT } from './cli.js';

export const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** Fenced blocks of a language (`sh`, `ts`, or `` for plain ones). */
export function blocks(language: string): string[] {
  const found: string[] = [];
  const fence = /^```(\w*)\n([\s\S]*?)^```/gm;
  for (let match = fence.exec(README); match !== null; match = fence.exec(README)) {
    if (match[1] === language) found.push(match[2] as string);
  }
  return found;
}

export interface Session {
  command: string;
  expected: string[];
  exitCode: number | undefined;
}

/** `$ toolschema …` lines of the plain blocks, with the output shown under each and its `echo $?`. */
export function sessions(): Session[] {
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

/**
 * Runs a session's command with `toolschema` meaning `command` (the built bin, or an installed
 * one), from the repository root, and checks every shown line that is not elided (…) is printed in
 * order, the exit code when the README shows it, and that nothing like a stack trace leaks.
 */
export function runSession(session: Session, command: string): void {
  const run = spawnSync('bash', ['-c', `toolschema() { ${command} "$@"; }\n${session.command}`], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
  const output = `${run.stdout}${run.stderr}`.split('\n').map((line) => line.trimEnd());
  let from = 0;
  for (const line of session.expected.map((text) => text.trimEnd())) {
    if (line === '' || line.includes('…') || line === '{ … }') continue;
    const at = output.indexOf(line, from);
    expect(at, `missing line: ${line}\n--- got ---\n${output.join('\n')}`).toBeGreaterThanOrEqual(0);
    from = at + 1;
  }
  if (session.exitCode !== undefined) expect(run.status).toBe(session.exitCode);
  expect(run.stderr).not.toMatch(/unexpected error|at .*\.js:\d+/);
}
