// compileResponsesRequest: a request body for POST /v1/responses, output schema as a structured field.
import { expectObjectArgument, ToolSchemaError } from '../errors.js';
import { unescapeToken } from '../schema/pointer-tokens.js';
import { checkStrictOutputSchema } from './strict.js';
import type { TextControls, Verbosity } from './text-controls.js';
import { createTextControls } from './text-controls.js';

/**
 * A tool entry of the request: any Responses tool (the `openai` package's `Tool`, or toolschema's
 * own Responses tools). Only `type` is read; the body keeps the caller's exact type.
 */
export interface RequestTool {
  readonly type: string;
}

/**
 * Options of {@link compileResponsesRequest}. `Input` and `Tool` are the caller's own types (for
 * example the `openai` package's `ResponseInput` and `Tool`); the body carries them unchanged, so
 * it type-checks as that package's create params without this library depending on it.
 */
export interface ResponsesRequestOptions<Input = string, Tool extends RequestTool = never> {
  model: string;
  input: Input;
  instructions?: string;
  tools?: readonly Tool[];
  /** The JSON Schema of the final answer; becomes `text.format`, never text in the instructions. */
  outputSchema?: unknown;
  /** Provider-side enforcement of the output schema (default true). */
  strict?: boolean;
  verbosity?: Verbosity;
  /** The format name (default `codex_output_schema`). */
  schemaName?: string;
  /** Check a strict schema against the strict subset before sending (default true). */
  preflight?: boolean;
}

/** The request body (assignable to the `openai` package's `ResponseCreateParamsNonStreaming`). */
export type ResponsesRequestBody<Input = string, Tool extends RequestTool = never> = {
  model: string;
  input: Input;
  instructions?: string;
  tools?: Tool[];
  text?: TextControls;
};

/**
 * Compiles a Responses API request body.
 * - `text` is present only when a schema or verbosity is given (see `createTextControls`).
 * - With `strict` (the default) and `preflight` (the default), a schema outside the strict
 *   subset throws `ToolSchemaError` (`invalid_output_schema`) naming the first violation's path
 *   and counting the rest, instead of an InvalidRequest from the provider.
 * - `tools` are copied in order; nothing is added to `instructions`.
 */
export function compileResponsesRequest<Input = string, Tool extends RequestTool = never>(
  options: ResponsesRequestOptions<Input, Tool>,
): ResponsesRequestBody<Input, Tool> {
  expectObjectArgument(options, 'invalid_option', 'the request options');
  if (typeof options.model !== 'string' || options.model === '') {
    throw new ToolSchemaError('invalid_option', ['model'], 'model must be a non-empty string');
  }
  const strict = options.strict ?? true;
  if (options.outputSchema !== undefined && strict && options.preflight !== false) {
    const violations = checkStrictOutputSchema(options.outputSchema);
    const [first] = violations;
    if (first !== undefined) {
      const more = violations.length > 1 ? ` (and ${violations.length - 1} more; see checkStrictOutputSchema)` : '';
      throw new ToolSchemaError(
        'invalid_output_schema',
        ['outputSchema', ...pointerSegments(first.path)],
        `not in the strict subset: ${first.message}${more}; fix the schema or pass strict: false`,
      );
    }
  }
  const text = createTextControls({
    verbosity: options.verbosity,
    outputSchema: options.outputSchema,
    strict,
    name: options.schemaName,
  });
  const body: ResponsesRequestBody<Input, Tool> = { model: options.model, input: options.input };
  if (options.instructions !== undefined) body.instructions = options.instructions;
  if (options.tools !== undefined) body.tools = [...options.tools];
  if (text !== undefined) body.text = text;
  return body;
}

function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map(unescapeToken);
}
