// Ajv set up once for the whole library: the dialect a schema names, formats checked, no console output.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under NodeNext its default import is the module object's default.
const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => void;

const DRAFT_07_OR_OLDER = /json-schema\.org\/(draft-0[4-7])\/schema/;

/** One reason a value does not match, at a JSON Pointer into the value. */
export interface JsonSchemaIssue {
  path: string;
  message: string;
  /** The schema keyword the value fails (`minimum`, `required`, `type`, …), when known. */
  keyword?: string;
}

/**
 * An Ajv instance for a schema.
 * - Draft-07 (or older) when its `$schema` says so, else 2020-12; every error collected.
 * - `strict: false` accepts the unknown keywords and formats real schemas carry, silently
 *   (`logger: false`); `strictNumbers` stays on, so Infinity and NaN are no numbers — what
 *   `serde_json` and every provider reject.
 */
export function createAjv(schema: unknown): Ajv | Ajv2020 {
  const dialect =
    typeof schema === 'object' && schema !== null && typeof (schema as { $schema?: unknown }).$schema === 'string'
      ? ((schema as { $schema: string }).$schema as string)
      : '';
  const options = { allErrors: true, strict: false, strictNumbers: true, logger: false } as const;
  const ajv = DRAFT_07_OR_OLDER.test(dialect) ? new Ajv(options) : new Ajv2020(options);
  addFormats(ajv);
  return ajv;
}

/**
 * A compiler that reuses one Ajv instance per dialect: creating an instance (and adding the
 * formats) costs milliseconds, compiling a small schema on an existing one a fraction of that.
 * - A schema whose `$id` is already known to the shared instance compiles on a fresh one.
 * - Throws what Ajv throws for a schema it cannot compile.
 */
export function createSchemaCompiler(): (schema: unknown) => ValidateFunction {
  const instances = new Map<boolean, Ajv | Ajv2020>();
  return (schema) => {
    const draft07 =
      typeof schema === 'object' &&
      schema !== null &&
      typeof (schema as { $schema?: unknown }).$schema === 'string' &&
      DRAFT_07_OR_OLDER.test((schema as { $schema: string }).$schema);
    let ajv = instances.get(draft07);
    if (ajv === undefined) {
      ajv = createAjv(schema);
      instances.set(draft07, ajv);
    }
    const hasId = typeof schema === 'object' && schema !== null && '$id' in schema;
    return (hasId ? createAjv(schema) : ajv).compile(schema as object);
  };
}

/** An Ajv error as an issue: its instance path, and the extra key it names when there is one. */
export function ajvIssue(error: ErrorObject): JsonSchemaIssue {
  const extra =
    error.keyword === 'additionalProperties'
      ? ` (${JSON.stringify((error.params as { additionalProperty?: string }).additionalProperty)})`
      : '';
  return { path: error.instancePath, message: `${error.message ?? error.keyword}${extra}`, keyword: error.keyword };
}
