// The exact byte size of a value's compact JSON, measured without building the string (SPEC §1.5).
import { readingHandWritten } from '../errors.js';

/** A value made of JSON parts: raw JSON or the JsonSchema model (which holds only JSON values). */
type JsonLike = null | boolean | number | string | readonly JsonLike[] | { readonly [key: string]: unknown };

/**
 * The UTF-8 byte length of `JSON.stringify(value)`, computed in one walk with no string built.
 * - Object members whose value is undefined are skipped, as `JSON.stringify` skips them.
 * - Strings count their JSON escapes: `"` `\` and the short control escapes take 2 bytes, other
 *   controls 6 (`\u00XX`), a lone surrogate 6; characters take their UTF-8 width.
 */
export function jsonByteLength(value: JsonLike): number {
  // Only a value written by hand can fail here: one that holds itself, nests past the stack, or
  // has a getter that throws.
  return readingHandWritten('the value', () => measureJson(value, undefined));
}

/**
 * Bounds the UTF-8 byte length of `JSON.stringify(value)` without scanning text: returns the
 * exact size but for strings (values and keys), which count as length + 2; their lengths are
 * added to `text.units` (each unit can add at most 5 bytes of escapes or multi-byte encoding).
 */
export function jsonByteLowerBound(value: JsonLike, text: { units: number }): number {
  return measureJson(value, text);
}

/** The one walk behind both: strings exact when `text` is undefined, else bounded and tallied. */
function measureJson(value: JsonLike, text: { units: number } | undefined): number {
  switch (typeof value) {
    case 'string':
      return measureString(value, text);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      break;
    default:
      return 0;
  }
  if (value === null) return 4;
  if (Array.isArray(value)) {
    let size = 2 + Math.max(0, value.length - 1);
    for (const element of value as readonly JsonLike[]) size += element === undefined ? 4 : measureJson(element, text);
    return size;
  }
  const object = value as { readonly [key: string]: unknown };
  let size = 2;
  let members = 0;
  // for-in with an own-key check, not Object.keys: the same keys in the same order, without an
  // array per object (measuring a converted batch allocated 1 MB of them).
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    const member = object[key];
    if (member === undefined || typeof member === 'function') continue;
    size += measureString(key, text) + 1 + measureJson(member as JsonLike, text);
    members++;
  }
  return size + Math.max(0, members - 1);
}

function measureString(value: string, text: { units: number } | undefined): number {
  if (text === undefined) return stringByteLength(value);
  text.units += value.length;
  return value.length + 2;
}

/**
 * Any character but printable ASCII without `"` and `\\` (the ones whose JSON form is exactly one
 * byte); global: `test` moves `lastIndex` past each match without building a match array.
 */
const NEXT_NOT_PLAIN = /[^\x20\x21\x23-\x5b\x5d-\x7e]/g;

/**
 * After this many characters that are not plain, a string whose next one came sooner than
 * {@link DENSE_GAP} units on average on the way is dense (CJK, emoji): a plain loop is faster there
 * than a regex call per character.
 */
const DENSE_AFTER = 8;
const DENSE_GAP = 16;

/** The UTF-8 byte length of a string's JSON form, quotes included. */
export function stringByteLength(text: string): number {
  // Most schema text is plain ASCII, and most of the rest is prose with a few line breaks or
  // quotes: the regex (native code) hops from one such character to the next, and the plain
  // runs between them are never looped over in JS.
  const pattern = NEXT_NOT_PLAIN;
  pattern.lastIndex = 0;
  let size = 2 + text.length;
  let found = 0;
  while (pattern.test(text)) {
    const index = pattern.lastIndex - 1;
    if (++found > DENSE_AFTER && index < found * DENSE_GAP) {
      pattern.lastIndex = 0;
      return size + excessFrom(text, index);
    }
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      size += 2; // the pair: 2 UTF-16 units counted, 4 UTF-8 bytes
      pattern.lastIndex = index + 2;
    } else size += characterExcess(code);
  }
  return size;
}

/** What the characters of `text` from `start` on weigh beyond one byte each, in one loop. */
function excessFrom(text: string, start: number): number {
  let excess = 0;
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x20 && code < 0x7f && code !== 0x22 && code !== 0x5c) continue;
    if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      excess += 2;
      index++;
    } else excess += characterExcess(code);
  }
  return excess;
}

/** What one UTF-16 unit that is not plain weighs in JSON beyond one byte (a surrogate pair aside). */
function characterExcess(code: number): number {
  if (code < 0x80) {
    if (code < 0x20) return code === 8 || code === 9 || code === 10 || code === 12 || code === 13 ? 1 : 5;
    return code === 0x22 || code === 0x5c ? 1 : 0; // DEL (0x7f) is one byte, unescaped
  }
  if (code < 0x800) return 1;
  if (code >= 0xd800 && code <= 0xdfff) return 5; // a lone surrogate is escaped as \uXXXX
  return 2;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
