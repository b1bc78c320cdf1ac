import { describe, expect, test } from 'vitest';
import { jsonByteLength } from '../../src/schema/size.js';

const utf8Length = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

describe('jsonByteLength', () => {
  test.each([
    ['ascii', 'plain text'],
    ['quotes and backslashes', 'a "quoted" \\ path'],
    ['short escapes', '\b\f\n\r\t'],
    ['other controls', '\u0000\u0001\u001f'],
    ['two-byte characters', 'café ñ'],
    ['three-byte characters', '日本語 €'],
    ['surrogate pairs', '😀 𝄞'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
    ['DEL and U+2028', '\u007f\u2028'],
  ])('counts a string with %s exactly as UTF-8 JSON', (_name, text) => {
    expect(jsonByteLength(text)).toBe(utf8Length(text));
  });

  test('counts nested values, numbers and literals exactly', () => {
    const value = { a: [1, -0, 1.5e300, 0.1, true, false, null], 'k"é': { nested: [[], {}] }, s: 'x' };
    expect(jsonByteLength(value)).toBe(utf8Length(value));
  });

  test('skips undefined members as JSON.stringify does', () => {
    const value = { a: undefined, b: 1 };
    expect(jsonByteLength(value)).toBe(utf8Length(value));
  });
});
