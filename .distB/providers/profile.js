// What a target's tool schemas may say, as data (../shared/PROVIDERS.md): the profile type and the parts targets share.
export const NUMBER_CONSTRAINTS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const STRING_CONSTRAINTS = ['minLength', 'maxLength', 'pattern', 'format'];
const ARRAY_CONSTRAINTS = ['minItems', 'maxItems', 'uniqueItems'];
const OBJECT_CONSTRAINTS = ['minProperties', 'maxProperties'];
export const ALL_CONSTRAINTS = [
    ...NUMBER_CONSTRAINTS,
    ...STRING_CONSTRAINTS,
    ...ARRAY_CONSTRAINTS,
    ...OBJECT_CONSTRAINTS,
];
/**
 * Keywords of JSON Schema 2020-12 that carry meaning for validation and that a non-strict JSON
 * Schema target accepts as they are; anything else (`x-…`, `$comment`, `$schema`, `$id`, typos)
 * is dropped and reported.
 */
const JSON_SCHEMA_PASS_THROUGH = [
    'not',
    'if',
    'then',
    'else',
    'dependentRequired',
    'dependentSchemas',
    'patternProperties',
    'propertyNames',
    'contains',
    'minContains',
    'maxContains',
    'prefixItems',
    'deprecated',
    'readOnly',
    'writeOnly',
    'contentEncoding',
    'contentMediaType',
];
/** OpenAI strict formats (Structured Outputs "Supported schemas"). */
export const OPENAI_STRICT_FORMATS = new Set([
    'date-time',
    'time',
    'date',
    'duration',
    'email',
    'hostname',
    'ipv4',
    'ipv6',
    'uuid',
]);
/** Anthropic strict formats. */
export const ANTHROPIC_STRICT_FORMATS = new Set([...OPENAI_STRICT_FORMATS, 'uri']);
/** Gemini `parameters` formats (the Gemini Developer API's strict reading). */
export const GEMINI_FORMATS = new Set(['enum', 'date-time']);
/** Gemini property names: a letter or `_`, then letters, digits and `_`, at most 64. */
export const GEMINI_PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** A read-only set of names. */
export const set = (values) => new Set(values);
/** The non-strict JSON Schema profile: every standard keyword kept, refs under `$defs`. */
export function jsonSchemaProfile(target) {
    return {
        target,
        strict: false,
        constraints: set(ALL_CONSTRAINTS),
        formats: undefined,
        annotations: set(['title', 'default', 'examples']),
        refs: 'defs',
        recursion: true,
        nullability: 'type-array',
        oneOf: true,
        allOf: true,
        closedObjects: false,
        allRequired: false,
        nonEmptyProperties: false,
        additionalProperties: true,
        typedSchemas: false,
        stringEnums: false,
        propertyName: undefined,
        minItemsAtMost: undefined,
        simplePatternsOnly: false,
        primitiveEnums: false,
        passThrough: set(JSON_SCHEMA_PASS_THROUGH),
    };
}
/** Gemini `parameters` keywords kept as they are (its `Schema` has no exclusive bounds, lengths of objects aside). */
export const GEMINI_CONSTRAINTS = [
    'minimum',
    'maximum',
    'minLength',
    'maxLength',
    'pattern',
    'format',
    'minItems',
    'maxItems',
    'minProperties',
    'maxProperties',
];
/**
 * The Gemini `parameters` subset of JSON Schema (OpenAPI 3.0): refs inlined, two formats, string
 * enums, property names of letters, digits and `_`, no `additionalProperties`, non-empty
 * objects. Gemini spells nullability `nullable`; `portable` cannot spell it at all.
 */
export function geminiSubsetProfile(target, nullability) {
    return {
        ...jsonSchemaProfile(target),
        constraints: set(GEMINI_CONSTRAINTS),
        formats: GEMINI_FORMATS,
        annotations: set(['title', 'default']),
        refs: 'inline',
        nullability,
        oneOf: false,
        allOf: false,
        closedObjects: false,
        nonEmptyProperties: true,
        additionalProperties: false,
        typedSchemas: true,
        stringEnums: true,
        propertyName: GEMINI_PROPERTY_NAME,
        passThrough: set([]),
    };
}
/** What strict mode changes on every target that has it (each target adds its own limits). */
export function strictBase(target) {
    return {
        ...jsonSchemaProfile(target),
        strict: true,
        oneOf: false,
        allOf: false,
        closedObjects: true,
        typedSchemas: true,
        passThrough: set([]),
    };
}
//# sourceMappingURL=profile.js.map