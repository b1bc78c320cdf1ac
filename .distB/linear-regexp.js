// Schema patterns run in linear time (RE2), never as backtracking regexes: the schema is a stranger's, the text a model's.
import { RE2JS } from 're2js';
/**
 * Rewrites the ECMAScript spellings RE2 writes differently; `undefined` when the pattern needs
 * what no linear engine has (the caller reports it unchecked).
 * - `\uXXXX` and `\u{X…}` → `\x{…}`; `[^]` (any character) → `[\s\S]`.
 * - Backreferences and lookaround are left for RE2 to refuse.
 */
export function toRe2Syntax(pattern) {
    let out = '';
    for (let i = 0; i < pattern.length; i++) {
        const char = pattern[i];
        if (char === '\\') {
            const next = pattern[i + 1];
            if (next === 'u') {
                const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(pattern.slice(i + 2, i + 10));
                if (braced !== null) {
                    out += `\\x{${braced[1]}}`;
                    i += 1 + braced[0].length;
                    continue;
                }
                const hex = pattern.slice(i + 2, i + 6);
                if (/^[0-9a-fA-F]{4}$/.test(hex)) {
                    out += `\\x{${hex}}`;
                    i += 5;
                    continue;
                }
            }
            out += char + (next ?? '');
            i++;
            continue;
        }
        if (char === '[' && pattern[i + 1] === '^' && pattern[i + 2] === ']') {
            out += '[\\s\\S]';
            i += 2;
            continue;
        }
        out += char;
    }
    return out;
}
/**
 * Compiles a JSON Schema `pattern` for linear-time matching (an unanchored search, as the
 * keyword means).
 * - Python-style inline flags (`(?i)`) work as they are: RE2 has them.
 * - A pattern RE2 refuses (lookaround, backreferences, a repeat count over 1,000) is returned as
 *   `unchecked`, with RE2's reason: a backtracking engine is the only way to run it, and that is
 *   what a hostile argument turns into hours of blocked event loop.
 */
export function compileLinearRegExp(pattern) {
    try {
        const re2 = RE2JS.compile(toRe2Syntax(pattern));
        return { regexp: { test: (text) => re2.test(text), toString: () => `re2:${pattern}` } };
    }
    catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { unchecked: { pattern, reason } };
    }
}
//# sourceMappingURL=linear-regexp.js.map