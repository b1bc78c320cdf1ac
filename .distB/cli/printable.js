// What the CLI prints for a person holds no control character from a server or a model: each is shown escaped.
/**
 * Control characters a terminal acts on: C0 but tab and line feed, DEL, C1 (U+0080–U+009F, CSI
 * among them), the line and paragraph separators and the bidirectional overrides and isolates
 * (text that reads one way and runs another).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same, sparing the colour sequences the CLI writes itself (`ESC [ n ; … m`). */
const CONTROL_BUT_STYLES = 
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
/\u001b\[[0-9;]{1,12}m|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
function escapeControl(char) {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
/**
 * A text a terminal shows as it is: every control character written `\uXXXX`. Escape sequences
 * (window title, clear screen, OSC 52 clipboard writes), `\r` overwrites and bidi overrides are
 * shown, never run.
 * - `keepStyles`: the CLI's own colour sequences stay (the text's untrusted parts went through
 *   {@link printableData} before they were coloured).
 * - Inside JSON text the escape means the same character, so JSON stays valid and equal.
 */
export function printableText(text, keepStyles = false) {
    if (keepStyles)
        return text.replace(CONTROL_BUT_STYLES, (match) => (match.length > 1 ? match : escapeControl(match)));
    return text.replace(CONTROL, escapeControl);
}
/**
 * A copy of a report with every string (and key) made {@link printableText}, for rendering: the
 * renderer may cut a string to a column, and a cut escape sequence is still one.
 */
export function printableData(value) {
    if (typeof value === 'string')
        return printableText(value);
    if (Array.isArray(value))
        return value.map(printableData);
    if (typeof value === 'object' && value !== null) {
        const prototype = Object.getPrototypeOf(value);
        if (prototype !== Object.prototype && prototype !== null)
            return value;
        const out = {};
        // defineProperty: a `__proto__` key stays a key.
        for (const [key, child] of Object.entries(value))
            Object.defineProperty(out, printableText(key), {
                value: printableData(child),
                enumerable: true,
                writable: true,
                configurable: true,
            });
        return out;
    }
    return value;
}
//# sourceMappingURL=printable.js.map