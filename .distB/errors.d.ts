/** A path into a JSON value, as segments: object keys are strings, array indices numbers. */
export type JsonPathSegments = readonly (string | number)[];
/**
 * What went wrong, as a stable, machine-readable code.
 * - `not_json`: the input holds a value JSON cannot carry (undefined root, function, BigInt,
 *   symbol, NaN/Infinity, a class instance).
 * - `unreadable_value`: reading the input threw (a throwing getter, a revoked Proxy).
 * - `too_deep`: the input nests deeper than the documented limit, or is a cyclic JS value.
 * - `invalid_schema`: the schema does not decode into the model (SPEC §1.6).
 * - `null_root_type`: the root schema's type is exactly `"null"`.
 * - `invalid_option`: an option passed to a function is out of range.
 * - `invalid_identifier`, `invalid_tool`: a tool name, namespace or definition is malformed.
 * - `invalid_output_schema`: an output schema is unusable for a structured-output request.
 * - `invalid_arguments`: a model's tool-call arguments are not JSON, or do not satisfy the
 *   tool's own input schema once restored (`resolveToolCall`).
 * - `unknown_tool`: a tool call names no tool of the conversion.
 */
export type ToolSchemaErrorCode = 'not_json' | 'unreadable_value' | 'too_deep' | 'invalid_schema' | 'null_root_type' | 'invalid_option' | 'invalid_identifier' | 'invalid_tool' | 'invalid_output_schema' | 'invalid_arguments' | 'unknown_tool';
/** Formats path segments as an RFC 6901 JSON Pointer (`""` is the root). */
export declare function toJsonPointer(segments: JsonPathSegments): string;
/**
 * The error every public function throws for bad input, and nothing else.
 * - `code`: a {@link ToolSchemaErrorCode}.
 * - `path`: where, as a JSON Pointer into the input (`""` for the root).
 * - `segments`: the same path as segments.
 * - `message`: what was found, what was expected, prefixed by the path.
 */
export declare class ToolSchemaError extends Error {
    readonly name = "ToolSchemaError";
    readonly code: ToolSchemaErrorCode;
    readonly path: string;
    readonly segments: readonly (string | number)[];
    /** The message without the path prefix. */
    readonly detail: string;
    constructor(code: ToolSchemaErrorCode, segments: JsonPathSegments, detail: string);
}
/** Describes a JS value briefly for an error message (`a string "abc…"`, `an array`, …). */
export declare function describeValue(value: unknown): string;
/** The same error with its path moved under a prefix (a tool's `inputSchema`, an item of a batch). */
export declare function prefixErrorPath(error: ToolSchemaError, prefix: JsonPathSegments): ToolSchemaError;
/**
 * Reads an options argument: undefined is `{}`; anything but a plain object is an `invalid_option`
 * error (a JavaScript caller passing `null` or a string gets a clear error, not a TypeError).
 */
export declare function optionsObject<T extends object>(options: T | undefined, name?: string): Partial<T>;
/** Throws `ToolSchemaError` with the given code unless the argument is a plain object. */
export declare function expectObjectArgument(value: unknown, code: ToolSchemaErrorCode, what: string): asserts value is object;
/** Throws `ToolSchemaError` with the given code unless the argument is an array. */
export declare function expectArrayArgument(value: unknown, code: ToolSchemaErrorCode, what: string): asserts value is unknown[];
//# sourceMappingURL=errors.d.ts.map