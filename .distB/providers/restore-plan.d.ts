import type { JsonValue } from '../schema/json.js';
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
 * - `object`: properties renamed or restored one by one; `additional` restores other keys' values.
 * - `array`: each item restored.
 * - `json-text`: a free-form value the target could not carry, sent as JSON text: parsed back.
 * - `entries`: an open map sent as `[{key, value}]`: turned back into an object.
 * - `enum-text`: a non-string enum sent as strings: each string mapped back to its value.
 * - `any-of`: alternatives; the first whose wire types admit the value restores it.
 * - `ref`: the plan of a definition, by name (recursion).
 * - `unwrap`: a root the target could not carry as it is, sent as one property: unwrapped.
 */
export type RestorePlan = {
    kind: 'keep';
} | {
    kind: 'object';
    properties: Record<string, RestoredProperty>;
    additional: RestorePlan | undefined;
} | {
    kind: 'array';
    items: RestorePlan;
} | {
    kind: 'json-text';
} | {
    kind: 'entries';
    value: RestorePlan;
} | {
    kind: 'enum-text';
    values: Record<string, JsonValue>;
} | {
    kind: 'any-of';
    variants: {
        types: JsonTypeName[] | undefined;
        plan: RestorePlan;
    }[];
} | {
    kind: 'ref';
    name: string;
} | {
    kind: 'unwrap';
    property: string;
    plan: RestorePlan;
};
/** The plan that changes nothing. */
export declare const KEEP: RestorePlan;
/**
 * The entries of a property kept under its own name with its value as it is: only listed where
 * an object's `additional` plan must not apply to it, or null means absent (strict mode). Shared.
 */
export declare const SAME_PROPERTY: RestoredProperty;
export declare const SAME_PROPERTY_NULL_MEANS_ABSENT: RestoredProperty;
/** True when a plan changes nothing, so a parent can be `keep` too. */
export declare function isKeep(plan: RestorePlan): boolean;
/** Sets an entry of a plan's property table; `__proto__` is defined as data, not assigned. */
export declare function setRestoredProperty(table: Record<string, RestoredProperty>, key: string, entry: RestoredProperty): void;
/** The JSON type of a value. */
export declare function jsonTypeOf(value: JsonValue): JsonTypeName;
/** Definitions' plans by name, for `ref` plans. */
export type RestorePlanTable = Record<string, RestorePlan>;
/** The definition plans of a schema without definitions (shared: never written to). */
export declare const NO_DEFINITION_PLANS: RestorePlanTable;
/**
 * Gives back a value as the original schema describes it. Never throws: a value that does not
 * have the shape the plan expects is returned as it is, and the validator against the original
 * schema says what is wrong with it.
 */
export declare function restoreValue(value: JsonValue, plan: RestorePlan, table: RestorePlanTable, depth?: number): JsonValue;
//# sourceMappingURL=restore-plan.d.ts.map