import type { JsonObject, JsonValue } from '../schema/json.js';
import type { ChangeLog, SchemaPath } from './changes.js';
import type { SchemaProfile } from './profile.js';
import type { JsonTypeName, RestorePlan } from './restore-plan.js';
import type { StrictTally } from './strict-limits.js';
/** A local ref that resolves: its pointer's tokens, their `/`-joined key, and the value it names. */
export interface ResolvedRef {
    tokens: readonly string[];
    key: string;
    target: JsonValue;
}
export interface Context {
    profile: SchemaProfile;
    log: ChangeLog;
    root: JsonObject;
    /** Root definition → its name under `$defs`, the ref that names it there, its plan (key: `table/name`). */
    defNames: Map<string, {
        name: string;
        ref: string;
        plan: RestorePlan;
    }> | undefined;
    /**
     * The names {@link defNames} gave out, and per base name the number to try next: a new name is
     * kept distinct without a set of them all per definition.
     */
    defNamesTaken: {
        names: Set<string>;
        next: Map<string, number>;
    } | undefined;
    /** Definitions referred to, waiting to be converted under `$defs` (made on the first). */
    pending: {
        tokens: readonly string[];
        outName: string;
    }[] | undefined;
    /**
     * Refs being inlined, outermost first (made on the first inlined ref): a set, since every ref
     * inlined checks it for recursion, and a chain of definitions inlined is as deep as it is long.
     */
    inlineStack: Set<string> | undefined;
    /** Each ref met, parsed and resolved once (made on the first): an inlined definition meets the same refs at every use. */
    resolvedRefs: Map<string, ResolvedRef | undefined> | undefined;
    inlinedNodes: number;
    /**
     * What inlining has written so far, as the input bytes of every subtree inlined (each use
     * counts), against the most it may write (-1 until the first inline measures the input).
     */
    inlinedBytes: number;
    inlineLimitBytes: number;
    /** Objects with properties that also take extra keys on purpose (strict: a reason to fall back), by pointer. */
    openObjects: string[] | undefined;
    /** Some ref was not inlined because of the limit. */
    inlineLimited: boolean;
    /** The input bytes of each inlined target, by ref key (measured once). */
    inlineSizes: Map<string, number> | undefined;
    /** Definition being converted, and the definitions each one refers to (for recursion checks). */
    currentDef: string | undefined;
    edges: Map<string, Set<string>> | undefined;
    /** What the strict limits count, as written so far (upper bounds). */
    tally: StrictTally;
    /**
     * The tool's schema as the server wrote it, for what sanitize dropped and the model still
     * needs (the description of a schema it emptied); undefined when not known.
     */
    original: JsonValue | undefined;
    /** Converts a child schema position (convertNode: passed here so the modules need no import cycle). */
    convert: (value: JsonValue | undefined, path: SchemaPath, ctx: Context, depth: number) => Converted;
}
export interface Converted {
    schema: JsonObject;
    plan: RestorePlan;
    /** The JSON types the wire schema admits; undefined when any (a ref, or unknown). */
    types: JsonTypeName[] | undefined;
    /**
     * Set by the converter when the schema's `type` is this one name (not null) and nothing else
     * says whether null is admitted (no ref, alternatives, `nullable`, null enum value) on a
     * `type: [T, "null"]` target: made nullable, only `type` (and `enum`) change. Strict mode
     * does so for every optional property; reading those keywords back was most of its cost.
     */
    singleType?: string | undefined;
}
/** The note on a value sent as JSON text. */
export declare const JSON_TEXT_NOTE = "any JSON value, written as JSON text";
/** The type names of a `type` keyword; read-only (a single name's list is shared). */
export declare function typeList(type: JsonValue | undefined): readonly string[] | undefined;
/** The JSON types a value of these schema types can have (`integer` values are numbers). Read-only. */
export declare function wireTypes(types: readonly string[]): JsonTypeName[];
/** The distinct entries of a short list (a node's types), in first-seen order: no set per node. */
export declare function distinctTypes<T>(list: readonly T[]): T[];
export declare function typeOfValue(value: JsonValue): string;
/** Whether one of `types` admits a value of type `valueType` (integer values are numbers too). */
export declare function admits(types: readonly string[], valueType: string): boolean;
/** A description with notes appended ({@link appendNotes}), as the converter writes it. */
export declare function describe(description: JsonValue | undefined, notes: readonly string[]): string | undefined;
/** The converted form of "any JSON value" where the target needs a type: JSON text. */
export declare function jsonText(description: string | undefined, note: string, nullable: boolean, ctx: Context): Converted;
export declare function typeWithNull(type: string, ctx: Context): JsonValue;
/** Key order on the wire: type and description first, as people write schemas. */
export declare function orderKeys(schema: JsonObject): JsonObject;
/**
 * What the server wrote at `path` (`/inputSchema/...`) in its own schema, before sanitize; undefined
 * where the path does not exist there (an inlined ref's use site, a renamed member).
 */
export declare function originalAt(original: JsonValue, path: SchemaPath): JsonValue | undefined;
//# sourceMappingURL=convert-context.d.ts.map