// The one copy at the pipeline's entry: reads an untrusted JS value into fresh JSON (SPEC §1.8.4, §1.9).
import { ToolSchemaError } from '../errors.js';
import type { JsonObject, JsonValue } from './json.js';
import { setOwn } from './json.js';

/**
 * How many arrays and objects may nest in an input (the root counts as 1). Deeper input, and
 * a cyclic JS value, fail with `too_deep` before any stage runs, so no stage can overflow the stack.
 */
export const MAX_INPUT_DEPTH = 1_000;

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
  const ancestors = new Set<object>();
  const path: (string | number)[] = [];

  const copy = (value: unknown, depth: number): JsonValue => {
    switch (typeof value) {
      case 'string':
      case 'boolean':
        return value;
      case 'number':
        if (!Number.isFinite(value)) {
          throw new ToolSchemaError('not_json', path, `${String(value)} is not a JSON number`);
        }
        return value;
      case 'object':
        break;
      default:
        throw new ToolSchemaError('not_json', path, `${describeJsType(value)} is not a JSON value`);
    }
    if (value === null) return null;
    if (depth >= MAX_INPUT_DEPTH) {
      throw new ToolSchemaError(
        'too_deep',
        path,
        `input nests more than ${MAX_INPUT_DEPTH} arrays and objects; flatten the schema`,
      );
    }
    if (ancestors.has(value)) {
      throw new ToolSchemaError('too_deep', path, 'the value is cyclic: it contains itself');
    }
    ancestors.add(value);
    let result: JsonValue;
    try {
      result = Array.isArray(value) ? copyArray(value, depth) : copyObject(value, depth);
    } finally {
      ancestors.delete(value);
    }
    return result;
  };

  // One try per container rather than a closure per member: this is the hottest loop.
  const copyArray = (array: readonly unknown[], depth: number): JsonValue[] => {
    const result: JsonValue[] = [];
    try {
      const length = array.length;
      for (let index = 0; index < length; index++) {
        path.push(index);
        const element = array[index];
        result.push(element === undefined ? null : copy(element, depth + 1));
        path.pop();
      }
    } catch (error) {
      throw asReadError(error);
    }
    return result;
  };

  const copyObject = (object: object, depth: number): JsonObject => {
    const result: JsonObject = {};
    try {
      const prototype: unknown = Object.getPrototypeOf(object);
      if (prototype !== Object.prototype && prototype !== null) {
        throw new ToolSchemaError('not_json', path, `${describeInstance(object)} is not a JSON object`);
      }
      for (const key of Object.keys(object)) {
        path.push(key);
        const member: unknown = (object as Record<string, unknown>)[key];
        if (member !== undefined) setOwn(result, key, copy(member, depth + 1));
        path.pop();
      }
    } catch (error) {
      throw asReadError(error);
    }
    return result;
  };

  const asReadError = (error: unknown): ToolSchemaError => {
    if (error instanceof ToolSchemaError) return error;
    const reason = error instanceof Error ? error.message : String(error);
    return new ToolSchemaError('unreadable_value', path, `reading the value threw: ${reason}`);
  };

  if (input === undefined) {
    throw new ToolSchemaError('not_json', path, 'undefined is not a JSON value');
  }
  return copy(input, 0);
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
