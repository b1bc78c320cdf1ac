// RFC 6901 JSON Pointer tokens, escaped and unescaped: one spelling of the two rules for every
// module that builds or reads a pointer or a `#/$defs/…` ref.

/** A token escaped for a pointer (`~` → `~0`, then `/` → `~1`); one with neither as it is, no new string. */
export function escapeToken(token: string): string {
  return token.includes('~') || token.includes('/') ? token.replaceAll('~', '~0').replaceAll('/', '~1') : token;
}

/** A pointer token unescaped (`~1` → `/`, then `~0` → `~`); one without `~` as it is, no new string. */
export function unescapeToken(token: string): string {
  return token.includes('~') ? token.replaceAll('~1', '/').replaceAll('~0', '~') : token;
}
