import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { type UncheckedPattern } from './linear-regexp.js';
export type { UncheckedPattern } from './linear-regexp.js';
/** One reason a value does not match, at a JSON Pointer into the value. */
export interface JsonSchemaIssue {
    path: string;
    message: string;
    /** The schema keyword the value fails (`minimum`, `required`, `type`, …), when known. */
    keyword?: string;
}
/** A compiled schema, with the patterns in it that could not be checked (see {@link compileLinearRegExp}). */
export interface CompiledSchema {
    validate: ValidateFunction;
    /** Patterns of the schema no linear engine can run: treated as matching anything. */
    unchecked: UncheckedPattern[];
}
/**
 * An Ajv instance for a schema, and the record of patterns it could not run.
 * - Draft-07 (or older) when its `$schema` says so, else 2020-12; every error collected.
 * - `strict: false` accepts the unknown keywords and formats real schemas carry, silently
 *   (`logger: false`); `validateSchema: false`, so an unknown `$schema` URI or a keyword of the
 *   wrong shape elsewhere does not keep the rest of the schema from being checked.
 * - `strictNumbers` stays on, so Infinity and NaN are no numbers — what `serde_json` and every
 *   provider reject. `ownProperties`: `constructor`, `toString`, `__proto__` are names like any other.
 * - Every `pattern`, `patternProperties` key and `propertyNames` pattern runs on RE2 (linear
 *   time); `uniqueItems` is one pass. A pattern RE2 cannot run is recorded in `unchecked`.
 */
export declare function createAjv(schema: unknown): {
    ajv: Ajv | Ajv2020;
    unchecked: Map<string, UncheckedPattern>;
};
/**
 * Compiles one schema on an instance of {@link createAjv}: the validator, and which of the
 * schema's patterns it does not check. Throws what Ajv throws for a schema it cannot compile.
 */
export declare function compileSchema(instance: {
    ajv: Ajv | Ajv2020;
    unchecked: Map<string, UncheckedPattern>;
}, schema: unknown): CompiledSchema;
/**
 * A compiler that reuses one Ajv instance per dialect: creating an instance (and adding the
 * formats) costs milliseconds, compiling a small schema on an existing one a fraction of that.
 * - A schema whose `$id` is already known to the shared instance compiles on a fresh one.
 * - Throws what Ajv throws for a schema it cannot compile.
 */
export declare function createSchemaCompiler(): (schema: unknown) => CompiledSchema;
/** An Ajv error as an issue: its instance path, and the extra key it names when there is one. */
export declare function ajvIssue(error: ErrorObject): JsonSchemaIssue;
//# sourceMappingURL=json-schema-ajv.d.ts.map