/** What Ajv needs of a compiled pattern (`code.regExp`), plus the pattern it was made from. */
export interface LinearRegExp {
    test(text: string): boolean;
    toString(): string;
}
/** A pattern the linear engine cannot run, and why; validation treats it as matching anything. */
export interface UncheckedPattern {
    pattern: string;
    reason: string;
}
/**
 * Rewrites the ECMAScript spellings RE2 writes differently; `undefined` when the pattern needs
 * what no linear engine has (the caller reports it unchecked).
 * - `\uXXXX` and `\u{X…}` → `\x{…}`; `[^]` (any character) → `[\s\S]`.
 * - Backreferences and lookaround are left for RE2 to refuse.
 */
export declare function toRe2Syntax(pattern: string): string;
/**
 * Compiles a JSON Schema `pattern` for linear-time matching (an unanchored search, as the
 * keyword means).
 * - Python-style inline flags (`(?i)`) work as they are: RE2 has them.
 * - A pattern RE2 refuses (lookaround, backreferences, a repeat count over 1,000) is returned as
 *   `unchecked`, with RE2's reason: a backtracking engine is the only way to run it, and that is
 *   what a hostile argument turns into hours of blocked event loop.
 */
export declare function compileLinearRegExp(pattern: string): {
    regexp: LinearRegExp;
} | {
    unchecked: UncheckedPattern;
};
//# sourceMappingURL=linear-regexp.d.ts.map