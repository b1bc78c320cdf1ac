// The compaction budget's measure (SPEC §1.5): the size of the model's compact JSON, counted by
// the decoding walk as it goes (decode.ts reports what it keeps; this file does the counting),
// and the text scan that settles a verdict the scan-free bounds leave open.
import type { DecodeObserver, ListKey, TableKey } from '../decode.js';
import { decodeObserved } from '../decode.js';
import type { JsonObject, JsonValue } from '../json.js';
import { isJsonObject } from '../json.js';
import type { KeyLists } from '../key-lists.js';
import type { JsonSchema, JsonSchemaType } from '../model.js';
import { jsonByteLength, jsonByteLowerBound, stringByteLength } from '../size.js';

/** `"key":` in bytes for each model key (ASCII, no escapes): what a field adds besides its value. */
const KEY_BYTES = {
  $ref: 7,
  type: 7,
  description: 14,
  encrypted: 12,
  enum: 7,
  items: 8,
  properties: 13,
  required: 11,
  additionalProperties: 23,
  anyOf: 8,
  oneOf: 8,
  allOf: 8,
  $defs: 8,
  definitions: 14,
} as const satisfies Record<keyof JsonSchema, number>;

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
  withoutDescriptions: { lowerBytes: number; textUnits: number };
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
export function boundsWithoutDescriptions(weights: MeasuredWeights, plainText = false): SizeBounds {
  return {
    lowerBytes: weights.bytes - weights.descriptionBytes,
    textUnits: plainText ? 0 : weights.textUnits - weights.descriptionUnits,
  };
}

/** The length from which a bounded measure lists a description in `longDescriptions`. */
export const LONG_TEXT_UNITS = 16;

/**
 * Decodes and bounds the size in the same walk (the compaction budget's measure, SPEC §1.5),
 * with no second traversal, no string built and no scan of the text:
 * `lowerBytes ≤ exact ≤ lowerBytes + 5 × textUnits`, and exact when `textUnits` is 0.
 * - With `buildLimitBytes`, it stops building the model as soon as the bytes counted so far
 *   exceed it, and goes on validating and measuring only: an oversized schema is about to be
 *   compacted, so a model of it would be thrown away. `schema` is undefined then.
 */
export function decodeAndMeasureRawSchema(
  raw: JsonValue,
  options: MeasureOptions & { buildLimitBytes?: number } = {},
): Omit<MeasuredSchema, 'schema'> & { schema: JsonSchema | undefined } {
  const tally = new SchemaSizeTally(options.exactText === true);
  const schema = decodeObserved(
    raw,
    tally,
    true,
    options.buildLimitBytes ?? Number.POSITIVE_INFINITY,
    options.withoutDescriptions === true,
  );
  return { schema, ...tally.measurement() };
}

/**
 * Checks that a raw value decodes and bounds its size like {@link decodeAndMeasureRawSchema},
 * without building the model (nothing is allocated): throws the same `ToolSchemaError` decode would.
 * `keyLists`: what the copy that built `raw` listed, unchanged since (see `key-lists.ts`).
 */
export function measureRawSchema(
  raw: JsonValue,
  options: MeasureOptions = {},
  keyLists?: KeyLists,
): Omit<MeasuredSchema, 'schema'> {
  const tally = new SchemaSizeTally(options.exactText === true);
  decodeObserved(raw, tally, false, Number.POSITIVE_INFINITY, options.withoutDescriptions === true, keyLists);
  return tally.measurement();
}

/**
 * An observer that counts nothing, for a copy told only to check: its `tallyHolds` then says
 * whether the copy decodes, and the entry without compaction keeps a model-shaped copy that does
 * as the model, without a decoding walk. A {@link SchemaSizeTally} that counts nothing rather
 * than a class of its own, so that the copy's calls to its observer see one class: with two, a
 * process that ran one entry long enough had the copy optimized for that class alone, and in a
 * bench run V8 then deoptimized the same code at every enum the other entry met, without ever
 * replacing it (364,000 times; the entry without compaction 8-20x slower than the default one).
 */
export function decodabilityCheck(): SchemaSizeTally {
  return new SchemaSizeTally(false, false, -1, false);
}

/**
 * The measure, told by the decoding what it keeps (see {@link DecodeObserver}): the bytes of the
 * model's compact JSON so far, bounded or exact, with what the descriptions weigh and the facts.
 * - Bounded (default): each `$ref`, description, name, enum and required string counts as its
 *   length + 2, and its length goes to `textUnits`; exact: each is measured.
 * - Every method is small on purpose: the decoding calls them for each field of each schema
 *   object, and they must stay cheap enough to inline.
 */
export class SchemaSizeTally implements DecodeObserver, MeasuredWeights {
  /** The bytes of what was decoded so far: a lower bound of the whole, at every moment. */
  bytes = 0;
  textUnits = 0;
  /** What {@link bytes} and {@link textUnits} lose when every description is removed. */
  descriptionBytes = 0;
  descriptionUnits = 0;
  longDescriptions: string[] | undefined = undefined;
  /**
   * The rest of the bounded text, as told: the short descriptions, and the text that is not a
   * description (each `$ref`, each list of names — `required`, a table's — or of enum values,
   * whole). With {@link longDescriptions} it is all of {@link textUnits}, so an open verdict is
   * settled by scanning these lists, without walking a model (see {@link fitsByScanningListedText});
   * the text that is not a description settles one after compaction's pass 1 too. Kept only
   * while the bytes without descriptions stay within the limit given: past it the schema is over
   * that budget with or without them, whatever its text, and nothing is listed.
   */
  shortDescriptions: string[] | undefined = undefined;
  otherText: (string | readonly JsonValue[])[] | undefined = undefined;
  readonly facts: SchemaFacts = { refs: 0, compositions: 0, maxDepth: 0 };
  /** The text tally {@link json} hands to the bounded measure: at most one per measure, not one per value. */
  private jsonText: { units: number } | undefined = undefined;
  /** Whether the text is still being listed: once the bytes pass the limit, never again. */
  private listing: boolean;

  constructor(
    private readonly exactText: boolean,
    /** List the long descriptions (see `longDescriptions`): pointless when the text is known to be plain. */
    private readonly listLongDescriptions = !exactText,
    /** List the rest of the text too (see `otherText`) while the bytes stay within this many. */
    private readonly listTextWithinBytes = -1,
    /** False: an observer that counts nothing (see {@link decodabilityCheck}). */
    private readonly counts = true,
  ) {
    this.listing = listLongDescriptions && !exactText && listTextWithinBytes >= 0;
    if (this.listing) {
      this.shortDescriptions = [];
      this.otherText = [];
    }
  }

  /** Whether all of the bounded text was listed: the budget's verdict may then scan the lists. */
  get listedAllText(): boolean {
    return this.listing && this.bytes <= this.listTextWithinBytes;
  }

  /** Whether all of the bounded text but descriptions was listed: a verdict after pass 1 may scan it. */
  get listedTextWithoutDescriptions(): boolean {
    return this.listing && this.bytes - this.descriptionBytes <= this.listTextWithinBytes;
  }

  measurement(): Omit<MeasuredSchema, 'schema'> {
    return {
      lowerBytes: this.bytes,
      textUnits: this.textUnits,
      facts: this.facts,
      withoutDescriptions: boundsWithoutDescriptions(this),
      longDescriptions: this.longDescriptions,
    };
  }

  schemaObject(depth: number, fields: number, described: boolean, composition: boolean): void {
    if (!this.counts) return;
    const { facts } = this;
    if (depth > facts.maxDepth) facts.maxDepth = depth;
    if (composition) facts.compositions++;
    // Braces, and a comma between fields.
    this.bytes += fields === 0 ? 2 : fields + 1;
    // Without its description the object also loses a comma, unless the description was its only field.
    if (described && fields > 1) this.descriptionBytes += 1;
  }

  ref(value: string): void {
    if (!this.counts) return;
    this.facts.refs++;
    this.bytes += KEY_BYTES.$ref + this.text(value);
    if (this.listing) this.listText(value);
  }

  type(value: JsonSchemaType | readonly JsonSchemaType[]): void {
    if (!this.counts) return;
    this.bytes += KEY_BYTES.type + (typeof value === 'string' ? value.length + 2 : jsonByteLength(value));
  }

  description(value: string): void {
    if (!this.counts) return;
    const bytes = KEY_BYTES.description + this.text(value);
    this.bytes += bytes;
    this.descriptionBytes += bytes;
    if (this.exactText) return;
    this.descriptionUnits += value.length;
    if (value.length < LONG_TEXT_UNITS) {
      if (this.listing) this.listDescription(value);
      return;
    }
    if (!this.listLongDescriptions) return;
    if (this.longDescriptions === undefined) this.longDescriptions = [value];
    else this.longDescriptions.push(value);
  }

  encrypted(value: boolean): void {
    if (!this.counts) return;
    this.bytes += KEY_BYTES.encrypted + (value ? 4 : 5);
  }

  enumValues(values: JsonValue[]): void {
    if (!this.counts) return;
    this.bytes += KEY_BYTES.enum + this.json(values);
    if (this.listing) this.listText(values);
  }

  required(names: readonly string[]): void {
    if (!this.counts) return;
    this.bytes += KEY_BYTES.required + this.names(names);
    if (this.listing) this.listText(names);
  }

  items(): void {
    if (!this.counts) return;
    this.bytes += KEY_BYTES.items;
  }

  additionalProperties(value: boolean | JsonObject): void {
    if (!this.counts) return;
    this.bytes += KEY_BYTES.additionalProperties + (value === true ? 4 : value === false ? 5 : 0);
  }

  table(key: TableKey, names: readonly string[]): void {
    if (!this.counts) return;
    const members = names.length;
    // The key; braces, commas, quoted names and colons; the members counted themselves.
    const punctuation = KEY_BYTES[key] + (members === 0 ? 2 : 1 + 2 * members);
    if (this.exactText) {
      let bytes = punctuation;
      for (let index = 0; index < members; index++) bytes += stringByteLength(names[index] as string);
      this.bytes += bytes;
      return;
    }
    let units = 0;
    for (let index = 0; index < members; index++) units += (names[index] as string).length;
    this.textUnits += units;
    this.bytes += punctuation + units + 2 * members;
    if (this.listing && members > 0) this.listText(names);
  }

  list(key: ListKey, length: number): void {
    if (!this.counts) return;
    this.bytes += KEY_BYTES[key] + (length === 0 ? 2 : length + 1);
  }

  /**
   * Lists bounded text while the bytes without descriptions are within the limit; past it, stops
   * listing for good (both lists).
   */
  private listText(text: string | readonly JsonValue[]): void {
    if (this.withinListingLimit()) (this.otherText as (string | readonly JsonValue[])[]).push(text);
  }

  private listDescription(text: string): void {
    if (this.withinListingLimit()) (this.shortDescriptions as string[]).push(text);
  }

  /** Whether the bytes without descriptions are still within the limit; past it, listing stops. */
  private withinListingLimit(): boolean {
    if (this.bytes - this.descriptionBytes <= this.listTextWithinBytes) return true;
    this.listing = false;
    this.shortDescriptions = undefined;
    this.otherText = undefined;
    return false;
  }

  /** A JSON value's bytes: exactly, or bounded like {@link text} for every string inside. */
  private json(value: JsonValue): number {
    if (this.exactText) return jsonByteLength(value);
    // Enums are mostly lists of strings: those are summed here, without the generic walk.
    if (Array.isArray(value)) {
      let bytes = value.length === 0 ? 2 : 1 + value.length;
      let units = 0;
      for (let index = 0; index < value.length; index++) {
        const element = value[index];
        if (typeof element === 'string') {
          units += element.length;
          bytes += element.length + 2;
        } else bytes += element === undefined ? 4 : this.json(element);
      }
      this.textUnits += units;
      return bytes;
    }
    // Made on first use: enums that are not lists are rare.
    this.jsonText ??= { units: 0 };
    const text = this.jsonText;
    text.units = 0;
    const bytes = jsonByteLowerBound(value, text);
    this.textUnits += text.units;
    return bytes;
  }

  /** Names' bytes for `required`: a list of strings, so no generic JSON walk. */
  private names(names: readonly string[]): number {
    if (this.exactText) return jsonByteLength(names);
    const bytes = names.length === 0 ? 2 : 1 + names.length;
    let units = 0;
    for (let index = 0; index < names.length; index++) units += (names[index] as string).length;
    this.textUnits += units;
    return bytes + units + 2 * names.length;
  }

  /** A string's JSON bytes: exactly, or as length + 2 with its length noted for the bound. */
  private text(value: string): number {
    if (this.exactText) return stringByteLength(value);
    this.textUnits += value.length;
    return value.length + 2;
  }
}

/**
 * What the strings of a built model weigh beyond the `length + 2` a bounded measure counted for
 * each ($ref, descriptions, table names, enum and required): a bounded `lowerBytes` plus this is
 * the exact size. Walking the model's few strings is faster than decoding the raw value again.
 */
export function boundedTextExcessBytes(schema: JsonSchema): number {
  return scanBoundedText(schema).excessBytes;
}

/** {@link boundedTextExcessBytes}, and the total length of the strings it scanned (the measure's `textUnits`). */
export function scanBoundedText(schema: JsonSchema): { excessBytes: number; units: number } {
  const scan = new BoundedTextScan(0, 0, false);
  scan.schema(schema);
  return { excessBytes: scan.excess, units: 0 - scan.unscanned };
}

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
export function fitsByScanningBoundedText(
  schema: JsonSchema,
  lowerBytes: number,
  textUnits: number,
  budgetBytes: number,
  longDescriptions?: readonly string[],
): boolean {
  const slack = budgetBytes - lowerBytes;
  let excess = 0;
  let unscanned = textUnits;
  if (longDescriptions !== undefined) {
    // A loop of its own, not the walk's `text`: this is where the scan spends its time.
    for (let index = 0; index < longDescriptions.length; index++) {
      const description = longDescriptions[index] as string;
      excess += stringByteLength(description) - description.length - 2;
      if (excess > slack) return false;
      unscanned -= description.length;
      if (excess + 5 * unscanned <= slack) return true;
    }
  }
  const scan = new BoundedTextScan(unscanned, slack - excess, true);
  // The walk goes on from there, past the descriptions already scanned.
  scan.skipLongDescriptions = longDescriptions !== undefined;
  scan.schema(schema);
  // The last string scanned always settles it; an empty scan means the bounds were exact.
  return scan.verdict ?? lowerBytes + excess + scan.excess <= budgetBytes;
}

/**
 * {@link fitsByScanningBoundedText} without a model, from the text the measure listed as it
 * counted (see `SchemaSizeTally.otherText`): the long descriptions first, then the rest, only
 * until the answer is sure. Undefined when the measure did not list all of its text (it stopped
 * past its limit, or was not asked to), or the lists do not add up to its `textUnits`.
 */
export function fitsByScanningListedText(tally: SchemaSizeTally, budgetBytes: number): boolean | undefined {
  const scan = scanListedText(tally, budgetBytes - tally.bytes, true);
  return scan === undefined ? undefined : listedVerdict(scan, tally.bytes, budgetBytes);
}

/** A listed scan's verdict: the last string scanned always settles it, unless the lists came short of the measure. */
function listedVerdict(scan: BoundedTextScan, lowerBytes: number, budgetBytes: number): boolean | undefined {
  return scan.verdict ?? (scan.unscanned === 0 ? lowerBytes + scan.excess <= budgetBytes : undefined);
}

/** The exact byte size of what a measure counted, from the text it listed (see {@link fitsByScanningListedText}). */
export function exactBytesFromListedText(tally: SchemaSizeTally): number | undefined {
  const scan = scanListedText(tally, 0, false);
  return scan === undefined || scan.unscanned !== 0 ? undefined : tally.bytes + scan.excess;
}

function scanListedText(tally: SchemaSizeTally, slack: number, early: boolean): BoundedTextScan | undefined {
  const { longDescriptions, shortDescriptions, otherText } = tally;
  if (!tally.listedAllText || otherText === undefined || shortDescriptions === undefined) return undefined;
  const scan = new BoundedTextScan(tally.textUnits, slack, early);
  if (longDescriptions !== undefined) scan.listed(longDescriptions);
  scan.listed(shortDescriptions);
  scan.listed(otherText);
  return scan;
}

/**
 * {@link fitsByScanningListedText} for the schema as compaction's pass 1 would leave it (every
 * description removed): the text the measure listed that is not a description. Undefined when
 * the measure did not list it all, or the list does not add up to its units.
 */
export function fitsWithoutDescriptionsByListedText(tally: SchemaSizeTally, budgetBytes: number): boolean | undefined {
  const { otherText } = tally;
  if (!tally.listedTextWithoutDescriptions || otherText === undefined) return undefined;
  const lowerBytes = tally.bytes - tally.descriptionBytes;
  const scan = new BoundedTextScan(tally.textUnits - tally.descriptionUnits, budgetBytes - lowerBytes, true);
  scan.listed(otherText);
  return listedVerdict(scan, lowerBytes, budgetBytes);
}

/**
 * Walks the strings a bounded measure counted as `length + 2`, adding up what each weighs beyond
 * that. With `early`, it stops as soon as the excess so far passes the slack (does not fit) or the
 * excess so far plus 5 bytes for every unit not scanned yet is within it (fits).
 */
class BoundedTextScan {
  excess = 0;
  /** Set once the verdict is sure: the walk stops there. */
  verdict: boolean | undefined = undefined;
  /** The descriptions a measure lists as long were scanned already: the walk passes them by. */
  skipLongDescriptions = false;

  constructor(
    /** Bounded text units not scanned yet. */
    public unscanned: number,
    private readonly slack: number,
    private readonly early: boolean,
  ) {}

  text(value: string): void {
    this.excess += stringByteLength(value) - value.length - 2;
    this.unscanned -= value.length;
    if (!this.early) return;
    if (this.excess > this.slack) this.verdict = false;
    else if (this.excess + 5 * this.unscanned <= this.slack) this.verdict = true;
  }

  schema(schema: JsonSchema): void {
    if (this.verdict !== undefined) return;
    const { $ref, description, enum: enumValues, required, items, properties, additionalProperties } = schema;
    if ($ref !== undefined) this.text($ref);
    if (description !== undefined && !(this.skipLongDescriptions && description.length >= LONG_TEXT_UNITS))
      this.text(description);
    if (enumValues !== undefined) this.json(enumValues);
    if (required !== undefined) this.json(required);
    if (items !== undefined) this.schema(items);
    if (properties !== undefined) this.table(properties);
    if (typeof additionalProperties === 'object') this.schema(additionalProperties);
    const { anyOf, oneOf, allOf, $defs, definitions } = schema;
    if (anyOf !== undefined) for (const member of anyOf) this.schema(member);
    if (oneOf !== undefined) for (const member of oneOf) this.schema(member);
    if (allOf !== undefined) for (const member of allOf) this.schema(member);
    if ($defs !== undefined) this.table($defs);
    if (definitions !== undefined) this.table(definitions);
  }

  /** Text a measure listed: strings, and lists of names or of enum values (any JSON). */
  listed(items: readonly (string | readonly JsonValue[])[]): void {
    for (let index = 0; index < items.length; index++) {
      if (this.verdict !== undefined) return;
      const item = items[index] as string | readonly JsonValue[];
      if (typeof item === 'string') {
        this.text(item);
        continue;
      }
      for (let element = 0; element < item.length; element++) {
        if (this.verdict !== undefined) return;
        const value = item[element];
        if (typeof value === 'string') this.text(value);
        else if (typeof value === 'object' && value !== null) this.json(value);
      }
    }
  }

  private table(table: Record<string, JsonSchema>): void {
    for (const name of Object.keys(table)) {
      if (this.verdict !== undefined) return;
      this.text(name);
      this.schema(table[name] as JsonSchema);
    }
  }

  /** Every string of a JSON value, keys included (enum values, required names). */
  private json(value: JsonValue): void {
    if (this.verdict !== undefined) return;
    if (typeof value === 'string') this.text(value);
    else if (Array.isArray(value)) for (const element of value) this.json(element);
    else if (isJsonObject(value))
      for (const key of Object.keys(value)) {
        const member = value[key];
        if (member === undefined) continue;
        this.text(key);
        this.json(member);
      }
  }
}
