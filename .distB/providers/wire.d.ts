import type { JsonObject, JsonValue } from '../schema/json.js';
import { type ConvertedTarget, type ProviderTarget, type WireToolByTarget } from './targets/registry.js';
/** A JSON Schema object the provider gets as a tool's parameters. */
export type WireSchema = JsonObject;
/** Gemini's `Type` names as its API and the `@google/genai` package spell them. */
export type GeminiType = 'STRING' | 'NUMBER' | 'INTEGER' | 'BOOLEAN' | 'ARRAY' | 'OBJECT';
/** Gemini's `Schema` message (an OpenAPI 3.0 subset); 64-bit counts are strings, as in its JSON. */
export interface GeminiSchema {
    type?: GeminiType;
    description?: string;
    title?: string;
    nullable?: boolean;
    enum?: string[];
    format?: string;
    pattern?: string;
    default?: JsonValue;
    example?: JsonValue;
    minimum?: number;
    maximum?: number;
    minLength?: string;
    maxLength?: string;
    minItems?: string;
    maxItems?: string;
    minProperties?: string;
    maxProperties?: string;
    items?: GeminiSchema;
    properties?: Record<string, GeminiSchema>;
    required?: string[];
    anyOf?: GeminiSchema[];
    propertyOrdering?: string[];
}
export type { AnthropicTool } from './targets/anthropic.js';
export type { GeminiFunctionDeclaration } from './targets/gemini.js';
export type { GeminiJsonSchemaFunctionDeclaration } from './targets/gemini-json-schema.js';
export type { OpenAIChatTool } from './targets/openai-chat.js';
export type { OpenAIResponsesTool } from './targets/openai-responses.js';
export type { PortableTool } from './targets/portable.js';
export type { WireToolByTarget } from './targets/registry.js';
/** The tool shape of target `T`. */
export type WireTool<T extends ProviderTarget> = WireToolByTarget[T];
/** Any wire tool. */
export type AnyWireTool = WireToolByTarget[ProviderTarget];
/**
 * Puts a tool's name, description and parameters in a target's envelope, the parameters as
 * given: the converter passes the converted schema (for Gemini already a `Schema`, or undefined
 * for a tool without parameters); `toolschema lint` passes the server's schema untouched.
 */
export declare function wireEnvelope(target: ConvertedTarget, name: string, description: string, parameters: WireSchema | GeminiSchema | undefined, strict: boolean): AnyWireTool;
//# sourceMappingURL=wire.d.ts.map