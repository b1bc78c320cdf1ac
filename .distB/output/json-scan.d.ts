/** How many candidate objects the scanner tries before giving up (bounds the work on hostile text). */
export declare const MAX_EMBEDDED_JSON_CANDIDATES = 32;
/** How many fenced code blocks the decoder tries (10 MB of short blocks must not mean a million parses). */
export declare const MAX_FENCED_CODE_CANDIDATES = 32;
/**
 * The bodies of fenced code blocks (```` ``` ```` or `~~~`, any info string), in order.
 * - A fence opens on a line starting with three or more backticks or tildes, and closes on a
 *   line of the same character at least as long; an unclosed block runs to the end.
 */
export declare function extractFencedCodeBlocks(text: string): string[];
/**
 * Every balanced `{…}` in prose, by its start: one pass, so a hostile text costs linear time.
 * - Outside any object the text is prose: quotes there do not start strings; a `{` opens.
 * - Inside, strings (with `\"` and `\\`) hide brackets; a mismatched closer abandons every open
 *   bracket and the scan goes on as prose.
 * - Returns the starts of objects in order, each with its end (exclusive), or -1 when unclosed.
 */
export declare function findObjectSpans(text: string): {
    start: number;
    end: number;
}[];
/**
 * Finds the first balanced JSON object in prose that parses, trying at most
 * {@link MAX_EMBEDDED_JSON_CANDIDATES} objects found by {@link findObjectSpans} (one linear scan:
 * 10 MB of `{` no longer rescans to the end for each start). Returns its value, or undefined.
 */
export declare function findFirstJsonObject(text: string): {
    value: unknown;
    start: number;
    end: number;
} | undefined;
//# sourceMappingURL=json-scan.d.ts.map