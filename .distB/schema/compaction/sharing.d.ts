import type { JsonObject } from '../json.js';
/** What a sharing did, to be undone and done again (see `FidelityRun.reshape`). */
export interface DefinitionSharing {
    undo(): void;
    redo(): void;
}
/**
 * Moves each list of values (`type` and `enum`) that several schemas repeat word for word into
 * one root definition, referred to where it was (Notion's colours in every rich-text annotation,
 * Graph's status enums on every entity): nothing the model reads is lost, and the list is
 * written once. Only where it saves bytes; a definition entry itself is left as it is, and so is
 * a list a reader would reach only through one ref more than it follows.
 */
export declare function shareRepeatedEnums(root: JsonObject): (DefinitionSharing & {
    delta: number;
}) | undefined;
/**
 * Moves each subtree (an object with its properties, a union, …) that several schemas repeat
 * word for word into one root definition, referred to where it was, each use keeping its own
 * description: Graph's nullable date-times and entity shapes, Stripe's metadata maps, the
 * same address or money object under many names. Only subtrees without a `$ref` (a ref moved
 * under one more ref could fall past what a reader follows), the largest first, and only
 * where the bytes saved (estimated from their text) outweigh the refs and the entry; a
 * definition entry, and a subtree in a definition a reader reaches only through as many refs
 * as it follows, stay where they are.
 */
export declare function shareRepeatedSubtrees(root: JsonObject): DefinitionSharing | undefined;
//# sourceMappingURL=sharing.d.ts.map