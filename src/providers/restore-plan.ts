// How to turn a model's arguments for a converted schema back into what the original schema describes.
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';

/** A JSON value's type name, as `type` spells it (`integer` values are numbers here). */
export type JsonTypeName = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

/** One property of a converted object: its original name and how to restore its value. */
export interface RestoredProperty {
  /** The property's own name; absent when it is the wire name (the plan's key). */
  name?: string | undefined;
  plan: RestorePlan;
  /** The converter made the property nullable (strict: every property required): null means absent. */
  nullMeansAbsent: boolean;
}

/**
 * What the converter did at one schema position, so that a value can be given back.
 * - `keep`: the value is already what the original expects (below, nothing was encoded or renamed).
 * - `object`: properties renamed or restored one by one; `additional` restores other keys' values;
 *   `otherKeys`: the property that carries the other keys of an object strict mode had to close
 *   (see {@link OtherKeys}).
 * - `array`: each item restored.
 * - `json-text`: a free-form value the target could not carry, sent as JSON text: parsed back.
 * - `entries`: an open map sent as `[{key, value}]`: turned back into an object.
 * - `enum-text`: a non-string enum sent as strings: each string mapped back to its value.
 * - `any-of`: alternatives; the first whose wire types admit the value restores it.
 * - `ref`: the plan of a definition, by name (recursion).
 * - `unwrap`: a root the target could not carry as it is, sent as one property: unwrapped.
 */
export type RestorePlan =
  | { kind: 'keep' }
  | {
      kind: 'object';
      properties: Record<string, RestoredProperty>;
      additional: RestorePlan | undefined;
      otherKeys?: OtherKeys | undefined;
    }
  | { kind: 'array'; items: RestorePlan }
  | { kind: 'json-text' }
  | { kind: 'entries'; value: RestorePlan }
  | { kind: 'enum-text'; values: EnumTexts }
  | { kind: 'any-of'; variants: { types: JsonTypeName[] | undefined; plan: RestorePlan }[] }
  | { kind: 'ref'; name: string }
  | { kind: 'unwrap'; property: string; plan: RestorePlan };

/**
 * The other keys of an object that takes extra keys beside its properties, which strict mode must
 * close: they travel in one more property, `property` on the wire (null or absent for none), whose
 * value `plan` restores to an object (JSON text, or `{key, value}` entries); its members join the
 * object's, a property the model gave taking precedence over an other key of the same name.
 */
export interface OtherKeys {
  property: string;
  plan: RestorePlan;
}

/** The plan that changes nothing. */
export const KEEP: RestorePlan = Object.freeze({ kind: 'keep' });

/**
 * An enum sent as strings: each text sent, and the value it stands for. The map is made on the
 * first call that needs it where the texts were sure to differ without it (see {@link enumAsTexts}).
 */
export interface EnumTexts {
  readonly source: readonly JsonValue[];
  map: Map<string, JsonValue> | undefined;
}

/** The text a string-only target is sent for one enum value (null has none: it is a type). */
function enumText(entry: JsonValue): string {
  if (typeof entry === 'string') return entry !== '' ? entry : '""';
  // `String` spells a finite number as JSON does (the copy lets no other number through), without
  // the serializer's setup per value.
  if (typeof entry === 'number' || typeof entry === 'boolean') return String(entry);
  return JSON.stringify(entry);
}

function enumTextMap(source: readonly JsonValue[]): Map<string, JsonValue> {
  const map = new Map<string, JsonValue>();
  for (const entry of source) if (entry !== null) map.set(enumText(entry), entry);
  return map;
}

/**
 * An enum's values as the distinct texts a string-only target takes (null left out: it is a
 * type), in order, and what maps each back. A Map, not an object: numbers' texts are index keys,
 * and an object of a few hundred of them from 100000 up is a sparse dictionary, a microsecond a
 * write. Numbers in increasing order (most numeric enums) have distinct texts: the map waits for
 * a call. A 143-value code enum: 38 µs before, 2 µs, a round trip of it being 5.
 */
export function enumAsTexts(values: readonly JsonValue[]): { texts: string[]; values: EnumTexts } {
  let increasing = true;
  for (let index = 0; index < values.length && increasing; index++) {
    const entry = values[index];
    increasing = typeof entry === 'number' && (index === 0 || (values[index - 1] as number) < entry);
  }
  if (increasing) return { texts: values.map(enumText), values: { source: values, map: undefined } };
  // A Map keeps each key where it was first set: its keys are the distinct texts, in order.
  const map = enumTextMap(values);
  return { texts: [...map.keys()], values: { source: values, map } };
}

/** The value a text of an enum sent as strings stands for; undefined when it is none of its texts. */
function enumTextValue(texts: EnumTexts, text: string): JsonValue | undefined {
  texts.map ??= enumTextMap(texts.source);
  return texts.map.get(text);
}

/**
 * The entries of a property kept under its own name with its value as it is: only listed where
 * an object's `additional` plan must not apply to it, or null means absent (strict mode). Shared.
 */
export const SAME_PROPERTY: RestoredProperty = Object.freeze({ plan: KEEP, nullMeansAbsent: false });
export const SAME_PROPERTY_NULL_MEANS_ABSENT: RestoredProperty = Object.freeze({ plan: KEEP, nullMeansAbsent: true });

/** True when a plan changes nothing, so a parent can be `keep` too. */
export function isKeep(plan: RestorePlan): boolean {
  return plan.kind === 'keep';
}

/** Sets an entry of a plan's property table; `__proto__` is defined as data, not assigned. */
export function setRestoredProperty(
  table: Record<string, RestoredProperty>,
  key: string,
  entry: RestoredProperty,
): void {
  if (key === '__proto__')
    Object.defineProperty(table, key, { value: entry, writable: true, enumerable: true, configurable: true });
  else table[key] = entry;
}

/** The JSON type of a value. */
export function jsonTypeOf(value: JsonValue): JsonTypeName {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as 'object' | 'string' | 'number' | 'boolean';
}

/** Definitions' plans by name, for `ref` plans. */
export type RestorePlanTable = Record<string, RestorePlan>;

/** The definition plans of a schema without definitions (shared: never written to). */
export const NO_DEFINITION_PLANS: RestorePlanTable = Object.freeze(Object.create(null) as RestorePlanTable);

/** Most ref hops followed while restoring one value (a value nests at most 1,000 levels anyway). */
const MAX_RESTORE_DEPTH = 1_000;

/**
 * Gives back a value as the original schema describes it. Never throws: a value that does not
 * have the shape the plan expects is returned as it is, and the validator against the original
 * schema says what is wrong with it.
 */
export function restoreValue(value: JsonValue, plan: RestorePlan, table: RestorePlanTable, depth = 0): JsonValue {
  if (depth > MAX_RESTORE_DEPTH) return value;
  switch (plan.kind) {
    case 'keep':
      return value;
    case 'ref': {
      const target = Object.hasOwn(table, plan.name) ? table[plan.name] : undefined;
      return target === undefined ? value : restoreValue(value, target, table, depth + 1);
    }
    case 'object': {
      if (!isJsonObject(value)) return value;
      const restored: JsonObject = {};
      const otherKeys = plan.otherKeys;
      let others: JsonValue | undefined;
      for (const key of Object.keys(value)) {
        const child = value[key] as JsonValue;
        if (otherKeys !== undefined && key === otherKeys.property) {
          others = child;
          continue;
        }
        const property = Object.hasOwn(plan.properties, key) ? plan.properties[key] : undefined;
        if (property === undefined) {
          const restoredChild =
            plan.additional === undefined ? child : restoreValue(child, plan.additional, table, depth + 1);
          defineMember(restored, key, restoredChild);
          continue;
        }
        if (child === null && property.nullMeansAbsent) continue;
        defineMember(restored, property.name ?? key, restoreValue(child, property.plan, table, depth + 1));
      }
      if (otherKeys !== undefined && others !== undefined && others !== null)
        addOtherKeys(restored, restoreValue(others, otherKeys.plan, table, depth + 1), otherKeys.property, others);
      return restored;
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => restoreValue(item, plan.items, table, depth + 1)) : value;
    case 'json-text': {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as JsonValue;
      } catch {
        return value;
      }
    }
    case 'entries': {
      if (!Array.isArray(value)) return value;
      const restored: JsonObject = {};
      for (const entry of value) {
        if (!isJsonObject(entry) || typeof entry.key !== 'string') return value;
        defineMember(
          restored,
          entry.key,
          restoreValue((entry.value ?? null) as JsonValue, plan.value, table, depth + 1),
        );
      }
      return restored;
    }
    case 'unwrap':
      return isJsonObject(value) && Object.hasOwn(value, plan.property)
        ? restoreValue(value[plan.property] as JsonValue, plan.plan, table, depth + 1)
        : value;
    case 'enum-text':
      return typeof value === 'string' ? (enumTextValue(plan.values, value) ?? value) : value;
    case 'any-of': {
      // A string listed by one variant's stringified enum is that variant's value (`anyOf` of
      // literals sent as string enums: "3" is the third variant's 3, not the first's).
      if (typeof value === 'string')
        for (const variant of plan.variants) {
          if (variant.plan.kind !== 'enum-text') continue;
          const restored = enumTextValue(variant.plan.values, value);
          if (restored !== undefined) return restored;
        }
      const type = jsonTypeOf(value);
      for (const variant of plan.variants) {
        if (variant.types === undefined || variant.types.includes(type))
          return restoreValue(value, variant.plan, table, depth + 1);
      }
      return value;
    }
    default:
      return plan satisfies never;
  }
}

/**
 * The other keys restored (see {@link OtherKeys}) joined to an object's members, after them; a
 * member already given stays. A value that did not restore to an object (text that is not a JSON
 * object) is kept as the model sent it, under the property's wire name: nothing is dropped unseen.
 */
function addOtherKeys(restored: JsonObject, others: JsonValue, property: string, sent: JsonValue): void {
  if (!isJsonObject(others)) {
    defineMember(restored, property, sent);
    return;
  }
  for (const key of Object.keys(others))
    if (!Object.hasOwn(restored, key)) defineMember(restored, key, others[key] as JsonValue);
}

/** Sets a member as data, even one named `__proto__`. */
function defineMember(object: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}
