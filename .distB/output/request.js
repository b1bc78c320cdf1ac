// compileResponsesRequest: a request body for POST /v1/responses, output schema as a structured field.
import { expectObjectArgument, ToolSchemaError } from '../errors.js';
import { checkStrictOutputSchema } from './strict.js';
import { createTextControls } from './text-controls.js';
/**
 * Compiles a Responses API request body.
 * - `text` is present only when a schema or verbosity is given (see `createTextControls`).
 * - With `strict` (the default) and `preflight` (the default), a schema outside the strict
 *   subset throws `ToolSchemaError` (`invalid_output_schema`) naming the first violation's path
 *   and counting the rest, instead of an InvalidRequest from the provider.
 * - `tools` are copied in order; nothing is added to `instructions`.
 */
export function compileResponsesRequest(options) {
    expectObjectArgument(options, 'invalid_option', 'the request options');
    if (typeof options.model !== 'string' || options.model === '') {
        throw new ToolSchemaError('invalid_option', ['model'], 'model must be a non-empty string');
    }
    const strict = options.strict ?? true;
    if (options.outputSchema !== undefined && strict && options.preflight !== false) {
        const violations = checkStrictOutputSchema(options.outputSchema);
        const [first] = violations;
        if (first !== undefined) {
            const more = violations.length > 1 ? ` (and ${violations.length - 1} more; see checkStrictOutputSchema)` : '';
            throw new ToolSchemaError('invalid_output_schema', ['outputSchema', ...pointerSegments(first.path)], `not in the strict subset: ${first.message}${more}; fix the schema or pass strict: false`);
        }
    }
    const text = createTextControls({
        verbosity: options.verbosity,
        outputSchema: options.outputSchema,
        strict,
        name: options.schemaName,
    });
    const body = { model: options.model, input: options.input };
    if (options.instructions !== undefined)
        body.instructions = options.instructions;
    if (options.tools !== undefined)
        body.tools = [...options.tools];
    if (text !== undefined)
        body.text = text;
    return body;
}
function pointerSegments(pointer) {
    if (pointer === '')
        return [];
    return pointer
        .slice(1)
        .split('/')
        .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}
//# sourceMappingURL=request.js.map