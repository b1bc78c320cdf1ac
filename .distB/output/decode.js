// The structured result decoder: final message text → a typed value or a typed failure (SPEC §3.3).
import { optionsObject } from '../errors.js';
import { extractFencedCodeBlocks, findFirstJsonObject, MAX_FENCED_CODE_CANDIDATES } from './json-scan.js';
import { createResultValidator } from './validator.js';
/** A success, flagged when its JSON text wrote a number the parsed value does not hold exactly. */
function withLossyNumbers(success, text) {
    if (hasLossyNumbers(text))
        success.lossyNumbers = true;
    return success;
}
function resolveFallbacks(fallback) {
    if (fallback === true)
        return { fencedCode: true, embeddedObject: true, text: false };
    if (fallback === undefined || fallback === false)
        return { fencedCode: false, embeddedObject: false, text: false };
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
export function hasLossyNumbers(text) {
    if (!/\d{16}/.test(text))
        return false;
    for (const match of text.matchAll(JSON_STRING_OR_NUMBER)) {
        const token = match[0];
        if (token.startsWith('"'))
            continue;
        const mantissa = token.replace(/[eE].*$/, '');
        const digits = mantissa.replace(/[-.]/g, '').replace(/^0+/, '');
        if (mantissa === token && !token.includes('.')) {
            if (digits.length > 15 && BigInt(token) !== BigInt(Number(token)))
                return true;
        }
        else if (digits.replace(/0+$/, '').length > 17)
            return true;
    }
    return false;
}
/**
 * Parses JSON as `serde_json` would accept it: a number out of the double range (`1e400`) is an
 * error, not Infinity (which would later serialize as null).
 */
function parseJson(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    const outOfRange = firstNonFiniteNumber(value);
    return outOfRange === undefined
        ? { ok: true, value }
        : { ok: false, message: `a number is out of range (it would be ${outOfRange})` };
}
/** The first Infinity in a parsed value, found without recursion (a model's JSON may nest deep). */
function firstNonFiniteNumber(root) {
    if (typeof root === 'number')
        return Number.isFinite(root) ? undefined : root;
    if (typeof root !== 'object' || root === null)
        return undefined;
    const stack = [root];
    while (stack.length > 0) {
        const current = stack.pop();
        if (typeof current === 'number') {
            if (!Number.isFinite(current))
                return current;
        }
        else if (typeof current === 'object' && current !== null) {
            for (const child of Array.isArray(current) ? current : Object.values(current)) {
                if (typeof child === 'object' || typeof child === 'number')
                    stack.push(child);
            }
        }
    }
    return undefined;
}
const faultOf = (error) => ({
    valid: false,
    issues: [],
    fault: `the validator failed: ${error instanceof Error ? error.message : String(error)}`,
});
/** Runs a validator without letting it throw or reject: a fault is reported as such, not as a violation. */
function safeValidate(validate, value) {
    try {
        const outcome = validate(value);
        return outcome instanceof Promise ? outcome.catch(faultOf) : outcome;
    }
    catch (error) {
        return faultOf(error);
    }
}
/** Reads a message off the wire without trusting its shape (getters may throw, Proxies may trap). */
function messageText(message) {
    try {
        if (typeof message !== 'object' || message === null)
            return { text: '' };
        const status = message.status;
        if (status !== undefined && status !== 'completed')
            return { incomplete: `the message is not complete (status ${JSON.stringify(status)})` };
        if (!Array.isArray(message.content))
            return { text: '' };
        // Parts come off the wire: skip anything that is not a well-formed part rather than throw.
        const parts = message.content.filter((part) => typeof part === 'object' && part !== null);
        const refusals = parts.filter((part) => part.type === 'refusal' && typeof part.refusal === 'string');
        if (refusals.length > 0)
            return { refusal: refusals.map((part) => part.refusal).join('') };
        return {
            text: parts
                .map((part) => (part.type === 'output_text' && typeof part.text === 'string' ? part.text : ''))
                .join(''),
        };
    }
    catch (error) {
        return { incomplete: `the message could not be read: ${error instanceof Error ? error.message : String(error)}` };
    }
}
export function createStructuredResultDecoder(schema, input) {
    const options = optionsObject(input);
    const validate = createResultValidator(schema);
    const fallbacks = resolveFallbacks(options.fallback);
    const anyFallback = fallbacks.fencedCode || fallbacks.embeddedObject || fallbacks.text;
    const capable = options.providerSupportsJsonSchema !== false;
    const requestedStrict = options.strict ?? options.request?.text?.format?.strict === true;
    const guarantee = requestedStrict && capable ? 'strict' : 'validated';
    // A generator of steps lets one decoding routine serve both the sync and the async entry.
    function* run(text) {
        if (!capable && !anyFallback) {
            return {
                ok: false,
                kind: 'capability_missing',
                message: 'the provider cannot enforce a JSON Schema; enable a fallback to decode with a weak guarantee',
            };
        }
        const trimmed = text.trim();
        if (trimmed === '')
            return { ok: false, kind: 'empty' };
        const whole = parseJson(trimmed);
        let failure;
        if (whole.ok) {
            const outcome = yield safeValidate(validate, whole.value);
            if (outcome.valid)
                return withLossyNumbers({ ok: true, value: outcome.value, guarantee, source: 'message' }, trimmed);
            if (outcome.fault !== undefined)
                return { ok: false, kind: 'validator_error', message: outcome.fault };
            failure = { ok: false, kind: 'schema_violation', issues: outcome.issues, source: 'message' };
        }
        const candidates = [];
        if (fallbacks.fencedCode) {
            for (const block of extractFencedCodeBlocks(text).slice(0, MAX_FENCED_CODE_CANDIDATES)) {
                const body = block.trim();
                const parsed = parseJson(body);
                if (parsed.ok)
                    candidates.push({ value: parsed.value, text: body, source: 'fenced_code' });
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
                return withLossyNumbers({
                    ok: true,
                    value: outcome.value,
                    guarantee: 'fallback',
                    source: candidate.source,
                }, candidate.text);
            }
            if (outcome.fault !== undefined)
                return { ok: false, kind: 'validator_error', message: outcome.fault };
            failure ??= { ok: false, kind: 'schema_violation', issues: outcome.issues, source: candidate.source };
        }
        if (fallbacks.text)
            return { ok: true, value: text, guarantee: 'text', source: 'text' };
        return failure ?? { ok: false, kind: 'not_json', message: whole.ok ? 'no JSON value' : whole.message };
    }
    const decodeSync = (text) => {
        const steps = run(text);
        let step = steps.next();
        while (!step.done) {
            if (step.value instanceof Promise) {
                step.value.catch(() => undefined);
                return { ok: false, kind: 'validator_error', message: 'the validator is asynchronous; use decodeAsync()' };
            }
            step = steps.next(step.value);
        }
        return step.value;
    };
    const decodeAsync = async (text) => {
        const steps = run(text);
        let step = steps.next();
        while (!step.done)
            step = steps.next(await step.value);
        return step.value;
    };
    return {
        decode: (text) => (typeof text === 'string' ? decodeSync(text) : { ok: false, kind: 'empty' }),
        decodeAsync: async (text) => (typeof text === 'string' ? decodeAsync(text) : { ok: false, kind: 'empty' }),
        decodeMessage(message) {
            const content = messageText(message);
            if ('incomplete' in content)
                return { ok: false, kind: 'incomplete', reason: content.incomplete };
            return 'refusal' in content ? { ok: false, kind: 'refusal', refusal: content.refusal } : decodeSync(content.text);
        },
        async decodeMessageAsync(message) {
            const content = messageText(message);
            if ('incomplete' in content)
                return { ok: false, kind: 'incomplete', reason: content.incomplete };
            return 'refusal' in content
                ? { ok: false, kind: 'refusal', refusal: content.refusal }
                : decodeAsync(content.text);
        },
    };
}
//# sourceMappingURL=decode.js.map