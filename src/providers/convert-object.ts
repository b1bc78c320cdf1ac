// Object schemas for a target: properties (renamed, made nullable), required, additionalProperties, or an encoding.

import type { JsonObject, JsonValue } from '../schema/json.js';
import { hasNoKeys, isJsonObject, setOwn } from '../schema/json.js';
import { LARGE_OBJECT_KEYS, noteKeyList } from '../schema/key-lists.js';
import { at, type SchemaPath } from './changes.js';
import { type Context, type Converted, describe, jsonText, originalAt } from './convert-context.js';
import { describeKeyword } from './describe-constraint.js';
import { type NameCounters, uniquePropertyName } from './names.js';
import { makeOwnedSchemaNullable } from './nullability.js';
import {
  isKeep,
  KEEP,
  type OtherKeys,
  type RestoredProperty,
  type RestorePlan,
  SAME_PROPERTY,
  SAME_PROPERTY_NULL_MEANS_ABSENT,
  setRestoredProperty,
} from './restore-plan.js';

/**
 * Converts an object's properties into `out` and returns their restore plan; or returns the
 * encoded schema instead when the target cannot carry the object as it is (an open map, or a
 * free-form object).
 */
export function convertObject(
  node: JsonObject,
  path: SchemaPath,
  ctx: Context,
  depth: number,
  out: JsonObject,
): { encoded: Converted } | { plan: RestorePlan } {
  const { profile } = ctx;
  const properties = isJsonObject(node.properties) ? node.properties : {};
  // A large table's list is the copy's: the names are copied, since `required` may become them.
  const listed = ctx.keyLists === undefined ? undefined : ctx.keyLists.get(properties);
  let names = listed !== undefined ? listed.slice() : Object.keys(properties);
  // What sanitize (the reference's) made `{type: "string"}` of: `false` (the property is
  // forbidden) leaves the wire; `true` (any value) is any value. Read from the server's own schema.
  // And what it made `{}` of: a schema no value matches (`{"not": {}}`, zod's `z.never()` and
  // `z.undefined()`) is forbidden too, as `false` is, not any value.
  const maybeBoolean =
    ctx.original !== undefined && ctx.booleanSchemas && names.some((name) => mayBeForbidden(properties[name], true));
  const { forbidden, anything } = maybeBoolean ? booleanProperties(names, path, ctx) : NO_BOOLEAN_PROPERTIES;
  if (forbidden !== undefined) {
    names = names.filter((name) => !forbidden.has(name));
    for (const [name, spelling] of forbidden)
      ctx.log.add(
        'keyword_dropped',
        at(at(path, 'properties'), name),
        `property ${JSON.stringify(name)} is forbidden (${spelling}): not offered to the model`,
      );
  }
  const additional = closedByNever(node.additionalProperties, path, ctx);
  // A root without properties or additionalProperties is a tool that takes no arguments, not a
  // free-form object (MCP tools without parameters are written so).
  const open = additional === true || (additional === undefined && depth > 0);
  const typedMap = isJsonObject(additional);

  if (names.length === 0 && typedMap && (profile.closedObjects || !profile.additionalProperties)) {
    const value = ctx.convert(additional, at(path, 'additionalProperties'), ctx, depth + 1);
    const entry: JsonObject = {
      type: 'object',
      properties: { key: { type: 'string' }, value: value.schema },
      required: ['key', 'value'],
    };
    if (profile.closedObjects) entry.additionalProperties = false;
    // Two more properties, `key` and `value`.
    ctx.tally.properties += 2;
    ctx.tally.nameChars += 8;
    ctx.log.add(
      'encoded_entries',
      path,
      'an open map sent as a list of {key, value} entries (the target needs fixed keys)',
    );
    const mapNotes = ['a map, given as a list of {key, value} entries'];
    if (node.propertyNames !== undefined) {
      // The keys' rule has no place in an entry list: said in words, on the map.
      mapNotes.push(describeKeyword('propertyNames', node.propertyNames));
      ctx.log.add('keyword_moved', at(path, 'propertyNames'), 'propertyNames moved into the description');
    }
    const schema: JsonObject = {
      type: 'array',
      description: describe(node.description, mapNotes) as string,
      items: entry,
    };
    return { encoded: { schema, plan: { kind: 'entries', value: value.plan }, types: ['array'] } };
  }
  const noArguments = depth === 0 && (additional === undefined || additional === false);
  if (
    names.length === 0 &&
    !noArguments &&
    (((open || typedMap) && profile.closedObjects) || profile.nonEmptyProperties)
  ) {
    ctx.log.add('encoded_json_text', path, 'a free-form object sent as JSON text (the target needs its keys)');
    const note = 'a JSON object, written as JSON text';
    return { encoded: jsonText(typeof node.description === 'string' ? node.description : undefined, note, false, ctx) };
  }

  const outProperties: JsonObject = {};
  // Entries only for the properties restoring changes (most have none): made when first needed.
  let restored: Record<string, RestoredProperty> | undefined;
  // Wire names of renamed properties (Gemini's name pattern); most objects have none.
  let renamed: Map<string, string> | undefined;
  const wireNameOf = (name: string) => renamed?.get(name) ?? name;
  // A renamed property must not take the name of one kept as it is, before or after it.
  const used = profile.propertyName === undefined ? undefined : validNames(names, profile.propertyName);
  // Strict: the names the input requires (the rest are made nullable). A short list is searched
  // as it is; a Set (and its filtered array) per object was most of strict mode's Sets.
  const requiredList = profile.allRequired && Array.isArray(node.required) ? node.required : undefined;
  const requiredSet = requiredList !== undefined && requiredList.length > 16 ? new Set(requiredList) : undefined;
  const propertiesPath = at(path, 'properties');
  let counters: NameCounters | undefined;
  // A large table's wire names, in order, for what reads the result next (key-lists.ts).
  const written = names.length >= LARGE_OBJECT_KEYS ? ([] as string[]) : undefined;
  for (const name of names) {
    const propertyPath = at(propertiesPath, name);
    let wireName = name;
    if (used !== undefined && !used.has(name)) {
      counters ??= new Map();
      wireName = uniquePropertyName(name, used, counters);
      used.add(wireName);
      renamed ??= new Map();
      renamed.set(name, wireName);
      ctx.log.add(
        'property_renamed',
        propertyPath,
        `property ${JSON.stringify(name)} sent as ${JSON.stringify(wireName)}`,
      );
    }
    const child = ctx.convert(anything?.has(name) === true ? {} : properties[name], propertyPath, ctx, depth + 1);
    let schema = child.schema;
    let nullMeansAbsent = false;
    const isRequired = requiredSet !== undefined ? requiredSet.has(name) : requiredList?.includes(name) === true;
    if (profile.allRequired && !isRequired) {
      const nullable = makeOwnedSchemaNullable(child, ctx);
      if (nullable !== undefined) {
        schema = nullable;
        nullMeansAbsent = true;
        ctx.log.addAtMember(
          'made_nullable',
          propertiesPath,
          name,
          'optional: required and nullable in strict mode; null means absent',
        );
      }
    }
    setOwn(outProperties, wireName, schema);
    written?.push(wireName);
    ctx.tally.properties++;
    ctx.tally.nameChars += wireName.length;
    if (wireName !== name || nullMeansAbsent || !isKeep(child.plan)) {
      // A plain object (a dictionary-mode one cost strict mode most of its allocations).
      restored ??= {};
      setRestoredProperty(
        restored,
        wireName,
        wireName === name && isKeep(child.plan)
          ? SAME_PROPERTY_NULL_MEANS_ABSENT
          : { name: wireName === name ? undefined : name, plan: child.plan, nullMeansAbsent },
      );
    }
  }
  // Extra keys taken on purpose beside the properties (additionalProperties: true or a schema):
  // strict mode closes every object, which would refuse them, so they travel in a property of
  // their own and are given back on restore (issue 12's encoding, where the tool went non-strict).
  const otherKeys =
    profile.closedObjects && names.length > 0 && (additional === true || typedMap)
      ? otherKeysProperty(additional, outProperties, path, ctx, depth)
      : undefined;
  if (otherKeys !== undefined) written?.push(otherKeys.property);
  out.type = 'object';
  out.properties = outProperties;
  if (written !== undefined) ctx.writtenKeyLists = noteKeyList(ctx.writtenKeyLists, outProperties, written);
  // Every name once: the wire names are distinct, and a listed name kept once however often listed.
  let requiredNames: string[] | undefined;
  if (profile.allRequired) requiredNames = renamed === undefined ? names : names.map(wireNameOf);
  else if (Array.isArray(node.required)) {
    const onlyProperties = profile.strict || !profile.additionalProperties;
    const listed = node.required.filter(
      (name): name is string =>
        typeof name === 'string' &&
        (!onlyProperties || Object.hasOwn(properties, name)) &&
        forbidden?.has(name) !== true,
    );
    requiredNames = listed.length > 64 ? [...new Set(listed.map(wireNameOf))] : [];
    if (listed.length <= 64) {
      for (const name of listed) {
        const wireName = wireNameOf(name);
        if (!requiredNames.includes(wireName)) requiredNames.push(wireName);
      }
    }
  }
  if (Array.isArray(node.required) && (profile.strict || !profile.additionalProperties)) {
    for (const name of node.required) {
      if (typeof name === 'string' && !Object.hasOwn(properties, name))
        ctx.log.add(
          'keyword_dropped',
          at(path, 'required'),
          `required name ${JSON.stringify(name)} is not a property; dropped`,
        );
    }
  }
  if (otherKeys !== undefined && profile.allRequired) requiredNames = [...(requiredNames ?? []), otherKeys.property];
  if (requiredNames !== undefined && (requiredNames.length > 0 || profile.allRequired)) out.required = requiredNames;

  let additionalPlan: RestorePlan | undefined;
  if (profile.closedObjects) {
    if (otherKeys === undefined && additional !== false && (additional !== undefined || names.length === 0)) {
      ctx.log.add(
        'object_closed',
        at(path, 'additionalProperties'),
        'other keys closed off (strict mode needs additionalProperties: false)',
      );
    }
    out.additionalProperties = false;
  } else if (!profile.additionalProperties) {
    if (additional !== undefined && additional !== false)
      ctx.log.add(
        'keyword_dropped',
        at(path, 'additionalProperties'),
        'other keys cannot be declared on this target (no additionalProperties); the model sees only the listed properties',
      );
  } else if (typedMap) {
    const converted = ctx.convert(additional, at(path, 'additionalProperties'), ctx, depth + 1);
    out.additionalProperties = converted.schema;
    if (!isKeep(converted.plan)) {
      additionalPlan = converted.plan;
      // The other keys' plan must not reach the properties: each gets an entry.
      restored ??= {};
      for (const name of names) {
        const wireName = wireNameOf(name);
        if (!Object.hasOwn(restored, wireName)) setRestoredProperty(restored, wireName, SAME_PROPERTY);
      }
    }
  } else if (typeof additional === 'boolean') {
    out.additionalProperties = additional;
  }
  if (otherKeys !== undefined)
    return { plan: { kind: 'object', properties: restored ?? {}, additional: additionalPlan, otherKeys } };
  return { plan: restored === undefined ? KEEP : { kind: 'object', properties: restored, additional: additionalPlan } };
}

/** The name of the property that carries an object's other keys in strict mode (see {@link otherKeysProperty}). */
const OTHER_KEYS_PROPERTY = 'other_keys';

/**
 * Adds to `outProperties` the property that carries the other keys of an object strict mode
 * closes (`additional`: true, or the schema of their values) and returns how to give them back:
 * - any other key (true): the text of a JSON object, whose members are the other keys;
 * - a schema: a list of `{key, value}` entries, each value converted as the schema says (as an
 *   open map without properties is sent);
 * - named {@link OTHER_KEYS_PROPERTY}, or numbered when a property has that name; required and
 *   nullable where strict requires every property (null: no other key), optional elsewhere.
 */
function otherKeysProperty(
  additional: true | JsonObject,
  outProperties: JsonObject,
  path: SchemaPath,
  ctx: Context,
  depth: number,
): OtherKeys {
  const taken = Object.hasOwn(outProperties, OTHER_KEYS_PROPERTY);
  const property = taken
    ? uniquePropertyName(OTHER_KEYS_PROPERTY, new Set(Object.keys(outProperties)))
    : OTHER_KEYS_PROPERTY;
  const nullable = ctx.profile.allRequired;
  const none = nullable ? '; null for none' : '';
  const additionalPath = at(path, 'additionalProperties');
  let converted: Converted;
  if (additional === true) {
    converted = jsonText(undefined, `any other keys, as JSON object text${none}`, false, ctx);
    ctx.log.add(
      'encoded_json_text',
      additionalPath,
      `other keys sent in property ${JSON.stringify(property)}, as the JSON text of an object: strict mode closes every object`,
    );
  } else {
    const value = ctx.convert(additional, additionalPath, ctx, depth + 1);
    const entry: JsonObject = {
      type: 'object',
      properties: { key: { type: 'string' }, value: value.schema },
      required: ['key', 'value'],
      additionalProperties: false,
    };
    ctx.tally.properties += 2;
    ctx.tally.nameChars += 8;
    converted = {
      schema: {
        type: 'array',
        description: describe(undefined, [`any other keys, as {key, value} entries${none}`]) as string,
        items: entry,
      },
      plan: { kind: 'entries', value: value.plan },
      types: ['array'],
      singleType: 'array',
    };
    ctx.log.add(
      'encoded_entries',
      additionalPath,
      `other keys sent in property ${JSON.stringify(property)}, as {key, value} entries: strict mode closes every object`,
    );
  }
  const schema = nullable ? (makeOwnedSchemaNullable(converted, ctx) ?? converted.schema) : converted.schema;
  setOwn(outProperties, property, schema);
  ctx.tally.properties++;
  ctx.tally.nameChars += property.length;
  return { property, plan: converted.plan };
}

/** What sanitize writes for a boolean schema, `{type: "string"}`: the only place a boolean can hide. */
export function isSanitizedBoolean(value: JsonValue | undefined): boolean {
  if (!isJsonObject(value) || value.type !== 'string') return false;
  for (const key in value) if (key !== 'type') return false;
  return true;
}

/**
 * Whether a converted schema position may be one the server wrote so that no value matches it:
 * `false` (made `{"type": "string"}`), or a schema with `"not": {}` (emptied by sanitize, which
 * cannot type it). Only where the copy met either (`booleanSchemas`), and only then is the
 * server's own schema read ({@link neverSchemaSpelling}).
 */
export function mayBeForbidden(value: JsonValue | undefined, booleanSchemas: boolean): boolean {
  return booleanSchemas && isJsonObject(value) && (isSanitizedBoolean(value) || hasNoKeys(value));
}

/**
 * An object's `additionalProperties`, `false` where the server wrote one no value matches
 * (`{"not": {}}`, which sanitize empties into `{}`: any other key, the opposite).
 */
function closedByNever(additional: JsonValue | undefined, path: SchemaPath, ctx: Context): JsonValue | undefined {
  if (!ctx.booleanSchemas || !isJsonObject(additional) || !hasNoKeys(additional)) return additional;
  const spelling = neverSchemaSpelling(originalAt(ctx, at(path, 'additionalProperties')));
  if (spelling === undefined || spelling === 'schema false') return additional;
  ctx.log.add('keyword_moved', at(path, 'additionalProperties'), `additionalProperties ${spelling} written as false`);
  return false;
}

/** Keywords that say something about a schema and constrain nothing. */
const ANNOTATIONS: ReadonlySet<string> = new Set(['description', 'title', '$comment', 'examples', 'default']);

/**
 * How the server wrote a schema no value matches, for the change that says so: `schema false`,
 * or `not: {}` (a schema with a `not` of one every value matches, as zod's `z.never()` and
 * `z.undefined()` write it); undefined for any other schema.
 */
export function neverSchemaSpelling(value: JsonValue | undefined): string | undefined {
  if (value === false) return 'schema false';
  if (!isJsonObject(value)) return undefined;
  const not = value.not;
  if (not === true) return 'not: true';
  if (!isJsonObject(not)) return undefined;
  for (const key in not) if (Object.hasOwn(not, key) && !ANNOTATIONS.has(key)) return undefined;
  return 'not: {}';
}

/** Properties the server wrote as a boolean schema: forbidden (`false`, or a schema no value matches: how it was spelled), `true` (anything); undefined: none. */
interface BooleanProperties {
  forbidden: Map<string, string> | undefined;
  anything: Set<string> | undefined;
}

const NO_BOOLEAN_PROPERTIES: BooleanProperties = { forbidden: undefined, anything: undefined };

/**
 * The properties the server wrote as `false` or `true`, read from its own schema once for both
 * (a plain `{"type": "string"}` property, zod's `z.string()`, is what sanitize makes of either).
 */
function booleanProperties(names: readonly string[], path: SchemaPath, ctx: Context): BooleanProperties {
  const own = originalAt(ctx, at(path, 'properties'));
  if (!isJsonObject(own)) return NO_BOOLEAN_PROPERTIES;
  let forbidden: Map<string, string> | undefined;
  let anything: Set<string> | undefined;
  for (const name of names) {
    if (!Object.hasOwn(own, name)) continue;
    const value = own[name];
    const never = neverSchemaSpelling(value);
    if (never !== undefined) {
      forbidden ??= new Map();
      forbidden.set(name, never);
    } else if (value === true) {
      anything ??= new Set();
      anything.add(name);
    }
  }
  return forbidden === undefined && anything === undefined ? NO_BOOLEAN_PROPERTIES : { forbidden, anything };
}

/**
 * The names a target's property-name pattern accepts as they are (kept, so renamed ones avoid
 * them); undefined when it accepts them all, so nothing is renamed. Nearly every object's names
 * are all valid: no Set is built for them (one per object was 2.5% of a small Gemini conversion,
 * and a Set of a wide object's names grows through large-object allocations).
 */
function validNames(names: readonly string[], pattern: RegExp): Set<string> | undefined {
  let index = 0;
  while (index < names.length && pattern.test(names[index] as string)) index++;
  if (index === names.length) return undefined;
  const valid = new Set(names.slice(0, index));
  for (index++; index < names.length; index++) {
    const name = names[index] as string;
    if (pattern.test(name)) valid.add(name);
  }
  return valid;
}
