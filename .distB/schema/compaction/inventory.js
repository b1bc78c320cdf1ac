import { isJsonObject } from '../json.js';
/** Refs followed this many times on one path: a recursive schema has no end of paths. */
const MAX_REF_HOPS = 3;
/** Nodes counted at most (a ref-heavy schema could otherwise make the count explode). */
const MAX_COUNTED_NODES = 200_000;
/**
 * Counts what a schema (a raw value or a model: both have the same shape) tells the model, the
 * way `test/helpers/fidelity-metrics.ts` measures fidelity: each property path once, refs into
 * the root's `$defs`/`definitions` followed at most three times on a path, compositions and
 * items flattened into their parent's path. Bounded: at most 200,000 nodes are visited.
 * - With `enough`, the count stops as soon as it has reached `enough` on all three counts: for
 *   a caller that only asks whether the schema keeps at least that much ({@link keepsAtLeast}).
 */
export function countSchemaInventory(schema, enough) {
    const inventory = { paths: 0, descriptions: 0, enumValues: 0 };
    if (!isJsonObject(schema))
        return inventory;
    const tables = [schema.$defs, schema.definitions].filter(isJsonObject);
    const paths = new Set();
    let visited = 0;
    const reached = () => enough !== undefined &&
        paths.size >= enough.paths &&
        inventory.descriptions >= enough.descriptions &&
        inventory.enumValues >= enough.enumValues;
    const visit = (node, at, hops) => {
        if (!isJsonObject(node) || ++visited > MAX_COUNTED_NODES || reached())
            return;
        if (typeof node.description === 'string' && node.description.trim() !== '')
            inventory.descriptions++;
        if (Array.isArray(node.enum))
            inventory.enumValues += node.enum.length;
        if (typeof node.$ref === 'string' && hops < MAX_REF_HOPS) {
            const name = (node.$ref.split('/').pop() ?? '').replaceAll('~1', '/').replaceAll('~0', '~');
            for (const table of tables)
                if (Object.hasOwn(table, name))
                    visit(table[name], at, hops + 1);
        }
        if (isJsonObject(node.properties))
            for (const name of Object.keys(node.properties)) {
                if (reached())
                    return;
                const path = `${at}/${name}`;
                paths.add(path);
                visit(node.properties[name], path, hops);
            }
        const items = node.items;
        if (Array.isArray(items))
            for (const item of items)
                visit(item, `${at}/[]`, hops);
        else
            visit(items, `${at}/[]`, hops);
        if (isJsonObject(node.additionalProperties))
            visit(node.additionalProperties, `${at}/*`, hops);
        for (const key of ['anyOf', 'oneOf', 'allOf']) {
            const list = node[key];
            if (Array.isArray(list))
                for (const member of list)
                    visit(member, at, hops);
        }
    };
    visit(schema, '', 0);
    inventory.paths = paths.size;
    return inventory;
}
/** Whether `a` tells the model at least as much as `b` on each of the three counts. */
export function keepsAtLeast(a, b) {
    return a.paths >= b.paths && a.descriptions >= b.descriptions && a.enumValues >= b.enumValues;
}
//# sourceMappingURL=inventory.js.map