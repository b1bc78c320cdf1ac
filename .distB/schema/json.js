// Raw JSON values and the own-property helpers every stage uses on them.
/** True for a JSON object (not an array, not null). */
export function isJsonObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const { hasOwn } = Object;
/** Reads an own member only: inherited names such as `constructor` read as undefined. */
export function getOwn(object, key) {
    return hasOwn(object, key) ? object[key] : undefined;
}
/**
 * True when the node has any of the keys, whatever the value (null included). Only for the
 * stages' own JSON copy, which has no undefined members, so `!== undefined` means "present";
 * none of the keyword names it is asked about live on Object.prototype.
 */
export function hasAnyKey(node, keys) {
    for (const key of keys)
        if (node[key] !== undefined)
            return true;
    return false;
}
/** Whether an object has no own enumerable key (without listing its keys). */
export function hasNoKeys(object) {
    for (const key in object)
        if (Object.hasOwn(object, key))
            return false;
    return true;
}
/** True when the object has the key as its own member, whatever its value (null included). */
export function hasOwnKey(object, key) {
    return hasOwn(object, key);
}
/**
 * Sets an own member. `__proto__` is defined as data rather than assigned, since assigning it
 * would call the prototype setter (SPEC §1.9).
 */
export function setOwn(object, key, value) {
    if (key === '__proto__') {
        Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
    }
    else {
        object[key] = value;
    }
}
/** Writes a child into its holder, an object key or an array index. */
export function setChild(holder, key, value) {
    if (Array.isArray(holder))
        holder[key] = value;
    else
        setOwn(holder, key, value);
}
//# sourceMappingURL=json.js.map