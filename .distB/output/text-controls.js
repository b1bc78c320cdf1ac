// Responses `text` controls: the output schema as a structured request field (SPEC §3.1, seed 5.24).
import { optionsObject, ToolSchemaError } from '../errors.js';
import { copyJsonInput } from '../schema/copy.js';
import { isJsonObject } from '../schema/json.js';
/** The format name the reference sends. */
export const DEFAULT_OUTPUT_SCHEMA_NAME = 'codex_output_schema';
/** What a format name may be (the provider's rule). */
export const OUTPUT_SCHEMA_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
/**
 * Builds the `text` controls of a Responses request.
 * - Neither verbosity nor schema → `undefined`: the request carries no `text` at all.
 * - Else `{ verbosity?, format? }` with `format = { type: "json_schema", strict, schema, name }`.
 * - The schema is copied verbatim (never sanitized, never spliced into instructions); it must be a
 *   JSON object. `strict` defaults to true.
 */
export function createTextControls(input) {
    const options = optionsObject(input);
    const { verbosity, outputSchema } = options;
    if (verbosity === undefined && outputSchema === undefined)
        return undefined;
    const controls = {};
    if (verbosity !== undefined) {
        if (verbosity !== 'low' && verbosity !== 'medium' && verbosity !== 'high') {
            throw new ToolSchemaError('invalid_option', ['verbosity'], `expected low, medium or high, found ${JSON.stringify(verbosity)}`);
        }
        controls.verbosity = verbosity;
    }
    if (outputSchema !== undefined) {
        const name = options.name ?? DEFAULT_OUTPUT_SCHEMA_NAME;
        if (!OUTPUT_SCHEMA_NAME_PATTERN.test(name)) {
            throw new ToolSchemaError('invalid_option', ['name'], `format name ${JSON.stringify(name)} must match ^[a-zA-Z0-9_-]{1,64}$`);
        }
        const schema = copyJsonInput(outputSchema);
        if (!isJsonObject(schema)) {
            throw new ToolSchemaError('invalid_output_schema', [], 'an output schema must be a JSON object');
        }
        controls.format = { type: 'json_schema', strict: options.strict ?? true, schema, name };
    }
    return controls;
}
//# sourceMappingURL=text-controls.js.map