// Validators for structured results: a JSON Schema (Ajv, draft 2020-12 or draft-07) or any Standard Schema.
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ValidateFunction } from 'ajv';
import { ToolSchemaError, toJsonPointer } from '../errors.js';
import { ajvIssue, compileSchema, createAjv } from '../json-schema-ajv.js';
import { copyJsonInput } from '../schema/copy.js';
import { isJsonObject } from '../schema/json.js';

/** One reason a value does not match, at a JSON Pointer into the value. */
export interface ValidationIssue {
  path: string;
  message: string;
  /** The JSON Schema keyword the value fails (`type`, `required`, `maximum`, …), when known. */
  keyword?: string;
}

/**
 * The outcome of validating one value. `fault` is set when the validator itself failed (it threw,
 * rejected, ran out of stack, or is async where a sync answer was needed): the value was not judged.
 */
export type ValidationOutcome<T> =
  | { valid: true; value: T }
  | { valid: false; issues: ValidationIssue[]; fault?: string };

/** A validator: sync for JSON Schema and sync Standard Schemas, possibly async for others. */
export type ResultValidator<T> = (value: unknown) => ValidationOutcome<T> | Promise<ValidationOutcome<T>>;

/** What {@link createStructuredResultDecoder} accepts as the expected shape. */
export type ResultSchema<T> = StandardSchemaV1<unknown, T> | Record<string, unknown> | boolean;

/** True for a Standard Schema validator (zod 4, valibot, ArkType, …). */
export function isStandardSchema(schema: unknown): schema is StandardSchemaV1 {
  return typeof schema === 'object' && schema !== null && '~standard' in schema;
}

function standardIssuePath(path: StandardSchemaV1.Issue['path']): string {
  if (path === undefined) return '';
  return toJsonPointer(
    path.map((segment) => {
      const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
      return typeof key === 'number' ? key : String(key);
    }),
  );
}

function standardOutcome<T>(result: StandardSchemaV1.Result<T>): ValidationOutcome<T> {
  if (result.issues === undefined) return { valid: true, value: result.value };
  return {
    valid: false,
    issues: result.issues.map((issue) => ({ path: standardIssuePath(issue.path), message: issue.message })),
  };
}

/**
 * Builds a validator.
 * - A JSON Schema compiles with Ajv: draft-07 (or older) when its `$schema` says so, else 2020-12;
 *   formats are checked (ajv-formats). A schema Ajv cannot compile throws `ToolSchemaError`
 *   (`invalid_output_schema`) here, once, rather than at every decode.
 * - A Standard Schema validator is called as it is; its issues' paths become JSON Pointers.
 */
export function createResultValidator<T>(schema: ResultSchema<T>): ResultValidator<T> {
  if (isStandardSchema(schema)) {
    const standard = schema as StandardSchemaV1<unknown, T>;
    return (value) => {
      const result = standard['~standard'].validate(value);
      return result instanceof Promise ? result.then(standardOutcome) : standardOutcome(result);
    };
  }
  const copied = copyJsonInput(schema);
  if (!isJsonObject(copied) && typeof copied !== 'boolean') {
    throw new ToolSchemaError(
      'invalid_output_schema',
      [],
      'expected a JSON Schema object or a Standard Schema validator',
    );
  }
  let validate: ValidateFunction;
  try {
    validate = compileSchema(createAjv(copied), copied).validate;
  } catch (error) {
    throw new ToolSchemaError(
      'invalid_output_schema',
      [],
      `Ajv cannot compile the schema: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (value) => {
    if (validate(value)) return { valid: true, value: value as T };
    return { valid: false, issues: (validate.errors ?? []).map(ajvIssue) };
  };
}
