// What a compacted schema still tells the model, counted: property paths, descriptions, enum values.
import type { JsonValue } from '../json.js';
import { isJsonObject } from '../json.js';
import { unescapeToken } from '../pointer-tokens.js';

/** How much of a schema the model can read. */
export interface SchemaInventory {
  /** Property paths (`a/b`, `list/[]/c`), refs followed, compositions flattened. */
  paths: number;
  /** Schemas with a non-empty description. */
  descriptions: number;
  /** Enum values, each where it is. */
  enumValues: number;
}

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
export function countSchemaInventory(schema: JsonValue, enough?: SchemaInventory): SchemaInventory {
  const inventory: SchemaInventory = { paths: 0, descriptions: 0, enumValues: 0 };
  if (!isJsonObject(schema)) return inventory;
  const tables = [schema.$defs, schema.definitions].filter(isJsonObject);
  const paths = new Set<string>();
  let visited = 0;
  const reached = () =>
    enough !== undefined &&
    paths.size >= enough.paths &&
    inventory.descriptions >= enough.descriptions &&
    inventory.enumValues >= enough.enumValues;
  const visit = (node: JsonValue | undefined, at: string, hops: number): void => {
    if (!isJsonObject(node) || ++visited > MAX_COUNTED_NODES || reached()) return;
    if (typeof node.description === 'string' && node.description.trim() !== '') inventory.descriptions++;
    if (Array.isArray(node.enum)) inventory.enumValues += node.enum.length;
    if (typeof node.$ref === 'string' && hops < MAX_REF_HOPS) {
      const name = unescapeToken(node.$ref.split('/').pop() ?? '');
      for (const table of tables) if (Object.hasOwn(table, name)) visit(table[name], at, hops + 1);
    }
    if (isJsonObject(node.properties))
      for (const name of Object.keys(node.properties)) {
        if (reached()) return;
        const path = `${at}/${name}`;
        paths.add(path);
        visit(node.properties[name], path, hops);
      }
    const items = node.items;
    if (Array.isArray(items)) for (const item of items) visit(item, `${at}/[]`, hops);
    else visit(items, `${at}/[]`, hops);
    if (isJsonObject(node.additionalProperties)) visit(node.additionalProperties, `${at}/*`, hops);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const list = node[key];
      if (Array.isArray(list)) for (const member of list) visit(member, at, hops);
    }
  };
  visit(schema, '', 0);
  inventory.paths = paths.size;
  return inventory;
}

/** Whether `a` tells the model at least as much as `b` on each of the three counts. */
export function keepsAtLeast(a: SchemaInventory, b: SchemaInventory): boolean {
  return a.paths >= b.paths && a.descriptions >= b.descriptions && a.enumValues >= b.enumValues;
}
