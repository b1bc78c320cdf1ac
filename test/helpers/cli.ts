// Helpers to run the CLI in-process (runCli with captured streams) and as the built bin (a subprocess).
import { spawn } from 'node:child_process';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/main.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** Runs the CLI in-process with the given argv and stdin text. */
export async function runInProcess(
  argv: string[],
  stdin = '',
  env: NodeJS.ProcessEnv = { COLUMNS: '200' },
): Promise<CliRun> {
  const stdout = capture();
  const stderr = capture();
  const exitCode = await runCli(argv, {
    cwd: REPO_ROOT,
    stdin: Readable.from([stdin]),
    stdout: stdout.stream,
    stderr: stderr.stream,
    env,
  });
  return { exitCode, stdout: stdout.text(), stderr: stderr.text() };
}

/** Runs the built bin as a user would, with a time limit. */
export function runBin(
  argv: string[],
  options: { stdin?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      cwd: REPO_ROOT,
      // Wide by default, so tests read whole table rows; test/cli/width.test.ts runs at 80.
      env: { PATH: process.env.PATH, HOME: process.env.HOME, COLUMNS: '200', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`toolschema ${argv.join(' ')} did not finish in time`));
    }, options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code ?? -1, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? '');
  });
}
