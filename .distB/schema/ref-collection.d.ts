/** Where the copy is, as pruning's walks would see it. */
export declare const REF_CONTEXT_NONE = 0;
/** Schema positions from the root, outside every table: pruning's seed walk (SPEC §1.4 step 1). */
export declare const REF_CONTEXT_SEED = 1;
/** Inside an entry of a root definition table: searched whole (SPEC §1.4 step 2). */
export declare const REF_CONTEXT_ENTRY = 2;
export type RefContext = typeof REF_CONTEXT_NONE | typeof REF_CONTEXT_SEED | typeof REF_CONTEXT_ENTRY;
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
export declare class CollectedRefs {
    context: RefContext;
    /** The next schema object the copy meets is the root (its tables are the ones pruned). */
    awaitingRoot: boolean;
    exact: boolean;
    readonly seeds: string[];
    readonly entryRefs: string[];
    /** Empties the collector for the next copy (the pipeline reuses one: most schemas are small). */
    reset(): void;
}
/**
 * An empty collector for one sanitizing copy; give it back with {@link releaseRefCollector}
 * (in a `finally`). One is reused: most schemas are small, and a new one per call allocated more
 * than their copy. A call made while it is lent (a getter of the input that parses) gets its own.
 */
export declare function acquireRefCollector(): CollectedRefs;
/** Empties a collector {@link acquireRefCollector} lent and keeps it for the next call. */
export declare function releaseRefCollector(refs: CollectedRefs): void;
//# sourceMappingURL=ref-collection.d.ts.map