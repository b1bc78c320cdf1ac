import { isJsonObject } from './json.js';
/** Keywords whose value is a schema, or an array of schemas. */
export const SCHEMA_CHILD_KEYS = ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf'];
/** Keywords whose value is a table name → schema. */
export const DEFINITION_TABLE_KEYS = ['$defs', 'definitions'];
/** Keywords that hold a list of alternative schemas. */
export const COMPOSITION_KEYS = ['anyOf', 'oneOf', 'allOf'];
/**
 * Calls `visit` for each child schema slot of a schema object.
 * - Order: `properties` values (when `properties` is an object), `items`, `prefixItems` (opt-in),
 *   `additionalProperties` (unless boolean), `anyOf`, `oneOf`, `allOf`, then the `$defs` and
 *   `definitions` entries (opt-in, when the table is an object).
 * - A slot holding an array is expanded: `visit` gets each element (recursively for nested
 *   arrays), so a pass only ever sees non-array children — "array → recurse; object → act".
 * - Scalars are visited too (a pass may replace a boolean schema); the caller decides.
 */
export function forEachSchemaChild(node, options, visit) {
    const properties = node.properties;
    if (isJsonObject(properties)) {
        // for-in: the walks run on the library's own JSON, and a key array per object showed.
        for (const name in properties)
            if (Object.hasOwn(properties, name))
                visitSlot(properties, name, visit);
    }
    if (node.items !== undefined)
        visitSlot(node, 'items', visit);
    if (options.prefixItems === true && node.prefixItems !== undefined)
        visitSlot(node, 'prefixItems', visit);
    const additional = node.additionalProperties;
    if (additional !== undefined && typeof additional !== 'boolean')
        visitSlot(node, 'additionalProperties', visit);
    if (node.anyOf !== undefined)
        visitSlot(node, 'anyOf', visit);
    if (node.oneOf !== undefined)
        visitSlot(node, 'oneOf', visit);
    if (node.allOf !== undefined)
        visitSlot(node, 'allOf', visit);
    if (options.definitions === 'include') {
        for (const tableKey of DEFINITION_TABLE_KEYS) {
            const table = node[tableKey];
            if (isJsonObject(table)) {
                for (const name of Object.keys(table))
                    visitSlot(table, name, visit);
            }
        }
    }
}
function visitSlot(holder, key, visit) {
    const value = Array.isArray(holder) ? holder[key] : holder[key];
    if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++)
            visitSlot(value, index, visit);
    }
    else {
        visit(holder, key);
    }
}
/**
 * Visits every schema object reachable from the root through the given children; `act` returns
 * true to descend, false when it replaced or wants to skip the node. Returns the root (`act`
 * may have replaced it).
 */
export function forEachSchemaObject(root, children, act) {
    const box = { root };
    forEachSchemaObjectAt(box, 'root', children, act);
    return box.root;
}
/** {@link forEachSchemaObject} from the value at `holder[key]` (a table entry, say), told where each node sits. */
export function forEachSchemaObjectAt(holder, key, children, act) {
    const visit = (at, slot) => {
        const node = Array.isArray(at) ? at[slot] : at[slot];
        if (isJsonObject(node) && act(node, at, slot))
            forEachSchemaChild(node, children, visit);
    };
    visit(holder, key);
}
//# sourceMappingURL=walk.js.map