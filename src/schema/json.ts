// Raw JSON values and the own-property helpers every stage uses on them.

/** A JSON value as `JSON.parse` returns it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A JSON object. Keys are data: `__proto__` or `constructor` may be ordinary member names. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** A container a child value lives in: an object with its key, or an array with its index. */
export type JsonHolder = JsonObject | JsonValue[];

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const { hasOwn } = Object;

/** Reads an own member only: inherited names such as `constructor` read as undefined. */
export function getOwn(object: JsonObject, key: string): JsonValue | undefined {
  return hasOwn(object, key) ? object[key] : undefined;
}

/**
 * True when the node has any of the keys, whatever the value (null included). Only for the
 * stages' own JSON copy, which has no undefined members, so `!== undefined` means "present";
 * none of the keyword names it is asked about live on Object.prototype.
 */
export function hasAnyKey(node: JsonObject, keys: readonly string[]): boolean {
  for (const key of keys) if (node[key] !== undefined) return true;
  return false;
}

/** Whether an object has no own enumerable key (without listing its keys). */
export function hasNoKeys(object: JsonObject): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return false;
  return true;
}

/** True when the object has the key as its own member, whatever its value (null included). */
export function hasOwnKey(object: JsonObject, key: string): boolean {
  return hasOwn(object, key);
}

/**
 * Sets an own member. `__proto__` is defined as data rather than assigned, since assigning it
 * would call the prototype setter (SPEC §1.9).
 */
export function setOwn(object: JsonObject, key: string, value: JsonValue): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    object[key] = value;
  }
}

/** Writes a child into its holder, an object key or an array index. */
export function setChild(holder: JsonHolder, key: string | number, value: JsonValue): void {
  if (Array.isArray(holder)) holder[key as number] = value;
  else setOwn(holder, key as string, value);
}

/**
 * A shallow copy of an object's own members but `except`, made member by member, for a copy the
 * caller then adds members to. A spread then given a key its source lacks takes V8's slow path,
 * and in the converter such copies (a root given its `$defs`, a schema given `nullable`) came out
 * each with a map of its own, no two roots alike: every later write to them missed V8's caches.
 */
export function copyMembers(source: JsonObject, except?: string): JsonObject {
  const copy: JsonObject = {};
  for (const key in source) if (key !== except && hasOwn(source, key)) setOwn(copy, key, source[key] as JsonValue);
  return copy;
}

/** A deep copy of JSON the library owns (no checks: it was checked when it came in). */
export function copyOwnedJson<T extends JsonValue>(value: T): T;
export function copyOwnedJson(value: JsonValue): JsonValue {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    // Sliced, then only the object elements copied: most lists (enum, required, type) hold none,
    // and map called back once per element.
    const copy = value.slice();
    for (let index = 0; index < copy.length; index++) {
      const element = copy[index] as JsonValue;
      if (typeof element === 'object' && element !== null) copy[index] = copyOwnedJson(element);
    }
    return copy;
  }
  // Spread, then only the members that are objects or arrays copied: V8 clones a small object
  // in one step, where a member at a time cost a write each (the copies of Gemini's inlined
  // definitions spent a fifth of a pydantic conversion here). Spread defines members as data,
  // `__proto__` included, and a write to a member that is already its own is a plain write.
  const copy: JsonObject = { ...value };
  for (const key in copy) {
    const member = copy[key] as JsonValue;
    if (typeof member === 'object' && member !== null) copy[key] = copyOwnedJson(member);
  }
  return copy;
}
