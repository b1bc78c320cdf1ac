// ToolSchemaError: the one error type the library throws, with a code and a JSON path.
import { escapeToken } from './schema/pointer-tokens.js';

/** A path into a JSON value, as segments: object keys are strings, array indices numbers. */
export type JsonPathSegments = readonly (string | number)[];

/**
 * What went wrong, as a stable, machine-readable code.
 * - `not_json`: the input holds a value JSON cannot carry (undefined root, function, BigInt,
 *   symbol, NaN/Infinity, a class instance).
 * - `unreadable_value`: reading the input threw (a throwing getter, a revoked Proxy).
 * - `too_deep`: the input nests deeper than the documented limit, or is a cyclic JS value.
 * - `invalid_schema`: the schema does not decode into the model (SPEC §1.6).
 * - `null_root_type`: the root schema's type is exactly `"null"`.
 * - `invalid_option`: an option passed to a function is out of range.
 * - `invalid_identifier`, `invalid_tool`: a tool name, namespace or definition is malformed.
 * - `invalid_output_schema`: an output schema is unusable for a structured-output request.
 * - `invalid_arguments`: a model's tool-call arguments are not JSON, or do not satisfy the
 *   tool's own input schema once restored (`resolveToolCall`).
 * - `unknown_tool`: a tool call names no tool of the conversion.
 */
export type ToolSchemaErrorCode =
  | 'not_json'
  | 'unreadable_value'
  | 'too_deep'
  | 'invalid_schema'
  | 'null_root_type'
  | 'invalid_option'
  | 'invalid_identifier'
  | 'invalid_tool'
  | 'invalid_output_schema'
  | 'invalid_arguments'
  | 'unknown_tool';

/** Formats path segments as an RFC 6901 JSON Pointer (`""` is the root). */
export function toJsonPointer(segments: JsonPathSegments): string {
  let pointer = '';
  // A path a caller built by hand: only names and indexes are segments.
  if (!Array.isArray(segments)) return pointer;
  for (const segment of segments) {
    pointer += `/${escapeToken(typeof segment === 'string' || typeof segment === 'number' ? String(segment) : '?')}`;
  }
  return pointer;
}

/**
 * The error every public function throws for bad input, and nothing else.
 * - `code`: a {@link ToolSchemaErrorCode}.
 * - `path`: where, as a JSON Pointer into the input (`""` for the root).
 * - `segments`: the same path as segments.
 * - `message`: what was found, what was expected, prefixed by the path.
 */
export class ToolSchemaError extends Error {
  override readonly name = 'ToolSchemaError';
  readonly code: ToolSchemaErrorCode;
  readonly path: string;
  readonly segments: readonly (string | number)[];
  /** The message without the path prefix. */
  readonly detail: string;

  constructor(code: ToolSchemaErrorCode, segments: JsonPathSegments, detail: string) {
    const path = toJsonPointer(segments);
    super(`${path === '' ? 'at the root' : `at ${path}`}: ${detail}`);
    this.code = code;
    this.path = path;
    this.segments = Object.freeze(
      Array.isArray(segments)
        ? segments.map((segment) => (typeof segment === 'string' || typeof segment === 'number' ? segment : '?'))
        : [],
    );
    this.detail = detail;
  }
}

/** Describes a JS value briefly for an error message (`a string "abc…"`, `an array`, …). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string': {
      const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
      return `a string ${JSON.stringify(shown)}`;
    }
    case 'number':
      return `the number ${String(value)}`;
    case 'boolean':
      return `the boolean ${String(value)}`;
    case 'object':
      return 'an object';
    case 'undefined':
      return 'undefined';
    case 'bigint':
      return 'a BigInt';
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
  }
  return typeof value;
}

/** An option's value in an error message: a string quoted, anything else described ({@link describeValue}). */
export function showOptionValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : describeValue(value);
}

/**
 * What a foreign throw says, for an error message: an Error's message, a string as it is, any
 * other value described ({@link describeValue}). `String` of a thrown object calls its own
 * `toString`, which may be no function (a TypeError) or a getter that throws again.
 */
export function thrownMessage(thrown: unknown): string {
  if (typeof thrown === 'string') return thrown;
  if (thrown instanceof Error) {
    try {
      const { message } = thrown;
      if (typeof message === 'string') return message;
    } catch {
      // A message getter that throws: the value is described instead.
    }
  }
  return describeValue(thrown);
}

/**
 * Runs `read` over a value a caller may have written by hand, where only the library's own errors
 * may come out: a stack overflow (a value that holds itself, or nests past the call stack) is
 * `too_deep`, any other foreign throw (a getter) `unreadable_value`; `what` names the value.
 */
export function readingHandWritten<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ToolSchemaError) throw error;
    if (error instanceof RangeError)
      throw new ToolSchemaError('too_deep', [], `${what} nests too deep to read, or holds itself`);
    throw new ToolSchemaError('unreadable_value', [], `reading ${what} threw: ${thrownMessage(error)}`);
  }
}

/** The same error with its path moved under a prefix (a tool's `inputSchema`, an item of a batch). */
export function prefixErrorPath(error: ToolSchemaError, prefix: JsonPathSegments): ToolSchemaError {
  return new ToolSchemaError(error.code, [...prefix, ...error.segments], error.detail);
}

/**
 * Reads an options argument: undefined is `{}`; anything but a plain object is an `invalid_option`
 * error (a JavaScript caller passing `null` or a string gets a clear error, not a TypeError).
 */
export function optionsObject<T extends object>(options: T | undefined, name = 'options'): Partial<T> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ToolSchemaError('invalid_option', [name], `${name} must be an object, found ${describeValue(options)}`);
  }
  return options;
}

/** Throws `ToolSchemaError` with the given code unless the argument is a plain object. */
export function expectObjectArgument(value: unknown, code: ToolSchemaErrorCode, what: string): asserts value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ToolSchemaError(code, [], `${what} must be an object, found ${describeValue(value)}`);
  }
}

/** Throws `ToolSchemaError` with the given code unless the argument is an array. */
export function expectArrayArgument(
  value: unknown,
  code: ToolSchemaErrorCode,
  what: string,
): asserts value is unknown[] {
  if (!Array.isArray(value))
    throw new ToolSchemaError(code, [], `${what} must be an array, found ${describeValue(value)}`);
}
