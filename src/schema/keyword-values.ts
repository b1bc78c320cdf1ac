// Keyword values of the wrong JSON type: what a server writes (draft 4's `exclusiveMinimum: true`,
// `maxLength: "255"`, `pattern: 0`) and 2020-12 refuses. The sanitizing copy flags them for the
// provider targets' repairs (`providers/repair-schema.ts`), which look for the same ones: one
// list, read by both.

/** Numeric bounds: any number. */
export const BOUND_KEYWORDS: ReadonlySet<string> = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
]);

/** Counts: non-negative integers. */
export const COUNT_KEYWORDS: ReadonlySet<string> = new Set([
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
]);

/** Keywords whose value is a string: a pattern, a format, and the words a model reads. */
export const STRING_KEYWORDS: ReadonlySet<string> = new Set(['pattern', 'format', 'title', 'description']);

/**
 * Whether `value` is of the wrong kind for keyword `key` (a keyword this module does not list,
 * or an absent value, never is): a bound that is not a number, a count that is not a
 * non-negative integer, a `multipleOf` that is not positive (2020-12's meta-schema refuses each),
 * a string keyword that is not a string, `uniqueItems` that is not a boolean, `examples` that
 * is not a list.
 */
export function isMalformedKeywordValue(key: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (BOUND_KEYWORDS.has(key)) return typeof value !== 'number' || (key === 'multipleOf' && value <= 0);
  if (COUNT_KEYWORDS.has(key)) return typeof value !== 'number' || value < 0 || !Number.isInteger(value);
  if (STRING_KEYWORDS.has(key)) return typeof value !== 'string';
  if (key === 'uniqueItems') return typeof value !== 'boolean';
  if (key === 'examples') return !Array.isArray(value);
  return false;
}
