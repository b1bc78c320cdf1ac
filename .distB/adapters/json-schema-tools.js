import { convertMcpTools } from '../providers/convert-tools.js';
import { anyTargetDefinition } from '../providers/targets/registry.js';
/**
 * Converts framework tools for a JSON Schema target and gives each back as a name and a JSON
 * Schema (the target's own view of its wire tool), with the resolver of the model's calls.
 * - One tool that fails to convert is listed in `failed`; the others are converted.
 */
export function convertJsonSchemaTools(tools, options) {
    const conversion = convertMcpTools(tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })), options);
    const definition = anyTargetDefinition(options.target);
    const converted = [];
    const failed = [];
    const byName = new Map();
    const byProviderName = new Map();
    for (const result of conversion.results) {
        if (!result.ok) {
            failed.push({ name: result.name, error: result.error });
            continue;
        }
        const view = definition.view(result.tool);
        converted.push({
            name: result.name,
            providerName: result.providerName,
            description: typeof view.description === 'string' ? view.description : '',
            inputSchema: view.schema ?? { type: 'object', properties: {} },
            strict: result.strict,
        });
        byName.set(result.name, result.providerName);
        byProviderName.set(result.providerName, result.name);
    }
    return {
        target: options.target,
        tools: converted,
        failed,
        providerNameOf: (name) => byName.get(name),
        nameOf: (providerName) => byProviderName.get(providerName),
        resolveToolCall: (providerName, args) => conversion.resolveToolCall(providerName, args),
    };
}
//# sourceMappingURL=json-schema-tools.js.map