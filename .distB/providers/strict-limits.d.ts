import type { JsonObject, JsonValue } from '../schema/json.js';
/** OpenAI strict: at most this many object properties in total. */
export declare const OPENAI_STRICT_MAX_PROPERTIES = 5000;
/** OpenAI strict: at most this many levels of nesting. */
export declare const OPENAI_STRICT_MAX_DEPTH = 10;
/** OpenAI strict: at most this many enum values in total. */
export declare const OPENAI_STRICT_MAX_ENUM_VALUES = 1000;
/** OpenAI strict: property names, definition names, enum and const values, in characters. */
export declare const OPENAI_STRICT_MAX_NAME_CHARS = 120000;
/** OpenAI strict: a string enum of more than this many values … */
export declare const OPENAI_STRICT_LARGE_ENUM_VALUES = 250;
/** … has at most this many characters. */
export declare const OPENAI_STRICT_LARGE_ENUM_CHARS = 15000;
/** Anthropic: strict tools per request. */
export declare const ANTHROPIC_MAX_STRICT_TOOLS = 20;
/** Anthropic: optional parameters across all strict schemas of a request. */
export declare const ANTHROPIC_MAX_OPTIONAL_PARAMETERS = 24;
/** Anthropic: union-typed parameters (anyOf or type arrays) across all strict schemas of a request. */
export declare const ANTHROPIC_MAX_UNION_PARAMETERS = 16;
/** What a schema weighs against the strict limits. */
export interface StrictSchemaMeasure {
    properties: number;
    /** Deepest nesting of schemas, the root at level 1, refs followed once. */
    depth: number;
    enumValues: number;
    nameChars: number;
    /** The largest string enum over 250 values, in characters (0 when none). */
    largeEnumChars: number;
    /** Properties not listed in `required` (Anthropic counts them). */
    optionalProperties: number;
    /** Schemas with `anyOf` or a type array (Anthropic counts them). */
    unions: number;
}
/**
 * Measures a converted schema in one walk: counts over every schema (definitions included once),
 * and the deepest nesting along paths, refs to `#/$defs/…` followed (each definition's depth
 * worked out once; a recursive one counts its first pass).
 */
export declare function measureStrictSchema(schema: JsonObject, 
/** False: refs are not followed, and `depth` counts the levels written only (the counts are the same). */
followRefs?: boolean): StrictSchemaMeasure;
/** What a strict schema costs of Anthropic's per-request budget. */
export interface StrictRequestCost {
    /** Properties not listed in `required`, over every schema (definitions included once). */
    optional: number;
    /** Schemas with `anyOf` or a type array. */
    unions: number;
}
/**
 * The two counts of {@link measureStrictSchema} that Anthropic's request budget reads: the same
 * walk, without following refs for the depth (the budget weighs every tool of a request, strict
 * or not, so this runs on each of them).
 */
export declare function measureStrictRequestCost(schema: JsonObject): StrictRequestCost;
/**
 * Upper bounds of what OpenAI's strict limits count, gathered by the converter as it writes the
 * schema: the deepest conversion step, and every property, enum value and name it wrote (a null
 * that strict mode may add to an enum included).
 */
export interface StrictTally {
    maxDepth: number;
    properties: number;
    enumValues: number;
    nameChars: number;
    largeEnumChars: number;
}
/** An empty tally. */
export declare function emptyStrictTally(): StrictTally;
/** Adds an enum the converter wrote (strict mode may add a null to it). */
export declare function tallyEnum(tally: StrictTally, values: readonly JsonValue[]): void;
/**
 * Whether a converted schema without definitions is sure to be within OpenAI's strict limits, so
 * that {@link measureStrictSchema} need not walk it. Its depth is at most 2 × (steps + 1) + 1: a
 * conversion step writes at most two levels (an open map's array and its entry object, or an
 * anyOf made nullable and the anyOf), and a root the target cannot carry is wrapped once.
 */
export declare function withinStrictLimits(tally: StrictTally): boolean;
/**
 * The properties a strict conversion of this raw root is sure to write, when they alone exceed
 * {@link OPENAI_STRICT_MAX_PROPERTIES}; else undefined. For a caller that would otherwise
 * convert the whole schema strict only to find it over the limit and convert it again (a wide
 * object of 90,000 properties was converted twice).
 * - Counted only where the converter is sure to keep each property: a plain object root
 *   (`type: "object"`, no `$ref`, composition or enum, which could reshape it), whose
 *   properties it writes one by one. A property that may be a server's `false` (forbidden, and
 *   left out) is not counted.
 */
export declare function strictRootPropertiesOverLimit(raw: JsonValue): number | undefined;
/** The OpenAI strict limits a schema exceeds, as readable reasons (empty when within all). */
export declare function openAiStrictLimitViolations(measure: StrictSchemaMeasure): string[];
//# sourceMappingURL=strict-limits.d.ts.map