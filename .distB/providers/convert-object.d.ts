import type { JsonObject, JsonValue } from '../schema/json.js';
import { type SchemaPath } from './changes.js';
import { type Context, type Converted } from './convert-context.js';
import { type RestorePlan } from './restore-plan.js';
/**
 * Converts an object's properties into `out` and returns their restore plan; or returns the
 * encoded schema instead when the target cannot carry the object as it is (an open map, or a
 * free-form object).
 */
export declare function convertObject(node: JsonObject, path: SchemaPath, ctx: Context, depth: number, out: JsonObject): {
    encoded: Converted;
} | {
    plan: RestorePlan;
};
/** What sanitize writes for a boolean schema, `{type: "string"}`: the only place a boolean can hide. */
export declare function isSanitizedBoolean(value: JsonValue | undefined): boolean;
//# sourceMappingURL=convert-object.d.ts.map