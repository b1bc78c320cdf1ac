// The refs the sanitizing copy notes on its way: it copies only the root definitions they reach
// (SPEC §1.4), so pruning need not walk the schema, and a definition nothing refers to is never built.
/** Where the copy is, as pruning's walks would see it. */
export const REF_CONTEXT_NONE = 0;
/** Schema positions from the root, outside every table: pruning's seed walk (SPEC §1.4 step 1). */
export const REF_CONTEXT_SEED = 1;
/** Inside an entry of a root definition table: searched whole (SPEC §1.4 step 2). */
export const REF_CONTEXT_ENTRY = 2;
/**
 * The `$ref` strings the sanitizing copy notes as pruning would find them, so that it can copy
 * only the root definitions they reach (`copyReachedDefinitions` in sanitize.ts).
 * - `seeds`: the refs of the schema objects pruning's seed walk visits: from the root through
 *   `properties` values, `items`, compositions and `additionalProperties` (not booleans), tables
 *   skipped at every level.
 * - `entryRefs`: while a root table entry is copied, every `$ref` string anywhere inside it
 *   (enum literals, `not`, unknown keywords and nested tables included), as the sanitized entry
 *   has them: the refs of an object sanitize empties go with it.
 * - `exact` false: the copy met what it does not follow (a table that is not an object, which
 *   sanitize removes, inside an entry), or copied the root again after a failure; pruning then
 *   walks the schema as before.
 */
export class CollectedRefs {
    context = REF_CONTEXT_SEED;
    /** The next schema object the copy meets is the root (its tables are the ones pruned). */
    awaitingRoot = true;
    exact = true;
    seeds = [];
    entryRefs = [];
    /** Empties the collector for the next copy (the pipeline reuses one: most schemas are small). */
    reset() {
        this.context = REF_CONTEXT_SEED;
        this.awaitingRoot = true;
        this.exact = true;
        // Most schemas have no definitions and leave these empty: nothing to write then.
        if (this.seeds.length !== 0)
            this.seeds.length = 0;
        if (this.entryRefs.length !== 0)
            this.entryRefs.length = 0;
    }
}
/** The collector {@link acquireRefCollector} lends; undefined while a call has it. */
let idleCollector = new CollectedRefs();
/**
 * An empty collector for one sanitizing copy; give it back with {@link releaseRefCollector}
 * (in a `finally`). One is reused: most schemas are small, and a new one per call allocated more
 * than their copy. A call made while it is lent (a getter of the input that parses) gets its own.
 */
export function acquireRefCollector() {
    const refs = idleCollector ?? new CollectedRefs();
    idleCollector = undefined;
    return refs;
}
/** Empties a collector {@link acquireRefCollector} lent and keeps it for the next call. */
export function releaseRefCollector(refs) {
    refs.reset();
    idleCollector = refs;
}
//# sourceMappingURL=ref-collection.js.map