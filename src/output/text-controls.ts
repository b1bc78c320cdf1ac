// Responses `text` controls: the output schema as a structured request field (SPEC §3.1, seed 5.24).
import { optionsObject, showOptionValue, ToolSchemaError } from '../errors.js';
import { copyJsonInput } from '../schema/copy.js';
import type { JsonObject } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';

/** The format name the reference sends. */
export const DEFAULT_OUTPUT_SCHEMA_NAME = 'codex_output_schema';

/** What a format name may be (the provider's rule). */
export const OUTPUT_SCHEMA_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Verbosity of the model's answer. */
export type Verbosity = 'low' | 'medium' | 'high';

/** The `text.format` of a structured-output request. */
export type JsonSchemaTextFormat = {
  type: 'json_schema';
  strict: boolean;
  schema: JsonObject;
  name: string;
};

/** The Responses `text` field (assignable to the `openai` package's `ResponseTextConfig`). */
export type TextControls = {
  verbosity?: Verbosity;
  format?: JsonSchemaTextFormat;
};

/** Options of {@link createTextControls}. */
export interface TextControlsOptions {
  verbosity?: Verbosity | undefined;
  /** The JSON Schema the final answer must follow; sent verbatim. */
  outputSchema?: unknown;
  /** Provider-side enforcement (default true); declare a source non-strict with false. */
  strict?: boolean | undefined;
  /** The format name (default `codex_output_schema`), `^[a-zA-Z0-9_-]{1,64}$`. */
  name?: string | undefined;
}

/**
 * Builds the `text` controls of a Responses request.
 * - Neither verbosity nor schema → `undefined`: the request carries no `text` at all.
 * - Else `{ verbosity?, format? }` with `format = { type: "json_schema", strict, schema, name }`.
 * - The schema is copied verbatim (never sanitized, never spliced into instructions); it must be a
 *   JSON object. `strict` defaults to true.
 */
export function createTextControls(input?: TextControlsOptions): TextControls | undefined {
  const options = optionsObject(input);
  const { verbosity, outputSchema } = options;
  if (verbosity === undefined && outputSchema === undefined) return undefined;
  const controls: TextControls = {};
  if (verbosity !== undefined) {
    if (verbosity !== 'low' && verbosity !== 'medium' && verbosity !== 'high') {
      throw new ToolSchemaError(
        'invalid_option',
        ['verbosity'],
        `expected low, medium or high, found ${showOptionValue(verbosity)}`,
      );
    }
    controls.verbosity = verbosity;
  }
  if (outputSchema !== undefined) {
    const name = options.name ?? DEFAULT_OUTPUT_SCHEMA_NAME;
    if (!OUTPUT_SCHEMA_NAME_PATTERN.test(name)) {
      throw new ToolSchemaError(
        'invalid_option',
        ['name'],
        `format name ${JSON.stringify(name)} must match ^[a-zA-Z0-9_-]{1,64}$`,
      );
    }
    const schema = copyJsonInput(outputSchema);
    if (!isJsonObject(schema)) {
      throw new ToolSchemaError('invalid_output_schema', [], 'an output schema must be a JSON object');
    }
    controls.format = { type: 'json_schema', strict: options.strict ?? true, schema, name };
  }
  return controls;
}
