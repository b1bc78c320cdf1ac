import type { JsonHolder, JsonObject, JsonValue } from './json.js';
/** Keywords whose value is a schema, or an array of schemas. */
export declare const SCHEMA_CHILD_KEYS: readonly ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf'];
/** Keywords whose value is a table name → schema. */
export declare const DEFINITION_TABLE_KEYS: readonly ['$defs', 'definitions'];
/** Keywords that hold a list of alternative schemas. */
export declare const COMPOSITION_KEYS: readonly ['anyOf', 'oneOf', 'allOf'];
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
export declare function forEachSchemaChild(node: JsonObject, options: SchemaChildOptions, visit: SchemaChildVisitor): void;
/**
 * Visits every schema object reachable from the root through the given children; `act` returns
 * true to descend, false when it replaced or wants to skip the node. Returns the root (`act`
 * may have replaced it).
 */
export declare function forEachSchemaObject(root: JsonValue, children: SchemaChildOptions, act: (node: JsonObject, holder: JsonHolder, key: string | number) => boolean): JsonValue;
/** {@link forEachSchemaObject} from the value at `holder[key]` (a table entry, say), told where each node sits. */
export declare function forEachSchemaObjectAt(holder: JsonHolder, key: string | number, children: SchemaChildOptions, act: (node: JsonObject, holder: JsonHolder, key: string | number) => boolean): void;
//# sourceMappingURL=walk.d.ts.map