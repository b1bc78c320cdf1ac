/** A JSON value as `JSON.parse` returns it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
/** A JSON object. Keys are data: `__proto__` or `constructor` may be ordinary member names. */
export interface JsonObject {
    [key: string]: JsonValue;
}
/** A container a child value lives in: an object with its key, or an array with its index. */
export type JsonHolder = JsonObject | JsonValue[];
/** True for a JSON object (not an array, not null). */
export declare function isJsonObject(value: JsonValue | undefined): value is JsonObject;
/** Reads an own member only: inherited names such as `constructor` read as undefined. */
export declare function getOwn(object: JsonObject, key: string): JsonValue | undefined;
/**
 * True when the node has any of the keys, whatever the value (null included). Only for the
 * stages' own JSON copy, which has no undefined members, so `!== undefined` means "present";
 * none of the keyword names it is asked about live on Object.prototype.
 */
export declare function hasAnyKey(node: JsonObject, keys: readonly string[]): boolean;
/** Whether an object has no own enumerable key (without listing its keys). */
export declare function hasNoKeys(object: JsonObject): boolean;
/** True when the object has the key as its own member, whatever its value (null included). */
export declare function hasOwnKey(object: JsonObject, key: string): boolean;
/**
 * Sets an own member. `__proto__` is defined as data rather than assigned, since assigning it
 * would call the prototype setter (SPEC §1.9).
 */
export declare function setOwn(object: JsonObject, key: string, value: JsonValue): void;
/** Writes a child into its holder, an object key or an array index. */
export declare function setChild(holder: JsonHolder, key: string | number, value: JsonValue): void;
//# sourceMappingURL=json.d.ts.map