// Decode: the boundary from raw JSON to the JsonSchema model, with path-precise errors (SPEC §1.6, seed §6).
import { describeValue, ToolSchemaError } from '../errors.js';
import { copyJsonInput } from './copy.js';
import type { JsonObject, JsonValue } from './json.js';
import { isJsonObject } from './json.js';
import type { KeyLists } from './key-lists.js';
import type { AdditionalProperties, JsonSchema, JsonSchemaType } from './model.js';
import { JSON_SCHEMA_TYPE_NAMES, JSON_SCHEMA_TYPES } from './model.js';

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

/**
 * {@link decodeToolInputSchema} on a value the caller owns: the result shares its `enum` arrays.
 * - `keyLists`: what the copy that built `raw` listed, unchanged since (see `key-lists.ts`).
 * - `consumeRaw`: the caller reads `raw` no more, so each of its tables and lists becomes the
 *   model's own (members overwritten by their models, where they differ), and its `type` and
 *   `required` arrays are the model's: overwriting a member of a large hash table is a lookup,
 *   building a new one costs about ten times that, and a ref-heavy schema's small tables are a
 *   quarter of its objects. `raw` is garbage afterwards.
 * - `adoptRaw` (with `consumeRaw`): `raw` is as a model-shaped copy wrote it (`CopyState.modelShape`,
 *   no null member, unchanged since), so each schema object is already its model: it is checked
 *   and kept, and nothing is built.
 */
export function decodeRawSchema(raw: JsonValue, keyLists?: KeyLists, consumeRaw = false, adoptRaw = false): JsonSchema {
  return new SchemaDecoder(undefined, true, Number.POSITIVE_INFINITY, false, keyLists, consumeRaw, adoptRaw).decodeRoot(
    raw,
  );
}

/** The model's keys whose value is a table of schemas. */
export type TableKey = 'properties' | '$defs' | 'definitions';
/** The model's keys whose value is a list of schemas. */
export type ListKey = 'anyOf' | 'oneOf' | 'allOf';

/**
 * What a decoding tells as it goes, for a caller that measures the model in the same walk
 * (compaction's budget, `compaction/measure.ts`): decoding knows what the model keeps, the
 * observer what that weighs.
 * - Each field the model keeps is told as it is decoded (validated), in the model's key order;
 *   a table or a list after its members; the schema object that holds them last. Fewer, larger
 *   calls were tried: the counting costs the same either way.
 * - A decoding that drops descriptions does not report them.
 */
export interface DecodeObserver {
  /** The bytes counted so far: a decoding with a build limit stops building once they pass it. */
  readonly bytes: number;
  /**
   * A schema object, after its fields and children: its depth (the root is 0), how many fields
   * the model keeps, whether one is a description, and whether the raw object has a composition
   * key (`anyOf`, `oneOf`, `allOf`), whatever its value.
   */
  schemaObject(depth: number, fields: number, described: boolean, composition: boolean): void;
  ref(value: string): void;
  type(value: JsonSchemaType | readonly JsonSchemaType[]): void;
  description(value: string): void;
  encrypted(value: boolean): void;
  enumValues(values: JsonValue[]): void;
  required(names: readonly string[]): void;
  /** `items`, before its schema. */
  items(): void;
  additionalProperties(value: boolean | JsonObject): void;
  /** A table's key and member names, after its members. */
  table(key: TableKey, names: readonly string[]): void;
  /** A list's key and length, after its members. */
  list(key: ListKey, length: number): void;
}

/**
 * Decodes a raw value the caller owns, telling `observer` what the model keeps.
 * - `build`: false validates only (nothing is allocated) and returns undefined.
 * - Past `buildLimitBytes` counted by the observer it stops building and returns undefined, but
 *   goes on validating and reporting: the caller wanted only the measure of a model that large.
 * - `withoutDescriptions`: descriptions are checked, then left out of the model (and not reported).
 * - Throws the `ToolSchemaError` {@link decodeRawSchema} would.
 * - `keyLists`, `consumeRaw`, `adoptRaw`: as for {@link decodeRawSchema} (`consumeRaw` only without
 *   a build limit). Without descriptions, an adopted object that has one is built without it.
 * - `stopPastBytes` (validating only): once the bytes counted pass it, the walk stops where it
 *   is, leaving the rest of the value unread and untold, for a caller that wants only to know
 *   whether the model weighs more (and knows the value decodes).
 */
export function decodeObserved(
  raw: JsonValue,
  observer: DecodeObserver | undefined,
  build: boolean,
  buildLimitBytes: number,
  withoutDescriptions: boolean,
  keyLists?: KeyLists,
  consumeRaw = false,
  adoptRaw = false,
  stopPastBytes = Number.POSITIVE_INFINITY,
): JsonSchema | undefined {
  const decoder = new SchemaDecoder(
    observer,
    build,
    buildLimitBytes,
    withoutDescriptions,
    keyLists,
    consumeRaw,
    adoptRaw,
  );
  if (!build) decoder.stopPast = stopPastBytes;
  const schema = decoder.decodeRoot(raw);
  return build && !decoder.abandoned ? schema : undefined;
}

/** What a validate-only decoding returns in place of each schema it did not build. */
const NOT_BUILT: JsonSchema = Object.freeze({});

/**
 * One decoding: the path to the node being decoded, and the observer told what the model keeps.
 * With `build` false it validates only, returning {@link NOT_BUILT} for every schema. Past
 * `buildLimit` bytes counted by the observer it stops building (`abandoned`): the schemas under
 * construction are left incomplete, and the caller discards them.
 */
class SchemaDecoder {
  readonly path: (string | number)[] = [];
  abandoned = false;
  private depth = -1;
  /** Counted bytes past which a validating walk stops (see {@link decodeObserved}), and whether it did. */
  stopPast = Number.POSITIVE_INFINITY;
  private stopped = false;

  constructor(
    private readonly observer: DecodeObserver | undefined,
    private build: boolean,
    private readonly buildLimit: number,
    private readonly dropDescriptions: boolean,
    /** The large tables' keys, listed by the copy that built them (see `key-lists.ts`). */
    private readonly keyLists: KeyLists | undefined,
    consumeRaw: boolean,
    adoptRaw: boolean,
  ) {
    // A decoding that may stop building leaves its tables half done: it must not write into raw ones.
    this.consumeRaw = consumeRaw && build && buildLimit === Number.POSITIVE_INFINITY;
    this.adoptRaw = adoptRaw && this.consumeRaw;
  }

  /** A listed table of the raw value becomes the model's (see {@link decodeRawSchema}). */
  private readonly consumeRaw: boolean;
  /** Each raw schema object is its own model (see {@link decodeRawSchema}). */
  private readonly adoptRaw: boolean;

  private abandon(): void {
    this.build = false;
    this.abandoned = true;
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

  /** Decodes one schema object. */
  private schema(value: JsonValue | undefined): JsonSchema {
    if (this.stopped) return NOT_BUILT;
    if (!isJsonObject(value)) return this.fail('a schema object', value);
    this.depth++;
    const schema = this.fields(value);
    this.depth--;
    return schema;
  }

  // One block per key on purpose: a loop over key names made this, the hottest function, ~5% slower.
  private fields(value: JsonObject): JsonSchema {
    const { observer } = this;
    const { $ref, type, description, encrypted } = value;
    // An adopted object is the model (its members are written back only where a child's model
    // is another object); any other is built, unless the decoding only validates.
    const adopted = this.adoptRaw && (description === undefined || !this.dropDescriptions);
    const build = this.build && !adopted;
    const schema: JsonSchema = adopted ? (value as JsonSchema) : build ? {} : NOT_BUILT;
    let fields = 0;
    let described = false;

    if ($ref != null) {
      if (typeof $ref !== 'string') this.fail('a string', $ref, '$ref');
      if (build) schema.$ref = $ref;
      if (observer !== undefined) observer.ref($ref);
      fields++;
    }
    if (type != null) {
      const decoded = this.type(type);
      if (build) schema.type = decoded;
      if (observer !== undefined) observer.type(decoded);
      fields++;
    }
    if (description != null) {
      if (typeof description !== 'string') this.fail('a string', description, 'description');
      if (!this.dropDescriptions) {
        if (build) schema.description = description;
        if (observer !== undefined) observer.description(description);
        described = true;
        fields++;
      }
    }
    if (encrypted != null) {
      if (typeof encrypted !== 'boolean') this.fail('a boolean', encrypted, 'encrypted');
      if (build) schema.encrypted = encrypted;
      if (observer !== undefined) observer.encrypted(encrypted);
      fields++;
    }
    const enumValues = value.enum;
    if (enumValues != null) {
      if (!Array.isArray(enumValues)) this.fail('an array', enumValues, 'enum');
      if (build) schema.enum = enumValues;
      if (observer !== undefined) observer.enumValues(enumValues);
      fields++;
    }
    const items = value.items;
    if (items != null) {
      if (observer !== undefined) observer.items();
      const itemsSchema = this.child(items, 'items');
      if (build || (adopted && itemsSchema !== items)) schema.items = itemsSchema;
      fields++;
    }
    const properties = value.properties;
    if (properties != null) {
      const propertiesTable = this.table(properties, 'properties');
      if (build) schema.properties = propertiesTable;
      fields++;
    }
    const required = value.required;
    if (required != null) {
      const requiredNames = this.required(required);
      if (build) schema.required = requiredNames;
      if (observer !== undefined) observer.required(requiredNames);
      fields++;
    }
    const additional = value.additionalProperties;
    if (additional != null) {
      const additionalSchema = this.additional(additional);
      if (build || (adopted && additionalSchema !== additional)) schema.additionalProperties = additionalSchema;
      if (observer !== undefined) observer.additionalProperties(additional as boolean | JsonObject);
      fields++;
    }
    const { anyOf, oneOf, allOf } = value;
    if (anyOf != null) {
      const anyOfSchema = this.list(anyOf, 'anyOf');
      if (build) schema.anyOf = anyOfSchema;
      fields++;
    }
    if (oneOf != null) {
      const oneOfSchema = this.list(oneOf, 'oneOf');
      if (build) schema.oneOf = oneOfSchema;
      fields++;
    }
    if (allOf != null) {
      const allOfSchema = this.list(allOf, 'allOf');
      if (build) schema.allOf = allOfSchema;
      fields++;
    }
    const { $defs, definitions } = value;
    if ($defs != null) {
      const defsTable = this.table($defs, '$defs');
      if (build) schema.$defs = defsTable;
      fields++;
    }
    if (definitions != null) {
      const definitionsTable = this.table(definitions, 'definitions');
      if (build) schema.definitions = definitionsTable;
      fields++;
    }
    if (observer !== undefined) {
      // A composition key counts whatever its value, null included (pass 4 counts it so).
      const composition = anyOf !== undefined || oneOf !== undefined || allOf !== undefined;
      observer.schemaObject(this.depth, fields, described, composition);
    }
    return schema;
  }

  private type(type: JsonValue): JsonSchemaType | JsonSchemaType[] {
    if (typeof type === 'string') {
      if (!JSON_SCHEMA_TYPE_NAMES.has(type)) this.fail(`one of ${JSON_SCHEMA_TYPES.join(', ')}`, type, 'type');
      return type as JsonSchemaType;
    }
    if (!Array.isArray(type)) return this.fail('a type name or an array of type names', type, 'type');
    for (let index = 0; index < type.length; index++) {
      const name = type[index];
      if (typeof name !== 'string' || !JSON_SCHEMA_TYPE_NAMES.has(name)) {
        this.path.push('type');
        this.fail(`one of ${JSON_SCHEMA_TYPES.join(', ')}`, name, index);
      }
    }
    // A consuming decoding's raw value is discarded: its array can be the model's.
    return this.build && !this.consumeRaw ? [...(type as JsonSchemaType[])] : (type as JsonSchemaType[]);
  }

  private child(value: JsonValue, key: string | number): JsonSchema {
    this.path.push(key);
    const schema = this.schema(value);
    this.path.pop();
    return schema;
  }

  private table(value: JsonValue, key: TableKey): Record<string, JsonSchema> {
    if (!isJsonObject(value)) return this.fail('an object of schemas', value, key);
    this.path.push(key);
    const { observer, keyLists } = this;
    const listed = keyLists === undefined ? undefined : keyLists.get(value);
    const names = listed ?? Object.keys(value);
    // Each member is read before it is overwritten, once, in order.
    const table: Record<string, JsonSchema> = !this.build
      ? (NOT_BUILT as Record<string, JsonSchema>)
      : this.consumeRaw
        ? (value as unknown as Record<string, JsonSchema>)
        : {};
    for (let index = 0; index < names.length; index++) {
      const name = names[index] as string;
      const member = value[name] as JsonValue;
      const schema = this.child(member, name);
      // Tables are where large schemas are large: past the limit, stop building.
      if (this.build && observer !== undefined && observer.bytes > this.buildLimit) this.abandon();
      // Tables are also where a walk that only asks whether the model weighs more learns it.
      if (observer !== undefined && observer.bytes > this.stopPast) {
        this.stopped = true;
        break;
      }
      if (!this.build || (schema === member && table === value)) {
        // validate-only, or the member adopted in its own table: nothing to write
      } else if (name === '__proto__') {
        Object.defineProperty(table, name, { value: schema, writable: true, enumerable: true, configurable: true });
      } else {
        table[name] = schema;
      }
    }
    // Stopped, the verdict is made: its names need no counting.
    if (observer !== undefined && !this.stopped) observer.table(key, names);
    this.path.pop();
    return table;
  }

  private list(value: JsonValue, key: ListKey): JsonSchema[] {
    if (!Array.isArray(value)) return this.fail('an array of schemas', value, key);
    this.path.push(key);
    // A consuming decoding writes each member's model over it; any other builds a new list.
    const inPlace = this.build && this.consumeRaw;
    const list: JsonSchema[] = inPlace ? (value as JsonSchema[]) : [];
    for (let index = 0; index < value.length; index++) {
      const member = value[index] as JsonValue;
      const schema = this.child(member, index);
      if (!this.build) continue;
      if (inPlace) {
        if (schema !== member) list[index] = schema;
      } else list.push(schema);
    }
    if (this.observer !== undefined) this.observer.list(key, value.length);
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
    return this.build && !this.consumeRaw ? [...(value as string[])] : (value as string[]);
  }

  private additional(value: JsonValue): AdditionalProperties {
    if (typeof value === 'boolean') return value;
    if (!isJsonObject(value)) return this.fail('a boolean or a schema object', value, 'additionalProperties');
    return this.child(value, 'additionalProperties');
  }
}
