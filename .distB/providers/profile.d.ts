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
export declare const NUMBER_CONSTRAINTS: string[];
export declare const ALL_CONSTRAINTS: string[];
/** OpenAI strict formats (Structured Outputs "Supported schemas"). */
export declare const OPENAI_STRICT_FORMATS: ReadonlySet<string>;
/** Anthropic strict formats. */
export declare const ANTHROPIC_STRICT_FORMATS: ReadonlySet<string>;
/** Gemini `parameters` formats (the Gemini Developer API's strict reading). */
export declare const GEMINI_FORMATS: ReadonlySet<string>;
/** Gemini property names: a letter or `_`, then letters, digits and `_`, at most 64. */
export declare const GEMINI_PROPERTY_NAME: RegExp;
/** A read-only set of names. */
export declare const set: (values: readonly string[]) => ReadonlySet<string>;
/** The non-strict JSON Schema profile: every standard keyword kept, refs under `$defs`. */
export declare function jsonSchemaProfile(target: ConvertedTarget): SchemaProfile;
/** Gemini `parameters` keywords kept as they are (its `Schema` has no exclusive bounds, lengths of objects aside). */
export declare const GEMINI_CONSTRAINTS: string[];
/**
 * The Gemini `parameters` subset of JSON Schema (OpenAPI 3.0): refs inlined, two formats, string
 * enums, property names of letters, digits and `_`, no `additionalProperties`, non-empty
 * objects. Gemini spells nullability `nullable`; `portable` cannot spell it at all.
 */
export declare function geminiSubsetProfile(target: ConvertedTarget, nullability: 'nullable' | 'none'): SchemaProfile;
/** What strict mode changes on every target that has it (each target adds its own limits). */
export declare function strictBase(target: ConvertedTarget): SchemaProfile;
//# sourceMappingURL=profile.d.ts.map