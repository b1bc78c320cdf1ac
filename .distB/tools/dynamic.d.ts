import type { ParseToolInputSchemaOptions } from '../schema/pipeline.js';
import type { ToolDefinition } from './definition.js';
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
export declare function parseDynamicTool(spec: DynamicToolSpec, options?: ParseToolInputSchemaOptions): ToolDefinition;
//# sourceMappingURL=dynamic.d.ts.map