// What a compaction keeps of a schema: property paths, descriptions and enum values, by JSON path.
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Refs are followed this many times on one path (recursive schemas have infinitely many paths). */
const MAX_REF_HOPS = 3;

export interface SchemaInventory {
  /** Property paths, `a/b`, `list/[]/c` (refs followed, compositions flattened). */
  paths: Set<string>;
  /** Paths of schemas with a non-empty description (`#` for the root). */
  descriptions: Set<string>;
  /** `path=value` for every enum value. */
  enumValues: Set<string>;
}

/** Everything the model can read in a decoded schema, by where it is. */
export function inventory(schema: Json): SchemaInventory {
  const result: SchemaInventory = { paths: new Set(), descriptions: new Set(), enumValues: new Set() };
  const root = isObj(schema) ? schema : {};
  const tables: Obj = {
    ...(isObj(root.definitions) ? root.definitions : {}),
    ...(isObj(root.$defs) ? root.$defs : {}),
  };
  const visit = (node: Json | undefined, at: string, hops: number) => {
    if (!isObj(node)) return;
    if (typeof node.description === 'string' && node.description.trim() !== '')
      result.descriptions.add(at === '' ? '#' : at);
    if (Array.isArray(node.enum))
      for (const value of node.enum) result.enumValues.add(`${at}=${JSON.stringify(value)}`);
    if (typeof node.$ref === 'string' && hops < MAX_REF_HOPS) {
      const name = node.$ref.split('/').pop()?.replaceAll('~1', '/').replaceAll('~0', '~') ?? '';
      visit(tables[name], at, hops + 1);
    }
    if (isObj(node.properties)) {
      for (const [name, child] of Object.entries(node.properties)) {
        const path = `${at}/${name}`;
        result.paths.add(path);
        visit(child, path, hops);
      }
    }
    if (isObj(node.items)) visit(node.items, `${at}/[]`, hops);
    if (isObj(node.additionalProperties)) visit(node.additionalProperties, `${at}/{}`, hops);
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      const list = node[key];
      if (Array.isArray(list)) for (const variant of list) visit(variant, at, hops);
    }
  };
  visit(root, '', 0);
  return result;
}

/** Share of `before` still in `after` (1 when `before` is empty). */
export function keptShare(before: Set<string>, after: Set<string>): number {
  if (before.size === 0) return 1;
  let kept = 0;
  for (const item of before) if (after.has(item)) kept++;
  return kept / before.size;
}

export function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
