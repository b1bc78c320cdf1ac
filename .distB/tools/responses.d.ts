import type { JsonSchema } from '../schema/model.js';
import type { ToolDefinition } from './definition.js';
/**
 * A Responses API function tool as toolschema sends it (assignable to the `openai` package's
 * `FunctionTool`, checked by a compile-time test): never strict (the schema is not
 * guaranteed to be in the strict subset), `defer_loading` only when true, no output schema.
 */
export type ResponsesFunctionTool = {
    type: 'function';
    name: string;
    description: string;
    strict: false;
    defer_loading?: true;
    parameters: JsonSchema;
};
/** A Responses API namespace: a named group of function tools. */
export type ResponsesNamespaceTool = {
    type: 'namespace';
    name: string;
    description: string;
    tools: ResponsesFunctionTool[];
};
/** Any tool toolschema puts on the wire. */
export type ResponsesTool = ResponsesFunctionTool | ResponsesNamespaceTool;
/**
 * Turns a {@link ToolDefinition} into the Responses function tool the model sees.
 * - Keys in wire order: type, name, description, strict (false), defer_loading (only when
 *   true), parameters. The output schema is never sent.
 */
export declare function toResponsesApiTool(definition: ToolDefinition): ResponsesFunctionTool;
/** The same definition, deferred: loaded through tool search instead of the request. */
export declare function toDeferredResponsesApiTool(definition: ToolDefinition): ResponsesFunctionTool;
/** A namespace as declared by the caller. */
export interface ToolNamespace {
    name: string;
    description?: string;
    tools: readonly ToolDefinition[];
}
/** The description a namespace gets when its own is blank. */
export declare function defaultNamespaceDescription(name: string): string;
/**
 * Turns a namespace into its Responses shape.
 * - The name must be a valid namespace identifier; the description at most 1,024 characters.
 * - A blank description becomes `Tools in the <name> namespace.`
 */
export declare function toResponsesNamespaceTool(namespace: ToolNamespace): ResponsesNamespaceTool;
/**
 * Merges namespaces that share a name into the first one, in order; functions are never merged.
 * - The merged namespace keeps the first non-default description.
 */
export declare function mergeResponsesNamespaces(tools: readonly ResponsesTool[]): ResponsesTool[];
//# sourceMappingURL=responses.d.ts.map