import type { JsonObject, JsonValue } from '../json.js';
/** Schema objects at this depth or deeper that have children are collapsed by pass 3. */
export declare const COLLAPSE_SCHEMA_DEPTH = 3;
/** What a pass did: the (possibly replaced) root, and whether anything changed (else no re-measure is needed). */
export interface PassResult {
    root: JsonValue;
    changed: boolean;
}
/**
 * Pass 1 in place: clears `description` on every schema object, definition tables included.
 * - It sets the description to null rather than deleting it: decode drops null fields, so the
 *   model is the same, and `delete` would turn every object into a slow dictionary-mode object
 *   for all the walks that follow (2× slower on large schemas). {@link removeStrippedDescriptions}
 *   turns the nulls into removed keys where raw JSON leaves the library.
 */
export declare function stripDescriptionsInPlace(root: JsonValue): PassResult;
/**
 * Pass 1 in place, leaving the root definition tables as they are: for when pass 2 is sure to
 * run next and drop them whole (the schema is over budget even without descriptions), so
 * stripping their entries would be wasted. Nested tables are stripped as usual.
 */
export declare function stripDescriptionsOutsideRootTablesInPlace(root: JsonValue): PassResult;
/**
 * Pass 1 for a caller that keeps the raw value: every schema object that has a `description`
 * (a null one included, as {@link removeStrippedDescriptions} would remove it) is replaced in its
 * holder by a copy without it, in the one walk; objects without one are kept, their children
 * replaced in place. The same result as {@link stripDescriptionsInPlace} and then
 * {@link removeStrippedDescriptions}, in one walk instead of two, and without their named reads
 * of every child keyword per object (for-in over each object's own keys instead).
 * - `leaveRootTables`: the root's definition tables are left as they are (see
 *   {@link stripDescriptionsOutsideRootTablesInPlace}); nested tables are stripped.
 * - `changed` is true when a description that was not null went.
 */
export declare function stripDescriptionsByCopying(root: JsonValue, leaveRootTables?: boolean): PassResult;
/** Pass 2 in place: replaces objects whose `$ref` names a local definition by `{}`, then drops the root tables. */
export declare function dropDefinitionRefsInPlace(root: JsonValue): PassResult;
/** Pass 3 in place: replaces objects with children at depth ≥ `collapseDepth` (root = 0) by `{}`. */
export declare function collapseDeepSchemaObjectsInPlace(root: JsonValue, collapseDepth?: number): PassResult;
/** Pass 4 in place: replaces every object that has `anyOf`, `oneOf` or `allOf` by `{}`, the root included. */
export declare function pruneCompositionsInPlace(root: JsonValue): PassResult;
/**
 * Removes the null descriptions {@link stripDescriptionsInPlace} left: the raw JSON a caller sees
 * has the keys removed. Each object that had one is replaced by a copy without it, in its holder:
 * `delete` would leave it a dictionary-mode object, and a provider conversion reads every one of
 * them next (a 1 MB wide schema converted 1.4× slower for it).
 */
export declare function removeStrippedDescriptions(root: JsonValue): JsonValue;
/**
 * A copy of a raw schema (valid JSON the library owns) as pass 1 would leave it, in one walk:
 * every description pass 1 strips is left out of the copy (rather than nulled), the rest copied.
 * For the fidelity policy's comparison with the reference, whose first pass this is.
 */
export declare function copyWithoutDescriptions(value: JsonValue): JsonValue;
/**
 * A copy of a raw schema object as passes 1 and 2 leave it, in one walk, for when both are sure
 * to run: descriptions left out as {@link copyWithoutDescriptions} does, every object reached
 * outside definition tables whose `$ref` is a local definition ref copied as `{}` (the root
 * too), and the root's tables left out. Nested tables are copied, without descriptions.
 */
export declare function copyAfterDefinitionsDropped(root: JsonObject): JsonValue;
/**
 * Pass 1 on a copy: removes the `description` of every schema object reached through schema
 * children and definition tables at every level. A property *named* description and enum
 * literals are untouched. The input is not modified.
 */
export declare function stripDescriptions(input: unknown): JsonValue;
/**
 * Pass 2 on a copy: every object reached (tables skipped) whose `$ref` is a local definition ref
 * becomes `{}` (siblings lost, the root too); then the root's `$defs` and `definitions` are
 * removed. Nested tables stay. The input is not modified.
 */
export declare function dropDefinitionRefs(input: unknown): JsonValue;
/**
 * Pass 3 on a copy: with the root at depth 0 and each schema child one deeper, an object at
 * depth ≥ `collapseDepth` that has items, anyOf, oneOf, allOf, properties, additionalProperties
 * or `$ref` becomes `{}`; simple leaves stay. The input is not modified.
 */
export declare function collapseDeepSchemaObjects(input: unknown, collapseDepth?: number): JsonValue;
/** Pass 4 on a copy: every object reached that has anyOf, oneOf or allOf becomes `{}`, the root included. */
export declare function pruneCompositions(input: unknown): JsonValue;
//# sourceMappingURL=reference-passes.d.ts.map