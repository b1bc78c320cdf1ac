// The model's measure told by the sanitizing copy: compaction's first measure without a walk of its own.
import type { DecodeObserver } from './decode.js';
import type { JsonValue } from './json.js';
import { JSON_SCHEMA_TYPE_NAMES, type JsonSchemaType } from './model.js';

/**
 * The fields of one sanitized schema object that sanitize may still change after its members are
 * copied (`type`, `enum`, the inserted `properties` and `items`) or that an emptied object drops
 * (`description`, `encrypted`), told to `observer` as decode would tell them; then the object
 * itself. The copy told the others as it copied them (`told` of them), and each schema child told
 * itself. Returns false where decode would fail on these fields: the copy's result is then
 * measured by decoding, which reports the error. `type` is one sanitize wrote, or one it checked.
 * - The same calls as `decode.ts`'s `fields`, in another order: the observer only sums.
 */
export function tallySanitizedFields(
  observer: DecodeObserver,
  depth: number,
  told: number,
  composition: boolean,
  type: JsonValue | undefined,
  enumValues: JsonValue | undefined,
  description: JsonValue | undefined,
  encrypted: JsonValue | undefined,
  insertedItems: boolean,
  insertedProperties: boolean,
): boolean {
  let fields = told;
  let described = false;
  // Sanitize wrote the type, or checked the one it left (see its caller).
  if (type != null) {
    observer.type(type as JsonSchemaType | JsonSchemaType[]);
    fields++;
  }
  if (description != null) {
    if (typeof description !== 'string') return false;
    observer.description(description);
    described = true;
    fields++;
  }
  if (encrypted != null) {
    if (typeof encrypted !== 'boolean') return false;
    observer.encrypted(encrypted);
    fields++;
  }
  if (enumValues != null) {
    if (!Array.isArray(enumValues)) return false;
    observer.enumValues(enumValues);
    fields++;
  }
  if (insertedItems) {
    observer.items();
    tallyStringSchema(depth + 1, observer);
    fields++;
  }
  if (insertedProperties) {
    observer.table('properties', []);
    fields++;
  }
  observer.schemaObject(depth, fields, described, composition);
  return true;
}

/** `{"type":"string"}` at `depth`: what sanitize writes for a boolean schema and a missing `items`. */
export function tallyStringSchema(depth: number, observer: DecodeObserver): void {
  observer.type('string');
  observer.schemaObject(depth, 1, false, false);
}

/** Whether decode takes this `type`: one of JSON's type names, or a list of them. */
export function isDecodableType(type: JsonValue): boolean {
  if (typeof type === 'string') return JSON_SCHEMA_TYPE_NAMES.has(type);
  if (!Array.isArray(type)) return false;
  for (let index = 0; index < type.length; index++) {
    const name = type[index];
    if (typeof name !== 'string' || !JSON_SCHEMA_TYPE_NAMES.has(name)) return false;
  }
  return true;
}

/** Whether `required` is what decode takes: a list of names. */
export function isNameList(value: JsonValue): value is string[] {
  if (!Array.isArray(value)) return false;
  for (let index = 0; index < value.length; index++) if (typeof value[index] !== 'string') return false;
  return true;
}
