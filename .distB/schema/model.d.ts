import type { JsonValue } from './json.js';
/** The seven JSON Schema type names the model accepts, in the reference's order. */
export declare const JSON_SCHEMA_TYPES: readonly ['string', 'number', 'boolean', 'integer', 'object', 'array', 'null'];
/** One JSON Schema type name. */
export type JsonSchemaType = (typeof JSON_SCHEMA_TYPES)[number];
/** Additional properties: a boolean switch or a schema for the extra values. */
export type AdditionalProperties = boolean | JsonSchema;
/**
 * The tool input schema model (SPEC §1.1): the only keywords a model-facing schema keeps.
 * - Every field is optional; serialization follows the order declared here.
 * - `enum` values are arbitrary JSON, kept verbatim.
 * - A type alias rather than an interface, so it is assignable to `{ [key: string]: unknown }`
 *   (the `parameters` type of provider SDKs).
 */
export type JsonSchema = {
    $ref?: string;
    type?: JsonSchemaType | JsonSchemaType[];
    description?: string;
    encrypted?: boolean;
    enum?: JsonValue[];
    items?: JsonSchema;
    properties?: Record<string, JsonSchema>;
    required?: string[];
    additionalProperties?: AdditionalProperties;
    anyOf?: JsonSchema[];
    oneOf?: JsonSchema[];
    allOf?: JsonSchema[];
    $defs?: Record<string, JsonSchema>;
    definitions?: Record<string, JsonSchema>;
};
/** The model's keys, in serialization order. */
export declare const JSON_SCHEMA_KEYS: readonly ["$ref", "type", "description", "encrypted", "enum", "items", "properties", "required", "additionalProperties", "anyOf", "oneOf", "allOf", "$defs", "definitions"];
/** Options shared by the leaf constructors. */
export interface SchemaAnnotations {
    description?: string;
}
/** Options of {@link objectSchema}. */
export interface ObjectSchemaOptions extends SchemaAnnotations {
    required?: string[];
    additionalProperties?: AdditionalProperties;
}
/** `{"type":"object","properties":…}` with optional `required` and `additionalProperties`. */
export declare function objectSchema(properties: Record<string, JsonSchema>, options?: ObjectSchemaOptions): JsonSchema;
/** `{"type":"array","items":…}`. */
export declare function arraySchema(items: JsonSchema, options?: SchemaAnnotations): JsonSchema;
/** `{"type":"string"}`. */
export declare function stringSchema(options?: SchemaAnnotations): JsonSchema;
/** `{"type":"number"}`. */
export declare function numberSchema(options?: SchemaAnnotations): JsonSchema;
/** `{"type":"integer"}`: kept as integer, never widened to number. */
export declare function integerSchema(options?: SchemaAnnotations): JsonSchema;
/** `{"type":"boolean"}`. */
export declare function booleanSchema(options?: SchemaAnnotations): JsonSchema;
/** `{"type":"null"}` (valid nested; a root of this shape is rejected by the pipeline). */
export declare function nullSchema(options?: SchemaAnnotations): JsonSchema;
/** `{"type":"string","enum":[…]}`. */
export declare function stringEnumSchema(values: readonly string[], options?: SchemaAnnotations): JsonSchema;
/** `{"anyOf":[…]}`. */
export declare function anyOfSchema(variants: JsonSchema[], options?: SchemaAnnotations): JsonSchema;
/** `{"oneOf":[…]}`. */
export declare function oneOfSchema(variants: JsonSchema[], options?: SchemaAnnotations): JsonSchema;
/** `{"allOf":[…]}`. */
export declare function allOfSchema(variants: JsonSchema[], options?: SchemaAnnotations): JsonSchema;
/** A copy of the schema marked `"encrypted": true`; the argument is not modified. */
export declare function encryptedSchema(schema: JsonSchema): JsonSchema;
//# sourceMappingURL=model.d.ts.map