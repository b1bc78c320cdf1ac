// Responses API wire shapes: function tools, deferred tools and namespaces (SPEC §2.4).
import { expectArrayArgument, expectObjectArgument } from '../errors.js';
import type { JsonSchema } from '../schema/model.js';
import type { ToolDefinition } from './definition.js';
import { validateNamespaceDescription, validateNamespaceIdentifier } from './identifier.js';

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
export function toResponsesApiTool(definition: ToolDefinition): ResponsesFunctionTool {
  expectObjectArgument(definition, 'invalid_tool', 'a tool definition');
  return {
    type: 'function',
    name: definition.name,
    description: definition.description,
    strict: false,
    ...(definition.deferLoading ? { defer_loading: true as const } : {}),
    parameters: definition.inputSchema,
  };
}

/** The same definition, deferred: loaded through tool search instead of the request. */
export function toDeferredResponsesApiTool(definition: ToolDefinition): ResponsesFunctionTool {
  return toResponsesApiTool({ ...definition, deferLoading: true });
}

/** A namespace as declared by the caller. */
export interface ToolNamespace {
  name: string;
  description?: string;
  tools: readonly ToolDefinition[];
}

/** The description a namespace gets when its own is blank. */
export function defaultNamespaceDescription(name: string): string {
  return `Tools in the ${typeof name === 'string' ? name : 'unnamed'} namespace.`;
}

/**
 * Turns a namespace into its Responses shape.
 * - The name must be a valid namespace identifier; the description at most 1,024 characters.
 * - A blank description becomes `Tools in the <name> namespace.`
 */
export function toResponsesNamespaceTool(namespace: ToolNamespace): ResponsesNamespaceTool {
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
export function mergeResponsesNamespaces(tools: readonly ResponsesTool[]): ResponsesTool[] {
  expectArrayArgument(tools, 'invalid_tool', 'the tools');
  const merged: ResponsesTool[] = [];
  const byName = new Map<string, ResponsesNamespaceTool>();
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
    } else {
      for (const member of tool.tools) existing.tools.push(member);
      if (existing.description === defaultNamespaceDescription(existing.name)) existing.description = tool.description;
    }
  }
  return merged;
}
