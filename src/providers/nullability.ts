// Nullability as each target spells it: a null type, `nullable: true`, or an anyOf with null.
import type { JsonObject } from '../schema/json.js';
import { copyMembers, isJsonObject } from '../schema/json.js';
import { type Context, type Converted, typeList } from './convert-context.js';

/**
 * Writes the type (with null as the target spells it); several non-null types on Gemini become
 * anyOf. Returns whether `out.type` was written.
 */
export function writeTypes(out: JsonObject, types: readonly string[], ctx: Context): boolean {
  if (types.length === 1 && types[0] !== 'null') {
    // The common case: one type, spelled the same on every target.
    out.type = types[0] as string;
    return true;
  }
  if (ctx.profile.nullability === 'type-array' && types.length === 2 && types[1] === 'null' && types[0] !== 'null') {
    // One type and null (strict mode's optional properties).
    out.type = [types[0] as string, 'null'];
    return true;
  }
  const nonNull = [...new Set(types.filter((type) => type !== 'null'))];
  const nullable = types.includes('null');
  if (ctx.profile.nullability !== 'type-array') {
    let written = true;
    if (nonNull.length === 1) out.type = nonNull[0] as string;
    else if (nonNull.length === 0) {
      // Only null: Gemini has no null type, so a string that may be null. But an anyOf whose null
      // variant was dropped keeps its variants as its types: a `type` beside them would narrow
      // `int | str | None` to strings.
      if (!Array.isArray(out.anyOf) || out.anyOf.length === 0) out.type = 'string';
      else written = false;
    } else {
      written = false;
      if (out.anyOf === undefined) out.anyOf = nonNull.map((type) => ({ type }));
    }
    if (nullable && ctx.profile.nullability === 'nullable') out.nullable = true;
    return written;
  }
  const list = nullable ? [...nonNull, 'null'] : nonNull;
  out.type = list.length === 1 ? (list[0] as string) : list;
  return true;
}

/** A converted schema made nullable (for `type: [T, "null"]`, `nullable`, or an anyOf with null). */
export function withNullability(
  converted: Converted,
  description: string | undefined,
  nullable: boolean,
  ctx: Context,
): Converted {
  const schema = copyMembers(converted.schema);
  if (description !== undefined && schema.description === undefined) schema.description = description;
  if (!nullable) return { ...converted, schema };
  // `schema` is this call's own copy: made nullable in place, not copied a second time.
  const made = admitsNull(schema) ? schema : nullableSchema(schema, schema, ctx);
  return {
    schema: made,
    plan: converted.plan,
    types: converted.types === undefined ? undefined : [...new Set([...converted.types, 'null' as const])],
  };
}

/** Whether a converted schema already admits null. */
export function admitsNull(schema: JsonObject): boolean {
  if (schema.nullable === true) return true;
  const types = typeList(schema.type);
  if (types?.includes('null')) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  const alternatives = schema.anyOf ?? schema.oneOf;
  return Array.isArray(alternatives) && alternatives.some((variant) => isJsonObject(variant) && admitsNull(variant));
}

/** The same schema, admitting null too. */
export function makeNullable(schema: JsonObject, ctx: Context): JsonObject {
  if (admitsNull(schema)) return schema;
  return nullableSchema(copyMembers(schema), schema, ctx);
}

/**
 * {@link makeNullable} for a schema the caller owns and no one else holds (a child just
 * converted): its own type and enum are rewritten, not copied. Undefined when it already
 * admits null. Strict mode runs this once per optional property.
 */
export function makeOwnedSchemaNullable(converted: Converted, ctx: Context): JsonObject | undefined {
  const { schema, singleType } = converted;
  if (singleType !== undefined) {
    // What nullableSchema would do, without reading the schema's keywords back.
    schema.type = [singleType, 'null'];
    if (Array.isArray(schema.enum)) schema.enum = schema.enum.concat([null]);
    return schema;
  }
  if (admitsNull(schema)) return undefined;
  return nullableSchema(schema, schema, ctx);
}

/** `target` (a copy of `schema`, or `schema` itself) made nullable. */
function nullableSchema(target: JsonObject, schema: JsonObject, ctx: Context): JsonObject {
  if (ctx.profile.nullability === 'nullable') {
    target.nullable = true;
    return target;
  }
  // No spelling of null every provider takes (`portable`): the schema stays as it is.
  if (ctx.profile.nullability === 'none') return target;
  const types = typeList(schema.type);
  if (types !== undefined && schema.$ref === undefined && schema.anyOf === undefined && schema.oneOf === undefined) {
    // Same key positions: `type` and `enum` are replaced where they are.
    target.type = types.length === 1 ? [types[0] as string, 'null'] : [...types, 'null'];
    if (Array.isArray(schema.enum)) target.enum = schema.enum.concat([null]);
    return target;
  }
  // Written member by member: an object rest and a spread then given `anyOf` took V8's slow path.
  const wrapped: JsonObject = {};
  if (schema.description !== undefined) wrapped.description = schema.description;
  wrapped.anyOf = [copyMembers(schema, 'description'), { type: 'null' }];
  return wrapped;
}
