import type { ToolSchemaError } from '../errors.js';
import type { ConvertToolsOptions } from '../providers/convert-tools.js';
import type { ToolCallResolution } from '../providers/resolve-call.js';
import { type ConvertedTarget } from '../providers/targets/registry.js';
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
    failed: {
        name: string | undefined;
        error: ToolSchemaError;
    }[];
    /** The provider-side name of a tool, by its own name. */
    providerNameOf(name: string): string | undefined;
    /** The tool's own name, by its provider-side name. */
    nameOf(providerName: string): string | undefined;
    resolveToolCall(providerName: string, args: unknown): ToolCallResolution;
}
/** Options of {@link convertJsonSchemaTools}: `convertMcpTools`' options, for a JSON Schema target. */
export type JsonSchemaToolOptions = Omit<ConvertToolsOptions<JsonSchemaTarget>, 'target' | 'explain' | 'deferLoading'> & {
    target: JsonSchemaTarget;
};
/**
 * Converts framework tools for a JSON Schema target and gives each back as a name and a JSON
 * Schema (the target's own view of its wire tool), with the resolver of the model's calls.
 * - One tool that fails to convert is listed in `failed`; the others are converted.
 */
export declare function convertJsonSchemaTools(tools: readonly JsonSchemaTool[], options: JsonSchemaToolOptions): JsonSchemaToolConversion;
//# sourceMappingURL=json-schema-tools.d.ts.map