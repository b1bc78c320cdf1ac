// The structured result decoder: final message text → a typed value or a typed failure (SPEC §3.3).
import { optionsObject } from '../errors.js';
import { extractFencedCodeBlocks, findFirstJsonObject } from './json-scan.js';
import type { ResponsesOutputMessage } from './responses-wire.js';
import type { ResultSchema, ResultValidator, ValidationIssue, ValidationOutcome } from './validator.js';
import { createResultValidator } from './validator.js';

/**
 * How strong the guarantee behind a value is.
 * - `strict`: the request was strict, the provider enforces JSON Schema, and the whole text
 *   parsed and validated.
 * - `validated`: not strict (or the provider cannot enforce), but the whole text parsed and validated here.
 * - `fallback`: recovered from a fenced code block or the first JSON object in prose, then validated.
 * - `text`: the plain-text fallback; the value is the message text, not validated.
 */
export type ResultGuarantee = 'strict' | 'validated' | 'fallback' | 'text';

/** A decoded value. */
export type StructuredSuccess<T> =
  | { ok: true; value: T; guarantee: 'strict' | 'validated'; source: 'message' }
  | { ok: true; value: T; guarantee: 'fallback'; source: 'fenced_code' | 'embedded_object' }
  | { ok: true; value: string; guarantee: 'text'; source: 'text' };

/** Why there is no value. */
export type StructuredFailure =
  | { ok: false; kind: 'not_json'; message: string }
  | { ok: false; kind: 'schema_violation'; issues: ValidationIssue[] }
  | { ok: false; kind: 'refusal'; refusal: string }
  | { ok: false; kind: 'incomplete'; reason: string }
  | { ok: false; kind: 'empty' }
  | { ok: false; kind: 'capability_missing'; message: string };

/** What `decode` returns; it never throws. */
export type StructuredResult<T> = StructuredSuccess<T> | StructuredFailure;

/** Which fallbacks may run when the whole text is not a valid value. All are off by default. */
export interface FallbackOptions {
  /** Try the bodies of fenced code blocks. */
  fencedCode?: boolean;
  /** Try the first balanced JSON object in the prose. */
  embeddedObject?: boolean;
  /** Return the text itself, with guarantee `text`. */
  text?: boolean;
}

/** Options of {@link createStructuredResultDecoder}. */
export interface StructuredResultDecoderOptions {
  /** The request was sent with `strict: true` (default false: nothing is claimed that was not asked). */
  strict?: boolean;
  /** `true` enables every fallback; an object picks them. Default: none. */
  fallback?: boolean | FallbackOptions;
  /**
   * Whether the provider enforces JSON Schema (default true). Without it the decoder reports
   * `capability_missing`, unless fallbacks are enabled: then it decodes with weak guarantees.
   */
  providerSupportsJsonSchema?: boolean;
}

/** A decoder for one expected type. */
export interface StructuredResultDecoder<T> {
  /** Decodes complete message text. Never throws. An async Standard Schema needs {@link decodeAsync}. */
  decode(text: string): StructuredResult<T>;
  /** The same, awaiting async validators. Never rejects. */
  decodeAsync(text: string): Promise<StructuredResult<T>>;
  /**
   * Decodes a completed Responses message item: an `incomplete` status is `incomplete`, refusal
   * parts win over text, else the joined output text is decoded.
   */
  decodeMessage(message: ResponsesOutputMessage): StructuredResult<T>;
  /** {@link decodeMessage}, awaiting async validators. */
  decodeMessageAsync(message: ResponsesOutputMessage): Promise<StructuredResult<T>>;
}

interface Candidate {
  value: unknown;
  source: 'message' | 'fenced_code' | 'embedded_object';
}

function resolveFallbacks(fallback: StructuredResultDecoderOptions['fallback']): Required<FallbackOptions> {
  if (fallback === true) return { fencedCode: true, embeddedObject: true, text: true };
  if (fallback === undefined || fallback === false) return { fencedCode: false, embeddedObject: false, text: false };
  return {
    fencedCode: fallback.fencedCode === true,
    embeddedObject: fallback.embeddedObject === true,
    text: fallback.text === true,
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Runs a validator without letting it throw (a validator may overflow on absurdly deep values). */
function safeValidate<T>(
  validate: ResultValidator<T>,
  value: unknown,
): ValidationOutcome<T> | Promise<ValidationOutcome<T>> {
  const failed = (error: unknown): ValidationOutcome<T> => ({
    valid: false,
    issues: [{ path: '', message: `the validator failed: ${error instanceof Error ? error.message : String(error)}` }],
  });
  try {
    const outcome = validate(value);
    return outcome instanceof Promise ? outcome.catch(failed) : outcome;
  } catch (error) {
    return failed(error);
  }
}

function messageText(message: ResponsesOutputMessage): { refusal: string } | { text: string } | { incomplete: string } {
  if (typeof message !== 'object' || message === null) return { text: '' };
  if (message.status === 'incomplete') return { incomplete: 'the message is incomplete (status "incomplete")' };
  if (!Array.isArray(message.content)) return { text: '' };
  // Parts come off the wire: skip anything that is not a well-formed part rather than throw.
  const parts = message.content.filter((part) => typeof part === 'object' && part !== null);
  const refusals = parts.filter((part) => part.type === 'refusal' && typeof part.refusal === 'string');
  if (refusals.length > 0) return { refusal: refusals.map((part) => part.refusal as string).join('') };
  return {
    text: parts.map((part) => (part.type === 'output_text' && typeof part.text === 'string' ? part.text : '')).join(''),
  };
}

/**
 * Creates a decoder for the final message of a structured-output request.
 * - The whole text (trimmed) is parsed and validated first; only that can be `strict` or `validated`.
 * - Fallbacks run only when enabled, in order: fenced code, embedded object, plain text; a
 *   value from them is marked `fallback` (or `text`), never `strict`.
 * - Empty text is `empty`; a message with refusal parts is `refusal`.
 * - `schema`: a JSON Schema (validated with Ajv) or a Standard Schema (zod 4, valibot, …).
 *   A JSON Schema that does not compile throws `ToolSchemaError` here, not at decode time.
 */
export function createStructuredResultDecoder<T = unknown>(
  schema: ResultSchema<T>,
  input?: StructuredResultDecoderOptions,
): StructuredResultDecoder<T> {
  const options = optionsObject(input);
  const validate = createResultValidator(schema);
  const fallbacks = resolveFallbacks(options.fallback);
  const anyFallback = fallbacks.fencedCode || fallbacks.embeddedObject || fallbacks.text;
  const capable = options.providerSupportsJsonSchema !== false;
  const guarantee: 'strict' | 'validated' = options.strict === true && capable ? 'strict' : 'validated';

  // A generator of steps lets one decoding routine serve both the sync and the async entry.
  function* run(
    text: string,
  ): Generator<ValidationOutcome<T> | Promise<ValidationOutcome<T>>, StructuredResult<T>, ValidationOutcome<T>> {
    if (!capable && !anyFallback) {
      return {
        ok: false,
        kind: 'capability_missing',
        message: 'the provider cannot enforce a JSON Schema; enable a fallback to decode with a weak guarantee',
      };
    }
    const trimmed = text.trim();
    if (trimmed === '') return { ok: false, kind: 'empty' };

    const whole = parseJson(trimmed);
    let failure: StructuredFailure;
    if (whole.ok) {
      const outcome = yield safeValidate(validate, whole.value);
      if (outcome.valid) return { ok: true, value: outcome.value, guarantee, source: 'message' };
      failure = { ok: false, kind: 'schema_violation', issues: outcome.issues };
    } else {
      failure = { ok: false, kind: 'not_json', message: whole.message };
    }

    const candidates: Candidate[] = [];
    if (fallbacks.fencedCode) {
      for (const block of extractFencedCodeBlocks(text)) {
        const parsed = parseJson(block.trim());
        if (parsed.ok) candidates.push({ value: parsed.value, source: 'fenced_code' });
      }
    }
    if (fallbacks.embeddedObject) {
      const found = findFirstJsonObject(text);
      if (found !== undefined) candidates.push({ value: found.value, source: 'embedded_object' });
    }
    for (const candidate of candidates) {
      const outcome = yield safeValidate(validate, candidate.value);
      if (outcome.valid) {
        return {
          ok: true,
          value: outcome.value,
          guarantee: 'fallback',
          source: candidate.source as 'fenced_code' | 'embedded_object',
        };
      }
    }
    if (fallbacks.text) return { ok: true, value: text, guarantee: 'text', source: 'text' };
    return failure;
  }

  const decodeSync = (text: string): StructuredResult<T> => {
    const steps = run(text);
    let step = steps.next();
    while (!step.done) {
      if (step.value instanceof Promise) {
        return {
          ok: false,
          kind: 'schema_violation',
          issues: [{ path: '', message: 'the validator is asynchronous; use decodeAsync()' }],
        };
      }
      step = steps.next(step.value);
    }
    return step.value;
  };

  const decodeAsync = async (text: string): Promise<StructuredResult<T>> => {
    const steps = run(text);
    let step = steps.next();
    while (!step.done) step = steps.next(await step.value);
    return step.value;
  };

  return {
    decode: (text) => (typeof text === 'string' ? decodeSync(text) : { ok: false, kind: 'empty' }),
    decodeAsync: async (text) => (typeof text === 'string' ? decodeAsync(text) : { ok: false, kind: 'empty' }),
    decodeMessage(message) {
      const content = messageText(message);
      if ('incomplete' in content) return { ok: false, kind: 'incomplete', reason: content.incomplete };
      return 'refusal' in content ? { ok: false, kind: 'refusal', refusal: content.refusal } : decodeSync(content.text);
    },
    async decodeMessageAsync(message) {
      const content = messageText(message);
      if ('incomplete' in content) return { ok: false, kind: 'incomplete', reason: content.incomplete };
      return 'refusal' in content
        ? { ok: false, kind: 'refusal', refusal: content.refusal }
        : decodeAsync(content.text);
    },
  };
}
