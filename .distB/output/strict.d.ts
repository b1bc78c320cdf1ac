/** One rule a schema breaks, with its JSON Pointer. */
export interface StrictViolation {
    path: string;
    rule: 'root_object' | 'root_any_of' | 'properties_required' | 'additional_properties_false' | 'required_all_properties';
    message: string;
}
/**
 * Checks a schema against the strict structured-output subset and returns every violation.
 * - The root has `type: "object"` and no `anyOf`.
 * - Every object schema has `properties`, `additionalProperties: false`, and `required` listing
 *   exactly its property names.
 * - Recurses everywhere a schema can be: properties, items, `prefixItems`, `anyOf`/`oneOf`/`allOf`
 *   variants, `not`, `additionalProperties`, `if`/`then`/`else`, `contains`, pattern and
 *   dependent schemas, and `$defs`/`definitions` entries.
 * - Throws `ToolSchemaError` only for input that is not JSON.
 * - An empty list means the provider's strict subset rules above hold (not that every keyword is supported).
 */
export declare function checkStrictOutputSchema(input: unknown): StrictViolation[];
//# sourceMappingURL=strict.d.ts.map