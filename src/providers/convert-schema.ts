// One normalized tool input schema → what a provider target accepts, with the plan to restore arguments.
import type { JsonObject, JsonValue } from '../schema/json.js';
import { hasNoKeys, isJsonObject, setOwn } from '../schema/json.js';
import type { KeyLists } from '../schema/key-lists.js';
import { holdsLocalRef } from '../schema/refs.js';
import { at, at2, atTokens, type ChangeLog, type SchemaPath } from './changes.js';
import {
  admits,
  type Context,
  type Converted,
  describe,
  distinctTypes,
  JSON_TEXT_NOTE,
  jsonText,
  MAX_CONVERT_DEPTH,
  orderKeys,
  originalAt,
  originalUseSite,
  typeList,
  typeOfValue,
  wireTypes,
} from './convert-context.js';
import { convertObject, isSanitizedBoolean, mayBeForbidden, neverSchemaSpelling } from './convert-object.js';
import {
  convertRef,
  MAX_INLINE_GROWTH,
  MAX_RECORDED_ENTRIES,
  noteKeyChecked,
  recursiveDefinitions,
  resolvePointer,
  withinInlineLimit,
} from './convert-ref.js';
import { rootAsObject } from './convert-root.js';
import { describeConditional, describeKeyword, isNoiseConstraint } from './describe-constraint.js';
import { type FollowedRef, type MadeMerges, madeMerges, mergeAllOfOnce } from './merge-all-of.js';
import { withNullability, writeTypes } from './nullability.js';
import type { SchemaProfile } from './profile.js';
import { convertReferredPlace, recordedPlace, referredPlaces } from './referred-places.js';
import {
  enumAsTexts,
  isKeep,
  type JsonTypeName,
  KEEP,
  NO_DEFINITION_PLANS,
  type RestorePlan,
  type RestorePlanTable,
} from './restore-plan.js';
import { emptyStrictTally, tallyEnum, withinStrictLimits } from './strict-limits.js';

/** A converted schema for one target. */
export interface TargetSchema {
  /** The root object schema the provider gets. */
  schema: JsonObject;
  plan: RestorePlan;
  /** Plans of the definitions under `$defs`, by name. */
  table: RestorePlanTable;
  /** Why the schema cannot be strict on this target (empty when it can). */
  strictBlockers: string[];
  /** Sure to be within OpenAI's strict limits without measuring (see `withinStrictLimits`). */
  withinStrictLimits: boolean;
  /** Some refs were sent as JSON text because inlining them would have grown the tool past its limit. */
  inlineLimited: boolean;
  /** The key lists of the large tables in `schema` (see `key-lists.ts`), for what reads it next. */
  keyLists: KeyLists | undefined;
}

/** Keywords whose value is structure this module rebuilds itself. */
const STRUCTURAL = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  'enum',
  'description',
  'nullable',
  '$defs',
  'definitions',
]);
const ANNOTATIONS = new Set(['title', 'default', 'examples', 'example']);
const CONSTRAINTS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
]);
/** Keywords whose meaning a model can use when written in words (the others are dropped as noise). */
const DESCRIBABLE = new Set([
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'not',
  'contains',
]);
/** A condition's parts: described together, as one sentence, where the target cannot carry them. */
const CONDITIONAL = new Set(['if', 'then', 'else']);
/** A pattern with a backreference, lookaround or word boundary (Anthropic strict rejects them). */
const COMPLEX_PATTERN = /\\[1-9bBk]|\(\?[=!<]/;

/** Converts one schema position. `path` points into the tool for the change log. */
function convertNode(value: JsonValue | undefined, path: SchemaPath, ctx: Context, depth: number): Converted {
  if (!isJsonObject(value)) return convertNode({}, path, ctx, depth);
  if (ctx.referredPlaces !== undefined) {
    const place = ctx.referredPlaces.get(value);
    if (place !== undefined) return convertReferredPlace(value, place, path, ctx, depth);
  }
  if (ctx.original !== undefined && hasNoKeys(value)) {
    // Sanitize (the reference's) empties a schema it cannot type, description and all: the
    // author's text is still what the model should read, and its conditions (`{"not": {"type":
    // "null"}}`, an `if`/`then` alone) still what a value must meet: the target keeps them or
    // says them in words, as it does for a typed schema.
    const description = originalDescription(ctx, path);
    // (Not where compaction emptied it: a collapsed object's description comes back, as the
    // model's one hint of what goes there, but not what it demanded.)
    const emptied = ctx.booleanSchemas && ctx.restoresConditions ? conditionsOf(originalAt(ctx, path)) : undefined;
    if (description !== undefined || emptied !== undefined)
      value = description === undefined ? (emptied as JsonObject) : { description, ...emptied };
  }
  const description = typeof value.description === 'string' ? value.description : undefined;
  if (depth > ctx.tally.maxDepth) ctx.tally.maxDepth = depth;
  if (depth > MAX_CONVERT_DEPTH) {
    ctx.log.add('encoded_json_text', path, 'nested too deep for the target; sent as JSON text');
    return jsonText(description, JSON_TEXT_NOTE, false, ctx);
  }
  if (typeof value.$ref === 'string') return convertRef(value, value.$ref, path, ctx, depth);

  let node = value;
  if (Array.isArray(node.allOf) && (!ctx.profile.allOf || depth === 0)) {
    // `{"description": …, "allOf": [{"$ref": …}]}` is how draft 7 writes a described ref (zod
    // writes every recursive type so): it is that ref, which the target keeps under `$defs` or
    // inlines with recursion cut. Merging it inlined the definition into itself at every use.
    const described = depth > 0 ? describedRef(node) : undefined;
    if (described !== undefined) return convertRef(described.node, described.ref, path, ctx, depth);
    // Kept for the tool (made on its first merge): a definition inlined twice is merged once.
    ctx.merges ??= madeMerges();
    const { merged, followed } = mergeAllOfOnce(node, ctx.root, ctx.merges);
    node = withOriginalConditions(merged, path, ctx);
    ctx.log.add(
      'composition_merged',
      at(path, 'allOf'),
      'allOf merged into one schema (the target does not accept it)',
    );
    if (typeof node.$ref === 'string') return convertRef(node, node.$ref, path, ctx, depth);
    if (followed.length > 0) return convertMergedRefs(node, followed, path, ctx, depth);
  }

  // `items: false` (no item past a tuple's, or none at all): sanitize made a string schema of it,
  // which would let the model add items. Said as the bound it is.
  if (ctx.booleanSchemas && isSanitizedBoolean(node.items) && originalAt(ctx, at(path, 'items')) === false)
    node = closedItems(node, path, ctx);

  let types = typeList(node.type);
  // Wire key order is type, then description, then the rest (`orderKeys`). When both are sure to
  // be written (a typed node; a description that is not blank), their keys are reserved first
  // and no reordered copy is made: that copy was one object per node for the collector.
  const out: JsonObject = {};
  const reserved = types !== undefined;
  // Reserved without a type too: an anyOf with a description (every optional union pydantic
  // writes) was a fifth of a strict conversion's nodes, each then copied in order.
  // And where a default the target does not carry is sure to become the description's note
  // (pydantic's `Optional[X] = None`, `default: null` on every optional field, on strict
  // targets): reordering such a node's keys after was a copy of each.
  const descriptionReserved =
    description !== undefined
      ? description.trim() !== ''
      : node.default !== undefined && !ctx.profile.annotations.has('default');
  if (reserved) out.type = UNSET;
  if (descriptionReserved) out.description = UNSET;
  // Notes for the description, made on the first one (most nodes have none).
  let notes: string[] | undefined;
  if (node.nullable === true) {
    if (types !== undefined && !types.includes('null')) types = [...types, 'null'];
    if (ctx.profile.nullability === 'type-array')
      ctx.log.add('nullable_rewritten', at(path, 'nullable'), 'nullable: true written as a null type');
  }

  // enum: keep, widen the type to the values, or send as strings (Gemini).
  let plan: RestorePlan = KEEP;
  /** The items of an array its enum typed (see below), when the node has none. */
  let enumItems: JsonObject | undefined;
  if (Array.isArray(node.enum) && node.enum.length === 0) {
    // An empty enum admits no value at all: no provider takes it, and no call could satisfy it.
    notes = withNote(notes, 'no allowed value is listed');
    ctx.log.add('keyword_moved', at(path, 'enum'), 'an empty enum (no value allowed) moved into the description');
  } else if (Array.isArray(node.enum)) {
    const values = node.enum;
    const valueTypes = enumValueTypes(values);
    if (ctx.profile.primitiveEnums && valueTypes.some((type) => type === 'object' || type === 'array')) {
      notes = withNote(notes, describeKeyword('enum', values));
      ctx.log.add('keyword_moved', at(path, 'enum'), 'enum with object or array values moved into the description');
    } else if (ctx.profile.stringEnums && valueTypes.some((type) => type !== 'string' && type !== 'null')) {
      const { texts, values: enumTexts } = enumAsTexts(values);
      out.enum = texts;
      types = values.includes(null) ? ['string', 'null'] : ['string'];
      plan = { kind: 'enum-text', values: enumTexts };
      notes = withNote(notes, 'values are sent as text');
      ctx.log.add('enum_stringified', at(path, 'enum'), 'enum values sent as strings; restored to their values');
    } else {
      if (ctx.profile.stringEnums) {
        // Null and the empty string have no place in a list of strings the target takes. Nearly
        // every enum holds neither, and is kept as it is, as the other targets keep theirs: two
        // filtering copies of a 100,000-value enum took Gemini twice the round trip of the tool.
        const withNull = values.includes(null);
        const withEmpty = values.includes('');
        const listed = withNull || withEmpty ? values.filter((entry) => entry !== null && entry !== '') : values;
        if (listed.length > 0) {
          out.enum = listed;
          if (withEmpty) notes = withNote(notes, 'or an empty string');
        } else {
          // Nothing left to list: an empty enum would admit no value at all. Only null is said
          // with the type below; the empty string is said here.
          if (withEmpty)
            notes = withNote(notes, withNull ? 'always an empty string or null' : 'always an empty string');
          ctx.log.add(
            'keyword_moved',
            at(path, 'enum'),
            'an enum of only null or the empty string moved into the description (the target lists non-empty strings only)',
          );
        }
      } else out.enum = values;
      if (types !== undefined && !admitsEvery(types, valueTypes)) {
        types = [...new Set([...types.filter((type) => valueTypes.some((v) => admits([type], v))), ...valueTypes])];
        ctx.log.add('type_from_enum', at(path, 'type'), `type set to what the enum values are: ${types.join(', ')}`);
      }
      if (types === undefined) types = valueTypes;
      if (ctx.profile.nullability !== 'type-array' && values.includes(null) && !types.includes('null'))
        types = [...types, 'null'];
      // An array typed by its enum's values has no items of its own: OpenAI takes no array
      // without them. Items that admit every element listed.
      if (node.items === undefined && valueTypes.includes('array') && types.includes('array'))
        enumItems = itemsAdmitting(values);
    }
  }

  if (Array.isArray(out.enum)) tallyEnum(ctx.tally, out.enum);

  // oneOf → anyOf where the target needs it.
  let alternatives: JsonValue[] | undefined = Array.isArray(node.anyOf) ? node.anyOf : undefined;
  let alternativesKey: 'anyOf' | 'oneOf' = 'anyOf';
  // Where oneOf's variants begin in `alternatives` when they join anyOf's (-1: they do not).
  let oneOfFrom = -1;
  if (Array.isArray(node.oneOf)) {
    if (ctx.profile.oneOf && alternatives === undefined) {
      alternatives = node.oneOf;
      alternativesKey = 'oneOf';
    } else {
      oneOfFrom = alternatives?.length ?? 0;
      alternatives = [...(alternatives ?? []), ...node.oneOf];
      ctx.log.add('one_of_to_any_of', at(path, 'oneOf'), 'oneOf sent as anyOf (the target does not accept oneOf)');
    }
  }

  const nullable = types?.includes('null') === true;
  const nonNull = nullable ? types?.filter((type) => type !== 'null') : types;
  if (types === undefined && alternatives === undefined) {
    if (ctx.profile.typedSchemas) {
      ctx.log.add('encoded_json_text', path, 'a schema without a type: sent as JSON text (the target needs a type)');
      // What the value must still meet (`not`, `if`/`then`), in words after the note.
      const conditions = ctx.booleanSchemas ? conditionNotes(node, path, ctx) : undefined;
      return jsonText(
        description,
        conditions === undefined ? JSON_TEXT_NOTE : [JSON_TEXT_NOTE, ...conditions].join('; '),
        false,
        ctx,
      );
    }
  }

  // Objects: properties, required, additionalProperties — or an encoding the target can carry.
  if (nonNull?.includes('object')) {
    const object = convertObject(node, path, ctx, depth, out);
    if ('encoded' in object) {
      if (nonNull.length > 1) {
        ctx.log.add('encoded_json_text', path, 'an object or another type: sent as JSON text');
        return jsonText(description, JSON_TEXT_NOTE, nullable, ctx);
      }
      if (nullable && ctx.profile.nullability === 'none') noteNullDropped(path, ctx);
      return withNullability(object.encoded, description, nullable, ctx);
    }
    plan = object.plan;
  }
  // A tuple the target cannot be sent as it is: items any of its elements, the order in words.
  const tuple = nonNull?.includes('array') ? tupleElements(node, ctx) : undefined;
  if (tuple !== undefined) notes = withNote(notes, tupleNote(tuple));
  const itemsSchema = tuple !== undefined ? tupleItems(node, tuple, path, ctx) : (node.items ?? enumItems);
  if (nonNull?.includes('array') && itemsSchema !== undefined && !Array.isArray(itemsSchema)) {
    const items = convertNode(itemsSchema, at(path, 'items'), ctx, depth + 1);
    out.items = items.schema;
    if (!isKeep(items.plan)) plan = { kind: 'array', items: items.plan };
  } else if (nonNull?.includes('array') && ctx.profile.nonEmptyProperties && out.items === undefined) {
    out.items = { type: 'string' };
  }

  // Alternatives.
  let variantTypes: JsonTypeName[] | undefined;
  if (alternatives !== undefined) {
    variantTypes = [];
    // Gemini has no null type: a `{type: "null"}` alternative makes the schema nullable instead.
    const isNullVariant = (variant: JsonValue) => isJsonObject(variant) && variant.type === 'null';
    const dropNull = ctx.profile.nullability !== 'type-array' && alternatives.some(isNullVariant);
    if (dropNull) types = [...(types ?? []), 'null'];
    // Variants no value matches (`false`, `{"not": {}}`: zod writes `z.undefined()` in a union
    // so) offer nothing, where sanitize made a string or any value of them: dropped, unless no
    // other is left.
    const never = ctx.booleanSchemas ? neverVariants(alternatives, path, alternativesKey, oneOfFrom, ctx) : undefined;
    const kept: Converted[] = [];
    for (let index = 0; index < alternatives.length; index++) {
      const variant = alternatives[index] as JsonValue;
      if (dropNull && isNullVariant(variant)) continue;
      const spelling = never?.get(index);
      if (spelling !== undefined) {
        ctx.log.add(
          'keyword_dropped',
          variantPath(path, alternativesKey, oneOfFrom, index),
          `an alternative no value matches (${spelling}) dropped`,
        );
        continue;
      }
      kept.push(convertNode(variant, variantPath(path, alternativesKey, oneOfFrom, index), ctx, depth + 1));
    }
    if (kept.length === 1 && dropNull && types?.length === 1) {
      // anyOf [X, null] on Gemini: X itself, nullable; the outer description and X's both kept.
      const only = kept[0] as Converted;
      const inner = typeof only.schema.description === 'string' ? only.schema.description : undefined;
      const both =
        description === undefined || inner === undefined || inner.includes(description)
          ? (inner ?? description)
          : `${description.trimEnd()} ${inner}`;
      if (ctx.profile.nullability === 'none') noteNullDropped(path, ctx);
      const schema = both === undefined ? only.schema : { ...only.schema, description: both };
      return withNullability({ ...only, schema }, both, true, ctx);
    }
    // Only null variants, all dropped: the node is null alone (a string that may be null, as
    // `type: "null"` is), not an empty anyOf, which no schema may be.
    if (kept.length > 0) out[alternativesKey] = kept.map((variant) => variant.schema);
    for (const variant of kept) {
      if (variant.types === undefined) variantTypes = undefined;
      else if (variantTypes !== undefined) variantTypes.push(...variant.types);
    }
    if (kept.some((variant) => !isKeep(variant.plan))) {
      plan = { kind: 'any-of', variants: kept.map((variant) => ({ types: variant.types, plan: variant.plan })) };
    }
  }

  // Constraints, annotations, and everything else (for-in over the library's own raw value: no key array per node).
  for (const key in node) {
    if (!Object.hasOwn(node, key) || STRUCTURAL.has(key) || key === 'allOf') continue;
    if (key === 'prefixItems' && tuple !== undefined) continue;
    const keyValue = node[key] as JsonValue;
    if (CONSTRAINTS.has(key)) {
      if (keepsConstraint(key, keyValue, ctx.profile)) out[key] = keyValue;
      else if (isNoiseConstraint(key, keyValue)) {
        ctx.log.add('keyword_dropped', at(path, key), `${key} ${keyValue} dropped: it says nothing a model can use`);
      } else {
        notes = withNote(notes, describeKeyword(key, keyValue));
        ctx.log.add(
          'keyword_moved',
          at(path, key),
          `${key} moved into the description (the target does not accept it here)`,
        );
      }
    } else if (ANNOTATIONS.has(key)) {
      if (ctx.profile.annotations.has(key)) out[key] = keyValue;
      else if (key === 'title') {
        if (description === undefined && typeof keyValue === 'string')
          notes = withNote(notes, describeKeyword(key, keyValue));
      } else {
        notes = withNote(notes, describeKeyword(key, keyValue));
        ctx.log.add('keyword_moved', at(path, key), `${key} moved into the description`);
      }
    } else if (ctx.profile.passThrough.has(key) && !leavesRefBehind(key, keyValue, node)) {
      out[key] = keyValue;
    } else if (CONDITIONAL.has(key)) {
      if (key === 'if' && (node.then !== undefined || node.else !== undefined))
        notes = withNote(notes, conditionalInWords(node, path, ctx));
      else if (node.if === undefined)
        ctx.log.add('keyword_dropped', at(path, key), `${key} without if says nothing; dropped`);
    } else if (DESCRIBABLE.has(key)) {
      notes = withNote(notes, keywordInWords(key, keyValue, path, ctx));
    } else {
      ctx.log.add('keyword_dropped', at(path, key), `${key} is not a keyword the target carries; dropped`);
    }
  }
  if (Array.isArray(node.allOf) && ctx.profile.allOf && depth > 0) {
    out.allOf = node.allOf.map(
      (member, index) => convertNode(member, at2(path, 'allOf', index), ctx, depth + 1).schema,
    );
  }

  if (
    ctx.profile.nullability !== 'type-array' &&
    types !== undefined &&
    types[0] === 'null' &&
    types.every((type) => type === 'null')
  ) {
    // Only null (`type: "null"`, `const: null`): the target has no null type, so the value
    // is sent as a string (Gemini: one that may be null), and "always null" said in words:
    // unless variants are left to say what it is (a type beside them would narrow
    // `int | str | None` to strings).
    const variants = out[alternativesKey];
    if (!(alternatives !== undefined && Array.isArray(variants) && variants.length > 0)) {
      notes = withNote(notes, 'always null');
      if (ctx.profile.nullability === 'nullable' && !Array.isArray(node.enum))
        ctx.log.add(
          'keyword_moved',
          at(path, 'type'),
          'type null sent as a string that may be null (the target has no null type); "always null" said in the description',
        );
    }
  }
  if (ctx.profile.nullability === 'none' && types?.includes('null') === true) {
    noteNullDropped(path, ctx);
    // Only null left: a string, unless variants are left to say what it is (a type beside
    // them would narrow `int | str | None` to strings).
    if (types.every((type) => type === 'null')) {
      const variants = out[alternativesKey];
      types = alternatives !== undefined && Array.isArray(variants) && variants.length > 0 ? undefined : ['string'];
    }
  }
  const typeWritten = types !== undefined && writeTypes(out, types, ctx);
  const text = describe(description, notes ?? NO_NOTES);
  if (text !== undefined) out.description = text;
  const wire =
    types !== undefined
      ? wireTypes(types)
      : alternatives !== undefined
        ? variantTypes && distinctTypes(variantTypes)
        : undefined;
  // A reserved description is always written (it is not blank); one written now (notes on a
  // blank description) sits out of order, and a type Gemini spells as anyOf was never written.
  // Without a reserved type, the node is in order only if no type was written after all (an
  // enum's values can give it one).
  const inOrder = (reserved ? typeWritten : !typeWritten) && (descriptionReserved || text === undefined);
  // One type, no alternatives: `type` was written as that name (see `Converted.singleType`).
  const singleType =
    ctx.profile.nullability === 'type-array' &&
    alternatives === undefined &&
    types !== undefined &&
    types.length === 1 &&
    types[0] !== 'null'
      ? types[0]
      : undefined;
  return { schema: inOrder ? out : orderKeys(withoutUnset(out)), plan, types: wire, singleType };
}

const NO_NOTES: readonly string[] = [];

/** One shared list per type an enum's values may all have (most enums are all strings). Read-only. */
const SINGLE_VALUE_TYPES: Readonly<Record<string, readonly string[]>> = {
  string: ['string'],
  integer: ['integer'],
  number: ['number'],
  boolean: ['boolean'],
  null: ['null'],
  object: ['object'],
  array: ['array'],
};

/**
 * The distinct types of an enum's values, in first-seen order; read-only. Runs for every enum:
 * values of one type (nearly all enums) get a shared list, not a map, a set and a copy.
 */
function enumValueTypes(values: readonly JsonValue[]): readonly string[] {
  const first = values.length === 0 ? undefined : typeOfValue(values[0] as JsonValue);
  let index = 1;
  while (index < values.length && typeOfValue(values[index] as JsonValue) === first) index++;
  if (first !== undefined && index === values.length) return SINGLE_VALUE_TYPES[first] as readonly string[];
  return [...new Set(values.map(typeOfValue))];
}

/**
 * A schema admitting every element of an enum's array values: their types (`{type: "integer"}`
 * for `[[1], [2]]`), any value when an element is an object or an array, and a string (what
 * sanitize gives an array without items) when every listed array is empty.
 */
function itemsAdmitting(values: readonly JsonValue[]): JsonObject {
  const elementTypes = new Set<string>();
  for (const value of values)
    if (Array.isArray(value)) for (const element of value) elementTypes.add(typeOfValue(element));
  if (elementTypes.has('object') || elementTypes.has('array')) return {};
  if (elementTypes.has('number')) elementTypes.delete('integer');
  const listed = [...elementTypes];
  if (listed.length === 0) return { type: 'string' };
  return { type: listed.length === 1 ? (listed[0] as string) : listed };
}

/** Whether `types` admits a value of every one of `valueTypes`. */
function admitsEvery(types: readonly string[], valueTypes: readonly string[]): boolean {
  for (const valueType of valueTypes) if (!admits(types, valueType)) return false;
  return true;
}

/**
 * Whether a keyword the target takes as it is would hold a local ref once written: its value is
 * written raw, not converted, so a ref in it names a definition the output may not hold (pruning
 * keeps only what the model's refs reach, and the converter writes only definitions it converted
 * a ref to). Such a keyword is said in words instead. A condition is its three keywords together.
 */
function leavesRefBehind(key: string, value: JsonValue, node: JsonObject): boolean {
  if (!CONDITIONAL.has(key)) return holdsLocalRef(value);
  return holdsLocalRef(node.if ?? null) || holdsLocalRef(node.then ?? null) || holdsLocalRef(node.else ?? null);
}

/**
 * A tuple's elements (`prefixItems`) when the node is one the target cannot be sent as it is:
 * the target carries no `prefixItems` (strict modes, Gemini, `portable`), or its elements hold a
 * local ref (see {@link leavesRefBehind}). Else undefined, and `prefixItems` goes as it is.
 */
function tupleElements(node: JsonObject, ctx: Context): JsonValue[] | undefined {
  const { prefixItems } = node;
  if (!Array.isArray(prefixItems) || prefixItems.length === 0) return undefined;
  if (ctx.profile.passThrough.has('prefixItems') && !holdsLocalRef(prefixItems)) return undefined;
  return prefixItems;
}

/**
 * The items schema a tuple is sent with: any of its distinct elements, and of what may follow
 * them when the server says anything may (its own `items`: sanitize writes `{type: "string"}`
 * where there is none, which said every element was a string, and `[1.5, 2]` was refused). The
 * wire then admits every valid tuple; the order is in the description, and the call is checked
 * against the tuple itself.
 */
function tupleItems(node: JsonObject, elements: readonly JsonValue[], path: SchemaPath, ctx: Context): JsonObject {
  const variants: JsonValue[] = [];
  const seen = new Set<string>();
  const add = (schema: JsonValue) => {
    const text = flatSchemaText(schema);
    if (text !== undefined) {
      if (seen.has(text)) return;
      seen.add(text);
    }
    variants.push(schema);
  };
  for (const element of elements) add(element);
  const rest = tupleRest(node, path, ctx);
  if (rest !== undefined) add(rest);
  ctx.log.add(
    'keyword_moved',
    at(path, 'prefixItems'),
    `prefixItems (a tuple of ${elements.length}) sent as items any of its elements${rest === undefined ? '' : ' and of what follows them'}; the order moved into the description`,
  );
  return variants.length === 1 && isJsonObject(variants[0]) ? variants[0] : { anyOf: variants };
}

/**
 * A tuple element's JSON text when it holds no schema below it (its values are scalars or lists of
 * them: `{type: "number"}`, an enum), to find alike elements by; undefined for a nested one, kept
 * as it is. Writing nested elements out was quadratic in a chain of tuples within tuples.
 */
function flatSchemaText(schema: JsonValue): string | undefined {
  if (!isJsonObject(schema)) return JSON.stringify(schema);
  for (const key in schema) {
    const value = schema[key];
    if (typeof value !== 'object' || value === null) continue;
    if (!Array.isArray(value)) return undefined;
    for (const entry of value) if (typeof entry === 'object' && entry !== null) return undefined;
  }
  return JSON.stringify(schema);
}

/** What may follow a tuple's elements, as the server wrote it (its `items`); undefined when nothing may. */
function tupleRest(node: JsonObject, path: SchemaPath, ctx: Context): JsonValue | undefined {
  const own = ctx.original === undefined ? node : originalAt(ctx, path);
  const written = isJsonObject(own) ? own.items : undefined;
  if (written === true) return {};
  return isJsonObject(written) ? (node.items ?? {}) : undefined;
}

/** Elements a tuple's note names at most (a server's tuple may list thousands). */
const MAX_TUPLE_NOTE_ELEMENTS = 20;

/** Characters of one element's single value the note shows at most. */
const MAX_NOTED_VALUE_CHARS = 40;

/** A tuple's order, for the description: each element's type, a single value as that value. */
function tupleNote(elements: readonly JsonValue[]): string {
  const named = elements.map((element) => {
    if (!isJsonObject(element)) return 'any value';
    if (Array.isArray(element.enum) && element.enum.length === 1) {
      // A server's value may be megabytes: the note shows its start.
      const text = JSON.stringify(element.enum[0]) ?? 'null';
      return text.length <= MAX_NOTED_VALUE_CHARS ? text : `${text.slice(0, MAX_NOTED_VALUE_CHARS - 1)}…`;
    }
    const { type } = element;
    if (typeof type === 'string') return type;
    if (Array.isArray(type) && type.length > 0) return type.join(' or ');
    return 'any value';
  });
  const shown = named.length <= MAX_TUPLE_NOTE_ELEMENTS ? named : named.slice(0, MAX_TUPLE_NOTE_ELEMENTS);
  const more = named.length - shown.length;
  return `items in this order: ${shown.join(', ')}${more > 0 ? `, and ${more} more` : ''}`;
}

/**
 * `{"allOf": [{"$ref": …}]}` with at most a description beside each, as the ref and the node
 * whose description it carries (the node's own, else the member's); else undefined.
 */
function describedRef(node: JsonObject): { ref: string; node: JsonObject } | undefined {
  const { allOf } = node;
  if (!Array.isArray(allOf) || allOf.length !== 1) return undefined;
  const member = allOf[0];
  if (!isJsonObject(member) || typeof member.$ref !== 'string') return undefined;
  for (const key of Object.keys(node)) if (key !== 'allOf' && key !== 'description') return undefined;
  for (const key of Object.keys(member)) if (key !== '$ref' && key !== 'description') return undefined;
  const carrier = node.description === undefined && member.description !== undefined ? member : node;
  return { ref: member.$ref, node: carrier };
}

/**
 * A node whose allOf merge inlined the schemas of `followed` refs, converted with those refs
 * held as being inlined: a ref merged again inside what it brought in is recursion, cut into
 * JSON text as an inlined ref's is, and every merged-in schema counts against what inlining may
 * write for the tool. Unbounded, a recursive definition merged through allOf at two places in
 * itself doubled at every level (a 1 KB zod JSON-value tool ran OpenAI strict out of memory).
 */
function convertMergedRefs(
  node: JsonObject,
  followed: readonly FollowedRef[],
  path: SchemaPath,
  ctx: Context,
  depth: number,
): Converted {
  const description = typeof node.description === 'string' ? node.description : undefined;
  ctx.inlineStack ??= new Map();
  const stack = ctx.inlineStack;
  const entered: string[] = [];
  try {
    for (const { ref, key, target } of followed) {
      if (ctx.recording > 0) noteKeyChecked(key, ctx);
      if (stack.has(key)) {
        ctx.log.add('encoded_json_text', path, `recursive ${ref} merged here: sent as JSON text`);
        return jsonText(description, 'a value as JSON text (recursive)', false, ctx);
      }
      if (!withinInlineLimit(key, target, ctx)) {
        ctx.log.add(
          'encoded_json_text',
          path,
          `${ref} not merged: the tool would grow past ${ctx.inlineLimitBytes.toLocaleString('en-US')} bytes (${MAX_INLINE_GROWTH}× its input); sent as JSON text`,
        );
        return jsonText(description, 'a value as JSON text (too large to spell out here)', false, ctx);
      }
    }
    for (const { key } of followed) {
      if (stack.has(key)) continue;
      stack.set(key, stack.size);
      entered.push(key);
    }
    ctx.inlinedNodes++;
    // The merged node has no allOf left: converted as any node, under the refs it inlined.
    return convertNode(node, path, ctx, depth);
  } finally {
    for (const ref of entered) stack.delete(ref);
  }
}

/** Keywords of an `allOf` member that sanitize (the reference's) empties with it, and a merge must keep. */
const CONDITION_KEYWORDS = ['if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'not'] as const;

/**
 * A merged `allOf` with the conditions its members had in the server's own schema: sanitize
 * empties a member that is only `{if, then}` (it has no type), and merging it kept nothing.
 * The first member's condition is carried (the target keeps it or says it in words).
 */
function withOriginalConditions(merged: JsonObject, path: SchemaPath, ctx: Context): JsonObject {
  if (ctx.original === undefined) return merged;
  const own = originalAt(ctx, path);
  if (!isJsonObject(own) || !Array.isArray(own.allOf)) return merged;
  let out = merged;
  for (const member of own.allOf) {
    if (!isJsonObject(member)) continue;
    for (const key of CONDITION_KEYWORDS) {
      if (member[key] === undefined || out[key] !== undefined) continue;
      if (out === merged) out = { ...merged };
      out[key] = member[key] as JsonValue;
    }
  }
  return out;
}

/**
 * The conditions of an untyped node sent as JSON text, in words, each with a change; undefined
 * when it has none (nearly always).
 */
function conditionNotes(node: JsonObject, path: SchemaPath, ctx: Context): string[] | undefined {
  let notes: string[] | undefined;
  if (node.if !== undefined && (node.then !== undefined || node.else !== undefined))
    notes = withNote(notes, conditionalInWords(node, path, ctx));
  for (const key of ['not', 'dependentRequired', 'dependentSchemas'] as const)
    if (node[key] !== undefined) notes = withNote(notes, keywordInWords(key, node[key] as JsonValue, path, ctx));
  return notes;
}

/** A node's `if`/`then`/`else` in words, for its description, with the change that says so. */
function conditionalInWords(node: JsonObject, path: SchemaPath, ctx: Context): string {
  ctx.log.add('keyword_moved', at(path, 'if'), 'if/then/else moved into the description, in words');
  return describeConditional(node.if as JsonValue, node.then as JsonValue, node.else as JsonValue);
}

/** A keyword the target does not carry, in words, for the description, with the change that says so. */
function keywordInWords(key: string, value: JsonValue, path: SchemaPath, ctx: Context): string {
  ctx.log.add('keyword_moved', at(path, key), `${key} moved into the description`);
  return describeKeyword(key, value);
}

/** The condition keywords a schema the server wrote has (see {@link CONDITION_KEYWORDS}); undefined: none. */
function conditionsOf(node: JsonValue | undefined): JsonObject | undefined {
  if (!isJsonObject(node)) return undefined;
  let conditions: JsonObject | undefined;
  for (const key of CONDITION_KEYWORDS) {
    if (node[key] === undefined) continue;
    conditions ??= {};
    conditions[key] = node[key] as JsonValue;
  }
  return conditions;
}

/**
 * The description the server wrote at `path` (`/inputSchema/...`), if it wrote one there: for an
 * inlined ref, the one it wrote beside the ref, else the definition's.
 */
function originalDescription(ctx: Context, path: SchemaPath): string | undefined {
  return ownDescription(originalUseSite(ctx, path)) ?? ownDescription(originalAt(ctx, path));
}

function ownDescription(node: JsonValue | undefined): string | undefined {
  return isJsonObject(node) && typeof node.description === 'string' && node.description.trim() !== ''
    ? node.description
    : undefined;
}

/**
 * An array node whose items the server closed with `items: false`, as the same bound: at most as
 * many items as its tuple has (none without one), as `maxItems`, with a change.
 */
function closedItems(node: JsonObject, path: SchemaPath, ctx: Context): JsonObject {
  const count = Array.isArray(node.prefixItems) ? node.prefixItems.length : 0;
  if (typeof node.maxItems === 'number' && node.maxItems <= count) return node;
  ctx.log.add(
    'keyword_moved',
    at(path, 'items'),
    `items: false written as maxItems: ${count} (${count === 0 ? 'the array is always empty' : 'no item past the tuple'})`,
  );
  return { ...node, maxItems: count };
}

/**
 * The path of a node's variant `index`, where the server wrote it: oneOf's variants, joined to
 * anyOf's from `oneOfFrom` on (-1: not joined), are under `oneOf`.
 */
function variantPath(path: SchemaPath, key: 'anyOf' | 'oneOf', oneOfFrom: number, index: number): SchemaPath {
  return oneOfFrom >= 0 && index >= oneOfFrom ? at2(path, 'oneOf', index - oneOfFrom) : at2(path, key, index);
}

/**
 * The variants the server wrote so that no value matches them, by index, with how it wrote them;
 * undefined when there are none, or when nothing else is left (the node is then converted as
 * sanitize left it).
 */
function neverVariants(
  alternatives: readonly JsonValue[],
  path: SchemaPath,
  key: 'anyOf' | 'oneOf',
  oneOfFrom: number,
  ctx: Context,
): Map<number, string> | undefined {
  let never: Map<number, string> | undefined;
  for (let index = 0; index < alternatives.length; index++) {
    if (!mayBeForbidden(alternatives[index], true)) continue;
    const spelling = neverSchemaSpelling(originalAt(ctx, variantPath(path, key, oneOfFrom, index)));
    if (spelling === undefined) continue;
    never ??= new Map();
    never.set(index, spelling);
  }
  return never !== undefined && never.size < alternatives.length ? never : undefined;
}

/** Logs that null was dropped where the target has no spelling for it (`portable`). */
function noteNullDropped(path: SchemaPath, ctx: Context): void {
  ctx.log.add(
    'null_dropped',
    path,
    'null dropped: not a value every provider can be told of (Gemini has no null type; nullable is not JSON Schema); the model sends a value or leaves the property out',
  );
}

/** `notes` with one more, made when it is the first. */
function withNote(notes: string[] | undefined, note: string): string[] {
  if (notes === undefined) return [note];
  notes.push(note);
  return notes;
}

/** The placeholder of a reserved key; never left in a finished schema. */
const UNSET = undefined as unknown as JsonValue;

/** A schema whose reserved type stayed unset, without it (rare: Gemini's several types). */
function withoutUnset(out: JsonObject): JsonObject {
  if (out.type !== UNSET) return out;
  const copy: JsonObject = {};
  for (const key of Object.keys(out)) if (out[key] !== UNSET) copy[key] = out[key] as JsonValue;
  return copy;
}

/** Whether a constraint stays as a keyword on this target. */
function keepsConstraint(key: string, value: JsonValue, profile: SchemaProfile): boolean {
  if (!profile.constraints.has(key)) return false;
  if (key === 'format')
    return profile.formats === undefined || (typeof value === 'string' && profile.formats.has(value));
  if (key === 'minItems' && profile.minItemsAtMost !== undefined)
    return typeof value === 'number' && value <= profile.minItemsAtMost;
  if (key === 'pattern' && profile.simplePatternsOnly) return typeof value === 'string' && !COMPLEX_PATTERN.test(value);
  return true;
}

/**
 * Converts a normalized tool input schema (sanitized, pruned, compacted) for one target.
 * - The root becomes an object schema with properties (a root the target cannot carry is wrapped
 *   in one property and unwrapped on restore); root compositions are merged into it.
 * - Every change is logged under `basePath`; the restore plan undoes renames and encodings.
 * - The input is not modified.
 * - `keyLists`: key lists that hold for `raw` (see `key-lists.ts`); they still hold after.
 */
export function convertSchemaForTarget(
  raw: JsonValue,
  profile: SchemaProfile,
  log: ChangeLog,
  basePath: SchemaPath,
  original?: JsonValue,
  keyLists?: KeyLists,
  /** Refs to a schema's place the input may hold (see `CopyState.pathRefs`): such a place is converted once for its two uses. */
  pathRefs?: readonly string[],
  /** False when the copy that made `raw` replaced no boolean schema (see `CopyState.booleanSchemas`). */
  booleanSchemas = true,
  /** allOf merges already made for `raw` (OpenAI strict's bounds walk makes them first), and kept. */
  merges?: MadeMerges,
  /**
   * Compaction emptied or stripped parts of `raw` to meet a budget: an empty schema may be one
   * it collapsed, whose conditions are not given back from `original`.
   */
  compacted = false,
): TargetSchema {
  const root: JsonObject = isJsonObject(raw) ? raw : {};
  const ctx: Context = {
    profile,
    log,
    root,
    // Made on the first ref to a definition: most tools have none.
    defNames: undefined,
    defNamesTaken: undefined,
    pending: undefined,
    inlineStack: undefined,
    merges,
    inlinedNodes: 0,
    inlinedBytes: 0,
    inlineLimitBytes: -1,
    inlineSizes: undefined,
    inlineLimited: false,
    tally: emptyStrictTally(),
    currentDef: undefined,
    edges: undefined,
    original,
    restoresConditions: !compacted,
    booleanSchemas,
    keyLists,
    writtenKeyLists: undefined,
    inlineMemo: undefined,
    inlineKeysChecked: undefined,
    recording: 0,
    lowestCut: Number.POSITIVE_INFINITY,
    recordBudget: MAX_RECORDED_ENTRIES,
    inlinedFrom: undefined,
    originalParent: undefined,
    originalParentValue: undefined,
    useSiteReads: undefined,
    referredPlaces:
      pathRefs !== undefined && profile.refs === 'defs' ? referredPlaces(pathRefs, root, basePath) : undefined,
    placeConversions: undefined,
    placeRecording: 0,
    placeRefNames: undefined,
    convert: convertNode,
  };
  let converted = convertNode(root, basePath, ctx, 0);
  // The definitions referred to, converted in turn (a definition can refer to more).
  const outDefs: JsonObject = {};
  let table: RestorePlanTable = NO_DEFINITION_PLANS;
  for (let next = ctx.pending?.shift(); next !== undefined; next = ctx.pending?.shift()) {
    const definition = resolvePointer(root, next.tokens);
    if (!profile.recursion) {
      ctx.currentDef = next.outName;
      ctx.edges ??= new Map();
      ctx.edges.set(next.outName, []);
    }
    // A place converted where it is already (see `referred-places.ts`), else converted here.
    let result = recordedPlace(next.key, ctx);
    if (result === undefined) {
      result = convertNode(definition, atTokens(basePath, next.tokens), ctx, 1);
    }
    setOwn(outDefs, next.outName, result.schema);
    if (table === NO_DEFINITION_PLANS) table = Object.create(null) as RestorePlanTable;
    table[next.outName] = result.plan;
  }
  ctx.currentDef = undefined;

  converted = rootAsObject(converted, root, basePath, ctx);
  const schema = converted.schema;
  if (table !== NO_DEFINITION_PLANS) schema.$defs = outDefs;
  for (const key of ['$defs', 'definitions']) {
    if (root[key] !== undefined && profile.refs === 'inline')
      log.add('ref_inlined', at(basePath, key), `${key} removed: every ref to it is inlined`);
  }
  // Why strict mode cannot take this schema (empty when it can).
  const blockers: string[] = [];
  if (!profile.recursion) {
    const recursive = ctx.edges === undefined ? [] : recursiveDefinitions(ctx.edges);
    if (recursive.length > 0) blockers.push(`recursive definitions (${recursive.join(', ')})`);
  }
  if (profile.strict && Object.hasOwn(root, 'prefixItems')) blockers.push('a tuple (prefixItems)');
  return {
    schema,
    plan: converted.plan,
    table,
    strictBlockers: blockers,
    // With definitions, depth follows refs: only the measure can tell.
    withinStrictLimits: schema.$defs === undefined && withinStrictLimits(ctx.tally),
    inlineLimited: ctx.inlineLimited,
    keyLists: ctx.writtenKeyLists,
  };
}
