// Keywords a target cannot carry, written into the description in a short readable form instead of dropped.
import type { JsonValue } from '../schema/json.js';

/** Longest rendering of one moved value before it is cut with an ellipsis. */
const MAX_MOVED_VALUE_CHARS = 120;

function clip(text: string): string {
  return text.length > MAX_MOVED_VALUE_CHARS ? `${text.slice(0, MAX_MOVED_VALUE_CHARS - 1)}…` : text;
}

function show(value: JsonValue): string {
  return clip(typeof value === 'string' ? value : JSON.stringify(value));
}

/** The words each moved keyword is written with (`minLength 3` reads as "at least 3 characters"). */
const PHRASES: Record<string, (value: JsonValue) => string> = {
  minimum: (value) => `minimum ${show(value)}`,
  maximum: (value) => `maximum ${show(value)}`,
  exclusiveMinimum: (value) => `greater than ${show(value)}`,
  exclusiveMaximum: (value) => `less than ${show(value)}`,
  multipleOf: (value) => `a multiple of ${show(value)}`,
  minLength: (value) => (value === 1 ? 'non-empty' : `at least ${show(value)} characters`),
  maxLength: (value) => (value === 1 ? 'at most 1 character' : `at most ${show(value)} characters`),
  pattern: (value) => `matching ${show(value)}`,
  format: (value) => `format ${show(value)}`,
  minItems: (value) => (value === 1 ? 'at least 1 item' : `at least ${show(value)} items`),
  maxItems: (value) => (value === 0 ? 'always empty' : value === 1 ? 'at most 1 item' : `at most ${show(value)} items`),
  uniqueItems: (value) => (value === true ? 'items unique' : `uniqueItems ${show(value)}`),
  minProperties: (value) => (value === 1 ? 'at least 1 key' : `at least ${show(value)} keys`),
  maxProperties: (value) => (value === 1 ? 'at most 1 key' : `at most ${show(value)} keys`),
  default: (value) => `default ${clip(JSON.stringify(value))}`,
  examples: (value) =>
    Array.isArray(value) ? `e.g. ${clip(value.map((item) => JSON.stringify(item)).join(', '))}` : `e.g. ${show(value)}`,
  example: (value) => `e.g. ${clip(JSON.stringify(value))}`,
  title: (value) => show(value),
  enum: (value) =>
    `one of ${clip(Array.isArray(value) ? value.map((item) => JSON.stringify(item)).join(', ') : show(value))}`,
  propertyNames: (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value.pattern === 'string'
      ? `key names matching ${clip(value.pattern)}`
      : `key names ${show(value)}`,
  dependentRequired: (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? clip(
          Object.entries(value)
            .map(
              ([name, needs]) =>
                `with ${name}, also ${Array.isArray(needs) ? needs.map((need) => (typeof need === 'string' ? need : show(need))).join(', ') : show(needs as JsonValue)}`,
            )
            .join('; '),
        )
      : `dependent required ${show(value)}`,
  not: (value) => {
    const required = requiredNames(value);
    if (required === undefined) return `not ${show(value)}`;
    return required.length === 1 ? `${required[0]} must be left out` : `never all of ${required.join(', ')}`;
  },
};

/** The names a `{required: [...]}` schema lists, when that is all it says. */
function requiredNames(value: JsonValue | undefined): string[] | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || !Array.isArray(value.required)) return undefined;
  const names = value.required.filter((name): name is string => typeof name === 'string');
  return names.length > 0 ? names : undefined;
}

/** `{properties: {kind: {const: "file"}}}` as `kind is "file"`; undefined for other conditions. */
function conditionText(condition: JsonValue | undefined): string | undefined {
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return undefined;
  const properties = condition.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return undefined;
  const parts: string[] = [];
  for (const [name, schema] of Object.entries(properties)) {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return undefined;
    if (schema.const !== undefined) parts.push(`${name} is ${JSON.stringify(schema.const)}`);
    else if (Array.isArray(schema.enum))
      parts.push(`${name} is ${schema.enum.map((entry) => JSON.stringify(entry)).join(' or ')}`);
    else return undefined;
  }
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

/** What a `then`/`else` asks, in words: `path is required`, or the schema as JSON. */
function consequenceText(consequence: JsonValue): string {
  const required = requiredNames(consequence);
  if (required !== undefined) return `${required.join(' and ')} ${required.length === 1 ? 'is' : 'are'} required`;
  return `it must match ${show(consequence)}`;
}

/**
 * An `if`/`then`/`else` in words, for a target that cannot carry it:
 * `when kind is "file", path is required; otherwise url is required`.
 */
export function describeConditional(
  condition: JsonValue,
  then: JsonValue | undefined,
  otherwise: JsonValue | undefined,
): string {
  const when = conditionText(condition) ?? `it matches ${show(condition)}`;
  const parts: string[] = [];
  if (then !== undefined) parts.push(`when ${when}, ${consequenceText(then)}`);
  if (otherwise !== undefined)
    parts.push(`${then === undefined ? `unless ${when}` : 'otherwise'}, ${consequenceText(otherwise)}`);
  return clip(parts.join('; '));
}

/**
 * Whether a constraint says nothing a model can use: a bound at the edge of what a double holds
 * exactly (`maximum: 9007199254740991`, what zod writes for an int), a minimum count of 0.
 */
export function isNoiseConstraint(keyword: string, value: JsonValue): boolean {
  if (typeof value !== 'number') return false;
  if (keyword === 'maximum' || keyword === 'exclusiveMaximum') return value >= Number.MAX_SAFE_INTEGER;
  if (keyword === 'minimum' || keyword === 'exclusiveMinimum') return value <= Number.MIN_SAFE_INTEGER;
  return (keyword === 'minLength' || keyword === 'minItems' || keyword === 'minProperties') && value === 0;
}

/** One moved keyword as words, e.g. `minimum 1`, `matching ^[a-z]+$`, `default 20`. */
export function describeKeyword(keyword: string, value: JsonValue): string {
  const phrase = PHRASES[keyword];
  return phrase === undefined ? `${keyword} ${show(value)}` : phrase(value);
}

/**
 * A description with notes appended in parentheses: `"Page size (minimum 1; maximum 100)"`.
 * A missing or blank description becomes just the notes.
 */
export function appendNotes(description: JsonValue | undefined, notes: readonly string[]): string | undefined {
  const base = typeof description === 'string' ? description.trim() : '';
  if (notes.length === 0) return base === '' ? undefined : (description as string);
  const text = notes.join('; ');
  return base === '' ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : `${base} (${text})`;
}
