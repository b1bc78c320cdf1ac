import type { JsonObject, JsonValue } from '../schema/json.js';
import { type ChangeLog, type SchemaPath } from './changes.js';
import type { SchemaProfile } from './profile.js';
import { type RestorePlan, type RestorePlanTable } from './restore-plan.js';
/** A converted schema for one target. */
export interface TargetSchema {
    /** The root object schema the provider gets. */
    schema: JsonObject;
    plan: RestorePlan;
    /** Plans of the definitions under `$defs`, by name. */
    table: RestorePlanTable;
    /** Why the schema cannot be strict on this target (empty when it can). */
    strictBlockers: string[];
    /** Sure to be within OpenAI's strict limits without measuring (see `withinStrictLimits`). */
    withinStrictLimits: boolean;
    /** Some refs were sent as JSON text because inlining them would have grown the tool past its limit. */
    inlineLimited: boolean;
}
/**
 * Converts a normalized tool input schema (sanitized, pruned, compacted) for one target.
 * - The root becomes an object schema with properties (a root the target cannot carry is wrapped
 *   in one property and unwrapped on restore); root compositions are merged into it.
 * - Every change is logged under `basePath`; the restore plan undoes renames and encodings.
 * - The input is not modified.
 */
export declare function convertSchemaForTarget(raw: JsonValue, profile: SchemaProfile, log: ChangeLog, basePath: SchemaPath, original?: JsonValue): TargetSchema;
//# sourceMappingURL=convert-schema.d.ts.map