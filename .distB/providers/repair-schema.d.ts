import type { JsonValue } from '../schema/json.js';
import type { TargetChange } from './changes.js';
/**
 * Repairs the server bugs that make real tools fail, each as what its author plainly meant, and
 * says so: a `schema_repaired` change with the path.
 * - `type: "int"`, `"float"`, `"bool"`, `"str"`, `"dict"`, `"list"` and upper-case names → the
 *   JSON Schema type (also inside a type list, and as the whole of `additionalProperties`,
 *   `items` or a property: `additionalProperties: "string"` → `{type: "string"}`);
 * - `properties.required: [...]` (a list where a property schema belongs) → the object's `required`;
 * - `required: "name"` → `["name"]`; `enum: "x"` → `["x"]`.
 * - Returns undefined when nothing needs repair (the input is then not copied), or when the
 *   input cannot be read as JSON (the parse that follows reports that, for this tool alone).
 * - The input is never modified: repairs are made on a copy.
 */
export declare function repairServerSchema(input: unknown): {
    schema: JsonValue;
    repairs: TargetChange[];
} | undefined;
//# sourceMappingURL=repair-schema.d.ts.map