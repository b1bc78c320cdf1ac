import type { JsonObject } from '../schema/json.js';
/**
 * Merges a schema's `allOf` members into it (refs resolved, nested allOf flattened).
 * - `properties` are united (a name defined twice keeps the first definition), `required` united.
 * - `type`, `description` and every other keyword: the schema's own first, then the first member's.
 * - A member that is not a schema (or an unresolvable ref) is skipped.
 * - Returns a new object; the input is not modified.
 */
export declare function mergeAllOf(node: JsonObject, root: JsonObject, depth?: number): JsonObject;
//# sourceMappingURL=merge-all-of.d.ts.map