import type { JsonObject, JsonValue } from './json.js';
import type { JsonSchema, JsonSchemaType } from './model.js';
/**
 * Decodes a sanitized raw value into the model, keeping only the model's keys.
 * - Unknown keywords are dropped, and so is any known key whose value is null.
 * - A null where a schema is required (inside `properties`, tables, compositions) fails.
 * - Fails when the root is not an object, a field has the wrong type (`items` as an array,
 *   `type` an unknown name, `required` not strings, …), or the root type is exactly `"null"`.
 * - Does not check that `required` names exist in `properties`.
 * - The input is copied first: the result shares nothing with it.
 */
export declare function decodeToolInputSchema(input: unknown): JsonSchema;
/** {@link decodeToolInputSchema} on a value the caller owns: the result shares its `enum` arrays. */
export declare function decodeRawSchema(raw: JsonValue): JsonSchema;
/** The model's keys whose value is a table of schemas. */
export type TableKey = 'properties' | '$defs' | 'definitions';
/** The model's keys whose value is a list of schemas. */
export type ListKey = 'anyOf' | 'oneOf' | 'allOf';
/**
 * What a decoding tells as it goes, for a caller that measures the model in the same walk
 * (compaction's budget, `compaction/measure.ts`): decoding knows what the model keeps, the
 * observer what that weighs.
 * - Each field the model keeps is told as it is decoded (validated), in the model's key order;
 *   a table or a list after its members; the schema object that holds them last. Fewer, larger
 *   calls were tried: the counting costs the same either way.
 * - A decoding that drops descriptions does not report them.
 */
export interface DecodeObserver {
    /** The bytes counted so far: a decoding with a build limit stops building once they pass it. */
    readonly bytes: number;
    /**
     * A schema object, after its fields and children: its depth (the root is 0), how many fields
     * the model keeps, whether one is a description, and whether the raw object has a composition
     * key (`anyOf`, `oneOf`, `allOf`), whatever its value.
     */
    schemaObject(depth: number, fields: number, described: boolean, composition: boolean): void;
    ref(value: string): void;
    type(value: JsonSchemaType | readonly JsonSchemaType[]): void;
    description(value: string): void;
    encrypted(value: boolean): void;
    enumValues(values: JsonValue[]): void;
    required(names: readonly string[]): void;
    /** `items`, before its schema. */
    items(): void;
    additionalProperties(value: boolean | JsonObject): void;
    /** A table's key and member names, after its members. */
    table(key: TableKey, names: readonly string[]): void;
    /** A list's key and length, after its members. */
    list(key: ListKey, length: number): void;
}
/**
 * Decodes a raw value the caller owns, telling `observer` what the model keeps.
 * - `build`: false validates only (nothing is allocated) and returns undefined.
 * - Past `buildLimitBytes` counted by the observer it stops building and returns undefined, but
 *   goes on validating and reporting: the caller wanted only the measure of a model that large.
 * - `withoutDescriptions`: descriptions are checked, then left out of the model (and not reported).
 * - Throws the `ToolSchemaError` {@link decodeRawSchema} would.
 */
export declare function decodeObserved(raw: JsonValue, observer: DecodeObserver | undefined, build: boolean, buildLimitBytes: number, withoutDescriptions: boolean): JsonSchema | undefined;
//# sourceMappingURL=decode.d.ts.map