// The entry points: copy → sanitize → prune → (compact) → decode, as in seed §2.1 (SPEC §1).
import type { CompactionOptions, CompactionPassName } from './compact.js';
import { compactAndDecode, resolveCompactionOptions } from './compact.js';
import { decodeRawSchema } from './decode.js';
import type { JsonValue } from './json.js';
import type { JsonSchema } from './model.js';
import { pruneInPlace } from './refs.js';
import { sanitizeJsonSchema } from './sanitize.js';

/** Options of {@link parseToolInputSchema}: the compaction budget and depth. */
export type ParseToolInputSchemaOptions = CompactionOptions;

/**
 * Turns any tool input schema into the model the wire can carry, compacting it to the budget.
 * - `decode(compact(prune(sanitize(copy(input)))))`; the input is never modified (the copy and
 *   sanitize are one walk).
 * - Throws {@link ToolSchemaError} for input that is not JSON, nests too deep, or does not decode.
 */
export function parseToolInputSchema(input: unknown, options?: ParseToolInputSchemaOptions): JsonSchema {
  return parseSanitizedToolInputSchema(sanitizeJsonSchema(input), options).schema;
}

/**
 * The pipeline after sanitize, on a sanitized copy the caller owns (it is mutated), also
 * returning the compaction passes that ran. For the library's own consumers (MCP tools, whose
 * whole-tool copy sanitizes the input schema on the way); not exported publicly.
 */
export function parseSanitizedToolInputSchema(
  sanitized: JsonValue,
  options?: ParseToolInputSchemaOptions & { keepRaw?: boolean },
): { schema: JsonSchema; compactionPasses: CompactionPassName[]; raw: JsonValue } {
  const resolved = resolveCompactionOptions(options);
  const keepRaw = options?.keepRaw === true;
  const { attempt, passes, raw } = compactAndDecode(pruneInPlace(sanitized), resolved, { keepRaw });
  if ('error' in attempt) throw attempt.error;
  return { schema: attempt.schema, compactionPasses: passes, raw };
}

/**
 * The same pipeline without compaction: `decode(prune(sanitize(copy(input))))`.
 * - Keeps descriptions and definitions however large the schema is.
 */
export function parseToolInputSchemaWithoutCompaction(input: unknown): JsonSchema {
  return decodeRawSchema(pruneInPlace(sanitizeJsonSchema(input)));
}
