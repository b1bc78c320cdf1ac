import type { JsonObject } from '../json.js';
/**
 * Gives up descriptions (first cut by `shorten`, then removed), enums and whole subtrees
 * (collapsed to `collapse(node)`), cheapest loss per byte first, until `measure(root)` is within `budgetBytes` or nothing is left to give.
 * - The loss of an action is what the model can no longer read, as shares of the schema's paths,
 *   descriptions and enum values (weighted above), times the places the subtree is read from; a
 *   required subtree costs more to collapse. Its saving is the subtree's compact size now.
 * - Actions are queued once and recomputed when popped if their subtree changed since (a lazy
 *   greedy): one pass over the schema, and a walk up the parents per action taken.
 * - Definitions nothing refers to any more are pruned before each measure: no budget is spent on
 *   a table no `$ref` uses.
 * Returns the last measure (undefined if none was made or given), and whether anything but descriptions was given up; `beforeStructural`
 * is called before each path or enum value goes.
 */
export declare function giveUpLeastValuable(root: JsonObject, 
/** The model's size, if measured; else the units' own count of it is used. */
measuredBytes: number | undefined, budgetBytes: number, measure: (root: JsonObject) => number, collapse: (node: JsonObject) => JsonObject, shorten: (text: string, maxChars: number) => string, 
/** Called before each path or enum value is given up. */
beforeStructural?: () => void): {
    bytes: number | undefined;
    structural: boolean;
};
//# sourceMappingURL=least-loss.d.ts.map