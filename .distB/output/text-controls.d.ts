import type { JsonObject } from '../schema/json.js';
/** The format name the reference sends. */
export declare const DEFAULT_OUTPUT_SCHEMA_NAME = "codex_output_schema";
/** What a format name may be (the provider's rule). */
export declare const OUTPUT_SCHEMA_NAME_PATTERN: RegExp;
/** Verbosity of the model's answer. */
export type Verbosity = 'low' | 'medium' | 'high';
/** The `text.format` of a structured-output request. */
export type JsonSchemaTextFormat = {
    type: 'json_schema';
    strict: boolean;
    schema: JsonObject;
    name: string;
};
/** The Responses `text` field (assignable to the `openai` package's `ResponseTextConfig`). */
export type TextControls = {
    verbosity?: Verbosity;
    format?: JsonSchemaTextFormat;
};
/** Options of {@link createTextControls}. */
export interface TextControlsOptions {
    verbosity?: Verbosity | undefined;
    /** The JSON Schema the final answer must follow; sent verbatim. */
    outputSchema?: unknown;
    /** Provider-side enforcement (default true); declare a source non-strict with false. */
    strict?: boolean | undefined;
    /** The format name (default `codex_output_schema`), `^[a-zA-Z0-9_-]{1,64}$`. */
    name?: string | undefined;
}
/**
 * Builds the `text` controls of a Responses request.
 * - Neither verbosity nor schema → `undefined`: the request carries no `text` at all.
 * - Else `{ verbosity?, format? }` with `format = { type: "json_schema", strict, schema, name }`.
 * - The schema is copied verbatim (never sanitized, never spliced into instructions); it must be a
 *   JSON object. `strict` defaults to true.
 */
export declare function createTextControls(input?: TextControlsOptions): TextControls | undefined;
//# sourceMappingURL=text-controls.d.ts.map