// Strict-subset preflight: what a provider rejects under `strict: true`, caught before sending (SPEC §3.2).
import { toJsonPointer } from '../errors.js';
import { copyJsonInput } from '../schema/copy.js';
import { isJsonObject } from '../schema/json.js';
function isObjectSchema(node) {
    const { type } = node;
    if (type === 'object')
        return true;
    if (Array.isArray(type))
        return type.includes('object');
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
export function checkStrictOutputSchema(input) {
    const schema = copyJsonInput(input);
    const violations = [];
    const path = [];
    const add = (rule, message) => violations.push({ path: toJsonPointer(path), rule, message });
    if (!isJsonObject(schema) || schema.type !== 'object') {
        add('root_object', 'the root must be {"type": "object", …}');
    }
    if (isJsonObject(schema) && schema.anyOf !== undefined) {
        add('root_any_of', 'the root must not be an anyOf');
    }
    const visit = (node) => {
        if (!isJsonObject(node))
            return;
        if (isObjectSchema(node)) {
            const properties = node.properties;
            const names = isJsonObject(properties) ? Object.keys(properties) : [];
            if (!isJsonObject(properties))
                add('properties_required', 'an object schema must list its properties');
            if (node.additionalProperties !== false) {
                add('additional_properties_false', 'an object schema must set "additionalProperties": false');
            }
            const required = Array.isArray(node.required) ? node.required : [];
            const missing = names.filter((name) => !required.includes(name));
            const unknown = required.filter((name) => typeof name !== 'string' || !names.includes(name));
            if (missing.length > 0 || unknown.length > 0 || required.length !== names.length) {
                const parts = [
                    missing.length > 0 ? `missing ${missing.map((n) => JSON.stringify(n)).join(', ')}` : '',
                    unknown.length > 0 ? `not properties: ${unknown.map((n) => JSON.stringify(n)).join(', ')}` : '',
                ].filter(Boolean);
                add('required_all_properties', `"required" must list exactly the property names${parts.length > 0 ? ` (${parts.join('; ')})` : ''}`);
            }
        }
        // Every place a schema can hide: single children, tables, and lists (issue 13).
        for (const key of ['items', 'not', 'additionalProperties', 'contains', 'if', 'then', 'else']) {
            if (!isJsonObject(node[key]))
                continue;
            path.push(key);
            visit(node[key]);
            path.pop();
        }
        for (const key of ['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas']) {
            const table = node[key];
            if (!isJsonObject(table))
                continue;
            path.push(key);
            for (const name of Object.keys(table)) {
                path.push(name);
                visit(table[name]);
                path.pop();
            }
            path.pop();
        }
        for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
            const list = node[key];
            if (!Array.isArray(list))
                continue;
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
//# sourceMappingURL=strict.js.map