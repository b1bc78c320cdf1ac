// Decode: the boundary from raw JSON to the JsonSchema model, with path-precise errors (SPEC §1.6, seed §6).
import { describeValue, ToolSchemaError } from '../errors.js';
import { copyJsonInput } from './copy.js';
import type { JsonObject, JsonValue } from './json.js';
import { isJsonObject } from './json.js';
import type { AdditionalProperties, JsonSchema, JsonSchemaType } from './model.js';
import { JSON_SCHEMA_TYPES } from './model.js';
import { jsonByteLength, jsonByteLowerBound, stringByteLength } from './size.js';

const VALID_TYPES: ReadonlySet<string> = new Set(JSON_SCHEMA_TYPES);

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

/**
 * Decodes a sanitized raw value into the model, keeping only the model's keys.
 * - Unknown keywords are dropped, and so is any known key whose value is null.
 * - A null where a schema is required (inside `properties`, tables, compositions) fails.
 * - Fails when the root is not an object, a field has the wrong type (`items` as an array,
 *   `type` an unknown name, `required` not strings, …), or the root type is exactly `"null"`.
 * - Does not check that `required` names exist in `properties`.
 * - The input is copied first: the result shares nothing with it.
 */
export function decodeToolInputSchema(input: unknown): JsonSchema {
  return decodeRawSchema(copyJsonInput(input));
}

/** {@link decodeToolInputSchema} on a value the caller owns: the result shares its `enum` arrays. */
export function decodeRawSchema(raw: JsonValue): JsonSchema {
  return new SchemaDecoder(false, true, false).decodeRoot(raw);
}

/**
 * {@link decodeRawSchema} as if compaction pass 1 had run first: every description is checked
 * but left out of the model, so compaction can skip the stripping walk when nothing else is left to do.
 */
export function decodeRawSchemaWithoutDescriptions(raw: JsonValue): JsonSchema {
  return new SchemaDecoder(false, true, false, Number.POSITIVE_INFINITY, true).decodeRoot(raw);
}

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
  const decoder = measuringDecoder(options, true, options.buildLimitBytes);
  const schema = decoder.decodeRoot(raw);
  const { lowerBytes, textUnits, facts, withoutDescriptions, longDescriptions } = decoder.measurement();
  return {
    schema: decoder.abandoned ? undefined : schema,
    lowerBytes,
    textUnits,
    facts,
    withoutDescriptions,
    longDescriptions,
  };
}

/**
 * Checks that a raw value decodes and bounds its size like {@link decodeAndMeasureRawSchema},
 * without building the model (nothing is allocated): throws the same `ToolSchemaError` decode would.
 */
export function measureRawSchema(raw: JsonValue, options: MeasureOptions = {}): Omit<MeasuredSchema, 'schema'> {
  const decoder = measuringDecoder(options, false);
  decoder.decodeRoot(raw);
  return decoder.measurement();
}

function measuringDecoder(
  options: MeasureOptions,
  build: boolean,
  buildLimitBytes = Number.POSITIVE_INFINITY,
): SchemaDecoder {
  return new SchemaDecoder(
    true,
    build,
    options.exactText === true,
    buildLimitBytes,
    options.withoutDescriptions === true,
  );
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
 *   of the calls. Only if they do not is the model walked for the rest of its text.
 */
export function fitsByScanningBoundedText(
  schema: JsonSchema,
  lowerBytes: number,
  textUnits: number,
  budgetBytes: number,
  longDescriptions?: readonly string[],
): boolean {
  const scan = new BoundedTextScan(textUnits, budgetBytes - lowerBytes, true);
  if (longDescriptions !== undefined) {
    for (const description of longDescriptions) {
      scan.text(description);
      if (scan.verdict !== undefined) return scan.verdict;
    }
    // The walk goes on from there, past the descriptions already scanned.
    scan.skipLongDescriptions = true;
  }
  scan.schema(schema);
  // The last string scanned always settles it; an empty scan means the bounds were exact.
  return scan.verdict ?? lowerBytes + scan.excess <= budgetBytes;
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

/** What a measure-only decoding returns in place of each schema it did not build. */
const NOT_BUILT: JsonSchema = Object.freeze({});

/**
 * One decoding: the path to the node being decoded and, when measuring, the bytes so far.
 * With `build` false it validates and measures only, returning {@link NOT_BUILT} for every schema.
 * Past `buildLimit` bytes it stops building (`abandoned`): the schemas under construction are
 * left incomplete, and the caller discards them.
 */
class SchemaDecoder {
  readonly path: (string | number)[] = [];
  /** The bytes of the schema objects decoded so far: a lower bound of the whole, at every moment. */
  bytes = 0;
  textUnits = 0;
  /** What {@link bytes} and {@link textUnits} lose when every description is removed. */
  private descriptionBytes = 0;
  private descriptionUnits = 0;
  private longDescriptions: string[] | undefined = undefined;
  /** The text tally {@link json} hands to the bounded measure: one per decoding, not one per value. */
  private readonly jsonText = { units: 0 };
  readonly facts: SchemaFacts = { refs: 0, compositions: 0, maxDepth: 0 };
  abandoned = false;
  private depth = -1;

  constructor(
    private readonly measure: boolean,
    private build: boolean,
    private readonly exactText: boolean,
    private readonly buildLimit: number = Number.POSITIVE_INFINITY,
    private readonly dropDescriptions = false,
  ) {}

  private abandon(): void {
    this.build = false;
    this.abandoned = true;
  }

  measurement(): Omit<MeasuredSchema, 'schema'> {
    return {
      lowerBytes: this.bytes,
      textUnits: this.textUnits,
      facts: this.facts,
      withoutDescriptions: {
        lowerBytes: this.bytes - this.descriptionBytes,
        textUnits: this.textUnits - this.descriptionUnits,
      },
      longDescriptions: this.longDescriptions,
    };
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
    const text = this.jsonText;
    text.units = 0;
    const bytes = jsonByteLowerBound(value, text);
    this.textUnits += text.units;
    return bytes;
  }

  /**
   * A table's braces, commas, quoted names and colons (the members' schemas are counted by
   * their own decoding): bounded names count their length + 2, exact ones are measured.
   */
  private tableNameBytes(names: readonly string[], nameUnits: number): number {
    const members = names.length;
    const punctuation = members === 0 ? 2 : 1 + 2 * members; // braces, commas, colons
    if (!this.exactText) {
      this.textUnits += nameUnits;
      return punctuation + nameUnits + 2 * members;
    }
    let bytes = punctuation;
    for (let index = 0; index < members; index++) bytes += stringByteLength(names[index] as string);
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

  /** Adds a string's JSON bytes: exactly, or as length + 2 with its length noted for the bound. */
  private text(value: string): number {
    if (this.exactText) return stringByteLength(value);
    this.textUnits += value.length;
    return value.length + 2;
  }

  decodeRoot(raw: JsonValue): JsonSchema {
    const schema = this.schema(raw);
    // The raw type, not the decoded one: the model may not be built. Only the string "null" decodes to "null".
    if ((raw as { type?: unknown }).type === 'null') {
      throw new ToolSchemaError('null_root_type', [], 'tool input schema must not be a singleton null type');
    }
    return schema;
  }

  private fail(expected: string, found: unknown, key?: string | number): never {
    if (key !== undefined) this.path.push(key);
    throw new ToolSchemaError('invalid_schema', this.path, `expected ${expected}, found ${describeValue(found)}`);
  }

  /** Decodes one schema object; when measuring, adds its braces, keys, commas and scalar values. */
  private schema(value: JsonValue | undefined): JsonSchema {
    if (!isJsonObject(value)) return this.fail('a schema object', value);
    this.depth++;
    const schema = this.fields(value);
    this.depth--;
    return schema;
  }

  private fields(value: JsonObject): JsonSchema {
    const { measure, build } = this;
    const schema: JsonSchema = build ? {} : NOT_BUILT;
    let fields = 0;
    let bytes = 2;
    const { $ref, type, description, encrypted } = value;

    if (measure) {
      if (this.depth > this.facts.maxDepth) this.facts.maxDepth = this.depth;
      if (typeof $ref === 'string') this.facts.refs++;
      // A composition key counts whatever its value, null included, as pass 4 counts it.
      if (value.anyOf !== undefined || value.oneOf !== undefined || value.allOf !== undefined)
        this.facts.compositions++;
    }
    if ($ref != null) {
      if (typeof $ref !== 'string') this.fail('a string', $ref, '$ref');
      if (build) schema.$ref = $ref;
      if (measure) bytes += KEY_BYTES.$ref + this.text($ref);
      fields++;
    }
    if (type != null) {
      const decoded = this.type(type);
      if (build) schema.type = decoded;
      if (measure)
        bytes += KEY_BYTES.type + (typeof decoded === 'string' ? decoded.length + 2 : jsonByteLength(decoded));
      fields++;
    }
    let descriptionBytes = 0;
    if (description != null) {
      if (typeof description !== 'string') this.fail('a string', description, 'description');
      if (!this.dropDescriptions) {
        if (build) schema.description = description;
        if (measure) {
          descriptionBytes = KEY_BYTES.description + this.text(description);
          bytes += descriptionBytes;
          if (!this.exactText) {
            this.descriptionUnits += description.length;
            if (description.length < LONG_TEXT_UNITS) {
              // short: scanned in the walk, if at all
            } else if (this.longDescriptions === undefined) this.longDescriptions = [description];
            else this.longDescriptions.push(description);
          }
        }
        fields++;
      }
    }
    if (encrypted != null) {
      if (typeof encrypted !== 'boolean') this.fail('a boolean', encrypted, 'encrypted');
      if (build) schema.encrypted = encrypted;
      if (measure) bytes += KEY_BYTES.encrypted + (encrypted ? 4 : 5);
      fields++;
    }
    const enumValues = value.enum;
    if (enumValues != null) {
      if (!Array.isArray(enumValues)) this.fail('an array', enumValues, 'enum');
      if (build) schema.enum = enumValues;
      if (measure) bytes += KEY_BYTES.enum + this.json(enumValues);
      fields++;
    }
    const items = value.items;
    if (items != null) {
      const itemsSchema = this.child(items, 'items');
      if (build) schema.items = itemsSchema;
      bytes += KEY_BYTES.items;
      fields++;
    }
    const properties = value.properties;
    if (properties != null) {
      const propertiesTable = this.table(properties, 'properties');
      if (build) schema.properties = propertiesTable;
      bytes += KEY_BYTES.properties;
      fields++;
    }
    const required = value.required;
    if (required != null) {
      const requiredNames = this.required(required);
      if (build) schema.required = requiredNames;
      if (measure) bytes += KEY_BYTES.required + this.names(requiredNames);
      fields++;
    }
    const additional = value.additionalProperties;
    if (additional != null) {
      const additionalSchema = this.additional(additional);
      if (build) schema.additionalProperties = additionalSchema;
      bytes += KEY_BYTES.additionalProperties + (additional === true ? 4 : additional === false ? 5 : 0);
      fields++;
    }
    // One block per key on purpose: a loop over key names made this, the hottest function, ~5% slower.
    const { anyOf, oneOf, allOf } = value;
    if (anyOf != null) {
      const anyOfSchema = this.list(anyOf, 'anyOf');
      if (build) schema.anyOf = anyOfSchema;
      bytes += KEY_BYTES.anyOf;
      fields++;
    }
    if (oneOf != null) {
      const oneOfSchema = this.list(oneOf, 'oneOf');
      if (build) schema.oneOf = oneOfSchema;
      bytes += KEY_BYTES.oneOf;
      fields++;
    }
    if (allOf != null) {
      const allOfSchema = this.list(allOf, 'allOf');
      if (build) schema.allOf = allOfSchema;
      bytes += KEY_BYTES.allOf;
      fields++;
    }
    const { $defs, definitions } = value;
    if ($defs != null) {
      const defsTable = this.table($defs, '$defs');
      if (build) schema.$defs = defsTable;
      bytes += KEY_BYTES.$defs;
      fields++;
    }
    if (definitions != null) {
      const definitionsTable = this.table(definitions, 'definitions');
      if (build) schema.definitions = definitionsTable;
      bytes += KEY_BYTES.definitions;
      fields++;
    }
    if (measure) {
      this.bytes += fields === 0 ? bytes : bytes + fields - 1;
      // Without its description the object also loses a comma, unless the description was its only field.
      if (descriptionBytes > 0) this.descriptionBytes += fields > 1 ? descriptionBytes + 1 : descriptionBytes;
    }
    return schema;
  }

  private type(type: JsonValue): JsonSchemaType | JsonSchemaType[] {
    if (typeof type === 'string') {
      if (!VALID_TYPES.has(type)) this.fail(`one of ${JSON_SCHEMA_TYPES.join(', ')}`, type, 'type');
      return type as JsonSchemaType;
    }
    if (!Array.isArray(type)) return this.fail('a type name or an array of type names', type, 'type');
    for (let index = 0; index < type.length; index++) {
      const name = type[index];
      if (typeof name !== 'string' || !VALID_TYPES.has(name)) {
        this.path.push('type');
        this.fail(`one of ${JSON_SCHEMA_TYPES.join(', ')}`, name, index);
      }
    }
    return this.build ? [...(type as JsonSchemaType[])] : (type as JsonSchemaType[]);
  }

  private child(value: JsonValue, key: string | number): JsonSchema {
    this.path.push(key);
    const schema = this.schema(value);
    this.path.pop();
    return schema;
  }

  private table(value: JsonValue, key: string): Record<string, JsonSchema> {
    if (!isJsonObject(value)) return this.fail('an object of schemas', value, key);
    this.path.push(key);
    const table: Record<string, JsonSchema> = this.build ? {} : (NOT_BUILT as Record<string, JsonSchema>);
    // The names are measured after the loop, from their total length: no call per name.
    let nameUnits = 0;
    const names = Object.keys(value);
    for (let index = 0; index < names.length; index++) {
      const name = names[index] as string;
      const schema = this.child(value[name] as JsonValue, name);
      // Tables are where large schemas are large: past the limit, stop building.
      if (this.build && this.bytes > this.buildLimit) this.abandon();
      if (!this.build) {
        // measure-only: nothing to keep
      } else if (name === '__proto__') {
        Object.defineProperty(table, name, { value: schema, writable: true, enumerable: true, configurable: true });
      } else {
        table[name] = schema;
      }
      nameUnits += name.length;
    }
    if (this.measure) this.bytes += this.tableNameBytes(names, nameUnits);
    this.path.pop();
    return table;
  }

  private list(value: JsonValue, key: string): JsonSchema[] {
    if (!Array.isArray(value)) return this.fail('an array of schemas', value, key);
    this.path.push(key);
    const list: JsonSchema[] = [];
    for (let index = 0; index < value.length; index++) {
      const schema = this.child(value[index] as JsonValue, index);
      if (this.build) list.push(schema);
    }
    this.bytes += 2 + Math.max(0, value.length - 1);
    this.path.pop();
    return list;
  }

  private required(value: JsonValue): string[] {
    if (!Array.isArray(value)) return this.fail('an array of property names', value, 'required');
    for (let index = 0; index < value.length; index++) {
      if (typeof value[index] !== 'string') {
        this.path.push('required');
        this.fail('a property name string', value[index], index);
      }
    }
    return this.build ? [...(value as string[])] : (value as string[]);
  }

  private additional(value: JsonValue): AdditionalProperties {
    if (typeof value === 'boolean') return value;
    if (!isJsonObject(value)) return this.fail('a boolean or a schema object', value, 'additionalProperties');
    return this.child(value, 'additionalProperties');
  }
}
