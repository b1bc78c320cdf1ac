// Warnings about the final schema: what the model will see that contradicts itself (explain only).
import { toJsonPointer } from '../errors.js';
import type { JsonValue } from './json.js';
import type { JsonSchema, JsonSchemaType } from './model.js';

/**
 * A problem in a schema that decodes fine but may confuse a model or a strict provider.
 * - `enum_type_mismatch`: enum values that none of the schema's types admit (the reference
 *   infers `"type":"string"` for `{"enum":[1,2]}`, SPEC §1.2, so this happens in practice).
 * - `required_not_in_properties`: a required name with no matching property (decode does not check).
 */
export interface SchemaWarning {
  kind: 'enum_type_mismatch' | 'required_not_in_properties';
  /** JSON Pointer into the final schema. */
  path: string;
  message: string;
}

function admits(type: JsonSchemaType, value: JsonValue): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    default:
      return type satisfies never;
  }
}

/** Lists the warnings of a decoded schema, depth first, through every child schema and table. */
export function findSchemaWarnings(schema: JsonSchema): SchemaWarning[] {
  const warnings: SchemaWarning[] = [];
  const path: (string | number)[] = [];
  const visit = (node: JsonSchema): void => {
    if (typeof node !== 'object' || node === null) return;
    const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
    if (node.enum !== undefined && types.length > 0) {
      const strays = node.enum.filter((value) => !types.some((type) => admits(type, value)));
      if (strays.length > 0) {
        warnings.push({
          kind: 'enum_type_mismatch',
          path: toJsonPointer([...path, 'enum']),
          message: `enum values ${strays
            .slice(0, 3)
            .map((value) => JSON.stringify(value))
            .join(', ')}${strays.length > 3 ? ', …' : ''} are not of type ${types.join(' | ')}`,
        });
      }
    }
    if (node.required !== undefined) {
      const missing = node.required.filter(
        (name) => node.properties === undefined || !Object.hasOwn(node.properties, name),
      );
      if (missing.length > 0) {
        warnings.push({
          kind: 'required_not_in_properties',
          path: toJsonPointer([...path, 'required']),
          message: `required ${missing.map((name) => JSON.stringify(name)).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not among the properties`,
        });
      }
    }
    const child = (key: string | number, value: JsonSchema) => {
      path.push(key);
      visit(value);
      path.pop();
    };
    const table = (key: string, entries: Record<string, JsonSchema> | undefined) => {
      if (entries === undefined) return;
      path.push(key);
      for (const name of Object.keys(entries)) child(name, entries[name] as JsonSchema);
      path.pop();
    };
    table('properties', node.properties);
    if (node.items !== undefined) child('items', node.items);
    if (typeof node.additionalProperties === 'object') child('additionalProperties', node.additionalProperties);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const list = node[key];
      if (list === undefined) continue;
      path.push(key);
      list.forEach((variant, index) => {
        child(index, variant);
      });
      path.pop();
    }
    table('$defs', node.$defs);
    table('definitions', node.definitions);
  };
  visit(schema);
  return warnings;
}
