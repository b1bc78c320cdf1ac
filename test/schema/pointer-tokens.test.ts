import { describe, expect, test } from 'vitest';
import { escapeToken, unescapeToken } from '../../src/schema/pointer-tokens.js';

describe('pointer tokens (RFC 6901)', () => {
  test('escapes ~ before / so that a literal "~1" survives the round trip', () => {
    expect(escapeToken('a/b')).toBe('a~1b');
    expect(escapeToken('a~b')).toBe('a~0b');
    expect(escapeToken('~1')).toBe('~01');
    expect(unescapeToken('~01')).toBe('~1');
    for (const token of ['', 'plain', 'a/b', '~', '~0', '~1', '/~/', 'x~~1//y']) {
      expect(unescapeToken(escapeToken(token))).toBe(token);
    }
  });

  test('unescapes ~1 before ~0, as the RFC orders it', () => {
    expect(unescapeToken('a~1b')).toBe('a/b');
    expect(unescapeToken('a~0b')).toBe('a~b');
    expect(unescapeToken('~0~1')).toBe('~/');
  });

  test('a token with nothing to escape or unescape is returned as it is', () => {
    const token = 'definitions_and_more';
    expect(escapeToken(token)).toBe(token);
    expect(unescapeToken(token)).toBe(token);
  });
});
