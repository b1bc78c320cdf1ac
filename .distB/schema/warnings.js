// Warnings about the final schema: what the model will see that contradicts itself (explain only).
import { toJsonPointer } from '../errors.js';
function admits(type, value) {
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
            return type;
    }
}
/** Lists the warnings of a decoded schema, depth first, through every child schema and table. */
export function findSchemaWarnings(schema) {
    const warnings = [];
    const path = [];
    const visit = (node) => {
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
            const missing = node.required.filter((name) => node.properties === undefined || !Object.hasOwn(node.properties, name));
            if (missing.length > 0) {
                warnings.push({
                    kind: 'required_not_in_properties',
                    path: toJsonPointer([...path, 'required']),
                    message: `required ${missing.map((name) => JSON.stringify(name)).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not among the properties`,
                });
            }
        }
        const child = (key, value) => {
            path.push(key);
            visit(value);
            path.pop();
        };
        const table = (key, entries) => {
            if (entries === undefined)
                return;
            path.push(key);
            for (const name of Object.keys(entries))
                child(name, entries[name]);
            path.pop();
        };
        table('properties', node.properties);
        if (node.items !== undefined)
            child('items', node.items);
        if (typeof node.additionalProperties === 'object')
            child('additionalProperties', node.additionalProperties);
        for (const key of ['anyOf', 'oneOf', 'allOf']) {
            const list = node[key];
            if (list === undefined)
                continue;
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
//# sourceMappingURL=warnings.js.map