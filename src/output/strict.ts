// Strict-subset preflight: what a provider rejects under `strict: true`, caught before sending (SPEC §3.2).
import { toJsonPointer } from '../errors.js';
import { copyJsonInput } from '../schema/copy.js';
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';

/** One rule a schema breaks, with its JSON Pointer. */
export interface StrictViolation {
  path: string;
  rule:
    | 'root_object'
    | 'root_any_of'
    | 'properties_required'
    | 'additional_properties_false'
    | 'required_all_properties';
  message: string;
}

function isObjectSchema(node: JsonObject): boolean {
  const { type } = node;
  if (type === 'object') return true;
  if (Array.isArray(type)) return type.includes('object');
  return type === undefined && node.properties !== undefined;
}

/**
 * Checks a schema against the strict structured-output subset and returns every violation.
 * - The root has `type: "object"` and no `anyOf`.
 * - Every object schema has `properties`, `additionalProperties: false`, and `required` listing
 *   exactly its property names.
 * - Recurses everywhere a schema can be: properties, items, `prefixItems`, `anyOf`/`oneOf`/`allOf`
 *   variants, `not`, `additionalProperties`, `if`/`then`/`else`, `contains`, pattern and
 *   dependent schemas, and `$defs`/`definitions` entries.
 * - Throws `ToolSchemaError` only for input that is not JSON.
 * - An empty list means the provider's strict subset rules above hold (not that every keyword is supported).
 */
export function checkStrictOutputSchema(input: unknown): StrictViolation[] {
  const schema = copyJsonInput(input);
  const violations: StrictViolation[] = [];
  const path: (string | number)[] = [];
  const add = (rule: StrictViolation['rule'], message: string) =>
    violations.push({ path: toJsonPointer(path), rule, message });

  if (!isJsonObject(schema) || schema.type !== 'object') {
    add('root_object', 'the root must be {"type": "object", …}');
  }
  if (isJsonObject(schema) && schema.anyOf !== undefined) {
    add('root_any_of', 'the root must not be an anyOf');
  }

  const visit = (node: JsonValue | undefined): void => {
    if (!isJsonObject(node)) return;
    if (isObjectSchema(node)) {
      const properties = node.properties;
      const names = isJsonObject(properties) ? Object.keys(properties) : [];
      if (!isJsonObject(properties)) add('properties_required', 'an object schema must list its properties');
      if (node.additionalProperties !== false) {
        add('additional_properties_false', 'an object schema must set "additionalProperties": false');
      }
      const required = Array.isArray(node.required) ? node.required : [];
      // Sets, not a search of one list per name of the other: a wide object was quadratic.
      const listed = new Set(required);
      const named = new Set(names);
      const missing = names.filter((name) => !listed.has(name));
      const unknown = required.filter((name) => typeof name !== 'string' || !named.has(name));
      if (missing.length > 0 || unknown.length > 0 || required.length !== names.length) {
        const parts = [
          missing.length > 0 ? `missing ${missing.map((n) => JSON.stringify(n)).join(', ')}` : '',
          unknown.length > 0 ? `not properties: ${unknown.map((n) => JSON.stringify(n)).join(', ')}` : '',
        ].filter(Boolean);
        add(
          'required_all_properties',
          `"required" must list exactly the property names${parts.length > 0 ? ` (${parts.join('; ')})` : ''}`,
        );
      }
    }
    // Every place a schema can hide: single children, tables, and lists (issue 13).
    for (const key of ['items', 'not', 'additionalProperties', 'contains', 'if', 'then', 'else'] as const) {
      if (!isJsonObject(node[key])) continue;
      path.push(key);
      visit(node[key]);
      path.pop();
    }
    for (const key of ['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas'] as const) {
      const table = node[key];
      if (!isJsonObject(table)) continue;
      path.push(key);
      for (const name of Object.keys(table)) {
        path.push(name);
        visit(table[name]);
        path.pop();
      }
      path.pop();
    }
    for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
      const list = node[key];
      if (!Array.isArray(list)) continue;
      path.push(key);
      for (const [index, variant] of list.entries()) {
        path.push(index);
        visit(variant);
        path.pop();
      }
      path.pop();
    }
  };
  visit(schema);
  return violations;
}
