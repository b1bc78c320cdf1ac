// Flag values from argv: whole numbers, KEY=VALUE pairs, headers and env files, each with a one-line error.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ExitError } from './exit-error.js';

/** A flag value that is not what the flag takes; commander prints it as `option '…' argument '…' is invalid. …`. */
export class FlagValueError extends Error {
  override readonly name = 'FlagValueError';
}

function wholeNumber(value: string, positive: boolean, what: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || (positive && number === 0))
    throw new FlagValueError(`expected ${what}`);
  return number;
}

/** A byte count (0 allowed). */
export function parseByteCount(value: string): number {
  return wholeNumber(value, false, 'a whole number of bytes');
}

/** A positive number of milliseconds. */
export function parseMilliseconds(value: string): number {
  return wholeNumber(value, true, 'a positive whole number of milliseconds');
}

/** A positive count. */
export function parseCount(value: string): number {
  return wholeNumber(value, true, 'a positive whole number');
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `--env KEY=VALUE` adds a variable; `--env KEY` passes KEY's value from this process's environment.
 * Repeated flags accumulate into `previous`.
 */
export function collectEnv(
  value: string,
  previous: Record<string, string> | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const next = { ...previous };
  const equals = value.indexOf('=');
  const name = equals === -1 ? value : value.slice(0, equals);
  if (!ENV_NAME.test(name)) throw new FlagValueError('expected KEY=VALUE or KEY (a variable name)');
  if (equals !== -1) next[name] = value.slice(equals + 1);
  else if (env[name] !== undefined) next[name] = env[name] as string;
  else throw new FlagValueError(`${name} is not set in this environment`);
  return next;
}

/** `--header "Name: value"`, repeatable. */
export function collectHeader(value: string, previous: Record<string, string> | undefined): Record<string, string> {
  const colon = value.indexOf(':');
  const name = colon === -1 ? '' : value.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new FlagValueError('expected "Name: value"');
  return { ...previous, [name]: value.slice(colon + 1).trim() };
}

/**
 * Reads a dotenv file: `KEY=VALUE` lines, `#` comments, blank lines, an optional `export ` prefix,
 * and values in single or double quotes (double quotes understand `\n`).
 */
export function readEnvFile(file: string, cwd: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ExitError(
      `cannot read --env-file ${file}: ${code === 'ENOENT' ? 'no such file' : String(code ?? error)}`,
    );
  }
  const variables: Record<string, string> = {};
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (match === null) throw new ExitError(`--env-file ${file}:${index + 1}: expected KEY=VALUE`);
    const [, name, rawValue] = match as unknown as [string, string, string];
    let value = rawValue;
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
      value = value.slice(1, -1).replaceAll('\\n', '\n').replaceAll('\\"', '"');
    else if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) value = value.slice(1, -1);
    else {
      // A comment starts at the first `#` after whitespace. Found by `/\s#/` (a test per
      // character), not `/\s+#.*$/`, which retried a run of spaces from each of them.
      const comment = value.search(/\s#/);
      if (comment !== -1) value = value.slice(0, comment).trimEnd();
    }
    variables[name] = value;
  });
  return variables;
}
