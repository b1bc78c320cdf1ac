// Ajv set up once for the whole library: the dialect a schema names, formats checked, no console output.
import { Ajv, type ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under NodeNext its default import is the module object's default.
const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => void;

const DRAFT_07_OR_OLDER = /json-schema\.org\/(draft-0[4-7])\/schema/;

/** One reason a value does not match, at a JSON Pointer into the value. */
export interface JsonSchemaIssue {
  path: string;
  message: string;
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

/** An Ajv error as an issue: its instance path, and the extra key it names when there is one. */
export function ajvIssue(error: ErrorObject): JsonSchemaIssue {
  const extra =
    error.keyword === 'additionalProperties'
      ? ` (${JSON.stringify((error.params as { additionalProperty?: string }).additionalProperty)})`
      : '';
  return { path: error.instancePath, message: `${error.message ?? error.keyword}${extra}` };
}
