// The sanitize stage as first written: copy first, then rewrite the copy in place with its own
// walk over the schema children. The library now copies and sanitizes in one walk; this stays
// as the oracle a property test compares that walk with, input by input.
import type { JsonHolder, JsonObject, JsonValue } from '../../src/schema/json.js';
import { hasAnyKey, isJsonObject, setChild } from '../../src/schema/json.js';
import type { JsonSchemaType } from '../../src/schema/model.js';
import { JSON_SCHEMA_TYPES } from '../../src/schema/model.js';
import { TYPE_INFERENCE_RULES } from '../../src/schema/sanitize.js';
import type { SchemaChildOptions } from '../../src/schema/walk.js';
import { DEFINITION_TABLE_KEYS, forEachSchemaChild } from '../../src/schema/walk.js';

const NO_INFERENCE_KEYS = ['$ref', 'anyOf', 'oneOf', 'allOf'] as const;
const VALID_TYPES: ReadonlySet<string> = new Set(JSON_SCHEMA_TYPES);

function booleanReplacement(): JsonObject {
  return { type: 'string' };
}

/** Sanitizes a copy the caller owns, in place, and returns the new root. */
export function referenceSanitizeInPlace(root: JsonValue): JsonValue {
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
