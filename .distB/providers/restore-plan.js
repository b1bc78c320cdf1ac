import { isJsonObject } from '../schema/json.js';
/** The plan that changes nothing. */
export const KEEP = Object.freeze({ kind: 'keep' });
/**
 * The entries of a property kept under its own name with its value as it is: only listed where
 * an object's `additional` plan must not apply to it, or null means absent (strict mode). Shared.
 */
export const SAME_PROPERTY = Object.freeze({ plan: KEEP, nullMeansAbsent: false });
export const SAME_PROPERTY_NULL_MEANS_ABSENT = Object.freeze({ plan: KEEP, nullMeansAbsent: true });
/** True when a plan changes nothing, so a parent can be `keep` too. */
export function isKeep(plan) {
    return plan.kind === 'keep';
}
/** Sets an entry of a plan's property table; `__proto__` is defined as data, not assigned. */
export function setRestoredProperty(table, key, entry) {
    if (key === '__proto__')
        Object.defineProperty(table, key, { value: entry, writable: true, enumerable: true, configurable: true });
    else
        table[key] = entry;
}
/** The JSON type of a value. */
export function jsonTypeOf(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'array';
    return typeof value;
}
/** The definition plans of a schema without definitions (shared: never written to). */
export const NO_DEFINITION_PLANS = Object.freeze(Object.create(null));
/** Most ref hops followed while restoring one value (a value nests at most 1,000 levels anyway). */
const MAX_RESTORE_DEPTH = 1_000;
/**
 * Gives back a value as the original schema describes it. Never throws: a value that does not
 * have the shape the plan expects is returned as it is, and the validator against the original
 * schema says what is wrong with it.
 */
export function restoreValue(value, plan, table, depth = 0) {
    if (depth > MAX_RESTORE_DEPTH)
        return value;
    switch (plan.kind) {
        case 'keep':
            return value;
        case 'ref': {
            const target = Object.hasOwn(table, plan.name) ? table[plan.name] : undefined;
            return target === undefined ? value : restoreValue(value, target, table, depth + 1);
        }
        case 'object': {
            if (!isJsonObject(value))
                return value;
            const restored = {};
            for (const key of Object.keys(value)) {
                const child = value[key];
                const property = Object.hasOwn(plan.properties, key) ? plan.properties[key] : undefined;
                if (property === undefined) {
                    const restoredChild = plan.additional === undefined ? child : restoreValue(child, plan.additional, table, depth + 1);
                    defineMember(restored, key, restoredChild);
                    continue;
                }
                if (child === null && property.nullMeansAbsent)
                    continue;
                defineMember(restored, property.name ?? key, restoreValue(child, property.plan, table, depth + 1));
            }
            return restored;
        }
        case 'array':
            return Array.isArray(value) ? value.map((item) => restoreValue(item, plan.items, table, depth + 1)) : value;
        case 'json-text': {
            if (typeof value !== 'string')
                return value;
            try {
                return JSON.parse(value);
            }
            catch {
                return value;
            }
        }
        case 'entries': {
            if (!Array.isArray(value))
                return value;
            const restored = {};
            for (const entry of value) {
                if (!isJsonObject(entry) || typeof entry.key !== 'string')
                    return value;
                defineMember(restored, entry.key, restoreValue((entry.value ?? null), plan.value, table, depth + 1));
            }
            return restored;
        }
        case 'unwrap':
            return isJsonObject(value) && Object.hasOwn(value, plan.property)
                ? restoreValue(value[plan.property], plan.plan, table, depth + 1)
                : value;
        case 'enum-text':
            return typeof value === 'string' && Object.hasOwn(plan.values, value) ? plan.values[value] : value;
        case 'any-of': {
            // A string listed by one variant's stringified enum is that variant's value (`anyOf` of
            // literals sent as string enums: "3" is the third variant's 3, not the first's).
            if (typeof value === 'string')
                for (const variant of plan.variants)
                    if (variant.plan.kind === 'enum-text' && Object.hasOwn(variant.plan.values, value))
                        return variant.plan.values[value];
            const type = jsonTypeOf(value);
            for (const variant of plan.variants) {
                if (variant.types === undefined || variant.types.includes(type))
                    return restoreValue(value, variant.plan, table, depth + 1);
            }
            return value;
        }
        default:
            return plan;
    }
}
/** Sets a member as data, even one named `__proto__`. */
function defineMember(object, key, value) {
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}
//# sourceMappingURL=restore-plan.js.map