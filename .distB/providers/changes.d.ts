/**
 * Kinds of change a target makes.
 * - `keyword_moved`: a keyword the target does not accept, written into the description.
 * - `keyword_dropped`: a keyword with no meaning for the model (`$schema`, `$comment`, `x-…`).
 * - `property_renamed`: a property name the target rejects; restored by `resolveToolCall`.
 * - `made_nullable`: an optional property made required and nullable (strict); null → absent.
 * - `object_closed`: `additionalProperties: false` set where the schema allowed more keys.
 * - `encoded_json_text`: a value the target cannot describe (free-form object, any value,
 *   recursion cut) sent as JSON text; parsed back.
 * - `encoded_entries`: an open map sent as a list of `{key, value}`; turned back into an object.
 * - `enum_stringified`: a non-string enum sent as strings; mapped back.
 * - `type_from_enum`: the type widened to what the enum values are.
 * - `ref_inlined`, `ref_rewritten`, `ref_unresolved`: local refs inlined, moved under `$defs`, or
 *   not found (replaced by any value).
 * - `composition_merged`, `one_of_to_any_of`, `root_composition_merged`: compositions the target
 *   does not accept, merged or relaxed.
 * - `nullable_rewritten`: nullability spelled as the target wants it.
 * - `null_dropped`: null removed where the target has no spelling for it (`portable`).
 * - `schema_repaired`: a server bug repaired (`type: "int"`, `required: "name"`, an array under
 *   `properties`…): what the author plainly meant.
 * - `name_changed`: the tool's name was changed for the provider.
 * - `description_cut`: the tool description was cut to the provider's limit.
 * - `strict_fallback`: the tool could not be strict; sent non-strict.
 */
export type TargetChangeKind = 'keyword_moved' | 'keyword_dropped' | 'property_renamed' | 'made_nullable' | 'object_closed' | 'encoded_json_text' | 'encoded_entries' | 'enum_stringified' | 'type_from_enum' | 'ref_inlined' | 'ref_rewritten' | 'ref_unresolved' | 'composition_merged' | 'one_of_to_any_of' | 'root_composition_merged' | 'nullable_rewritten' | 'null_dropped' | 'schema_repaired' | 'name_changed' | 'description_cut' | 'strict_fallback';
/** One change, at a JSON Pointer into the tool (`/inputSchema/...`, `/name`, `/description`). */
export interface TargetChange {
    kind: TargetChangeKind;
    path: string;
    message: string;
}
/**
 * A path into the tool, as a chain of keys from the root. Converting walks every schema node,
 * and only a few get a change: a chain costs one small object per step, where an array copied
 * at each step cost the walk a fifth of its time in garbage collection.
 */
export interface SchemaPath {
    readonly parent: SchemaPath | undefined;
    readonly key: string | number;
    /** This step's JSON Pointer, once built (so a deep chain builds each prefix once, not once per change). */
    pointer?: string;
}
/** `path` extended by one key. */
export declare function at(path: SchemaPath | undefined, key: string | number): SchemaPath;
/** `path` extended by two keys (`anyOf`, then an index). */
export declare function at2(path: SchemaPath | undefined, key: string | number, next: string | number): SchemaPath;
/**
 * The JSON Pointer of a path. Each step keeps its pointer once built: changes on every level of
 * a deep chain (strict mode's made_nullable) rebuilt the whole prefix each time, quadratic in depth.
 */
export declare function pointerOf(path: SchemaPath | undefined): string;
/** The pointer of one member below a pointer already built (siblings share their parent's). */
export declare function memberPointer(parentPointer: string, key: string): string;
/** Collects changes with their paths; one per conversion. */
export declare class ChangeLog {
    readonly changes: TargetChange[];
    add(kind: TargetChangeKind, path: SchemaPath | undefined, message: string): void;
    /** {@link add} with the pointer already built. */
    addAtPointer(kind: TargetChangeKind, pointer: string, message: string): void;
}
//# sourceMappingURL=changes.d.ts.map