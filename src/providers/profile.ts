// What a target's tool schemas may say, as data (../shared/PROVIDERS.md): the profile type and the parts targets share.

import type { ConvertedTarget } from './targets/registry.js';

/** What a schema may say, and how, on one target in one mode (strict or not). */
export interface SchemaProfile {
  target: ConvertedTarget;
  strict: boolean;
  /** Keywords kept as they are (besides the structural ones every target handles itself). */
  constraints: ReadonlySet<string>;
  /** `format` values kept; others move into the description. `undefined`: every format. */
  formats: ReadonlySet<string> | undefined;
  /** Keep `title`, `default`, `examples` as keywords (else they move into the description). */
  annotations: ReadonlySet<string>;
  /** Local refs: kept under root `$defs`, or inlined (recursion cut into JSON text). */
  refs: 'defs' | 'inline';
  /** Recursion through refs is allowed (OpenAI strict, non-strict targets); else the tool cannot be strict. */
  recursion: boolean;
  /**
   * Nullability as `type: [t, "null"]` (JSON Schema), `nullable: true` (OpenAPI), or not at all
   * (`none`: no spelling every provider takes; null is dropped, and the change says so).
   */
  nullability: 'type-array' | 'nullable' | 'none';
  /** `oneOf` kept (JSON Schema targets, non-strict), or turned into `anyOf`. */
  oneOf: boolean;
  /** `allOf` kept, or merged into its parent. */
  allOf: boolean;
  /** Every object closed (`additionalProperties: false`): open maps and free-form objects are encoded. */
  closedObjects: boolean;
  /** Every property listed in `required`, optional ones made nullable (OpenAI strict). */
  allRequired: boolean;
  /** Objects need at least one property (Gemini): a free-form object is encoded. */
  nonEmptyProperties: boolean;
  /**
   * The target has `additionalProperties` (Gemini's `Schema` has not): without it an open map is
   * sent as `{key, value}` entries, and `required` keeps only listed properties.
   */
  additionalProperties: boolean;
  /** Schemas without a type (`{}`, any JSON value) are encoded as JSON text. */
  typedSchemas: boolean;
  /** `enum` only on strings: other enums become string enums, restored to their values. */
  stringEnums: boolean;
  /** Property names must match this pattern; others are renamed and restored. */
  propertyName: RegExp | undefined;
  /** `minItems` values allowed (Anthropic strict: 0 or 1); others move into the description. */
  minItemsAtMost: number | undefined;
  /** `pattern` must not use backreferences, lookaround or word boundaries (Anthropic strict). */
  simplePatternsOnly: boolean;
  /** Enum values must be primitives (Anthropic strict). */
  primitiveEnums: boolean;
  /** Keywords of JSON Schema the target's validator accepts (non-strict JSON Schema targets keep them). */
  passThrough: ReadonlySet<string>;
}

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
export const OPENAI_STRICT_FORMATS: ReadonlySet<string> = new Set([
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
export const ANTHROPIC_STRICT_FORMATS: ReadonlySet<string> = new Set([...OPENAI_STRICT_FORMATS, 'uri']);

/** Gemini `parameters` formats (the Gemini Developer API's strict reading). */
export const GEMINI_FORMATS: ReadonlySet<string> = new Set(['enum', 'date-time']);

/** Gemini property names: a letter or `_`, then letters, digits and `_`, at most 64. */
export const GEMINI_PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** A read-only set of names. */
export const set = (values: readonly string[]): ReadonlySet<string> => new Set(values);

/** The non-strict JSON Schema profile: every standard keyword kept, refs under `$defs`. */
export function jsonSchemaProfile(target: ConvertedTarget): SchemaProfile {
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
export function geminiSubsetProfile(target: ConvertedTarget, nullability: 'nullable' | 'none'): SchemaProfile {
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
export function strictBase(target: ConvertedTarget): SchemaProfile {
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
