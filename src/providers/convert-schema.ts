// One normalized tool input schema → what a provider target accepts, with the plan to restore arguments.
import type { JsonPathSegments } from '../errors.js';
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import { parseLocalRefPointer } from '../schema/refs.js';
import type { ChangeLog } from './changes.js';
import { appendNotes, describeKeyword } from './describe-constraint.js';
import { mergeAllOf } from './merge-all-of.js';
import { uniquePropertyName } from './names.js';
import {
  isKeep,
  type JsonTypeName,
  KEEP,
  type RestoredProperty,
  type RestorePlan,
  type RestorePlanTable,
} from './restore-plan.js';
import type { SchemaProfile } from './targets.js';

/** A converted schema for one target. */
export interface TargetSchema {
  /** The root object schema the provider gets. */
  schema: JsonObject;
  plan: RestorePlan;
  /** Plans of the definitions under `$defs`, by name. */
  table: RestorePlanTable;
  /** Why the schema cannot be strict on this target (empty when it can). */
  strictBlockers: string[];
}

/** Most schema nodes produced by inlining refs for one tool before further refs become JSON text. */
const MAX_INLINED_NODES = 20_000;
/** Deepest conversion before a subtree becomes JSON text (inlining can nest past the input's depth). */
const MAX_CONVERT_DEPTH = 400;

/** Keywords whose value is structure this module rebuilds itself. */
const STRUCTURAL = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  'enum',
  'description',
  'nullable',
  '$defs',
  'definitions',
]);
const ANNOTATIONS = new Set(['title', 'default', 'examples', 'example']);
const CONSTRAINTS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
]);
/** Keywords whose meaning a model can use when written in words (the others are dropped as noise). */
const DESCRIBABLE = new Set(['propertyNames', 'dependentRequired', 'patternProperties', 'not', 'contains']);
/** A pattern with a backreference, lookaround or word boundary (Anthropic strict rejects them). */
const COMPLEX_PATTERN = /\\[1-9bBk]|\(\?[=!<]/;

interface Context {
  profile: SchemaProfile;
  log: ChangeLog;
  root: JsonObject;
  /** Root definition → its name under `$defs` (key: `table/name`). */
  defNames: Map<string, string>;
  outDefs: JsonObject;
  table: RestorePlanTable;
  pending: { table: string; name: string; outName: string }[];
  inlineStack: string[];
  inlinedNodes: number;
  blockers: string[];
  /** Definition being converted, and the definitions each one refers to (for recursion checks). */
  currentDef: string | undefined;
  edges: Map<string, Set<string>>;
}

interface Converted {
  schema: JsonObject;
  plan: RestorePlan;
  /** The JSON types the wire schema admits; undefined when any (a ref, or unknown). */
  types: JsonTypeName[] | undefined;
}

const JSON_TEXT_NOTE = 'any JSON value, written as JSON text';

function typeList(type: JsonValue | undefined): string[] | undefined {
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string');
  return undefined;
}

function wireTypes(types: readonly string[]): JsonTypeName[] {
  return [...new Set(types.map((type) => (type === 'integer' ? 'number' : type) as JsonTypeName))];
}

function typeOfValue(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether one of `types` admits a value of type `valueType` (integer values are numbers too). */
function admits(types: readonly string[], valueType: string): boolean {
  return types.includes(valueType) || (valueType === 'integer' && types.includes('number'));
}

/** The converted form of "any JSON value" where the target needs a type: JSON text. */
function jsonText(description: string | undefined, note: string, nullable: boolean, ctx: Context): Converted {
  const schema: JsonObject = { type: nullable ? typeWithNull('string', ctx) : 'string' };
  if (nullable && ctx.profile.nullability === 'nullable') schema.nullable = true;
  const text = appendNotes(description, [note]);
  if (text !== undefined) schema.description = text;
  return { schema, plan: { kind: 'json-text' }, types: nullable ? ['string', 'null'] : ['string'] };
}

function typeWithNull(type: string, ctx: Context): JsonValue {
  return ctx.profile.nullability === 'type-array' ? [type, 'null'] : type;
}

/** Converts one schema position. `path` points into the tool for the change log. */
function convertNode(value: JsonValue | undefined, path: JsonPathSegments, ctx: Context, depth: number): Converted {
  if (!isJsonObject(value)) return convertNode({}, path, ctx, depth);
  const description = typeof value.description === 'string' ? value.description : undefined;
  if (depth > MAX_CONVERT_DEPTH) {
    ctx.log.add('encoded_json_text', path, 'nested too deep for the target; sent as JSON text');
    return jsonText(description, JSON_TEXT_NOTE, false, ctx);
  }
  if (typeof value.$ref === 'string') return convertRef(value, value.$ref, path, ctx, depth);

  let node = value;
  if (Array.isArray(node.allOf) && (!ctx.profile.allOf || depth === 0)) {
    node = mergeAllOf(node, ctx.root);
    ctx.log.add(
      'composition_merged',
      [...path, 'allOf'],
      'allOf merged into one schema (the target does not accept it)',
    );
    if (typeof node.$ref === 'string') return convertRef(node, node.$ref, path, ctx, depth);
  }

  const out: JsonObject = {};
  const notes: string[] = [];
  let types = typeList(node.type);
  if (node.nullable === true) {
    if (types !== undefined && !types.includes('null')) types = [...types, 'null'];
    if (ctx.profile.nullability !== 'nullable')
      ctx.log.add('nullable_rewritten', [...path, 'nullable'], 'nullable: true written as a null type');
  }

  // enum: keep, widen the type to the values, or send as strings (Gemini).
  let plan: RestorePlan = KEEP;
  if (Array.isArray(node.enum) && node.enum.length === 0) {
    // An empty enum admits no value at all: no provider takes it, and no call could satisfy it.
    notes.push('no allowed value is listed');
    ctx.log.add('keyword_moved', [...path, 'enum'], 'an empty enum (no value allowed) moved into the description');
  } else if (Array.isArray(node.enum)) {
    const values = node.enum;
    const valueTypes = [...new Set(values.map(typeOfValue))];
    if (ctx.profile.primitiveEnums && valueTypes.some((type) => type === 'object' || type === 'array')) {
      notes.push(describeKeyword('enum', values));
      ctx.log.add('keyword_moved', [...path, 'enum'], 'enum with object or array values moved into the description');
    } else if (ctx.profile.stringEnums && valueTypes.some((type) => type !== 'string' && type !== 'null')) {
      const mapping: Record<string, JsonValue> = {};
      const texts: string[] = [];
      for (const entry of values) {
        if (entry === null) continue;
        const text = typeof entry === 'string' && entry !== '' ? entry : JSON.stringify(entry);
        if (!Object.hasOwn(mapping, text)) texts.push(text);
        mapping[text] = entry;
      }
      out.enum = texts;
      types = values.includes(null) ? ['string', 'null'] : ['string'];
      plan = { kind: 'enum-text', values: mapping };
      notes.push('values are sent as text');
      ctx.log.add('enum_stringified', [...path, 'enum'], 'enum values sent as strings; restored to their values');
    } else {
      const nonNull = values.filter((entry) => entry !== null);
      out.enum = ctx.profile.stringEnums ? nonNull.filter((entry) => entry !== '') : values;
      if (ctx.profile.stringEnums && nonNull.includes('')) notes.push('or an empty string');
      const needed = valueTypes.filter((type) => types === undefined || !admits(types, type));
      if (types !== undefined && needed.length > 0) {
        types = [...new Set([...types.filter((type) => valueTypes.some((v) => admits([type], v))), ...valueTypes])];
        ctx.log.add('type_from_enum', [...path, 'type'], `type set to what the enum values are: ${types.join(', ')}`);
      }
      if (types === undefined) types = valueTypes;
      if (ctx.profile.nullability === 'nullable' && values.includes(null) && !types.includes('null'))
        types = [...types, 'null'];
    }
  }

  // oneOf → anyOf where the target needs it.
  let alternatives: JsonValue[] | undefined = Array.isArray(node.anyOf) ? node.anyOf : undefined;
  let alternativesKey: 'anyOf' | 'oneOf' = 'anyOf';
  if (Array.isArray(node.oneOf)) {
    if (ctx.profile.oneOf && alternatives === undefined) {
      alternatives = node.oneOf;
      alternativesKey = 'oneOf';
    } else {
      alternatives = [...(alternatives ?? []), ...node.oneOf];
      ctx.log.add('one_of_to_any_of', [...path, 'oneOf'], 'oneOf sent as anyOf (the target does not accept oneOf)');
    }
  }

  const nullable = types?.includes('null') === true;
  const nonNull = types?.filter((type) => type !== 'null');
  if (types === undefined && alternatives === undefined) {
    if (ctx.profile.typedSchemas) {
      ctx.log.add('encoded_json_text', path, 'a schema without a type: sent as JSON text (the target needs a type)');
      return jsonText(description, JSON_TEXT_NOTE, false, ctx);
    }
  }

  // Objects: properties, required, additionalProperties — or an encoding the target can carry.
  if (nonNull?.includes('object')) {
    const object = convertObject(node, path, ctx, depth, out);
    if ('encoded' in object) {
      if (nonNull.length > 1) {
        ctx.log.add('encoded_json_text', path, 'an object or another type: sent as JSON text');
        return jsonText(description, JSON_TEXT_NOTE, nullable, ctx);
      }
      return withNullability(object.encoded, description, nullable, ctx);
    }
    plan = object.plan;
  }
  if (nonNull?.includes('array') && node.items !== undefined && !Array.isArray(node.items)) {
    const items = convertNode(node.items, [...path, 'items'], ctx, depth + 1);
    out.items = items.schema;
    if (!isKeep(items.plan)) plan = { kind: 'array', items: items.plan };
  } else if (nonNull?.includes('array') && ctx.profile.nonEmptyProperties && out.items === undefined) {
    out.items = { type: 'string' };
  }

  // Alternatives.
  let variantTypes: JsonTypeName[] | undefined = [];
  if (alternatives !== undefined) {
    // Gemini has no null type: a `{type: "null"}` alternative makes the schema nullable instead.
    const isNullVariant = (variant: JsonValue) => isJsonObject(variant) && variant.type === 'null';
    const dropNull = ctx.profile.nullability === 'nullable' && alternatives.some(isNullVariant);
    if (dropNull) types = [...(types ?? []), 'null'];
    const kept = alternatives
      .map((variant, index) => ({ variant, index }))
      .filter(({ variant }) => !dropNull || !isNullVariant(variant))
      .map(({ variant, index }) => convertNode(variant, [...path, alternativesKey, index], ctx, depth + 1));
    if (kept.length === 1 && dropNull && types?.length === 1) {
      // anyOf [X, null] on Gemini: X itself, nullable.
      const only = kept[0] as Converted;
      return withNullability(only, description ?? (only.schema.description as string | undefined), true, ctx);
    }
    out[alternativesKey] = kept.map((variant) => variant.schema);
    for (const variant of kept) {
      if (variant.types === undefined) variantTypes = undefined;
      else if (variantTypes !== undefined) variantTypes.push(...variant.types);
    }
    if (kept.some((variant) => !isKeep(variant.plan))) {
      plan = { kind: 'any-of', variants: kept.map((variant) => ({ types: variant.types, plan: variant.plan })) };
    }
  }

  // Constraints, annotations, and everything else.
  for (const key of Object.keys(node)) {
    if (STRUCTURAL.has(key) || key === 'allOf') continue;
    const keyValue = node[key] as JsonValue;
    if (CONSTRAINTS.has(key)) {
      if (keepsConstraint(key, keyValue, ctx.profile)) out[key] = keyValue;
      else {
        notes.push(describeKeyword(key, keyValue));
        ctx.log.add(
          'keyword_moved',
          [...path, key],
          `${key} moved into the description (the target does not accept it here)`,
        );
      }
    } else if (ANNOTATIONS.has(key)) {
      if (ctx.profile.annotations.has(key)) out[key] = keyValue;
      else if (key === 'title') {
        if (description === undefined && typeof keyValue === 'string') notes.push(describeKeyword(key, keyValue));
      } else {
        notes.push(describeKeyword(key, keyValue));
        ctx.log.add('keyword_moved', [...path, key], `${key} moved into the description`);
      }
    } else if (ctx.profile.passThrough.has(key)) {
      out[key] = keyValue;
    } else if (DESCRIBABLE.has(key)) {
      notes.push(describeKeyword(key, keyValue));
      ctx.log.add('keyword_moved', [...path, key], `${key} moved into the description`);
    } else {
      ctx.log.add('keyword_dropped', [...path, key], `${key} is not a keyword the target carries; dropped`);
    }
  }
  if (Array.isArray(node.allOf) && ctx.profile.allOf && depth > 0) {
    out.allOf = node.allOf.map(
      (member, index) => convertNode(member, [...path, 'allOf', index], ctx, depth + 1).schema,
    );
  }

  if (types !== undefined) writeTypes(out, types, ctx);
  const text = appendNotes(description, notes);
  if (text !== undefined) out.description = text;
  const wire =
    types !== undefined
      ? wireTypes(types)
      : alternatives !== undefined
        ? variantTypes && [...new Set(variantTypes)]
        : undefined;
  return { schema: orderKeys(out), plan, types: wire };
}

/** Whether a constraint stays as a keyword on this target. */
function keepsConstraint(key: string, value: JsonValue, profile: SchemaProfile): boolean {
  if (!profile.constraints.has(key)) return false;
  if (key === 'format')
    return profile.formats === undefined || (typeof value === 'string' && profile.formats.has(value));
  if (key === 'minItems' && profile.minItemsAtMost !== undefined)
    return typeof value === 'number' && value <= profile.minItemsAtMost;
  if (key === 'pattern' && profile.simplePatternsOnly) return typeof value === 'string' && !COMPLEX_PATTERN.test(value);
  return true;
}

/** Writes the type (with null as the target spells it); several non-null types on Gemini become anyOf. */
function writeTypes(out: JsonObject, types: readonly string[], ctx: Context): void {
  const nonNull = [...new Set(types.filter((type) => type !== 'null'))];
  const nullable = types.includes('null');
  if (ctx.profile.nullability === 'nullable') {
    if (nonNull.length === 1) out.type = nonNull[0] as string;
    else if (nonNull.length > 1 && out.anyOf === undefined) out.anyOf = nonNull.map((type) => ({ type }));
    else if (nonNull.length === 0) out.type = 'string';
    if (nullable) out.nullable = true;
    return;
  }
  const list = nullable ? [...nonNull, 'null'] : nonNull;
  out.type = list.length === 1 ? (list[0] as string) : list;
}

/** A converted schema made nullable (for `type: [T, "null"]`, `nullable`, or an anyOf with null). */
function withNullability(
  converted: Converted,
  description: string | undefined,
  nullable: boolean,
  ctx: Context,
): Converted {
  const schema = { ...converted.schema };
  if (description !== undefined && schema.description === undefined) schema.description = description;
  if (!nullable) return { ...converted, schema };
  const made = makeNullable(schema, ctx);
  return {
    schema: made,
    plan: converted.plan,
    types: converted.types === undefined ? undefined : [...new Set([...converted.types, 'null' as const])],
  };
}

/** Whether a converted schema already admits null. */
function admitsNull(schema: JsonObject): boolean {
  if (schema.nullable === true) return true;
  const types = typeList(schema.type);
  if (types?.includes('null')) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  const alternatives = schema.anyOf ?? schema.oneOf;
  return Array.isArray(alternatives) && alternatives.some((variant) => isJsonObject(variant) && admitsNull(variant));
}

/** The same schema, admitting null too. */
function makeNullable(schema: JsonObject, ctx: Context): JsonObject {
  if (admitsNull(schema)) return schema;
  if (ctx.profile.nullability === 'nullable') return { ...schema, nullable: true };
  const types = typeList(schema.type);
  if (types !== undefined && schema.$ref === undefined && schema.anyOf === undefined && schema.oneOf === undefined) {
    const made: JsonObject = { ...schema, type: [...types, 'null'] };
    if (Array.isArray(schema.enum)) made.enum = [...schema.enum, null];
    return made;
  }
  const { description, ...rest } = schema;
  return { ...(description === undefined ? {} : { description }), anyOf: [rest, { type: 'null' }] };
}

/**
 * Converts an object's properties into `out` and returns their restore plan; or returns the
 * encoded schema instead when the target cannot carry the object as it is (an open map, or a
 * free-form object).
 */
function convertObject(
  node: JsonObject,
  path: JsonPathSegments,
  ctx: Context,
  depth: number,
  out: JsonObject,
): { encoded: Converted } | { plan: RestorePlan } {
  const { profile } = ctx;
  const properties = isJsonObject(node.properties) ? node.properties : {};
  const names = Object.keys(properties);
  const additional = node.additionalProperties;
  // A root without properties or additionalProperties is a tool that takes no arguments, not a
  // free-form object (MCP tools without parameters are written so).
  const open = additional === true || (additional === undefined && depth > 0);
  const typedMap = isJsonObject(additional);

  if (names.length === 0 && typedMap && (profile.closedObjects || profile.target === 'gemini')) {
    const value = convertNode(additional, [...path, 'additionalProperties'], ctx, depth + 1);
    const entry: JsonObject = {
      type: 'object',
      properties: { key: { type: 'string' }, value: value.schema },
      required: ['key', 'value'],
    };
    if (profile.closedObjects) entry.additionalProperties = false;
    ctx.log.add(
      'encoded_entries',
      path,
      'an open map sent as a list of {key, value} entries (the target needs fixed keys)',
    );
    const schema: JsonObject = {
      type: 'array',
      description: appendNotes(node.description, ['a map, given as a list of {key, value} entries']) as string,
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
  const restored: Record<string, RestoredProperty> = {};
  let changed = false;
  const wireNames = new Map<string, string>();
  const used = new Set<string>();
  const required = new Set(
    Array.isArray(node.required) ? node.required.filter((name): name is string => typeof name === 'string') : [],
  );
  for (const name of names) {
    let wireName = name;
    if (profile.propertyName !== undefined && !profile.propertyName.test(name)) {
      wireName = uniquePropertyName(name, used);
      ctx.log.add(
        'property_renamed',
        [...path, 'properties', name],
        `property ${JSON.stringify(name)} sent as ${JSON.stringify(wireName)}`,
      );
    }
    used.add(wireName);
    wireNames.set(name, wireName);
    const child = convertNode(properties[name], [...path, 'properties', name], ctx, depth + 1);
    let schema = child.schema;
    let nullMeansAbsent = false;
    if (profile.allRequired && !required.has(name)) {
      if (!admitsNull(schema)) {
        schema = makeNullable(schema, ctx);
        nullMeansAbsent = true;
        ctx.log.add(
          'made_nullable',
          [...path, 'properties', name],
          'optional: required and nullable in strict mode; null means absent',
        );
      }
    }
    outProperties[wireName] = schema;
    restored[wireName] = { name, plan: child.plan, nullMeansAbsent };
    if (wireName !== name || nullMeansAbsent || !isKeep(child.plan)) changed = true;
  }
  out.type = 'object';
  out.properties = outProperties;
  const requiredNames = profile.allRequired
    ? names.map((name) => wireNames.get(name) as string)
    : Array.isArray(node.required)
      ? node.required
          .filter((name): name is string => typeof name === 'string')
          .filter((name) => !(profile.strict || profile.target === 'gemini') || wireNames.has(name))
          .map((name) => wireNames.get(name) ?? name)
      : undefined;
  if (Array.isArray(node.required) && (profile.strict || profile.target === 'gemini')) {
    for (const name of node.required) {
      if (typeof name === 'string' && !wireNames.has(name))
        ctx.log.add(
          'keyword_dropped',
          [...path, 'required'],
          `required name ${JSON.stringify(name)} is not a property; dropped`,
        );
    }
  }
  if (requiredNames !== undefined && (requiredNames.length > 0 || profile.allRequired))
    out.required = [...new Set(requiredNames)];

  let additionalPlan: RestorePlan | undefined;
  if (profile.closedObjects) {
    if (additional !== false && (additional !== undefined || names.length === 0)) {
      ctx.log.add(
        'object_closed',
        [...path, 'additionalProperties'],
        'other keys closed off (strict mode needs additionalProperties: false)',
      );
    }
    out.additionalProperties = false;
  } else if (profile.target === 'gemini') {
    if (additional !== undefined && additional !== false)
      ctx.log.add(
        'keyword_moved',
        [...path, 'additionalProperties'],
        'other keys cannot be described to Gemini; noted in the description',
      );
  } else if (typedMap) {
    const converted = convertNode(additional, [...path, 'additionalProperties'], ctx, depth + 1);
    out.additionalProperties = converted.schema;
    if (!isKeep(converted.plan)) {
      additionalPlan = converted.plan;
      changed = true;
    }
  } else if (typeof additional === 'boolean') {
    out.additionalProperties = additional;
  }
  return { plan: changed ? { kind: 'object', properties: restored, additional: additionalPlan } : KEEP };
}

/** A `$ref`: under `$defs` where the target takes refs, else inlined (recursion cut into JSON text). */
function convertRef(node: JsonObject, ref: string, path: JsonPathSegments, ctx: Context, depth: number): Converted {
  const description = typeof node.description === 'string' ? node.description : undefined;
  const tokens = parseLocalRefPointer(ref);
  const target = tokens === undefined ? undefined : resolvePointer(ctx.root, tokens);
  if (tokens === undefined || target === undefined) {
    ctx.log.add(
      'ref_unresolved',
      [...path, '$ref'],
      `${JSON.stringify(ref)} does not resolve here; any value accepted`,
    );
    return convertNode(description === undefined ? {} : { description }, path, ctx, depth + 1);
  }
  const [table, name] = tokens;
  const isDefinition = tokens.length === 2 && (table === '$defs' || table === 'definitions');
  if (ctx.profile.refs === 'defs' && isDefinition) {
    const key = `${table}/${name}`;
    let outName = ctx.defNames.get(key);
    if (outName === undefined) {
      outName = uniqueDefinitionName(name as string, ctx);
      ctx.defNames.set(key, outName);
      ctx.pending.push({ table: table as string, name: name as string, outName });
    }
    if (ctx.currentDef !== undefined) ctx.edges.get(ctx.currentDef)?.add(outName);
    const rewritten = `#/$defs/${outName.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (rewritten !== ref) ctx.log.add('ref_rewritten', [...path, '$ref'], `${ref} written as ${rewritten}`);
    const schema: JsonObject = { $ref: rewritten };
    if (description !== undefined) schema.description = description;
    return { schema, plan: { kind: 'ref', name: outName }, types: undefined };
  }
  const key = tokens.join('/');
  if (ctx.inlineStack.includes(key) || ctx.inlinedNodes > MAX_INLINED_NODES) {
    ctx.log.add('encoded_json_text', path, `recursive ${ref} cut here: sent as JSON text`);
    return jsonText(description, `a ${name ?? 'value'} as JSON text (recursive)`, false, ctx);
  }
  ctx.inlineStack.push(key);
  ctx.inlinedNodes++;
  const converted = convertNode(target, path, ctx, depth + 1);
  ctx.inlineStack.pop();
  ctx.log.add('ref_inlined', [...path, '$ref'], `${ref} inlined (the target does not take refs here)`);
  if (description === undefined) return converted;
  return { ...converted, schema: { ...converted.schema, description } };
}

function resolvePointer(root: JsonObject, tokens: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = root;
  for (const token of tokens) {
    if (Array.isArray(current)) current = /^(0|[1-9]\d*)$/.test(token) ? current[Number(token)] : undefined;
    else if (isJsonObject(current)) current = Object.hasOwn(current, token) ? current[token] : undefined;
    else return undefined;
  }
  return current;
}

function uniqueDefinitionName(name: string, ctx: Context): string {
  const taken = new Set(ctx.defNames.values());
  if (!taken.has(name)) return name;
  let index = 2;
  while (taken.has(`${name}_${index}`)) index++;
  return `${name}_${index}`;
}

/** Key order on the wire: type and description first, as people write schemas. */
function orderKeys(schema: JsonObject): JsonObject {
  if (schema.type === undefined && schema.description === undefined) return schema;
  const ordered: JsonObject = {};
  if (schema.type !== undefined) ordered.type = schema.type;
  if (schema.description !== undefined) ordered.description = schema.description;
  for (const key of Object.keys(schema))
    if (key !== 'type' && key !== 'description') ordered[key] = schema[key] as JsonValue;
  return ordered;
}

/** Definitions that reach themselves through refs (a cycle), by name. */
function recursiveDefinitions(edges: Map<string, Set<string>>): string[] {
  const recursive: string[] = [];
  for (const start of edges.keys()) {
    const seen = new Set<string>();
    const stack = [...(edges.get(start) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop() as string;
      if (next === start) {
        recursive.push(start);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      for (const after of edges.get(next) ?? []) stack.push(after);
    }
  }
  return recursive;
}

/**
 * Converts a normalized tool input schema (sanitized, pruned, compacted) for one target.
 * - The root becomes an object schema with properties (a root the target cannot carry is wrapped
 *   in one property and unwrapped on restore); root compositions are merged into it.
 * - Every change is logged under `basePath`; the restore plan undoes renames and encodings.
 * - The input is not modified.
 */
export function convertSchemaForTarget(
  raw: JsonValue,
  profile: SchemaProfile,
  log: ChangeLog,
  basePath: JsonPathSegments,
): TargetSchema {
  const root: JsonObject = isJsonObject(raw) ? raw : {};
  const ctx: Context = {
    profile,
    log,
    root,
    defNames: new Map(),
    outDefs: {},
    table: {},
    pending: [],
    inlineStack: [],
    inlinedNodes: 0,
    blockers: [],
    currentDef: undefined,
    edges: new Map(),
  };
  let converted = convertNode(root, basePath, ctx, 0);
  for (let next = ctx.pending.shift(); next !== undefined; next = ctx.pending.shift()) {
    const definition = (root[next.table] as JsonObject)[next.name];
    ctx.currentDef = next.outName;
    ctx.edges.set(next.outName, new Set());
    const result = convertNode(definition, [...basePath, next.table, next.name], ctx, 1);
    ctx.outDefs[next.outName] = result.schema;
    ctx.table[next.outName] = result.plan;
  }
  ctx.currentDef = undefined;

  converted = rootAsObject(converted, root, basePath, ctx);
  const schema = converted.schema;
  if (Object.keys(ctx.outDefs).length > 0) schema.$defs = ctx.outDefs;
  for (const key of ['$defs', 'definitions']) {
    if (root[key] !== undefined && profile.refs === 'inline')
      log.add('ref_inlined', [...basePath, key], `${key} removed: every ref to it is inlined`);
  }
  if (!profile.recursion) {
    const recursive = recursiveDefinitions(ctx.edges);
    if (recursive.length > 0) ctx.blockers.push(`recursive definitions (${recursive.join(', ')})`);
  }
  if (profile.strict && Object.hasOwn(root, 'prefixItems')) ctx.blockers.push('a tuple (prefixItems)');
  return { schema, plan: converted.plan, table: ctx.table, strictBlockers: ctx.blockers };
}

/** The root as an object schema with properties: compositions merged, other shapes wrapped. */
function rootAsObject(converted: Converted, root: JsonObject, basePath: JsonPathSegments, ctx: Context): Converted {
  let { schema, plan } = converted;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives) && alternatives.every(isJsonObject)) {
    const merged = mergeRootAlternatives(schema, alternatives as JsonObject[], plan, ctx);
    ctx.log.add(
      'root_composition_merged',
      basePath,
      'the alternatives at the root merged into one object (the target needs an object root)',
    );
    schema = merged.schema;
    plan = merged.plan;
  }
  if (schema.type === 'object' && isJsonObject(schema.properties))
    return { schema: { ...schema }, plan, types: ['object'] };
  // A root the target cannot carry as it is (a map, a free-form object, another type): one property.
  const property = isJsonObject(root.additionalProperties) || schema.type === 'array' ? 'entries' : 'arguments';
  ctx.log.add(
    'encoded_json_text',
    basePath,
    `the root sent as the property ${JSON.stringify(property)} (the target needs an object root)`,
  );
  const wrapped: JsonObject = {
    type: 'object',
    properties: { [property]: schema },
    required: [property],
  };
  if (ctx.profile.closedObjects) wrapped.additionalProperties = false;
  return { schema: wrapped, plan: { kind: 'unwrap', property, plan }, types: ['object'] };
}

function mergeRootAlternatives(
  schema: JsonObject,
  alternatives: JsonObject[],
  plan: RestorePlan,
  ctx: Context,
): { schema: JsonObject; plan: RestorePlan } {
  const properties: JsonObject = isJsonObject(schema.properties) ? { ...schema.properties } : {};
  const own = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  let shared: Set<string> | undefined;
  const summaries: string[] = [];
  const restored: Record<string, RestoredProperty> = {};
  const variantPlans =
    plan.kind === 'any-of' ? plan.variants.map((variant) => variant.plan) : alternatives.map(() => KEEP);
  alternatives.forEach((variant, index) => {
    const variantProperties = isJsonObject(variant.properties) ? variant.properties : {};
    for (const name of Object.keys(variantProperties)) {
      if (!Object.hasOwn(properties, name)) properties[name] = variantProperties[name] as JsonValue;
    }
    const variantPlan = variantPlans[index];
    if (variantPlan?.kind === 'object') Object.assign(restored, variantPlan.properties);
    const required = Array.isArray(variant.required) ? (variant.required as string[]) : [];
    shared = shared === undefined ? new Set(required) : new Set(required.filter((name) => shared?.has(name)));
    summaries.push(required.length === 0 ? '(no required keys)' : required.join(' + '));
  });
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
  const required = [...new Set([...own, ...(shared ?? [])])];
  const merged: JsonObject = { ...rest, type: 'object', properties };
  if (ctx.profile.allRequired) {
    // Strict: every key required; one that not every alternative requires becomes nullable.
    for (const name of Object.keys(properties)) {
      if (required.includes(name) || admitsNull(properties[name] as JsonObject)) continue;
      properties[name] = makeNullable(properties[name] as JsonObject, ctx);
      restored[name] = {
        name: restored[name]?.name ?? name,
        plan: restored[name]?.plan ?? KEEP,
        nullMeansAbsent: true,
      };
    }
    merged.required = Object.keys(properties);
  } else if (required.length > 0) merged.required = required;
  if (ctx.profile.closedObjects) merged.additionalProperties = false;
  const alternativesRequire = summaries.length > 1 && summaries.some((summary) => summary !== '(no required keys)');
  const description = appendNotes(
    schema.description,
    alternativesRequire ? [`give one of: ${summaries.join(' | ')}`] : [],
  );
  if (description !== undefined) merged.description = description;
  else delete merged.description;
  const keep = Object.keys(restored).length === 0;
  return {
    schema: orderKeys(merged),
    plan: keep ? KEEP : { kind: 'object', properties: restored, additional: undefined },
  };
}
