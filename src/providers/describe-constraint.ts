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
  maxItems: (value) => (value === 1 ? 'at most 1 item' : `at most ${show(value)} items`),
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
  propertyNames: (value) => `key names ${show(value)}`,
  dependentRequired: (value) => `dependent required ${show(value)}`,
};

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
