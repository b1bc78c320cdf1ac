// The one place that knows which keys hold child schemas (the reference's for_each_schema_child_mut).
import type { JsonHolder, JsonObject, JsonValue } from './json.js';
import { isJsonObject } from './json.js';

/** Keywords whose value is a schema, or an array of schemas. */
export const SCHEMA_CHILD_KEYS = ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf'] as const;

/** Keys that make an object "not a simple leaf" for compaction's pass 3 (SPEC §1.5): it collapses to `{}`. */
export const COLLAPSIBLE_KEYS = [
  'items',
  'anyOf',
  'oneOf',
  'allOf',
  'properties',
  'additionalProperties',
  '$ref',
] as const;

/** Keywords whose value is a table name → schema. */
export const DEFINITION_TABLE_KEYS = ['$defs', 'definitions'] as const;

/** Keywords that hold a list of alternative schemas. */
export const COMPOSITION_KEYS = ['anyOf', 'oneOf', 'allOf'] as const;

/** Which children {@link forEachSchemaChild} visits besides properties, items, compositions and additionalProperties. */
export interface SchemaChildOptions {
  /** Visit the entries of this node's `$defs` / `definitions` tables (when they are objects). */
  definitions: 'include' | 'skip';
  /** Visit `prefixItems` (only sanitize does). */
  prefixItems?: boolean;
}

/** Called with the holder and key of one child slot; `holder[key]` is the child (never an array). */
export type SchemaChildVisitor = (holder: JsonHolder, key: string | number) => void;

/**
 * Calls `visit` for each child schema slot of a schema object.
 * - Order: `properties` values (when `properties` is an object), `items`, `prefixItems` (opt-in),
 *   `additionalProperties` (unless boolean), `anyOf`, `oneOf`, `allOf`, then the `$defs` and
 *   `definitions` entries (opt-in, when the table is an object).
 * - A slot holding an array is expanded: `visit` gets each element (recursively for nested
 *   arrays), so a pass only ever sees non-array children — "array → recurse; object → act".
 * - Scalars are visited too (a pass may replace a boolean schema); the caller decides.
 */
export function forEachSchemaChild(node: JsonObject, options: SchemaChildOptions, visit: SchemaChildVisitor): void {
  const properties = node.properties;
  if (isJsonObject(properties)) {
    // for-in: the walks run on the library's own JSON, and a key array per object showed.
    for (const name in properties) if (Object.hasOwn(properties, name)) visitSlot(properties, name, visit);
  }
  if (node.items !== undefined) visitSlot(node, 'items', visit);
  if (options.prefixItems === true && node.prefixItems !== undefined) visitSlot(node, 'prefixItems', visit);
  const additional = node.additionalProperties;
  if (additional !== undefined && typeof additional !== 'boolean') visitSlot(node, 'additionalProperties', visit);
  if (node.anyOf !== undefined) visitSlot(node, 'anyOf', visit);
  if (node.oneOf !== undefined) visitSlot(node, 'oneOf', visit);
  if (node.allOf !== undefined) visitSlot(node, 'allOf', visit);
  if (options.definitions === 'include') {
    for (const tableKey of DEFINITION_TABLE_KEYS) {
      const table = node[tableKey];
      if (isJsonObject(table)) {
        for (const name of Object.keys(table)) visitSlot(table, name, visit);
      }
    }
  }
}

function visitSlot(holder: JsonHolder, key: string | number, visit: SchemaChildVisitor): void {
  const value: JsonValue | undefined = Array.isArray(holder) ? holder[key as number] : holder[key as string];
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) visitSlot(value, index, visit);
  } else {
    visit(holder, key);
  }
}

/**
 * Visits every schema object reachable from the root through the given children; `act` returns
 * true to descend, false when it replaced or wants to skip the node. Returns the root (`act`
 * may have replaced it).
 */
export function forEachSchemaObject(
  root: JsonValue,
  children: SchemaChildOptions,
  act: (node: JsonObject, holder: JsonHolder, key: string | number) => boolean,
): JsonValue {
  const box: JsonObject = { root };
  forEachSchemaObjectAt(box, 'root', children, act);
  return box.root as JsonValue;
}

/** {@link forEachSchemaObject} from the value at `holder[key]` (a table entry, say), told where each node sits. */
export function forEachSchemaObjectAt(
  holder: JsonHolder,
  key: string | number,
  children: SchemaChildOptions,
  act: (node: JsonObject, holder: JsonHolder, key: string | number) => boolean,
): void {
  const visit = (at: JsonHolder, slot: string | number): void => {
    const node = Array.isArray(at) ? at[slot as number] : at[slot as string];
    if (isJsonObject(node) && act(node, at, slot)) forEachSchemaChild(node, children, visit);
  };
  visit(holder, key);
}
