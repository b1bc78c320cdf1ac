// Decode: the boundary from raw JSON to the JsonSchema model, with path-precise errors (SPEC §1.6, seed §6).
import { describeValue, ToolSchemaError } from '../errors.js';
import { copyJsonInput } from './copy.js';
import type { JsonObject, JsonValue } from './json.js';
import { isJsonObject } from './json.js';
import type { AdditionalProperties, JsonSchema, JsonSchemaType } from './model.js';
import { JSON_SCHEMA_TYPES } from './model.js';

const VALID_TYPES: ReadonlySet<string> = new Set(JSON_SCHEMA_TYPES);

type Path = (string | number)[];

/**
 * Decodes a sanitized raw value into the model, keeping only the model's keys.
 * - Unknown keywords are dropped, and so is any known key whose value is null.
 * - A null where a schema is required (inside `properties`, tables, compositions) fails.
 * - Fails when the root is not an object, a field has the wrong type (`items` as an array,
 *   `type` an unknown name, `required` not strings, …), or the root type is exactly `"null"`.
 * - Does not check that `required` names exist in `properties`.
 * - The input is copied first: the result shares nothing with it.
 */
export function decodeToolInputSchema(input: unknown): JsonSchema {
  return decodeRawSchema(copyJsonInput(input));
}

/** {@link decodeToolInputSchema} on a value the caller owns: the result shares its `enum` arrays. */
export function decodeRawSchema(raw: JsonValue): JsonSchema {
  const path: Path = [];
  const schema = decodeSchema(raw, path);
  if (schema.type === 'null') {
    throw new ToolSchemaError('null_root_type', [], 'tool input schema must not be a singleton null type');
  }
  return schema;
}

function fail(path: Path, expected: string, found: unknown): never {
  throw new ToolSchemaError('invalid_schema', path, `expected ${expected}, found ${describeValue(found)}`);
}

function decodeSchema(value: JsonValue | undefined, path: Path): JsonSchema {
  if (!isJsonObject(value)) return fail(path, 'a schema object', value);
  const schema: JsonSchema = {};
  const { $ref, type, description, encrypted } = value;

  if ($ref != null) {
    if (typeof $ref !== 'string') fieldFail(path, '$ref', 'a string', $ref);
    schema.$ref = $ref;
  }
  if (type != null) schema.type = decodeType(type, path);
  if (description != null) {
    if (typeof description !== 'string') fieldFail(path, 'description', 'a string', description);
    schema.description = description;
  }
  if (encrypted != null) {
    if (typeof encrypted !== 'boolean') fieldFail(path, 'encrypted', 'a boolean', encrypted);
    schema.encrypted = encrypted;
  }
  const enumValues = value.enum;
  if (enumValues != null) {
    if (!Array.isArray(enumValues)) fieldFail(path, 'enum', 'an array', enumValues);
    schema.enum = enumValues;
  }
  const items = value.items;
  if (items != null) schema.items = decodeChild(items, path, 'items');
  const properties = value.properties;
  if (properties != null) schema.properties = decodeTable(properties, path, 'properties');
  const required = value.required;
  if (required != null) schema.required = decodeRequired(required, path);
  const additional = value.additionalProperties;
  if (additional != null) schema.additionalProperties = decodeAdditional(additional, path);
  const { anyOf, oneOf, allOf } = value;
  if (anyOf != null) schema.anyOf = decodeList(anyOf, path, 'anyOf');
  if (oneOf != null) schema.oneOf = decodeList(oneOf, path, 'oneOf');
  if (allOf != null) schema.allOf = decodeList(allOf, path, 'allOf');
  const { $defs, definitions } = value;
  if ($defs != null) schema.$defs = decodeTable($defs, path, '$defs');
  if (definitions != null) schema.definitions = decodeTable(definitions, path, 'definitions');
  return schema;
}

function fieldFail(path: Path, key: string | number, expected: string, found: unknown): never {
  path.push(key);
  return fail(path, expected, found);
}

function decodeType(type: JsonValue, path: Path): JsonSchemaType | JsonSchemaType[] {
  if (typeof type === 'string') {
    if (!VALID_TYPES.has(type)) fieldFail(path, 'type', `one of ${JSON_SCHEMA_TYPES.join(', ')}`, type);
    return type as JsonSchemaType;
  }
  if (!Array.isArray(type)) return fieldFail(path, 'type', 'a type name or an array of type names', type);
  for (let index = 0; index < type.length; index++) {
    const name = type[index];
    if (typeof name !== 'string' || !VALID_TYPES.has(name)) {
      path.push('type');
      fieldFail(path, index, `one of ${JSON_SCHEMA_TYPES.join(', ')}`, name);
    }
  }
  return [...(type as JsonSchemaType[])];
}

function decodeChild(value: JsonValue, path: Path, key: string | number): JsonSchema {
  path.push(key);
  const schema = decodeSchema(value, path);
  path.pop();
  return schema;
}

function decodeTable(value: JsonValue, path: Path, key: string): Record<string, JsonSchema> {
  if (!isJsonObject(value)) return fieldFail(path, key, 'an object of schemas', value);
  path.push(key);
  const table: Record<string, JsonSchema> = {};
  for (const name of Object.keys(value)) {
    const schema = decodeChild(value[name] as JsonValue, path, name);
    if (name === '__proto__') {
      Object.defineProperty(table, name, { value: schema, writable: true, enumerable: true, configurable: true });
    } else {
      table[name] = schema;
    }
  }
  path.pop();
  return table;
}

function decodeList(value: JsonValue, path: Path, key: string): JsonSchema[] {
  if (!Array.isArray(value)) return fieldFail(path, key, 'an array of schemas', value);
  path.push(key);
  const list = value.map((element, index) => decodeChild(element, path, index));
  path.pop();
  return list;
}

function decodeRequired(value: JsonValue, path: Path): string[] {
  if (!Array.isArray(value)) return fieldFail(path, 'required', 'an array of property names', value);
  for (let index = 0; index < value.length; index++) {
    if (typeof value[index] !== 'string') {
      path.push('required');
      fieldFail(path, index, 'a property name string', value[index]);
    }
  }
  return [...(value as string[])];
}

function decodeAdditional(value: JsonValue, path: Path): AdditionalProperties {
  if (typeof value === 'boolean') return value;
  if (!isJsonObject(value)) return fieldFail(path, 'additionalProperties', 'a boolean or a schema object', value);
  return decodeChild(value as JsonObject, path, 'additionalProperties');
}
