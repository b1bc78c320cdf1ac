import type { JsonValue } from '../json.js';
/** How much of a schema the model can read. */
export interface SchemaInventory {
    /** Property paths (`a/b`, `list/[]/c`), refs followed, compositions flattened. */
    paths: number;
    /** Schemas with a non-empty description. */
    descriptions: number;
    /** Enum values, each where it is. */
    enumValues: number;
}
/**
 * Counts what a schema (a raw value or a model: both have the same shape) tells the model, the
 * way `test/helpers/fidelity-metrics.ts` measures fidelity: each property path once, refs into
 * the root's `$defs`/`definitions` followed at most three times on a path, compositions and
 * items flattened into their parent's path. Bounded: at most 200,000 nodes are visited.
 * - With `enough`, the count stops as soon as it has reached `enough` on all three counts: for
 *   a caller that only asks whether the schema keeps at least that much ({@link keepsAtLeast}).
 */
export declare function countSchemaInventory(schema: JsonValue, enough?: SchemaInventory): SchemaInventory;
/** Whether `a` tells the model at least as much as `b` on each of the three counts. */
export declare function keepsAtLeast(a: SchemaInventory, b: SchemaInventory): boolean;
//# sourceMappingURL=inventory.d.ts.map