import type { ResponsesOutputMessage } from './responses-wire.js';
import type { ResultSchema, ValidationIssue } from './validator.js';
/**
 * How strong the guarantee behind a value is.
 * - `strict`: the request was strict, the provider enforces JSON Schema, and the whole text
 *   parsed and validated.
 * - `validated`: not strict (or the provider cannot enforce), but the whole text parsed and validated here.
 * - `fallback`: recovered from a fenced code block or the first JSON object in prose, then validated.
 * - `text`: the plain-text fallback (only when asked for); the value is the message text, not validated.
 */
export type ResultGuarantee = 'strict' | 'validated' | 'fallback' | 'text';
/** Where a value (or a violating candidate) was found. */
export type ResultSource = 'message' | 'fenced_code' | 'embedded_object';
/** The plain-text success: only in the result type of a decoder asked for `fallback: { text: true }`. */
export type TextFallbackSuccess = {
    ok: true;
    value: string;
    guarantee: 'text';
    source: 'text';
};
/**
 * A decoded value. `Text` is true only for a decoder with the plain-text fallback, so that
 * `if (result.ok) result.value.city` type-checks when the text fallback was not asked for.
 */
export type StructuredSuccess<T, Text extends boolean = false> = {
    ok: true;
    value: T;
    guarantee: 'strict' | 'validated';
    source: 'message';
    lossyNumbers?: true;
} | {
    ok: true;
    value: T;
    guarantee: 'fallback';
    source: 'fenced_code' | 'embedded_object';
    lossyNumbers?: true;
} | (Text extends true ? TextFallbackSuccess : never);
/**
 * Why there is no value.
 * - `not_json`, `schema_violation`: the model's answer is wrong (re-asking may help);
 *   a violation found in a fallback candidate says where (`source`).
 * - `validator_error`: the validator failed (threw, rejected, ran out of stack, or is async under
 *   the sync `decode`) — the answer was not judged; re-asking the model will not help.
 * - `refusal`, `incomplete`, `empty`, `capability_missing`: no answer to judge.
 */
export type StructuredFailure = {
    ok: false;
    kind: 'not_json';
    message: string;
} | {
    ok: false;
    kind: 'schema_violation';
    issues: ValidationIssue[];
    source: ResultSource;
} | {
    ok: false;
    kind: 'validator_error';
    message: string;
} | {
    ok: false;
    kind: 'refusal';
    refusal: string;
} | {
    ok: false;
    kind: 'incomplete';
    reason: string;
} | {
    ok: false;
    kind: 'empty';
} | {
    ok: false;
    kind: 'capability_missing';
    message: string;
};
/** What `decode` returns; it never throws. */
export type StructuredResult<T, Text extends boolean = false> = StructuredSuccess<T, Text> | StructuredFailure;
/** Which fallbacks may run when the whole text is not a valid value. All are off by default. */
export interface FallbackOptions {
    /** Try the bodies of fenced code blocks (at most 32). */
    fencedCode?: boolean;
    /** Try the first balanced JSON object in the prose. */
    embeddedObject?: boolean;
    /** Return the text itself, with guarantee `text`. Never implied by `fallback: true`. */
    text?: boolean;
}
/** A compiled request the decoder's `strict` can be read from (`compileResponsesRequest`'s body). */
export interface StrictSource {
    readonly text?: {
        readonly format?: {
            readonly type?: string;
            readonly strict?: boolean | null;
        } | undefined;
    } | undefined;
}
/** Options of {@link createStructuredResultDecoder}. */
export interface StructuredResultDecoderOptions {
    /**
     * The request was sent with `strict: true`. Default: read from `request` when given, else
     * false (nothing is claimed that was not asked).
     */
    strict?: boolean;
    /** The compiled request body: `strict` follows its `text.format.strict`, so the two never disagree. */
    request?: StrictSource;
    /** `true` enables the JSON fallbacks (fenced code, embedded object); an object picks them. Default: none. */
    fallback?: boolean | FallbackOptions;
    /**
     * Whether the provider enforces JSON Schema (default true). Without it the decoder reports
     * `capability_missing`, unless fallbacks are enabled: then it decodes with weak guarantees.
     */
    providerSupportsJsonSchema?: boolean;
}
/** A decoder for one expected type. */
export interface StructuredResultDecoder<T, Text extends boolean = false> {
    /** Decodes complete message text. Never throws. An async Standard Schema needs {@link decodeAsync}. */
    decode(text: string): StructuredResult<T, Text>;
    /** The same, awaiting async validators. Never rejects. */
    decodeAsync(text: string): Promise<StructuredResult<T, Text>>;
    /**
     * Decodes a Responses message item: only a `completed` one (a message without a status counts
     * as completed); anything else is `incomplete`. Refusal parts win over text, else the joined
     * output text is decoded. Never throws, whatever the object.
     */
    decodeMessage(message: ResponsesOutputMessage): StructuredResult<T, Text>;
    /** {@link decodeMessage}, awaiting async validators. */
    decodeMessageAsync(message: ResponsesOutputMessage): Promise<StructuredResult<T, Text>>;
}
/**
 * Whether a JSON text (one that parses) writes a number that a double cannot hold exactly: an
 * integer past 2^53 that does not round-trip (`9007199254740993` reads as `…992`), or a number
 * of more than 17 significant digits. Only texts with a run of 16 digits are scanned.
 */
export declare function hasLossyNumbers(text: string): boolean;
/**
 * Creates a decoder for the final message of a structured-output request.
 * - The whole text (trimmed) is parsed and validated first; only that can be `strict` or `validated`.
 * - Fallbacks run only when enabled, in order: fenced code, embedded object, plain text; a
 *   value from them is marked `fallback` (or `text`), never `strict`.
 * - When nothing validates: the message's own violation if it parsed, else the first fallback
 *   candidate's violation (with its `source`), else `not_json`. A failing validator is
 *   `validator_error`, never blamed on the model.
 * - Empty text is `empty`; a message with refusal parts is `refusal`.
 * - `schema`: a JSON Schema (validated with Ajv) or a Standard Schema (zod 4, valibot, …).
 *   A JSON Schema that does not compile throws `ToolSchemaError` here, not at decode time.
 * - The result type includes the plain-text success only with `fallback: { text: true }`.
 */
export declare function createStructuredResultDecoder<T = unknown>(schema: ResultSchema<T>, options: StructuredResultDecoderOptions & {
    fallback: FallbackOptions & {
        text: true;
    };
}): StructuredResultDecoder<T, true>;
export declare function createStructuredResultDecoder<T = unknown>(schema: ResultSchema<T>, options?: StructuredResultDecoderOptions & {
    fallback?: boolean | (FallbackOptions & {
        text?: false;
    });
}): StructuredResultDecoder<T, false>;
export declare function createStructuredResultDecoder<T = unknown>(schema: ResultSchema<T>, options?: StructuredResultDecoderOptions): StructuredResultDecoder<T, boolean>;
//# sourceMappingURL=decode.d.ts.map