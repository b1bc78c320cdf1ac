// Responses API wire shapes: function tools, deferred tools and namespaces (SPEC §2.4).
import { expectArrayArgument, expectObjectArgument } from '../errors.js';
import { validateNamespaceDescription, validateNamespaceIdentifier } from './identifier.js';
/**
 * Turns a {@link ToolDefinition} into the Responses function tool the model sees.
 * - Keys in wire order: type, name, description, strict (false), defer_loading (only when
 *   true), parameters. The output schema is never sent.
 */
export function toResponsesApiTool(definition) {
    expectObjectArgument(definition, 'invalid_tool', 'a tool definition');
    return {
        type: 'function',
        name: definition.name,
        description: definition.description,
        strict: false,
        ...(definition.deferLoading ? { defer_loading: true } : {}),
        parameters: definition.inputSchema,
    };
}
/** The same definition, deferred: loaded through tool search instead of the request. */
export function toDeferredResponsesApiTool(definition) {
    return toResponsesApiTool({ ...definition, deferLoading: true });
}
/** The description a namespace gets when its own is blank. */
export function defaultNamespaceDescription(name) {
    return `Tools in the ${name} namespace.`;
}
/**
 * Turns a namespace into its Responses shape.
 * - The name must be a valid namespace identifier; the description at most 1,024 characters.
 * - A blank description becomes `Tools in the <name> namespace.`
 */
export function toResponsesNamespaceTool(namespace) {
    expectObjectArgument(namespace, 'invalid_tool', 'a namespace');
    expectArrayArgument(namespace.tools, 'invalid_tool', "a namespace's tools");
    const name = validateNamespaceIdentifier(namespace.name);
    const description = validateNamespaceDescription(namespace.description ?? '');
    return {
        type: 'namespace',
        name,
        description: description.trim() === '' ? defaultNamespaceDescription(name) : description,
        tools: namespace.tools.map((tool) => toResponsesApiTool(tool)),
    };
}
/**
 * Merges namespaces that share a name into the first one, in order; functions are never merged.
 * - The merged namespace keeps the first non-default description.
 */
export function mergeResponsesNamespaces(tools) {
    expectArrayArgument(tools, 'invalid_tool', 'the tools');
    const merged = [];
    const byName = new Map();
    for (const tool of tools) {
        if (tool.type !== 'namespace') {
            merged.push(tool);
            continue;
        }
        const existing = byName.get(tool.name);
        if (existing === undefined) {
            const copy = { ...tool, tools: [...tool.tools] };
            byName.set(tool.name, copy);
            merged.push(copy);
        }
        else {
            for (const member of tool.tools)
                existing.tools.push(member);
            if (existing.description === defaultNamespaceDescription(existing.name))
                existing.description = tool.description;
        }
    }
    return merged;
}
//# sourceMappingURL=responses.js.map