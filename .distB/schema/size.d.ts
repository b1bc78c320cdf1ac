/** A value made of JSON parts: raw JSON or the JsonSchema model (which holds only JSON values). */
type JsonLike = null | boolean | number | string | readonly JsonLike[] | {
    readonly [key: string]: unknown;
};
/**
 * The UTF-8 byte length of `JSON.stringify(value)`, computed in one walk with no string built.
 * - Object members whose value is undefined are skipped, as `JSON.stringify` skips them.
 * - Strings count their JSON escapes: `"` `\` and the short control escapes take 2 bytes, other
 *   controls 6 (`\u00XX`), a lone surrogate 6; characters take their UTF-8 width.
 */
export declare function jsonByteLength(value: JsonLike): number;
/**
 * Bounds the UTF-8 byte length of `JSON.stringify(value)` without scanning text: returns the
 * exact size but for strings (values and keys), which count as length + 2; their lengths are
 * added to `text.units` (each unit can add at most 5 bytes of escapes or multi-byte encoding).
 */
export declare function jsonByteLowerBound(value: JsonLike, text: {
    units: number;
}): number;
/** The UTF-8 byte length of a string's JSON form, quotes included. */
export declare function stringByteLength(text: string): number;
export {};
//# sourceMappingURL=size.d.ts.map