// Sanitize: type normalization, inference, keyword downgrades and default children (SPEC §1.2, seed §3).
import { copyJsonInput } from './copy.js';
import type { JsonHolder, JsonObject, JsonValue } from './json.js';
import { hasAnyKey, isJsonObject, setChild } from './json.js';
import type { JsonSchemaType } from './model.js';
import { JSON_SCHEMA_TYPES } from './model.js';
import type { SchemaChildOptions } from './walk.js';
import { DEFINITION_TABLE_KEYS, forEachSchemaChild } from './walk.js';

/** Key groups that infer a type when a schema has no valid `type`; first match wins (SPEC §1.2 step 5). */
export const TYPE_INFERENCE_RULES = [
  { type: 'object', keys: ['properties', 'required', 'additionalProperties'] },
  { type: 'array', keys: ['items', 'prefixItems'] },
  { type: 'string', keys: ['enum', 'format'] },
  { type: 'number', keys: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] },
] as const satisfies readonly { type: JsonSchemaType; keys: readonly string[] }[];

/** Keys whose presence means "do not infer": the schema is a reference or a composition. */
const NO_INFERENCE_KEYS = ['$ref', 'anyOf', 'oneOf', 'allOf'] as const;

const VALID_TYPES: ReadonlySet<string> = new Set(JSON_SCHEMA_TYPES);

/** The schema a boolean schema becomes (SPEC §1.2). */
function booleanReplacement(): JsonObject {
  return { type: 'string' };
}

/**
 * Returns a sanitized copy of a raw schema; the input is not modified.
 * - A boolean at a schema position becomes `{"type":"string"}`; a boolean `additionalProperties` stays.
 * - Children first (properties values, items, prefixItems, additionalProperties, compositions,
 *   definition tables at every level); a table that is not an object is removed.
 * - `const` becomes a one-value `enum` (overwriting any `enum`).
 * - Valid types are kept (arrays filtered to valid names, one left → a string). With none, a
 *   `$ref` or composition key stops the rules; else a type is inferred from keyword presence,
 *   and a schema with nothing to infer from becomes `{}`.
 * - `object` gets `properties: {}` and `array` gets `items: {"type":"string"}` when missing.
 * - Never looks inside `not`, `if`/`then`/`else`, `patternProperties`, enum values or examples.
 */
export function sanitizeJsonSchema(input: unknown): JsonValue {
  return sanitizeInPlace(copyJsonInput(input));
}

/** {@link sanitizeJsonSchema} on a value the caller owns: mutates it and returns the new root. */
export function sanitizeInPlace(root: JsonValue): JsonValue {
  const box: JsonObject = { root };
  sanitizeSlot(box, 'root');
  return box.root as JsonValue;
}

function sanitizeSlot(holder: JsonHolder, key: string | number): void {
  const value = Array.isArray(holder) ? holder[key as number] : holder[key as string];
  if (typeof value === 'boolean') {
    setChild(holder, key, booleanReplacement());
  } else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) sanitizeSlot(value, index);
  } else if (isJsonObject(value)) {
    const replacement = sanitizeObject(value);
    if (replacement !== value) setChild(holder, key, replacement);
  }
}

const SANITIZE_CHILDREN: SchemaChildOptions = { definitions: 'include', prefixItems: true };

function sanitizeObject(node: JsonObject): JsonObject {
  forEachSchemaChild(node, SANITIZE_CHILDREN, sanitizeSlot);
  for (const tableKey of DEFINITION_TABLE_KEYS) {
    const table = node[tableKey];
    if (table !== undefined && !isJsonObject(table)) delete node[tableKey];
  }

  if (node.const !== undefined) {
    node.enum = [node.const];
    delete node.const;
  }

  // One valid type name is by far the common case: no array is built for it.
  const type = node.type;
  let single: JsonSchemaType | undefined;
  let several: JsonSchemaType[] | undefined;
  if (typeof type === 'string') {
    if (VALID_TYPES.has(type)) single = type as JsonSchemaType;
  } else if (Array.isArray(type)) {
    const valid = validTypes(type);
    if (valid.length === 1) single = valid[0];
    else if (valid.length > 1) several = valid;
  }
  if (single === undefined && several === undefined) {
    if (hasAnyKey(node, NO_INFERENCE_KEYS)) return node;
    single = inferType(node);
    if (single === undefined) return {};
  }
  node.type = single ?? (several as JsonSchemaType[]);

  const hasObject = single === 'object' || (several?.includes('object') ?? false);
  const hasArray = single === 'array' || (several?.includes('array') ?? false);
  if (hasObject && node.properties === undefined) node.properties = {};
  if (hasArray && node.items === undefined) node.items = { type: 'string' };
  return node;
}

/** The valid type names of a `type` array, in order, duplicates kept (SPEC §1.2 step 3). */
function validTypes(type: JsonValue[]): JsonSchemaType[] {
  const types: JsonSchemaType[] = [];
  for (const element of type) {
    if (typeof element === 'string' && VALID_TYPES.has(element)) types.push(element as JsonSchemaType);
  }
  return types;
}

function inferType(node: JsonObject): JsonSchemaType | undefined {
  for (const rule of TYPE_INFERENCE_RULES) {
    if (hasAnyKey(node, rule.keys)) return rule.type;
  }
  return undefined;
}
