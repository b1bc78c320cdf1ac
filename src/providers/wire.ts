// The tool shapes each provider's API takes, written out (checked against the providers' SDKs in the tests).
import type { JsonObject, JsonValue } from '../schema/json.js';
import type { ResponsesFunctionTool } from '../tools/responses.js';
import type { ConvertedTarget, ProviderTarget } from './targets.js';

/** A JSON Schema object the provider gets as a tool's parameters. */
export type WireSchema = JsonObject;

/** OpenAI Responses `tools[]` function entry (the `openai` package's `FunctionTool`). */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: WireSchema;
  strict: boolean;
}

/** OpenAI Chat Completions `tools[]` entry (the `openai` package's `ChatCompletionFunctionTool`). */
export interface OpenAIChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: WireSchema; strict: boolean };
}

/** Anthropic Messages `tools[]` entry (the `@anthropic-ai/sdk` package's `Tool`). */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: WireSchema & { type: 'object' };
  /** Only present (true) on tools served with strict tool use. */
  strict?: true;
}

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

/** Gemini `functionDeclarations[]` entry with `parameters` (a tool without parameters has none). */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: GeminiSchema;
}

/** Gemini `functionDeclarations[]` entry with `parametersJsonSchema`. */
export interface GeminiJsonSchemaFunctionDeclaration {
  name: string;
  description: string;
  parametersJsonSchema: WireSchema;
}

/** The tool shape of each target. */
export interface WireToolByTarget {
  codex: ResponsesFunctionTool;
  'openai-responses': OpenAIResponsesTool;
  'openai-chat': OpenAIChatTool;
  anthropic: AnthropicTool;
  gemini: GeminiFunctionDeclaration;
  'gemini-json-schema': GeminiJsonSchemaFunctionDeclaration;
}

/** The tool shape of target `T`. */
export type WireTool<T extends ProviderTarget> = WireToolByTarget[T];

/** Any wire tool. */
export type AnyWireTool = WireToolByTarget[ProviderTarget];

/**
 * Puts a tool's name, description and parameters in a target's envelope, the parameters as
 * given: the converter passes the converted schema (for Gemini already a `Schema`, or undefined
 * for a tool without parameters); `toolschema lint` passes the server's schema untouched.
 */
export function wireEnvelope(
  target: ConvertedTarget,
  name: string,
  description: string,
  parameters: WireSchema | GeminiSchema | undefined,
  strict: boolean,
): AnyWireTool {
  const schema = parameters as WireSchema;
  switch (target) {
    case 'openai-responses':
      return { type: 'function', name, description, parameters: schema, strict };
    case 'openai-chat':
      return { type: 'function', function: { name, description, parameters: schema, strict } };
    case 'anthropic':
      return {
        name,
        description,
        input_schema: schema as WireSchema & { type: 'object' },
        ...(strict ? { strict: true as const } : {}),
      };
    case 'gemini':
      return parameters === undefined
        ? { name, description }
        : { name, description, parameters: parameters as GeminiSchema };
    case 'gemini-json-schema':
      return { name, description, parametersJsonSchema: schema };
    default:
      return target satisfies never;
  }
}
