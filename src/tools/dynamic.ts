// Dynamic tools: tools an application registers at run time (SPEC §2.2, seed §2.2).
import { prefixErrorPath, ToolSchemaError } from '../errors.js';
import type { ParseToolInputSchemaOptions } from '../schema/pipeline.js';
import { parseToolInputSchema } from '../schema/pipeline.js';
import type { ToolDefinition } from './definition.js';
import { validateToolIdentifier } from './identifier.js';

/** A dynamic tool as an application declares it. */
export interface DynamicToolSpec {
  name: string;
  description: string;
  /** Any JSON Schema; it goes through {@link parseToolInputSchema}. */
  inputSchema: unknown;
  deferLoading?: boolean;
}

/**
 * Turns a dynamic tool spec into a {@link ToolDefinition}.
 * - The name must be a valid tool identifier (`invalid_identifier` otherwise).
 * - Name and description are kept verbatim; `inputSchema` goes through the default pipeline,
 *   and its errors are rethrown with their path under `/inputSchema`.
 * - A dynamic tool has no output schema.
 */
export function parseDynamicTool(spec: DynamicToolSpec, options?: ParseToolInputSchemaOptions): ToolDefinition {
  if (typeof spec !== 'object' || spec === null) {
    throw new ToolSchemaError(
      'invalid_tool',
      [],
      'a dynamic tool must be an object with name, description and inputSchema',
    );
  }
  const name = validateToolIdentifier(spec.name);
  if (typeof spec.description !== 'string') {
    throw new ToolSchemaError('invalid_tool', ['description'], 'description must be a string');
  }
  let inputSchema: ToolDefinition['inputSchema'];
  try {
    inputSchema = parseToolInputSchema(spec.inputSchema, options);
  } catch (error) {
    throw error instanceof ToolSchemaError ? prefixErrorPath(error, ['inputSchema']) : error;
  }
  return { name, description: spec.description, inputSchema, deferLoading: spec.deferLoading === true };
}
