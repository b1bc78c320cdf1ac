// A converted JSON schema spelled as Gemini's `Schema` message: upper-case type names, 64-bit counts as strings.
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import type { KeyLists } from '../schema/key-lists.js';
import type { GeminiSchema } from './wire.js';

/** Gemini's spelling of each JSON type name, interned once (no new string per schema). */
const TYPE_SPELLING: Readonly<Record<string, string>> = Object.assign(Object.create(null) as Record<string, string>, {
  string: 'STRING',
  number: 'NUMBER',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  array: 'ARRAY',
  object: 'OBJECT',
  null: 'NULL',
});

/** Whether a type name is Gemini's spelling (`OBJECT`), not JSON Schema's (`object`): the first letter is a capital. */
function isSpelledType(type: string): boolean {
  const first = type.charCodeAt(0);
  return first >= 65 && first <= 90;
}

/** `Schema` fields that are int64 in Gemini's API, written as strings in its JSON (and its SDK types). */
const INT64_FIELDS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties']);

/**
 * Spells a schema already in Gemini's subset (see `schemaProfile('gemini')`) the way its API and
 * SDK type it: `"object"` → `"OBJECT"`, `minItems: 1` → `"1"`, recursively through properties,
 * items and anyOf. In place: the schema is the converter's own, just built for this tool (a
 * rebuilt copy was a second schema per tool to allocate and collect). Spelling twice changes
 * nothing, so a node met twice is safe; it is not walked again: the uses of an inlined definition
 * share one object (`convert-ref.ts`), whose type the first use spelled. A type in capitals is one
 * this spelled (the converter writes JSON Schema's names), and the walk that spelled it went on
 * through the node's whole subtree before any other use could reach it (the schema has no cycles).
 */
export function spellGeminiSchemaInPlace(schema: JsonObject, keyLists?: KeyLists): GeminiSchema {
  // for-in over the converter's own small objects: no key array per node.
  for (const key in schema) {
    if (!Object.hasOwn(schema, key)) continue;
    const value = schema[key] as JsonValue;
    if (key === 'type' && typeof value === 'string') {
      // Met again (a shared definition): spelled already, and all below it. Checked here, not by
      // reading `type` before the loop: that read, on nodes of every shape, cost about 3% where
      // nothing is shared. The converter writes `type` first; a key before it would only be
      // spelled again, which changes nothing.
      if (isSpelledType(value)) return schema as unknown as GeminiSchema;
      schema.type = TYPE_SPELLING[value] ?? value.toUpperCase();
    } else if (typeof value === 'number' && INT64_FIELDS.has(key)) schema[key] = String(value);
    else if (key === 'properties' && isJsonObject(value)) {
      const listed = keyLists === undefined ? undefined : keyLists.get(value);
      if (listed !== undefined) {
        for (const name of listed)
          if (isJsonObject(value[name])) spellGeminiSchemaInPlace(value[name] as JsonObject, keyLists);
      } else {
        for (const name in value)
          if (Object.hasOwn(value, name) && isJsonObject(value[name]))
            spellGeminiSchemaInPlace(value[name] as JsonObject, keyLists);
      }
    } else if (key === 'items' && isJsonObject(value)) spellGeminiSchemaInPlace(value, keyLists);
    else if (key === 'anyOf' && Array.isArray(value)) {
      for (const variant of value) if (isJsonObject(variant)) spellGeminiSchemaInPlace(variant, keyLists);
    }
  }
  return schema as unknown as GeminiSchema;
}
