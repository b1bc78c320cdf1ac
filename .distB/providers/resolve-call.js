// A model's tool call → the MCP tool's own name and arguments, restored and checked against the tool's schema.
import { ToolSchemaError } from '../errors.js';
import { ajvIssue } from '../json-schema-ajv.js';
import { copyAndMeasureJsonInput } from '../schema/copy.js';
import { isJsonObject } from '../schema/json.js';
import { restoreValue } from './restore-plan.js';
/**
 * The largest arguments `resolveToolCall` reads, as compact JSON bytes (1 MB): with patterns on
 * a linear engine and `uniqueItems` in one pass, checking is linear in this, so it bounds a call's time.
 */
export const DEFAULT_MAX_ARGUMENT_BYTES = 1_000_000;
function reject(code, message, issues = []) {
    const first = issues[0];
    const path = first === undefined || first.path === '' ? [] : first.path.slice(1).split('/');
    return { ok: false, error: new ToolSchemaError(code, ['arguments', ...path], message), issues };
}
function tooLarge(limit) {
    return {
        rejected: reject('invalid_arguments', `the arguments are larger than ${limit.toLocaleString('en-US')} bytes of JSON: not read`),
    };
}
/**
 * Reads arguments as the model sent them: a JSON string (blank means `{}`) or an object.
 * - Either way the value goes through the same copy as schemas: nesting past the input depth
 *   limit and numbers JSON cannot carry (`1e400` parses as Infinity) are rejected, with the path.
 * - Larger than `limit` bytes of compact JSON: rejected before it is parsed or checked.
 */
function readArguments(args, limit) {
    let value = args;
    if (typeof args === 'string') {
        if (args.trim() === '')
            return { value: {} };
        // A JSON text is at least as long as its compact form in UTF-16 units only when it has no
        // multi-byte characters; three bytes a unit is the most any unit of JSON text can weigh.
        if (args.length > limit)
            return tooLarge(limit);
        try {
            value = JSON.parse(args);
        }
        catch (error) {
            return {
                rejected: reject('invalid_arguments', `the arguments are not JSON: ${error instanceof Error ? error.message : String(error)}`),
            };
        }
    }
    if (value === undefined || value === null)
        return { value: {} };
    try {
        const counted = copyAndMeasureJsonInput(value);
        if (counted.bytes > limit)
            return tooLarge(limit);
        return { value: counted.value };
    }
    catch (error) {
        if (!(error instanceof ToolSchemaError))
            throw error;
        return {
            rejected: {
                ok: false,
                error: new ToolSchemaError('invalid_arguments', ['arguments', ...error.segments], error.detail),
                issues: [{ path: error.path, message: error.detail }],
            },
        };
    }
}
/**
 * Builds the resolver of one tool: restores arguments with its plan, then checks them against
 * the tool's own schema, or the normalized one when that does not compile (compiled once, on
 * first use), and says which.
 */
export function createCallResolver(restorer) {
    let checker;
    const validator = () => {
        if (checker !== undefined)
            return checker;
        checker = null;
        const targets = ['original', 'normalized'];
        for (const target of targets) {
            try {
                const schema = target === 'original' ? restorer.original : restorer.normalized();
                checker = { compiled: restorer.compile(schema), against: target };
                break;
            }
            catch {
                // A schema Ajv cannot compile (a dangling ref, an invalid keyword): try the next one.
            }
        }
        return checker;
    };
    const limit = restorer.maxArgumentBytes ?? DEFAULT_MAX_ARGUMENT_BYTES;
    return (args) => {
        try {
            const read = readArguments(args, limit);
            if ('rejected' in read)
                return read.rejected;
            const restored = restoreValue(read.value, restorer.plan, restorer.table);
            if (!isJsonObject(restored))
                return reject('invalid_arguments', `the arguments must be a JSON object, found ${JSON.stringify(restored)?.slice(0, 60)}`);
            const check = validator();
            if (check === null)
                return {
                    ok: true,
                    name: restorer.name,
                    arguments: restored,
                    validated: false,
                    validatedAgainst: 'none',
                    unchecked: [],
                };
            const { validate, unchecked } = check.compiled;
            if (validate(restored))
                return {
                    ok: true,
                    name: restorer.name,
                    arguments: restored,
                    validated: check.against === 'original' && unchecked.length === 0,
                    validatedAgainst: check.against,
                    unchecked,
                };
            const issues = (validate.errors ?? []).map(ajvIssue);
            const summary = issues
                .slice(0, 5)
                .map((issue) => `${issue.path === '' ? '(root)' : issue.path} ${issue.message}`)
                .join('; ');
            return {
                ...reject('invalid_arguments', `the arguments do not match ${restorer.name}'s input schema: ${summary}`, issues),
                restored,
            };
        }
        catch (error) {
            // A validator overflowing on an absurd value, or any other fault: a rejection, never a throw.
            return reject('invalid_arguments', `the arguments could not be checked: ${error instanceof Error ? error.message : String(error)}`);
        }
    };
}
//# sourceMappingURL=resolve-call.js.map