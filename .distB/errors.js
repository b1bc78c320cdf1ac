// ToolSchemaError: the one error type the library throws, with a code and a JSON path.
/** Formats path segments as an RFC 6901 JSON Pointer (`""` is the root). */
export function toJsonPointer(segments) {
    let pointer = '';
    for (const segment of segments) {
        const text = String(segment);
        pointer +=
            text.includes('~') || text.includes('/') ? `/${text.replaceAll('~', '~0').replaceAll('/', '~1')}` : `/${text}`;
    }
    return pointer;
}
/**
 * The error every public function throws for bad input, and nothing else.
 * - `code`: a {@link ToolSchemaErrorCode}.
 * - `path`: where, as a JSON Pointer into the input (`""` for the root).
 * - `segments`: the same path as segments.
 * - `message`: what was found, what was expected, prefixed by the path.
 */
export class ToolSchemaError extends Error {
    name = 'ToolSchemaError';
    code;
    path;
    segments;
    /** The message without the path prefix. */
    detail;
    constructor(code, segments, detail) {
        const path = toJsonPointer(segments);
        super(`${path === '' ? 'at the root' : `at ${path}`}: ${detail}`);
        this.code = code;
        this.path = path;
        this.segments = Object.freeze([...segments]);
        this.detail = detail;
    }
}
/** Describes a JS value briefly for an error message (`a string "abc…"`, `an array`, …). */
export function describeValue(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    switch (typeof value) {
        case 'string': {
            const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
            return `a string ${JSON.stringify(shown)}`;
        }
        case 'number':
            return `the number ${String(value)}`;
        case 'boolean':
            return `the boolean ${String(value)}`;
        case 'object':
            return 'an object';
        case 'undefined':
            return 'undefined';
        case 'bigint':
            return 'a BigInt';
        case 'function':
            return 'a function';
        case 'symbol':
            return 'a symbol';
    }
    return typeof value;
}
/** The same error with its path moved under a prefix (a tool's `inputSchema`, an item of a batch). */
export function prefixErrorPath(error, prefix) {
    return new ToolSchemaError(error.code, [...prefix, ...error.segments], error.detail);
}
/**
 * Reads an options argument: undefined is `{}`; anything but a plain object is an `invalid_option`
 * error (a JavaScript caller passing `null` or a string gets a clear error, not a TypeError).
 */
export function optionsObject(options, name = 'options') {
    if (options === undefined)
        return {};
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
        throw new ToolSchemaError('invalid_option', [name], `${name} must be an object, found ${describeValue(options)}`);
    }
    return options;
}
/** Throws `ToolSchemaError` with the given code unless the argument is a plain object. */
export function expectObjectArgument(value, code, what) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new ToolSchemaError(code, [], `${what} must be an object, found ${describeValue(value)}`);
    }
}
/** Throws `ToolSchemaError` with the given code unless the argument is an array. */
export function expectArrayArgument(value, code, what) {
    if (!Array.isArray(value))
        throw new ToolSchemaError(code, [], `${what} must be an array, found ${describeValue(value)}`);
}
//# sourceMappingURL=errors.js.map