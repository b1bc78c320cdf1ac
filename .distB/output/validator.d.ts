import type { StandardSchemaV1 } from '@standard-schema/spec';
/** One reason a value does not match, at a JSON Pointer into the value. */
export interface ValidationIssue {
    path: string;
    message: string;
    /** The JSON Schema keyword the value fails (`type`, `required`, `maximum`, …), when known. */
    keyword?: string;
}
/**
 * The outcome of validating one value. `fault` is set when the validator itself failed (it threw,
 * rejected, ran out of stack, or is async where a sync answer was needed): the value was not judged.
 */
export type ValidationOutcome<T> = {
    valid: true;
    value: T;
} | {
    valid: false;
    issues: ValidationIssue[];
    fault?: string;
};
/** A validator: sync for JSON Schema and sync Standard Schemas, possibly async for others. */
export type ResultValidator<T> = (value: unknown) => ValidationOutcome<T> | Promise<ValidationOutcome<T>>;
/** What {@link createStructuredResultDecoder} accepts as the expected shape. */
export type ResultSchema<T> = StandardSchemaV1<unknown, T> | Record<string, unknown> | boolean;
/** True for a Standard Schema validator (zod 4, valibot, ArkType, …). */
export declare function isStandardSchema(schema: unknown): schema is StandardSchemaV1;
/**
 * Builds a validator.
 * - A JSON Schema compiles with Ajv: draft-07 (or older) when its `$schema` says so, else 2020-12;
 *   formats are checked (ajv-formats). A schema Ajv cannot compile throws `ToolSchemaError`
 *   (`invalid_output_schema`) here, once, rather than at every decode.
 * - A Standard Schema validator is called as it is; its issues' paths become JSON Pointers.
 */
export declare function createResultValidator<T>(schema: ResultSchema<T>): ResultValidator<T>;
//# sourceMappingURL=validator.d.ts.map