import { CopyState } from './copy.js';
import type { JsonValue } from './json.js';
import { type CollectedRefs } from './ref-collection.js';
/** Key groups that infer a type when a schema has no valid `type`; first match wins (SPEC §1.2 step 5). */
export declare const TYPE_INFERENCE_RULES: readonly [{
    readonly type: 'object';
    readonly keys: readonly ["properties", "required", "additionalProperties"];
}, {
    readonly type: 'array';
    readonly keys: readonly ["items", "prefixItems"];
}, {
    readonly type: 'string';
    readonly keys: readonly ["enum", "format"];
}, {
    readonly type: 'number';
    readonly keys: readonly ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];
}];
/**
 * Returns a sanitized copy of a raw schema; the input is not modified.
 * - A boolean at a schema position becomes `{"type":"string"}`; a boolean `additionalProperties` stays.
 * - Children first (properties values, items, prefixItems, additionalProperties, compositions,
 *   definition tables at every level); a table that is not an object is removed.
 * - `const` becomes a one-value `enum` (overwriting any `enum`).
 * - Valid types are kept (arrays filtered to valid names, one left → a string). With none, a
 *   `$ref` or composition key stops the rules; else a type is inferred from keyword presence,
 *   and a schema with nothing to infer from becomes `{}`.
 * - `object` gets `properties: {}` and `array` gets `items: {"type":"string"}` when missing.
 * - Never looks inside `not`, `if`/`then`/`else`, `patternProperties`, enum values or examples.
 * - It is also the pipeline's entry copy: one walk copies, checks (as {@link copyJsonInput}
 *   does, with the same errors) and sanitizes, each schema object as soon as its members are copied.
 */
export declare function sanitizeJsonSchema(input: unknown): JsonValue;
/**
 * {@link sanitizeJsonSchema}, also noting every `$ref` as pruning would find it, so that
 * `pruneWithCollectedRefs` follows them without walking the result (see `ref-collection.ts`).
 */
export declare function sanitizeCollectingRefs(input: unknown, refs: CollectedRefs): JsonValue;
/** {@link sanitizeJsonSchema}, also returning the compact JSON bytes of the input it read. */
export declare function sanitizeAndMeasureJsonSchema(input: unknown): {
    value: JsonValue;
    bytes: number;
};
/**
 * Inserts `properties: {}` in place at a root object without `properties` (or with null), so a
 * typeless MCP root becomes an object and keeps its description (SPEC §2.3 step 1). The one
 * place this rule is written: the sanitizing copy below and the MCP explain path both call it.
 */
export declare function insertMcpRootProperties(inputSchema: JsonValue): JsonValue;
/**
 * The sanitizing copy of an MCP tool's `inputSchema`, for a copier of the whole tool: a root
 * object without `properties` (or with null) gets `properties: {}` first, so a typeless root
 * becomes an object and keeps its description (SPEC §2.3 step 1).
 */
export declare function copySanitizedMcpInputSchema(value: unknown, depth: number, state: CopyState): JsonValue;
//# sourceMappingURL=sanitize.d.ts.map