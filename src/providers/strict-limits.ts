// The documented limits of strict schemas: OpenAI's per schema, Anthropic's per request.
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';

/** OpenAI strict: at most this many object properties in total. */
export const OPENAI_STRICT_MAX_PROPERTIES = 5_000;
/** OpenAI strict: at most this many levels of nesting. */
export const OPENAI_STRICT_MAX_DEPTH = 10;
/** OpenAI strict: at most this many enum values in total. */
export const OPENAI_STRICT_MAX_ENUM_VALUES = 1_000;
/** OpenAI strict: property names, definition names, enum and const values, in characters. */
export const OPENAI_STRICT_MAX_NAME_CHARS = 120_000;
/** OpenAI strict: a string enum of more than this many values … */
export const OPENAI_STRICT_LARGE_ENUM_VALUES = 250;
/** … has at most this many characters. */
export const OPENAI_STRICT_LARGE_ENUM_CHARS = 15_000;
/** Anthropic: strict tools per request. */
export const ANTHROPIC_MAX_STRICT_TOOLS = 20;
/** Anthropic: optional parameters across all strict schemas of a request. */
export const ANTHROPIC_MAX_OPTIONAL_PARAMETERS = 24;
/** Anthropic: union-typed parameters (anyOf or type arrays) across all strict schemas of a request. */
export const ANTHROPIC_MAX_UNION_PARAMETERS = 16;

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

function childSchemas(node: JsonObject): JsonValue[] {
  const children: JsonValue[] = [];
  if (isJsonObject(node.properties)) children.push(...Object.values(node.properties));
  if (node.items !== undefined) children.push(node.items);
  if (isJsonObject(node.additionalProperties)) children.push(node.additionalProperties);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) children.push(...list);
  }
  return children;
}

/** Measures a converted schema (refs to `#/$defs/…` followed once per path). */
export function measureStrictSchema(schema: JsonObject): StrictSchemaMeasure {
  const measure: StrictSchemaMeasure = {
    properties: 0,
    depth: 0,
    enumValues: 0,
    nameChars: 0,
    largeEnumChars: 0,
    optionalProperties: 0,
    unions: 0,
  };
  const defs = isJsonObject(schema.$defs) ? schema.$defs : {};
  for (const name of Object.keys(defs)) measure.nameChars += name.length;
  const countNode = (node: JsonObject) => {
    if (isJsonObject(node.properties)) {
      const names = Object.keys(node.properties);
      measure.properties += names.length;
      for (const name of names) measure.nameChars += name.length;
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const name of names) if (!required.has(name)) measure.optionalProperties++;
    }
    if (Array.isArray(node.enum)) {
      measure.enumValues += node.enum.length;
      let chars = 0;
      for (const value of node.enum) if (typeof value === 'string') chars += value.length;
      measure.nameChars += chars;
      if (node.enum.length > OPENAI_STRICT_LARGE_ENUM_VALUES)
        measure.largeEnumChars = Math.max(measure.largeEnumChars, chars);
    }
    if (Array.isArray(node.anyOf) || Array.isArray(node.type)) measure.unions++;
  };
  // Counts: every schema once (definitions included); depth: along paths, refs followed once.
  const countAll = (node: JsonValue) => {
    if (!isJsonObject(node)) return;
    countNode(node);
    for (const child of childSchemas(node)) countAll(child);
  };
  countAll(schema);
  for (const definition of Object.values(defs)) countAll(definition);
  // A definition's depth is worked out once (a recursive one counts its first pass only).
  const definitionDepth = new Map<string, number>();
  const depthOf = (node: JsonValue): number => {
    if (!isJsonObject(node)) return 0;
    let deepest = 0;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/$defs/')) {
      const name = node.$ref.slice('#/$defs/'.length).replaceAll('~1', '/').replaceAll('~0', '~');
      if (Object.hasOwn(defs, name)) {
        let depth = definitionDepth.get(name);
        if (depth === undefined) {
          definitionDepth.set(name, 0);
          depth = depthOf(defs[name] as JsonValue);
          definitionDepth.set(name, depth);
        }
        deepest = depth - 1;
      }
    }
    for (const child of childSchemas(node)) deepest = Math.max(deepest, depthOf(child));
    return deepest + 1;
  };
  measure.depth = depthOf(schema);
  return measure;
}

/** The OpenAI strict limits a schema exceeds, as readable reasons (empty when within all). */
export function openAiStrictLimitViolations(measure: StrictSchemaMeasure): string[] {
  const reasons: string[] = [];
  if (measure.properties > OPENAI_STRICT_MAX_PROPERTIES)
    reasons.push(`${measure.properties} properties (limit ${OPENAI_STRICT_MAX_PROPERTIES})`);
  if (measure.depth > OPENAI_STRICT_MAX_DEPTH)
    reasons.push(`${measure.depth} levels of nesting (limit ${OPENAI_STRICT_MAX_DEPTH})`);
  if (measure.enumValues > OPENAI_STRICT_MAX_ENUM_VALUES)
    reasons.push(`${measure.enumValues} enum values (limit ${OPENAI_STRICT_MAX_ENUM_VALUES})`);
  if (measure.nameChars > OPENAI_STRICT_MAX_NAME_CHARS)
    reasons.push(`${measure.nameChars} characters of names and enum values (limit ${OPENAI_STRICT_MAX_NAME_CHARS})`);
  if (measure.largeEnumChars > OPENAI_STRICT_LARGE_ENUM_CHARS)
    reasons.push(
      `a string enum of ${measure.largeEnumChars} characters (limit ${OPENAI_STRICT_LARGE_ENUM_CHARS} over 250 values)`,
    );
  return reasons;
}
