// The one copy at the pipeline's entry: reads an untrusted JS value into fresh JSON (SPEC §1.8.4, §1.9).
import { ToolSchemaError } from '../errors.js';
import type { JsonObject, JsonValue } from './json.js';
import { stringByteLength } from './size.js';

/**
 * How many arrays and objects may nest in an input (the root counts as 1). Deeper input, and
 * a cyclic JS value, fail with `too_deep` before any stage runs, so no stage can overflow the stack.
 */
export const MAX_INPUT_DEPTH = 1_000;

/**
 * An error on its way up from a nested value: the path is assembled while unwinding, so the
 * copy keeps no path on the (hot) success path.
 */
class CopyFailure {
  readonly reversedPath: (string | number)[] = [];
  constructor(
    readonly code: 'not_json' | 'unreadable_value' | 'too_deep',
    readonly detail: string,
    /** For a cycle: how many segments of the path lead to where it closes. */
    readonly pathLength?: number,
  ) {}
}

/**
 * Copies a JS value into a fresh JSON value the stages may mutate; the input is never touched.
 * - Objects are read through their own enumerable string keys; an `undefined` member is skipped.
 * - An `undefined` array element (or a hole) reads as null, as `JSON.stringify` does.
 * - Fails with `ToolSchemaError`, naming the path, for: undefined at the root, functions, BigInt,
 *   symbols, non-finite numbers, objects that are not plain (class instances, Dates, Maps, …),
 *   values whose reading throws (getters, Proxies), nesting past {@link MAX_INPUT_DEPTH} and cycles.
 * - `__proto__` and other prototype names are copied as data.
 */
export function copyJsonInput(input: unknown): JsonValue {
  return runCopy(input, copyValue);
}

/**
 * Copies one value found at `depth` (the root is 0); objects and arrays record themselves in
 * `ancestors`. `key` is the member name when the value is an object member.
 */
export type ValueCopier = (value: unknown, depth: number, ancestors: object[], key?: string) => JsonValue;

/**
 * Runs a copier built from this module's parts (the plain copy, or sanitize's copy that
 * sanitizes schema positions on the way) and turns its failures into `ToolSchemaError`s.
 */
export function runCopy(input: unknown, copyRoot: ValueCopier): JsonValue {
  if (input === undefined) throw new ToolSchemaError('not_json', [], 'undefined is not a JSON value');
  // ancestors[d] is the container at depth d on the current path: a cycle shows up as a repeat.
  const ancestors: object[] = [];
  try {
    return copyRoot(input, 0, ancestors);
  } catch (error) {
    if (error instanceof CopyFailure) {
      const path = error.reversedPath.reverse();
      throw new ToolSchemaError(error.code, path.slice(0, error.pathLength ?? path.length), error.detail);
    }
    throw error;
  }
}

/**
 * The compact JSON bytes of what the copy has read since {@link countCopiedBytes} opened a count
 * (-1: no count open). Counting in the copy spares a caller that wants the size of its input
 * (`convertMcpTools`' `inputBytes`) a second walk of it; nothing else pays more than this check.
 */
let countedBytes = -1;
/** Whether every string and key counted so far is plain printable ASCII with nothing to escape. */
let countedPlainText = true;

/**
 * Runs a copy and returns what it read, as the byte length of `JSON.stringify` of the input
 * (members that are `undefined` skipped, holes as null), with the copy's result. The input
 * copied must be the part to measure: an MCP tool's copier opens the count around `inputSchema`.
 */
export function countCopiedBytes(copy: () => JsonValue): { value: JsonValue; bytes: number; plainText: boolean } {
  const outer = countedBytes;
  const outerPlain = countedPlainText;
  countedBytes = 0;
  countedPlainText = true;
  try {
    const value = copy();
    return { value, bytes: countedBytes, plainText: countedPlainText };
  } finally {
    countedBytes = outer;
    countedPlainText = outerPlain && countedPlainText;
  }
}

/** Counts a string (a value or a key) into the open count. */
function countString(text: string): number {
  const bytes = stringByteLength(text);
  if (bytes !== text.length + 2) countedPlainText = false;
  return bytes;
}

/** Adds to the open count, if any: for the scalars and punctuation the copy's callers read. */
export function countBytes(bytes: number): void {
  if (countedBytes >= 0) countedBytes += bytes;
}

/** Adds a member's key, its colon and its comma (the first member's comma pays for the braces' overhead: see callers). */
function countMemberKey(key: string): void {
  countedBytes += countString(key) + 2;
}

/** `{` `}` of an object with `members` members, the commas being counted with the keys. */
export function countObject(members: number): void {
  if (countedBytes >= 0) countedBytes += members === 0 ? 2 : 1;
}

/** A member's key, colon and comma, when a count is open. */
export function countKey(key: string): void {
  if (countedBytes >= 0) countMemberKey(key);
}

/** The plain copy of any value: scalars checked, containers copied member by member. */
export function copyValue(value: unknown, depth: number, ancestors: object[]): JsonValue {
  switch (typeof value) {
    case 'string':
      if (countedBytes >= 0) countedBytes += countString(value);
      return value;
    case 'boolean':
      if (countedBytes >= 0) countedBytes += value ? 4 : 5;
      return value;
    case 'number':
      if (Number.isFinite(value)) {
        if (countedBytes >= 0) countedBytes += String(value).length;
        return value;
      }
      throw new CopyFailure('not_json', `${String(value)} is not a JSON number`);
    case 'object':
      if (value === null) {
        if (countedBytes >= 0) countedBytes += 4;
        return null;
      }
      enterContainer(value, depth, ancestors);
      return Array.isArray(value) ? copyArray(value, depth, ancestors, copyValue) : copyObject(value, depth, ancestors);
    default:
      throw new CopyFailure('not_json', `${describeJsType(value)} is not a JSON value`);
  }
}

/** Checks the depth limit (and, past it, for a cycle) before a container at `depth` is copied. */
export function enterContainer(value: object, depth: number, ancestors: object[]): void {
  if (depth >= MAX_INPUT_DEPTH) throw depthFailure(value, depth, ancestors);
  ancestors[depth] = value;
}

/** Copies an array whose elements are copied by `copyElement`; a hole or `undefined` reads as null. */
export function copyArray(
  array: readonly unknown[],
  depth: number,
  ancestors: object[],
  copyElement: ValueCopier,
): JsonValue[] {
  const length = readLength(array);
  const result: JsonValue[] = [];
  let index = 0;
  // `[` `]` and the commas between elements.
  if (countedBytes >= 0) countedBytes += length === 0 ? 2 : length + 1;
  try {
    for (; index < length; index++) {
      const element = array[index];
      if (element === undefined) {
        if (countedBytes >= 0) countedBytes += 4;
        result.push(null);
      } else result.push(copyElement(element, depth + 1, ancestors));
    }
  } catch (error) {
    throw withSegment(error, index);
  }
  return result;
}

/** Copies a plain object whose members are all copied by `copyMember` (a definition table, for sanitize). */
export function copyObject(
  object: object,
  depth: number,
  ancestors: object[],
  copyMember: ValueCopier = copyValue,
): JsonObject {
  const keys = readPlainObjectKeys(object);
  const result: JsonObject = {};
  let key = '';
  let members = 0;
  try {
    for (key of keys) {
      const member: unknown = (object as Record<string, unknown>)[key];
      if (member === undefined) continue;
      if (countedBytes >= 0) countMemberKey(key);
      members++;
      const copied = copyMember(member, depth + 1, ancestors, key);
      if (key === '__proto__') {
        Object.defineProperty(result, key, { value: copied, writable: true, enumerable: true, configurable: true });
      } else {
        result[key] = copied;
      }
    }
  } catch (error) {
    throw withSegment(error, key);
  }
  countObject(members);
  return result;
}

/** The own enumerable keys of an object, which must be plain (its prototype Object.prototype or null). */
export function readPlainObjectKeys(object: object): string[] {
  const prototype = readPrototype(object);
  if (prototype !== Object.prototype && prototype !== null) {
    throw new CopyFailure('not_json', `${describeInstance(object)} is not a JSON object`);
  }
  return readKeys(object);
}

/** Adds the segment of the member being read to an error coming up; a foreign throw becomes `unreadable_value`. */
export function withSegment(error: unknown, segment: string | number): CopyFailure {
  const failure =
    error instanceof CopyFailure
      ? error
      : new CopyFailure(
          'unreadable_value',
          `reading the value threw: ${error instanceof Error ? error.message : String(error)}`,
        );
  failure.reversedPath.push(segment);
  return failure;
}

/** Past the depth limit: a cycle if some container repeats on the path (named where it first closes), else too deep. */
function depthFailure(value: object, depth: number, ancestors: object[]): CopyFailure {
  const seen = new Set<object>();
  const chain = [...ancestors.slice(0, depth), value];
  for (let index = 0; index < chain.length; index++) {
    const container = chain[index] as object;
    if (seen.has(container)) return new CopyFailure('too_deep', 'the value is cyclic: it contains itself', index);
    seen.add(container);
  }
  return new CopyFailure('too_deep', `input nests more than ${MAX_INPUT_DEPTH} arrays and objects; flatten the schema`);
}

function readLength(array: readonly unknown[]): number {
  try {
    return array.length;
  } catch (error) {
    throw unreadable(error);
  }
}

function readPrototype(object: object): unknown {
  try {
    return Object.getPrototypeOf(object);
  } catch (error) {
    throw unreadable(error);
  }
}

function readKeys(object: object): string[] {
  try {
    return Object.keys(object);
  } catch (error) {
    throw unreadable(error);
  }
}

function unreadable(error: unknown): CopyFailure {
  return new CopyFailure(
    'unreadable_value',
    `reading the value threw: ${error instanceof Error ? error.message : String(error)}`,
  );
}

function describeInstance(object: object): string {
  try {
    const name: unknown = (object.constructor as { name?: unknown } | undefined)?.name;
    return typeof name === 'string' && name !== '' ? `an instance of ${name}` : 'an object with a custom prototype';
  } catch {
    return 'an object with a custom prototype';
  }
}

function describeJsType(value: unknown): string {
  switch (typeof value) {
    case 'bigint':
      return `the BigInt ${String(value)}n`;
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default:
      return typeof value;
  }
}
