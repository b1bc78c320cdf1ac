// Dynamic tools: tools an application registers at run time (SPEC §2.2, seed §2.2).
import { prefixErrorPath, ToolSchemaError } from '../errors.js';
import { parseToolInputSchema } from '../schema/pipeline.js';
import { validateToolIdentifier } from './identifier.js';
/**
 * Turns a dynamic tool spec into a {@link ToolDefinition}.
 * - The name must be a valid tool identifier (`invalid_identifier` otherwise).
 * - Name and description are kept verbatim; `inputSchema` goes through the default pipeline,
 *   and its errors are rethrown with their path under `/inputSchema`.
 * - A dynamic tool has no output schema.
 */
export function parseDynamicTool(spec, options) {
    if (typeof spec !== 'object' || spec === null) {
        throw new ToolSchemaError('invalid_tool', [], 'a dynamic tool must be an object with name, description and inputSchema');
    }
    const name = validateToolIdentifier(spec.name);
    if (typeof spec.description !== 'string') {
        throw new ToolSchemaError('invalid_tool', ['description'], 'description must be a string');
    }
    let inputSchema;
    try {
        inputSchema = parseToolInputSchema(spec.inputSchema, options);
    }
    catch (error) {
        throw error instanceof ToolSchemaError ? prefixErrorPath(error, ['inputSchema']) : error;
    }
    return { name, description: spec.description, inputSchema, deferLoading: spec.deferLoading === true };
}
//# sourceMappingURL=dynamic.js.map