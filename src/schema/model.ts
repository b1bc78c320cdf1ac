// The JsonSchema model the wire carries (SPEC §1.1), and constructors for stable schemas.
import { describeValue, ToolSchemaError } from '../errors.js';
import type { JsonValue } from './json.js';

/** The seven JSON Schema type names the model accepts, in the reference's order. */
export const JSON_SCHEMA_TYPES = ['string', 'number', 'boolean', 'integer', 'object', 'array', 'null'] as const;
/** {@link JSON_SCHEMA_TYPES} as a set, for the stages that check a type name (sanitize, decode, the copy's measure). */
export const JSON_SCHEMA_TYPE_NAMES: ReadonlySet<string> = new Set(JSON_SCHEMA_TYPES);

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
] as const satisfies readonly (keyof JsonSchema)[];

/** Options shared by the leaf constructors. */
export interface SchemaAnnotations {
  description?: string;
}

/** Options of {@link objectSchema}. */
export interface ObjectSchemaOptions extends SchemaAnnotations {
  required?: string[];
  additionalProperties?: AdditionalProperties;
}

/** Returns a schema with the model's key order; absent fields are left out. */
function ordered(fields: JsonSchema): JsonSchema {
  const schema: JsonSchema = {};
  for (const key of JSON_SCHEMA_KEYS) {
    const value = fields[key];
    if (value !== undefined) (schema as Record<string, unknown>)[key] = value;
  }
  return schema;
}

/** `{"type":"object","properties":…}` with optional `required` and `additionalProperties`. */
export function objectSchema(properties: Record<string, JsonSchema>, options: ObjectSchemaOptions = {}): JsonSchema {
  return ordered({ type: 'object', properties, ...options });
}

/** `{"type":"array","items":…}`. */
export function arraySchema(items: JsonSchema, options: SchemaAnnotations = {}): JsonSchema {
  return ordered({ type: 'array', items, ...options });
}

/** `{"type":"string"}`. */
export function stringSchema(options: SchemaAnnotations = {}): JsonSchema {
  return ordered({ type: 'string', ...options });
}

/** `{"type":"number"}`. */
export function numberSchema(options: SchemaAnnotations = {}): JsonSchema {
  return ordered({ type: 'number', ...options });
}

/** `{"type":"integer"}`: kept as integer, never widened to number. */
export function integerSchema(options: SchemaAnnotations = {}): JsonSchema {
  return ordered({ type: 'integer', ...options });
}

/** `{"type":"boolean"}`. */
export function booleanSchema(options: SchemaAnnotations = {}): JsonSchema {
  return ordered({ type: 'boolean', ...options });
}

/** `{"type":"null"}` (valid nested; a root of this shape is rejected by the pipeline). */
export function nullSchema(options: SchemaAnnotations = {}): JsonSchema {
  return ordered({ type: 'null', ...options });
}

/** `{"type":"string","enum":[…]}`. */
export function stringEnumSchema(values: readonly string[], options: SchemaAnnotations = {}): JsonSchema {
  if (!Array.isArray(values))
    throw new ToolSchemaError(
      'invalid_schema',
      ['enum'],
      `the values must be an array, found ${describeValue(values)}`,
    );
  return ordered({ type: 'string', enum: [...values], ...options });
}

/** `{"anyOf":[…]}`. */
export function anyOfSchema(variants: JsonSchema[], options: SchemaAnnotations = {}): JsonSchema {
  return ordered({ anyOf: variants, ...options });
}

/** `{"oneOf":[…]}`. */
export function oneOfSchema(variants: JsonSchema[], options: SchemaAnnotations = {}): JsonSchema {
  return ordered({ oneOf: variants, ...options });
}

/** `{"allOf":[…]}`. */
export function allOfSchema(variants: JsonSchema[], options: SchemaAnnotations = {}): JsonSchema {
  return ordered({ allOf: variants, ...options });
}

/** A copy of the schema marked `"encrypted": true`; the argument is not modified. */
export function encryptedSchema(schema: JsonSchema): JsonSchema {
  return ordered({ ...schema, encrypted: true });
}
