// Whether Anthropic strict's conversion of a prepared schema is sure to cost nothing of a
// request's budget (20 strict tools, 24 optional and 16 union parameters): no optional property
// and no union anywhere. In a list of more than 20 tools every tool is converted non-strict
// first, to be ranked by its counts, and the cheapest are then converted strict. Tools that cost
// nothing rank first, in list order, and most servers have many (Cloudflare 68 of 89 tools,
// Bright Data 59 of 74, Plane 33 of 47): the first 20 of them were converted twice. A tool this
// check vouches for is converted strict at once; the ranking still reads what its strict schema
// costs, so a wrong answer here would cost time, never the budget.
//
// Read from the prepared schema without converting it, and only from what the converter is
// sure to write as it is (anything else answers false):
// - every node a JSON object with one type, `object`, `array`, `string`, `number`, `integer`
//   or `boolean` (no `null`: a nullable type is a union), and only keywords that neither make a
//   union nor leave a property optional: annotations, and each type's own constraints;
// - an object's every property listed in its `required`, and its other keys closed or left
//   unsaid (`additionalProperties: true` or a schema would travel in an optional property);
// - an array's `items` one such schema (a tuple, or none, is not);
// - an enum of values of the node's own type, never null;
// - no ref, no definitions, no composition or condition, no `const`, no null default.

import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';

/** Nodes read at most: a larger tool is left to the ranking (its conversion outweighs one more). */
const MAX_NODES = 200;

/** The types a node may have here: one, and not `null` (a nullable type is a union). */
function isSingleType(type: JsonValue | undefined): type is string {
  return (
    type === 'object' ||
    type === 'array' ||
    type === 'string' ||
    type === 'number' ||
    type === 'integer' ||
    type === 'boolean'
  );
}

/**
 * Whether a keyword of a node of this type changes nothing the budget counts: an annotation, or
 * one of the type's own constraints (their values are checked where they matter). A switch: the
 * keys are the engine's interned strings, compared without hashing.
 */
function costsNothingAsKeyword(key: string, type: string): boolean {
  switch (key) {
    case 'type':
    case 'description':
    case 'title':
    case '$comment':
    case '$schema':
    case 'examples':
    case 'default':
    case 'deprecated':
    case 'readOnly':
    case 'writeOnly':
    case 'enum':
      return true;
    case 'properties':
    case 'required':
    case 'additionalProperties':
    case 'minProperties':
    case 'maxProperties':
      return type === 'object';
    case 'items':
    case 'minItems':
    case 'maxItems':
    case 'uniqueItems':
      return type === 'array';
    case 'format':
    case 'pattern':
    case 'minLength':
    case 'maxLength':
      return type === 'string';
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'multipleOf':
      return type === 'number' || type === 'integer';
    default:
      return false;
  }
}

/** The enum values each scalar type keeps as they are (a value of another type may retype the node). */
const ENUM_VALUE_OF_TYPE: Readonly<Record<string, (value: JsonValue) => boolean>> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
};

/** True when an enum lists values, each of the node's own scalar type (never null). */
function enumOfType(values: JsonValue, type: string): boolean {
  const ofType = Object.hasOwn(ENUM_VALUE_OF_TYPE, type) ? ENUM_VALUE_OF_TYPE[type] : undefined;
  return ofType !== undefined && Array.isArray(values) && values.length > 0 && values.every(ofType);
}

/**
 * True when every property of an object node is listed in its `required`, and there are at most
 * `most` of them (a wider object is past the nodes the check reads: no list or set is built).
 */
function everyPropertyRequired(properties: JsonObject, required: JsonValue | undefined, most: number): boolean {
  let names = 0;
  for (const name in properties) if (Object.hasOwn(properties, name) && ++names > most) return false;
  if (names === 0) return true;
  // Most objects that leave a property optional list fewer names than they have properties.
  if (!Array.isArray(required) || required.length < names) return false;
  // A set for a long list: a scan per property would be properties × required.
  const listed = required.length > 16 ? new Set<JsonValue>(required) : undefined;
  for (const name in properties) {
    if (!Object.hasOwn(properties, name)) continue;
    if (listed === undefined ? !required.includes(name) : !listed.has(name)) return false;
  }
  return true;
}

/**
 * True when Anthropic strict's conversion of this prepared schema (the parse's raw copy) is sure
 * to hold no optional property and no union; false when it may, or the schema is too large to
 * read here. See the file's header for what it reads.
 */
export function costsNothingOfStrictBudget(raw: JsonValue): boolean {
  if (!isJsonObject(raw) || raw.type !== 'object') return false;
  const pending: JsonValue[] = [raw];
  let nodes = 0;
  while (pending.length > 0) {
    if (++nodes > MAX_NODES) return false;
    const node = pending.pop();
    if (!isJsonObject(node)) return false;
    const type = node.type;
    if (!isSingleType(type)) return false;
    for (const key in node) if (Object.hasOwn(node, key) && !costsNothingAsKeyword(key, type)) return false;
    if (node.default === null) return false;
    if (node.enum !== undefined && !enumOfType(node.enum, type)) return false;
    if (type === 'object') {
      const additional = node.additionalProperties;
      if (additional !== undefined && additional !== false) return false;
      const properties = node.properties;
      if (properties === undefined) continue;
      if (!isJsonObject(properties) || !everyPropertyRequired(properties, node.required, MAX_NODES - nodes))
        return false;
      for (const name in properties) if (Object.hasOwn(properties, name)) pending.push(properties[name] as JsonValue);
    } else if (type === 'array') {
      if (!isJsonObject(node.items)) return false;
      pending.push(node.items);
    }
  }
  return true;
}
