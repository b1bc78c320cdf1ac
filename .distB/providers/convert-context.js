import { isJsonObject } from '../schema/json.js';
import { appendNotes } from './describe-constraint.js';
/** The note on a value sent as JSON text. */
export const JSON_TEXT_NOTE = 'any JSON value, written as JSON text';
/** One shared list per single type name: `typeList` runs once per schema node, and most have one type. */
const SINGLE_TYPE_LISTS = new Map();
/** The type names of a `type` keyword; read-only (a single name's list is shared). */
export function typeList(type) {
    if (typeof type === 'string') {
        let list = SINGLE_TYPE_LISTS.get(type);
        if (list === undefined) {
            list = [type];
            if (SINGLE_TYPE_LISTS.size < 64)
                SINGLE_TYPE_LISTS.set(type, list);
        }
        return list;
    }
    if (Array.isArray(type))
        return type.filter((entry) => typeof entry === 'string');
    return undefined;
}
/** One shared array per single type: most schemas have one, and this runs once per schema node. */
const SINGLE_WIRE_TYPES = {
    object: ['object'],
    array: ['array'],
    string: ['string'],
    number: ['number'],
    integer: ['number'],
    boolean: ['boolean'],
    null: ['null'],
};
/** The same with null. */
const NULLABLE_WIRE_TYPES = {
    object: ['object', 'null'],
    array: ['array', 'null'],
    string: ['string', 'null'],
    number: ['number', 'null'],
    integer: ['number', 'null'],
    boolean: ['boolean', 'null'],
};
/** The JSON types a value of these schema types can have (`integer` values are numbers). Read-only. */
export function wireTypes(types) {
    if (types.length === 1) {
        const single = SINGLE_WIRE_TYPES[types[0]];
        if (single !== undefined)
            return single;
    }
    else if (types.length === 2 && types[1] === 'null') {
        // One type or null: strict mode's optional properties.
        const single = NULLABLE_WIRE_TYPES[types[0]];
        if (single !== undefined)
            return single;
    }
    const wire = [];
    for (const type of types) {
        const name = (type === 'integer' ? 'number' : type);
        if (!wire.includes(name))
            wire.push(name);
    }
    return wire;
}
/** The distinct entries of a short list (a node's types), in first-seen order: no set per node. */
export function distinctTypes(list) {
    const distinct = [];
    for (const entry of list)
        if (!distinct.includes(entry))
            distinct.push(entry);
    return distinct;
}
export function typeOfValue(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'array';
    if (typeof value === 'number')
        return Number.isInteger(value) ? 'integer' : 'number';
    return typeof value;
}
/** Whether one of `types` admits a value of type `valueType` (integer values are numbers too). */
export function admits(types, valueType) {
    return types.includes(valueType) || (valueType === 'integer' && types.includes('number'));
}
/** A description with notes appended ({@link appendNotes}), as the converter writes it. */
export function describe(description, notes) {
    return appendNotes(description, notes);
}
/** The converted form of "any JSON value" where the target needs a type: JSON text. */
export function jsonText(description, note, nullable, ctx) {
    const schema = { type: nullable ? typeWithNull('string', ctx) : 'string' };
    if (nullable && ctx.profile.nullability === 'nullable')
        schema.nullable = true;
    const text = describe(description, [note]);
    if (text !== undefined)
        schema.description = text;
    return { schema, plan: { kind: 'json-text' }, types: nullable ? ['string', 'null'] : ['string'] };
}
export function typeWithNull(type, ctx) {
    return ctx.profile.nullability === 'type-array' ? [type, 'null'] : type;
}
/** Key order on the wire: type and description first, as people write schemas. */
export function orderKeys(schema) {
    if (schema.type === undefined && schema.description === undefined)
        return schema;
    const ordered = {};
    if (schema.type !== undefined)
        ordered.type = schema.type;
    if (schema.description !== undefined)
        ordered.description = schema.description;
    for (const key of Object.keys(schema))
        if (key !== 'type' && key !== 'description')
            ordered[key] = schema[key];
    return ordered;
}
/**
 * What the server wrote at `path` (`/inputSchema/...`) in its own schema, before sanitize; undefined
 * where the path does not exist there (an inlined ref's use site, a renamed member).
 */
export function originalAt(original, path) {
    const keys = [];
    for (let step = path; step !== undefined; step = step.parent)
        keys.push(step.key);
    keys.reverse();
    let node = original;
    // The first key is the tool's `inputSchema`.
    for (const key of keys.slice(1)) {
        if (Array.isArray(node) && typeof key === 'number')
            node = node[key];
        else if (isJsonObject(node) && Object.hasOwn(node, String(key)))
            node = node[String(key)];
        else
            return undefined;
    }
    return node;
}
//# sourceMappingURL=convert-context.js.map