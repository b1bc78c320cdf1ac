import type { JsonObject } from '../schema/json.js';
import { type Context, type Converted } from './convert-context.js';
/**
 * Writes the type (with null as the target spells it); several non-null types on Gemini become
 * anyOf. Returns whether `out.type` was written.
 */
export declare function writeTypes(out: JsonObject, types: readonly string[], ctx: Context): boolean;
/** A converted schema made nullable (for `type: [T, "null"]`, `nullable`, or an anyOf with null). */
export declare function withNullability(converted: Converted, description: string | undefined, nullable: boolean, ctx: Context): Converted;
/** Whether a converted schema already admits null. */
export declare function admitsNull(schema: JsonObject): boolean;
/** The same schema, admitting null too. */
export declare function makeNullable(schema: JsonObject, ctx: Context): JsonObject;
/**
 * {@link makeNullable} for a schema the caller owns and no one else holds (a child just
 * converted): its own type and enum are rewritten, not copied. Undefined when it already
 * admits null. Strict mode runs this once per optional property.
 */
export declare function makeOwnedSchemaNullable(converted: Converted, ctx: Context): JsonObject | undefined;
//# sourceMappingURL=nullability.d.ts.map