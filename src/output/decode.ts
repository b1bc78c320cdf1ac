// The structured result decoder: final message text → a typed value or a typed failure (SPEC §3.3).
import { optionsObject } from '../errors.js';
import { extractFencedCodeBlocks, findFirstJsonObject, MAX_FENCED_CODE_CANDIDATES } from './json-scan.js';
import type { ResponsesOutputMessage } from './responses-wire.js';
import type { ResultSchema, ResultValidator, ValidationIssue, ValidationOutcome } from './validator.js';
import { createResultValidator } from './validator.js';

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
export type TextFallbackSuccess = { ok: true; value: string; guarantee: 'text'; source: 'text' };

/**
 * A decoded value. `Text` is true only for a decoder with the plain-text fallback, so that
 * `if (result.ok) result.value.city` type-checks when the text fallback was not asked for.
 */
export type StructuredSuccess<T, Text extends boolean = false> =
  | { ok: true; value: T; guarantee: 'strict' | 'validated'; source: 'message'; lossyNumbers?: true }
  | { ok: true; value: T; guarantee: 'fallback'; source: 'fenced_code' | 'embedded_object'; lossyNumbers?: true }
  | (Text extends true ? TextFallbackSuccess : never);

/**
 * Why there is no value.
 * - `not_json`, `schema_violation`: the model's answer is wrong (re-asking may help);
 *   a violation found in a fallback candidate says where (`source`).
 * - `validator_error`: the validator failed (threw, rejected, ran out of stack, or is async under
 *   the sync `decode`) — the answer was not judged; re-asking the model will not help.
 * - `refusal`, `incomplete`, `empty`, `capability_missing`: no answer to judge.
 */
export type StructuredFailure =
  | { ok: false; kind: 'not_json'; message: string }
  | { ok: false; kind: 'schema_violation'; issues: ValidationIssue[]; source: ResultSource }
  | { ok: false; kind: 'validator_error'; message: string }
  | { ok: false; kind: 'refusal'; refusal: string }
  | { ok: false; kind: 'incomplete'; reason: string }
  | { ok: false; kind: 'empty' }
  | { ok: false; kind: 'capability_missing'; message: string };

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
  readonly text?:
    | { readonly format?: { readonly type?: string; readonly strict?: boolean | null } | undefined }
    | undefined;
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

interface Candidate {
  value: unknown;
  /** The JSON text the value was parsed from. */
  text: string;
  source: ResultSource;
}

/** A success, flagged when its JSON text wrote a number the parsed value does not hold exactly. */
function withLossyNumbers<T>(success: StructuredSuccess<T>, text: string): StructuredSuccess<T> {
  if (hasLossyNumbers(text)) success.lossyNumbers = true;
  return success;
}

function resolveFallbacks(fallback: StructuredResultDecoderOptions['fallback']): Required<FallbackOptions> {
  if (fallback === true) return { fencedCode: true, embeddedObject: true, text: false };
  if (fallback === undefined || fallback === false) return { fencedCode: false, embeddedObject: false, text: false };
  return {
    fencedCode: fallback.fencedCode === true,
    embeddedObject: fallback.embeddedObject === true,
    text: fallback.text === true,
  };
}

/** A JSON string, or a JSON number token, in a text already known to parse. */
const JSON_STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * Whether a JSON text (one that parses) writes a number that a double cannot hold exactly: an
 * integer past 2^53 that does not round-trip (`9007199254740993` reads as `…992`), or a number
 * of more than 17 significant digits. Only texts with a run of 16 digits are scanned.
 */
export function hasLossyNumbers(text: string): boolean {
  if (!/\d{16}/.test(text)) return false;
  for (const match of text.matchAll(JSON_STRING_OR_NUMBER)) {
    const token = match[0];
    if (token.startsWith('"')) continue;
    const mantissa = token.replace(/[eE].*$/, '');
    const digits = mantissa.replace(/[-.]/g, '').replace(/^0+/, '');
    if (mantissa === token && !token.includes('.')) {
      if (digits.length > 15 && BigInt(token) !== BigInt(Number(token))) return true;
    } else if (significantLength(digits) > 17) return true;
  }
  return false;
}

/**
 * The length of `digits` without its trailing zeros. A loop, not `replace(/0+$/, '')`: that
 * expression tries every zero of a run that a later digit ends, quadratic in the run (a model's
 * `1.000…1` with 30,000 zeros took 0.75 s; a million, minutes).
 */
function significantLength(digits: string): number {
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 48 /* 0 */) end--;
  return end;
}

/**
 * Parses JSON as `serde_json` would accept it: a number out of the double range (`1e400`) is an
 * error, not Infinity (which would later serialize as null).
 */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const outOfRange = firstNonFiniteNumber(value);
  return outOfRange === undefined
    ? { ok: true, value }
    : { ok: false, message: `a number is out of range (it would be ${outOfRange})` };
}

/** The first Infinity in a parsed value, found without recursion (a model's JSON may nest deep). */
function firstNonFiniteNumber(root: unknown): number | undefined {
  if (typeof root === 'number') return Number.isFinite(root) ? undefined : root;
  if (typeof root !== 'object' || root === null) return undefined;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return current;
    } else if (typeof current === 'object' && current !== null) {
      for (const child of Array.isArray(current) ? current : Object.values(current)) {
        if (typeof child === 'object' || typeof child === 'number') stack.push(child);
      }
    }
  }
  return undefined;
}

const faultOf = (error: unknown): ValidationOutcome<never> => ({
  valid: false,
  issues: [],
  fault: `the validator failed: ${error instanceof Error ? error.message : String(error)}`,
});

/** Runs a validator without letting it throw or reject: a fault is reported as such, not as a violation. */
function safeValidate<T>(
  validate: ResultValidator<T>,
  value: unknown,
): ValidationOutcome<T> | Promise<ValidationOutcome<T>> {
  try {
    const outcome = validate(value);
    return outcome instanceof Promise ? outcome.catch(faultOf) : outcome;
  } catch (error) {
    return faultOf(error);
  }
}

/** Reads a message off the wire without trusting its shape (getters may throw, Proxies may trap). */
function messageText(message: ResponsesOutputMessage): { refusal: string } | { text: string } | { incomplete: string } {
  try {
    if (typeof message !== 'object' || message === null) return { text: '' };
    const status = message.status;
    if (status !== undefined && status !== 'completed')
      return { incomplete: `the message is not complete (status ${JSON.stringify(status)})` };
    if (!Array.isArray(message.content)) return { text: '' };
    // Parts come off the wire: skip anything that is not a well-formed part rather than throw.
    const parts = message.content.filter((part) => typeof part === 'object' && part !== null);
    const refusals = parts.filter((part) => part.type === 'refusal' && typeof part.refusal === 'string');
    if (refusals.length > 0) return { refusal: refusals.map((part) => part.refusal as string).join('') };
    return {
      text: parts
        .map((part) => (part.type === 'output_text' && typeof part.text === 'string' ? part.text : ''))
        .join(''),
    };
  } catch (error) {
    return { incomplete: `the message could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

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
export function createStructuredResultDecoder<T = unknown>(
  schema: ResultSchema<T>,
  options: StructuredResultDecoderOptions & { fallback: FallbackOptions & { text: true } },
): StructuredResultDecoder<T, true>;
export function createStructuredResultDecoder<T = unknown>(
  schema: ResultSchema<T>,
  options?: StructuredResultDecoderOptions & { fallback?: boolean | (FallbackOptions & { text?: false }) },
): StructuredResultDecoder<T, false>;
export function createStructuredResultDecoder<T = unknown>(
  schema: ResultSchema<T>,
  options?: StructuredResultDecoderOptions,
): StructuredResultDecoder<T, boolean>;
export function createStructuredResultDecoder<T = unknown>(
  schema: ResultSchema<T>,
  input?: StructuredResultDecoderOptions,
): StructuredResultDecoder<T, boolean> {
  type Result = StructuredResult<T, boolean>;
  const options = optionsObject<StructuredResultDecoderOptions>(input);
  const validate = createResultValidator(schema);
  const fallbacks = resolveFallbacks(options.fallback);
  const anyFallback = fallbacks.fencedCode || fallbacks.embeddedObject || fallbacks.text;
  const capable = options.providerSupportsJsonSchema !== false;
  const requestedStrict = options.strict ?? options.request?.text?.format?.strict === true;
  const guarantee: 'strict' | 'validated' = requestedStrict && capable ? 'strict' : 'validated';

  // A generator of steps lets one decoding routine serve both the sync and the async entry.
  function* run(
    text: string,
  ): Generator<ValidationOutcome<T> | Promise<ValidationOutcome<T>>, StructuredResult<T, true>, ValidationOutcome<T>> {
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
    let failure: StructuredFailure | undefined;
    if (whole.ok) {
      const outcome = yield safeValidate(validate, whole.value);
      if (outcome.valid)
        return withLossyNumbers({ ok: true, value: outcome.value, guarantee, source: 'message' }, trimmed);
      if (outcome.fault !== undefined) return { ok: false, kind: 'validator_error', message: outcome.fault };
      failure = { ok: false, kind: 'schema_violation', issues: outcome.issues, source: 'message' };
    }

    const candidates: Candidate[] = [];
    if (fallbacks.fencedCode) {
      for (const block of extractFencedCodeBlocks(text).slice(0, MAX_FENCED_CODE_CANDIDATES)) {
        const body = block.trim();
        const parsed = parseJson(body);
        if (parsed.ok) candidates.push({ value: parsed.value, text: body, source: 'fenced_code' });
      }
    }
    if (fallbacks.embeddedObject) {
      const found = findFirstJsonObject(text);
      if (found !== undefined)
        candidates.push({ value: found.value, text: text.slice(found.start, found.end), source: 'embedded_object' });
    }
    for (const candidate of candidates) {
      const outcome = yield safeValidate(validate, candidate.value);
      if (outcome.valid) {
        return withLossyNumbers(
          {
            ok: true,
            value: outcome.value,
            guarantee: 'fallback',
            source: candidate.source as 'fenced_code' | 'embedded_object',
          },
          candidate.text,
        );
      }
      if (outcome.fault !== undefined) return { ok: false, kind: 'validator_error', message: outcome.fault };
      failure ??= { ok: false, kind: 'schema_violation', issues: outcome.issues, source: candidate.source };
    }
    if (fallbacks.text) return { ok: true, value: text, guarantee: 'text', source: 'text' };
    return failure ?? { ok: false, kind: 'not_json', message: whole.ok ? 'no JSON value' : whole.message };
  }

  const decodeSync = (text: string): Result => {
    const steps = run(text);
    let step = steps.next();
    while (!step.done) {
      if (step.value instanceof Promise) {
        step.value.catch(() => undefined);
        return { ok: false, kind: 'validator_error', message: 'the validator is asynchronous; use decodeAsync()' };
      }
      step = steps.next(step.value);
    }
    return step.value as Result;
  };

  const decodeAsync = async (text: string): Promise<Result> => {
    const steps = run(text);
    let step = steps.next();
    while (!step.done) step = steps.next(await step.value);
    return step.value as Result;
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
