import { ToolSchemaError, toJsonPointer } from '../errors.js';
import { ajvIssue, compileSchema, createAjv } from '../json-schema-ajv.js';
import { copyJsonInput } from '../schema/copy.js';
import { isJsonObject } from '../schema/json.js';
/** True for a Standard Schema validator (zod 4, valibot, ArkType, …). */
export function isStandardSchema(schema) {
    return typeof schema === 'object' && schema !== null && '~standard' in schema;
}
function standardIssuePath(path) {
    if (path === undefined)
        return '';
    return toJsonPointer(path.map((segment) => {
        const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
        return typeof key === 'number' ? key : String(key);
    }));
}
function standardOutcome(result) {
    if (result.issues === undefined)
        return { valid: true, value: result.value };
    return {
        valid: false,
        issues: result.issues.map((issue) => ({ path: standardIssuePath(issue.path), message: issue.message })),
    };
}
/**
 * Builds a validator.
 * - A JSON Schema compiles with Ajv: draft-07 (or older) when its `$schema` says so, else 2020-12;
 *   formats are checked (ajv-formats). A schema Ajv cannot compile throws `ToolSchemaError`
 *   (`invalid_output_schema`) here, once, rather than at every decode.
 * - A Standard Schema validator is called as it is; its issues' paths become JSON Pointers.
 */
export function createResultValidator(schema) {
    if (isStandardSchema(schema)) {
        const standard = schema;
        return (value) => {
            const result = standard['~standard'].validate(value);
            return result instanceof Promise ? result.then(standardOutcome) : standardOutcome(result);
        };
    }
    const copied = copyJsonInput(schema);
    if (!isJsonObject(copied) && typeof copied !== 'boolean') {
        throw new ToolSchemaError('invalid_output_schema', [], 'expected a JSON Schema object or a Standard Schema validator');
    }
    let validate;
    try {
        validate = compileSchema(createAjv(copied), copied).validate;
    }
    catch (error) {
        throw new ToolSchemaError('invalid_output_schema', [], `Ajv cannot compile the schema: ${error instanceof Error ? error.message : String(error)}`);
    }
    return (value) => {
        if (validate(value))
            return { valid: true, value: value };
        return { valid: false, issues: (validate.errors ?? []).map(ajvIssue) };
    };
}
//# sourceMappingURL=validator.js.map