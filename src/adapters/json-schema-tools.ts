// Tools the frameworks describe with JSON Schema, converted for a provider and given back as JSON Schema (the adapters' core).
import type { ToolSchemaError } from '../errors.js';
import type { ConvertToolsOptions, ProviderConversion } from '../providers/convert-tools.js';
import { convertMcpTools } from '../providers/convert-tools.js';
import type { ToolCallResolution } from '../providers/resolve-call.js';
import { anyTargetDefinition, type ConvertedTarget } from '../providers/targets/registry.js';
import type { JsonObject } from '../schema/json.js';

/** A tool as a framework holds it: a name, a description and a JSON Schema for its input. */
export interface JsonSchemaTool {
  name: string;
  description?: string | undefined;
  inputSchema: unknown;
}

/** Targets whose wire carries a JSON Schema: what a framework can be handed (not Gemini's OpenAPI `Schema`). */
export type JsonSchemaTarget = Exclude<ConvertedTarget, 'gemini'>;

/** One tool, converted: the name and schema to hand the framework, and whether it is strict. */
export interface ConvertedJsonSchemaTool {
  /** The tool's own name. */
  name: string;
  /** The name the provider gets (what the model calls). */
  providerName: string;
  description: string;
  inputSchema: JsonObject;
  strict: boolean;
}

/** A conversion the adapters keep: the tools, the failures, and the resolver of calls. */
export interface JsonSchemaToolConversion {
  target: JsonSchemaTarget;
  tools: ConvertedJsonSchemaTool[];
  /** Tools that could not be converted (each with its error); the others are all there. */
  failed: { name: string | undefined; error: ToolSchemaError }[];
  /** The provider-side name of a tool, by its own name. */
  providerNameOf(name: string): string | undefined;
  /** The tool's own name, by its provider-side name. */
  nameOf(providerName: string): string | undefined;
  resolveToolCall(providerName: string, args: unknown): ToolCallResolution;
}

/** Options of {@link convertJsonSchemaTools}: `convertMcpTools`' options, for a JSON Schema target. */
export type JsonSchemaToolOptions = Omit<
  ConvertToolsOptions<JsonSchemaTarget>,
  'target' | 'explain' | 'deferLoading'
> & {
  target: JsonSchemaTarget;
};

/**
 * Converts framework tools for a JSON Schema target and gives each back as a name and a JSON
 * Schema (the target's own view of its wire tool), with the resolver of the model's calls.
 * - One tool that fails to convert is listed in `failed`; the others are converted.
 */
export function convertJsonSchemaTools(
  tools: readonly JsonSchemaTool[],
  options: JsonSchemaToolOptions,
): JsonSchemaToolConversion {
  const conversion = convertMcpTools(
    tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema as never })),
    options,
  ) as ProviderConversion<ConvertedTarget>;
  const definition = anyTargetDefinition(options.target);
  const converted: ConvertedJsonSchemaTool[] = [];
  const failed: JsonSchemaToolConversion['failed'] = [];
  const byName = new Map<string, string>();
  const byProviderName = new Map<string, string>();
  for (const result of conversion.results) {
    if (!result.ok) {
      failed.push({ name: result.name, error: result.error });
      continue;
    }
    const view = definition.view(result.tool as unknown as JsonObject);
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
