// Warnings about the final schema: what the model will see that contradicts itself (explain only).
import { describeValue, readingHandWritten, toJsonPointer } from '../errors.js';
import type { JsonValue } from './json.js';
import type { JsonSchema, JsonSchemaType } from './model.js';

/**
 * A problem in a schema that decodes fine but may confuse a model or a strict provider.
 * - `enum_type_mismatch`: enum values that none of the schema's types admit (the reference
 *   infers `"type":"string"` for `{"enum":[1,2]}`, SPEC §1.2, so this happens in practice).
 * - `required_not_in_properties`: a required name with no matching property (decode does not check).
 */
export interface SchemaWarning {
  kind: 'enum_type_mismatch' | 'required_not_in_properties';
  /** JSON Pointer into the final schema. */
  path: string;
  message: string;
}

function admits(type: JsonSchemaType, value: JsonValue): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    default:
      return type satisfies never;
  }
}

/** A schema the walk has yet to read, with the way to it (its path is spelled only for a warning). */
interface Pending {
  node: unknown;
  parent: Pending | undefined;
  key: string | number;
}

/** The JSON Pointer of a pending schema, from its chain of parents. */
function pointerOf(entry: Pending, last: string): string {
  const segments: (string | number)[] = [last];
  for (let at: Pending | undefined = entry; at?.parent !== undefined; at = at.parent) segments.push(at.key);
  return toJsonPointer(segments.reverse());
}

/** A value as the message shows it: its JSON, or what it is when it has none. */
function shown(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    if (typeof text === 'string') return text;
  } catch {
    // A value written by hand (a BigInt, a throwing `toJSON`): said in words below.
  }
  return describeValue(value);
}

/**
 * Lists the warnings of a decoded schema, depth first, through every child schema and table.
 * Walked with a stack of its own, each object read once, and only what has the model's shape
 * read: a schema written by hand may nest deeper than the call stack goes, hold itself, or hold
 * anything where a list belongs (each of these threw a RangeError or a TypeError).
 */
export function findSchemaWarnings(schema: JsonSchema): SchemaWarning[] {
  return readingHandWritten('the schema', () => collectWarnings(schema));
}

function collectWarnings(schema: JsonSchema): SchemaWarning[] {
  const warnings: SchemaWarning[] = [];
  const seen = new Set<object>();
  const stack: Pending[] = [{ node: schema, parent: undefined, key: '' }];
  const children: Pending[] = [];
  while (stack.length > 0) {
    const entry = stack.pop() as Pending;
    const value = entry.node;
    if (typeof value !== 'object' || value === null || Array.isArray(value) || seen.has(value)) continue;
    seen.add(value);
    const node = value as Record<string, unknown>;
    const types = (node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type]).filter(
      (type): type is JsonSchemaType => typeof type === 'string',
    );
    if (Array.isArray(node.enum) && types.length > 0) {
      const strays = (node.enum as JsonValue[]).filter((item) => !types.some((type) => admits(type, item)));
      if (strays.length > 0) {
        warnings.push({
          kind: 'enum_type_mismatch',
          path: pointerOf(entry, 'enum'),
          message: `enum values ${strays.slice(0, 3).map(shown).join(', ')}${strays.length > 3 ? ', …' : ''} are not of type ${types.join(' | ')}`,
        });
      }
    }
    const properties = isTable(node.properties) ? node.properties : undefined;
    if (Array.isArray(node.required)) {
      const missing = node.required.filter(
        (name) => typeof name === 'string' && (properties === undefined || !Object.hasOwn(properties, name)),
      );
      if (missing.length > 0) {
        warnings.push({
          kind: 'required_not_in_properties',
          path: pointerOf(entry, 'required'),
          message: `required ${missing.map((name) => JSON.stringify(name)).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not among the properties`,
        });
      }
    }
    // The children in the order a recursive walk reads them, pushed last first.
    children.length = 0;
    const table = (key: string, entries: unknown) => {
      if (!isTable(entries)) return;
      const holder: Pending = { node: entries, parent: entry, key };
      for (const name of Object.keys(entries)) children.push({ node: entries[name], parent: holder, key: name });
    };
    table('properties', properties);
    if (node.items !== undefined) children.push({ node: node.items, parent: entry, key: 'items' });
    if (typeof node.additionalProperties === 'object')
      children.push({ node: node.additionalProperties, parent: entry, key: 'additionalProperties' });
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const list = node[key];
      if (!Array.isArray(list)) continue;
      const holder: Pending = { node: list, parent: entry, key };
      list.forEach((variant, index) => {
        children.push({ node: variant, parent: holder, key: index });
      });
    }
    table('$defs', node.$defs);
    table('definitions', node.definitions);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index] as Pending);
  }
  return warnings;
}

/** A table of named schemas (`properties`, `$defs`): an object that is no array. */
function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
