import type { DecodeObserver, ListKey, TableKey } from '../decode.js';
import type { JsonObject, JsonValue } from '../json.js';
import type { JsonSchema, JsonSchemaType } from '../model.js';
/** How text is measured: bounded without a scan (default), or exactly (then `textUnits` is 0). */
export interface MeasureOptions {
    exactText?: boolean;
    /** Decode and measure as if compaction pass 1 had run: descriptions are checked, then left out. */
    withoutDescriptions?: boolean;
}
/**
 * What a measuring decode saw, so compaction can skip a pass that cannot change anything:
 * counts over every schema object, nested definition tables included (so they over-approximate).
 */
export interface SchemaFacts {
    /** Schema objects with a `$ref` string. */
    refs: number;
    /** Schema objects with `anyOf`, `oneOf` or `allOf`. */
    compositions: number;
    /** The deepest schema object, the root being 0 (table entries count one level too). */
    maxDepth: number;
}
/** A decoded schema with bounds on the UTF-8 byte length of its compact JSON. */
export interface MeasuredSchema {
    schema: JsonSchema;
    /** Exact, except that each `$ref`, description and property or definition name counts as its length + 2. */
    lowerBytes: number;
    /** The total length of those strings: each can add at most 5 bytes per UTF-16 unit (escapes). */
    textUnits: number;
    facts: SchemaFacts;
    /**
     * The same bounds for the schema with every description removed (compaction pass 1), so the
     * size after that pass is known without another walk.
     */
    withoutDescriptions: {
        lowerBytes: number;
        textUnits: number;
    };
    /**
     * The descriptions of at least {@link LONG_TEXT_UNITS} units that the bounds count (bounded
     * measures only; else undefined), in walk order: most of a schema's text in a few strings, so
     * a size verdict can scan them first (see {@link fitsByScanningBoundedText}).
     */
    longDescriptions: string[] | undefined;
}
/** Size bounds: `lowerBytes ≤ exact ≤ lowerBytes + 5 × textUnits`, exact when `textUnits` is 0. */
export interface SizeBounds {
    lowerBytes: number;
    textUnits: number;
}
/** What a measure counted (see {@link SchemaSizeTally}): bytes and text, and the descriptions' share of them. */
export interface MeasuredWeights {
    readonly bytes: number;
    readonly textUnits: number;
    readonly descriptionBytes: number;
    readonly descriptionUnits: number;
}
/**
 * The bounds of a measured schema with every description removed (compaction pass 1's result):
 * the measure counted what they weigh. `plainText`: the text was known to be plain, so exact.
 */
export declare function boundsWithoutDescriptions(weights: MeasuredWeights, plainText?: boolean): SizeBounds;
/** The length from which a bounded measure lists a description in `longDescriptions`. */
export declare const LONG_TEXT_UNITS = 16;
/**
 * Decodes and bounds the size in the same walk (the compaction budget's measure, SPEC §1.5),
 * with no second traversal, no string built and no scan of the text:
 * `lowerBytes ≤ exact ≤ lowerBytes + 5 × textUnits`, and exact when `textUnits` is 0.
 * - With `buildLimitBytes`, it stops building the model as soon as the bytes counted so far
 *   exceed it, and goes on validating and measuring only: an oversized schema is about to be
 *   compacted, so a model of it would be thrown away. `schema` is undefined then.
 */
export declare function decodeAndMeasureRawSchema(raw: JsonValue, options?: MeasureOptions & {
    buildLimitBytes?: number;
}): Omit<MeasuredSchema, 'schema'> & {
    schema: JsonSchema | undefined;
};
/**
 * Checks that a raw value decodes and bounds its size like {@link decodeAndMeasureRawSchema},
 * without building the model (nothing is allocated): throws the same `ToolSchemaError` decode would.
 */
export declare function measureRawSchema(raw: JsonValue, options?: MeasureOptions): Omit<MeasuredSchema, 'schema'>;
/**
 * The measure, told by the decoding what it keeps (see {@link DecodeObserver}): the bytes of the
 * model's compact JSON so far, bounded or exact, with what the descriptions weigh and the facts.
 * - Bounded (default): each `$ref`, description, name, enum and required string counts as its
 *   length + 2, and its length goes to `textUnits`; exact: each is measured.
 * - Every method is small on purpose: the decoding calls them for each field of each schema
 *   object, and they must stay cheap enough to inline.
 */
export declare class SchemaSizeTally implements DecodeObserver, MeasuredWeights {
    private readonly exactText;
    /** List the long descriptions (see `longDescriptions`): pointless when the text is known to be plain. */
    private readonly listLongDescriptions;
    /** The bytes of what was decoded so far: a lower bound of the whole, at every moment. */
    bytes: number;
    textUnits: number;
    /** What {@link bytes} and {@link textUnits} lose when every description is removed. */
    descriptionBytes: number;
    descriptionUnits: number;
    longDescriptions: string[] | undefined;
    readonly facts: SchemaFacts;
    /** The text tally {@link json} hands to the bounded measure: at most one per measure, not one per value. */
    private jsonText;
    constructor(exactText: boolean, 
    /** List the long descriptions (see `longDescriptions`): pointless when the text is known to be plain. */
    listLongDescriptions?: boolean);
    measurement(): Omit<MeasuredSchema, 'schema'>;
    schemaObject(depth: number, fields: number, described: boolean, composition: boolean): void;
    ref(value: string): void;
    type(value: JsonSchemaType | readonly JsonSchemaType[]): void;
    description(value: string): void;
    encrypted(value: boolean): void;
    enumValues(values: JsonValue[]): void;
    required(names: readonly string[]): void;
    items(): void;
    additionalProperties(value: boolean | JsonObject): void;
    table(key: TableKey, names: readonly string[]): void;
    list(key: ListKey, length: number): void;
    /** A JSON value's bytes: exactly, or bounded like {@link text} for every string inside. */
    private json;
    /** Names' bytes for `required`: a list of strings, so no generic JSON walk. */
    private names;
    /** A string's JSON bytes: exactly, or as length + 2 with its length noted for the bound. */
    private text;
}
/**
 * What the strings of a built model weigh beyond the `length + 2` a bounded measure counted for
 * each ($ref, descriptions, table names, enum and required): a bounded `lowerBytes` plus this is
 * the exact size. Walking the model's few strings is faster than decoding the raw value again.
 */
export declare function boundedTextExcessBytes(schema: JsonSchema): number;
/** {@link boundedTextExcessBytes}, and the total length of the strings it scanned (the measure's `textUnits`). */
export declare function scanBoundedText(schema: JsonSchema): {
    excessBytes: number;
    units: number;
};
/**
 * Whether a built model fits `budgetBytes`, given its bounded measure (`lowerBytes`, `textUnits`),
 * scanning its bounded strings only until the answer is sure: each string scanned trades its
 * worst case (5 more bytes a unit) for what it weighs, so a scan usually stops well before the end
 * (text is mostly plain). The exact size is not known then; {@link boundedTextExcessBytes} gives it.
 * - `longDescriptions` (from the measure) are scanned first, without walking the model: on the
 *   MCP corpus they settle 9 in 10 of the schemas the bounds leave open (381 of 413), in a third
 *   of the calls. Only if they do not is the model walked for the rest of its text. (Testing the
 *   fewest that could settle it as one joined text was tried: the join costs more than the calls.)
 */
export declare function fitsByScanningBoundedText(schema: JsonSchema, lowerBytes: number, textUnits: number, budgetBytes: number, longDescriptions?: readonly string[]): boolean;
//# sourceMappingURL=measure.d.ts.map