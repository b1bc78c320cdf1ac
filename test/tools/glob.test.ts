// Tool-name globs (--include/--exclude, withToolschema's include/exclude): whole-name matches in
// bounded time, whatever the server names its tools.
import { describe, expect, test } from 'vitest';
import { globPattern } from '../../src/tools/glob.js';

/** The regular expression the globs were once compiled to: the meaning the matcher keeps. */
function regexpOf(glob: string): RegExp {
  const source = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replaceAll('*', '.*')
    .replaceAll('?', '.');
  return new RegExp(`^${source}$`, 'su');
}

describe('globPattern', () => {
  test.each([
    ['github_*', 'github_create_issue', true],
    ['github_*', 'gitlab_create_issue', false],
    ['*_issue', 'github_create_issue', true],
    ['*_issue', 'github_create_issue_comment', false],
    ['*issue*', 'list_issues', true],
    ['get_?', 'get_a', true],
    ['get_?', 'get_ab', false],
    ['*', '', true],
    ['', '', true],
    ['', 'a', false],
    ['a.b', 'a.b', true],
    ['a.b', 'axb', false],
    ['(x)+[y]', '(x)+[y]', true],
    ['a\\*', 'a\\bc', true],
    ['?', '😀', true],
    ['*', 'line\nbreak', true],
  ])('%s matches %j: %s', (glob, name, matches) => {
    expect(globPattern(glob).test(name)).toBe(matches);
  });

  test('agrees with the anchored regular expression on generated globs and names', () => {
    let seed = 25;
    const next = (limit: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % limit;
    };
    const pick = (alphabet: string, length: number) =>
      Array.from({ length }, () => alphabet[next(alphabet.length)]).join('');
    let matched = 0;
    for (let round = 0; round < 5_000; round++) {
      const glob = pick('ab*?.', next(7));
      const name = pick('ab.', next(9));
      const expected = regexpOf(glob).test(name);
      if (expected) matched++;
      expect(globPattern(glob).test(name), `${glob} on ${name}`).toBe(expected);
    }
    // Both answers are exercised.
    expect(matched).toBeGreaterThan(500);
    expect(matched).toBeLessThan(4_500);
  });

  test('answers at once on a long name that a backtracking engine splits every way among the stars', () => {
    // As a regular expression, `*a*a*b` against 10,000 `a`s took 288 s, and the time grows with
    // the cube of the name's length: 100,000 would not end before the test times out.
    const name = 'a'.repeat(100_000);
    expect(globPattern('*a*a*b').test(name)).toBe(false);
    expect(globPattern('*a*a*a*').test(name)).toBe(true);
    expect(globPattern('*a?a*b*a').test(`${name}b${name}`)).toBe(true);
  });
});
