// The provider targets and, for each, the rules its tool schemas follow (../shared/PROVIDERS.md), as data.

/** Every wire shape toolschema emits; `codex` is the reference's Responses path, byte for byte. */
export const PROVIDER_TARGETS = [
  'codex',
  'openai-responses',
  'openai-chat',
  'anthropic',
  'gemini',
  'gemini-json-schema',
] as const;

/** A provider target. */
export type ProviderTarget = (typeof PROVIDER_TARGETS)[number];

/** A target other than the reference's path: the ones this module converts to. */
export type ConvertedTarget = Exclude<ProviderTarget, 'codex'>;

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
  /** Nullability as `type: [t, "null"]` (JSON Schema) or `nullable: true` (OpenAPI). */
  nullability: 'type-array' | 'nullable';
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

const NUMBER_CONSTRAINTS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const STRING_CONSTRAINTS = ['minLength', 'maxLength', 'pattern', 'format'];
const ARRAY_CONSTRAINTS = ['minItems', 'maxItems', 'uniqueItems'];
const OBJECT_CONSTRAINTS = ['minProperties', 'maxProperties'];
const ALL_CONSTRAINTS = [...NUMBER_CONSTRAINTS, ...STRING_CONSTRAINTS, ...ARRAY_CONSTRAINTS, ...OBJECT_CONSTRAINTS];

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

const set = (values: readonly string[]): ReadonlySet<string> => new Set(values);

function jsonSchemaProfile(
  target: 'openai-responses' | 'openai-chat' | 'anthropic' | 'gemini-json-schema',
): SchemaProfile {
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
    typedSchemas: false,
    stringEnums: false,
    propertyName: undefined,
    minItemsAtMost: undefined,
    simplePatternsOnly: false,
    primitiveEnums: false,
    passThrough: set(JSON_SCHEMA_PASS_THROUGH),
  };
}

/**
 * The rules a target's tool schemas follow, in one mode.
 * - OpenAI strict: closed objects, every property required (optional → nullable), no `allOf`,
 *   `oneOf`, `default`, `uniqueItems`, string lengths; nine formats; refs under `$defs`, recursion allowed.
 * - Anthropic strict: closed objects, no numeric or length bounds, `minItems` 0 or 1, ten formats,
 *   simple patterns, primitive enums, no recursion.
 * - Gemini `parameters`: the OpenAPI subset — refs inlined, `nullable`, string enums, two formats,
 *   property names of letters, digits and `_`, no `additionalProperties`, non-empty objects.
 * - Non-strict JSON Schema targets keep every standard keyword.
 */
export function schemaProfile(target: ConvertedTarget, strict: boolean): SchemaProfile {
  return PROFILES.get(`${target}/${strict}`) ?? buildSchemaProfile(target, strict);
}

function buildSchemaProfile(target: ConvertedTarget, strict: boolean): SchemaProfile {
  if (target === 'gemini') {
    return {
      ...jsonSchemaProfile('gemini-json-schema'),
      target,
      constraints: set([
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
      ]),
      formats: GEMINI_FORMATS,
      annotations: set(['title', 'default']),
      refs: 'inline',
      nullability: 'nullable',
      oneOf: false,
      allOf: false,
      closedObjects: false,
      nonEmptyProperties: true,
      typedSchemas: true,
      stringEnums: true,
      propertyName: GEMINI_PROPERTY_NAME,
      passThrough: set([]),
    };
  }
  const base = jsonSchemaProfile(target);
  if (!strict || target === 'gemini-json-schema') return base;
  const common = {
    ...base,
    strict: true,
    oneOf: false,
    allOf: false,
    closedObjects: true,
    typedSchemas: true,
    passThrough: set([]),
  };
  if (target === 'anthropic') {
    return {
      ...common,
      constraints: set(['pattern', 'format', 'minItems']),
      formats: ANTHROPIC_STRICT_FORMATS,
      annotations: set(['title', 'default', 'examples']),
      recursion: false,
      minItemsAtMost: 1,
      simplePatternsOnly: true,
      primitiveEnums: true,
    };
  }
  return {
    ...common,
    constraints: set([...NUMBER_CONSTRAINTS, 'pattern', 'format', 'minItems', 'maxItems']),
    formats: OPENAI_STRICT_FORMATS,
    annotations: set(['title']),
    allRequired: true,
  };
}

/** Every profile, built once: converting asks for one per tool. */
const PROFILES: ReadonlyMap<string, SchemaProfile> = new Map(
  PROVIDER_TARGETS.filter((target): target is ConvertedTarget => target !== 'codex').flatMap((target) =>
    [false, true].map((strict) => [`${target}/${strict}`, Object.freeze(buildSchemaProfile(target, strict))] as const),
  ),
);
