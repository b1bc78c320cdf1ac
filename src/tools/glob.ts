// Tool-name globs (`*` any run of characters, `?` one), as the proxy and the adapters filter tools by name.

/** A compiled glob: `test(name)` says whether the whole name matches. */
export interface GlobMatcher {
  readonly glob: string;
  test(name: string): boolean;
}

/**
 * A glob matched against whole names: `github_*` matches `github_create_issue`. `*` matches any
 * run of characters (newlines included), `?` one character (a code point); everything else
 * matches itself.
 *
 * Matched by the two-pointer wildcard walk, at most (name length × glob length) steps, not by a
 * regular expression: a backtracking engine tries every way to split the name among the stars,
 * so `*a*a*b` against a server's name of 10,000 `a`s took 288 s.
 */
export function globPattern(glob: string): GlobMatcher {
  const pattern = Array.from(glob);
  return { glob, test: (name) => matchesGlob(pattern, Array.from(name)) };
}

function matchesGlob(pattern: readonly string[], name: readonly string[]): boolean {
  let at = 0; // in the pattern
  let index = 0; // in the name
  // The last star met, and where in the name its run ends so far: on a mismatch the run grows
  // by one character and the match resumes after the star. Earlier stars never need to grow:
  // whatever a later star's run can absorb, it absorbs.
  let star = -1;
  let starEnd = 0;
  while (index < name.length) {
    const wanted = pattern[at];
    if (wanted === '*') {
      star = at++;
      starEnd = index;
    } else if (wanted !== undefined && (wanted === '?' || wanted === name[index])) {
      at++;
      index++;
    } else if (star !== -1) {
      at = star + 1;
      index = ++starEnd;
    } else return false;
  }
  while (pattern[at] === '*') at++;
  return at === pattern.length;
}
