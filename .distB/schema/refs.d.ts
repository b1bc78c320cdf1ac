import type { JsonValue } from './json.js';
import type { CollectedRefs } from './ref-collection.js';
import { DEFINITION_TABLE_KEYS } from './walk.js';
/** A definition table of the root: `$defs` or `definitions`. */
export type DefinitionTable = (typeof DEFINITION_TABLE_KEYS)[number];
/** A reference to one entry of a root definition table. */
export interface LocalDefinitionRef {
    table: DefinitionTable;
    name: string;
}
/**
 * Parses a `$ref` that names a local definition, or returns undefined.
 * - Must start with `#` (one is stripped); the rest is percent-decoded to bytes (malformed `%`
 *   stays literal, `+` stays `+`) and must be valid UTF-8 — decoding comes before splitting.
 * - The rest must be an RFC 6901 pointer: starts with `/`, every `~` followed by `0` or `1`.
 * - First token `$defs` or `definitions`, then a second token (may be empty) naming the entry;
 *   further tokens are ignored, so `#/$defs/User/properties/name` names `User`.
 */
export declare function parseLocalDefinitionRef(ref: string): LocalDefinitionRef | undefined;
/**
 * Parses any local `$ref` (`#`, `#/properties/a`, `#/$defs/User/properties/name`) into the
 * unescaped tokens of its JSON Pointer, with the same decoding as {@link parseLocalDefinitionRef};
 * undefined for a ref that is not local or not a valid pointer.
 */
export declare function parseLocalRefPointer(ref: string): string[] | undefined;
/** The root definitions a pruning kept and removed, by table. */
export interface PruneReport {
    removed: LocalDefinitionRef[];
}
/**
 * Returns a copy of a raw schema without the root definitions no reachable schema refers to.
 * - Seeds: from the root, each object's own `$ref` and its schema children (tables skipped at
 *   every level, so refs inside nested tables never seed).
 * - Reached definitions are searched whole (enum literals, `not`, unknown keywords, nested
 *   tables) for more local refs; lookups always go to the root tables; cycles terminate.
 * - Each root table keeps only reached entries, in order; an emptied table is removed.
 * - Nested tables are never pruned; missing and non-local refs are left as written.
 */
export declare function pruneUnreachableDefinitions(input: unknown, report?: PruneReport): JsonValue;
/** {@link pruneUnreachableDefinitions} on a value the caller owns: mutates it and returns it. */
export declare function pruneInPlace(root: JsonValue, report?: PruneReport): JsonValue;
/**
 * {@link pruneInPlace} for a value `sanitizeCollectingRefs` just returned: that copy already
 * built the root tables with only the entries their refs reach (see `copyReachedDefinitions` in
 * sanitize.ts), so nothing is left to do unless it met what it does not follow (`exact` false),
 * and then the schema is pruned by walking it.
 */
export declare function pruneWithCollectedRefs(root: JsonValue, refs: CollectedRefs): JsonValue;
/** The root definitions reached so far, and those whose own refs are still to be followed. */
export declare class ReachedDefinitions {
    readonly reached: Record<DefinitionTable, Set<string>>;
    protected readonly pending: LocalDefinitionRef[];
    /** Notes a ref: a local definition not reached before is reached, its own refs to follow. */
    note(ref: JsonValue | undefined): void;
    /** A reached definition whose refs are still to be followed, if any is left. */
    nextPending(): LocalDefinitionRef | undefined;
}
//# sourceMappingURL=refs.d.ts.map