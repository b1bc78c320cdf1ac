/**
 * A text a terminal shows as it is: every control character written `\uXXXX`. Escape sequences
 * (window title, clear screen, OSC 52 clipboard writes), `\r` overwrites and bidi overrides are
 * shown, never run.
 * - `keepStyles`: the CLI's own colour sequences stay (the text's untrusted parts went through
 *   {@link printableData} before they were coloured).
 * - Inside JSON text the escape means the same character, so JSON stays valid and equal.
 */
export declare function printableText(text: string, keepStyles?: boolean): string;
/**
 * A copy of a report with every string (and key) made {@link printableText}, for rendering: the
 * renderer may cut a string to a column, and a cut escape sequence is still one.
 */
export declare function printableData<T>(value: T): T;
//# sourceMappingURL=printable.d.ts.map