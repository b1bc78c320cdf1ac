import type { JsonSchema } from './model.js';
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
/** Lists the warnings of a decoded schema, depth first, through every child schema and table. */
export declare function findSchemaWarnings(schema: JsonSchema): SchemaWarning[];
//# sourceMappingURL=warnings.d.ts.map