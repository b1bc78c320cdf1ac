/** The seven JSON Schema type names the model accepts, in the reference's order. */
export const JSON_SCHEMA_TYPES = ['string', 'number', 'boolean', 'integer', 'object', 'array', 'null'];
/** The model's keys, in serialization order. */
export const JSON_SCHEMA_KEYS = [
    '$ref',
    'type',
    'description',
    'encrypted',
    'enum',
    'items',
    'properties',
    'required',
    'additionalProperties',
    'anyOf',
    'oneOf',
    'allOf',
    '$defs',
    'definitions',
];
/** Returns a schema with the model's key order; absent fields are left out. */
function ordered(fields) {
    const schema = {};
    for (const key of JSON_SCHEMA_KEYS) {
        const value = fields[key];
        if (value !== undefined)
            schema[key] = value;
    }
    return schema;
}
/** `{"type":"object","properties":…}` with optional `required` and `additionalProperties`. */
export function objectSchema(properties, options = {}) {
    return ordered({ type: 'object', properties, ...options });
}
/** `{"type":"array","items":…}`. */
export function arraySchema(items, options = {}) {
    return ordered({ type: 'array', items, ...options });
}
/** `{"type":"string"}`. */
export function stringSchema(options = {}) {
    return ordered({ type: 'string', ...options });
}
/** `{"type":"number"}`. */
export function numberSchema(options = {}) {
    return ordered({ type: 'number', ...options });
}
/** `{"type":"integer"}`: kept as integer, never widened to number. */
export function integerSchema(options = {}) {
    return ordered({ type: 'integer', ...options });
}
/** `{"type":"boolean"}`. */
export function booleanSchema(options = {}) {
    return ordered({ type: 'boolean', ...options });
}
/** `{"type":"null"}` (valid nested; a root of this shape is rejected by the pipeline). */
export function nullSchema(options = {}) {
    return ordered({ type: 'null', ...options });
}
/** `{"type":"string","enum":[…]}`. */
export function stringEnumSchema(values, options = {}) {
    return ordered({ type: 'string', enum: [...values], ...options });
}
/** `{"anyOf":[…]}`. */
export function anyOfSchema(variants, options = {}) {
    return ordered({ anyOf: variants, ...options });
}
/** `{"oneOf":[…]}`. */
export function oneOfSchema(variants, options = {}) {
    return ordered({ oneOf: variants, ...options });
}
/** `{"allOf":[…]}`. */
export function allOfSchema(variants, options = {}) {
    return ordered({ allOf: variants, ...options });
}
/** A copy of the schema marked `"encrypted": true`; the argument is not modified. */
export function encryptedSchema(schema) {
    return ordered({ ...schema, encrypted: true });
}
//# sourceMappingURL=model.js.map