import type { JsonValue } from '../schema/json.js';
import type { JsonSchema } from '../schema/model.js';
/**
 * A tool ready for a provider.
 * - `inputSchema` went through the pipeline (sanitized, pruned, compacted, decoded).
 * - `outputSchema` is kept for the caller (MCP's call-result envelope); it is never sent.
 * - `deferLoading` tools are left out of the request and found through tool search.
 */
export interface ToolDefinition {
    name: string;
    description: string;
    inputSchema: JsonSchema;
    outputSchema?: JsonValue;
    deferLoading: boolean;
}
//# sourceMappingURL=definition.d.ts.map