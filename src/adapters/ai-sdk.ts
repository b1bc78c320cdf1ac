// toolschema/ai-sdk: AI SDK 6 middleware that converts every function tool for its provider, and restores the model's calls.
import { dynamicTool, jsonSchema, type LanguageModelMiddleware, type ToolSet } from 'ai';
import { convertJsonSchemaTools, type JsonSchemaTarget, type JsonSchemaToolConversion } from './json-schema-tools.js';
import { listMcpClientTools, type McpClientLike } from './mcp-client.js';

type TransformParams = NonNullable<LanguageModelMiddleware['transformParams']>;
/** The AI SDK's call options (`LanguageModelV3CallOptions`). */
type CallOptions = Parameters<TransformParams>[0]['params'];
type ModelV3 = Parameters<TransformParams>[0]['model'];
type GenerateResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware['wrapGenerate']>>>;
type StreamResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware['wrapStream']>>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;

/** Options of {@link toolschemaMiddleware}. */
export interface ToolschemaMiddlewareOptions {
  /** The target; default from `model.provider` (see {@link targetForProvider}). */
  target?: JsonSchemaTarget;
  /** Ask for strict schemas where the target has them (OpenAI, Anthropic); default false. */
  strict?: boolean;
  /** Compact each tool schema to this many bytes (see `convertMcpTools`). */
  budgetBytes?: number;
}

/**
 * The target for an AI SDK provider string.
 * - `openai.responses` → `openai-responses`; `openai.chat` → `openai-chat`;
 *   `anthropic.messages` → `anthropic`;
 * - Google (`google.generative-ai`, `google.vertex.*`) and anything else → `portable`: the Google
 *   provider turns the JSON Schema it is given into Gemini's `parameters` itself, and a schema
 *   already in that subset is what it converts without breaking Gemini's rules.
 */
export function targetForProvider(provider: string): JsonSchemaTarget {
  if (provider === 'openai.responses' || provider === 'openai') return 'openai-responses';
  if (provider === 'openai.chat') return 'openai-chat';
  if (provider === 'anthropic.messages' || provider === 'anthropic') return 'anthropic';
  return 'portable';
}

/** The conversion each transformed call's tools got, found again by the params object. */
const conversions = new WeakMap<CallOptions, JsonSchemaToolConversion>();

function convertParams(params: CallOptions, model: ModelV3, options: ToolschemaMiddlewareOptions): CallOptions {
  const functionTools = (params.tools ?? []).filter((tool) => tool.type === 'function');
  if (functionTools.length === 0) return params;
  const target = options.target ?? targetForProvider(model.provider);
  const conversion = convertJsonSchemaTools(
    functionTools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
    {
      target,
      strict: options.strict === true,
      ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
    },
  );
  const byName = new Map(conversion.tools.map((tool) => [tool.name, tool]));
  const rename = (name: string) => conversion.providerNameOf(name) ?? name;
  const tools = (params.tools ?? []).map((tool) => {
    if (tool.type !== 'function') return tool;
    const converted = byName.get(tool.name);
    // A tool toolschema cannot convert goes as it was: the provider's own error is the AI SDK's to report.
    if (converted === undefined) return tool;
    return {
      ...tool,
      name: converted.providerName,
      // Within the provider's limit (Chat: 1,024 characters).
      ...(tool.description === undefined ? {} : { description: converted.description }),
      inputSchema: converted.inputSchema as typeof tool.inputSchema,
      ...(options.strict === undefined ? {} : { strict: converted.strict }),
    };
  });
  // The history: earlier calls and their results under the names the provider knows.
  const prompt = params.prompt.map((message) => {
    if (message.role !== 'assistant' && message.role !== 'tool') return message;
    return {
      ...message,
      content: message.content.map((part) =>
        part.type === 'tool-call' || part.type === 'tool-result' ? { ...part, toolName: rename(part.toolName) } : part,
      ),
    } as typeof message;
  });
  const toolChoice =
    params.toolChoice?.type === 'tool'
      ? { ...params.toolChoice, toolName: rename(params.toolChoice.toolName) }
      : params.toolChoice;
  const transformed: CallOptions = { ...params, tools, prompt, ...(toolChoice === undefined ? {} : { toolChoice }) };
  conversions.set(transformed, conversion);
  return transformed;
}

/**
 * A model's tool call, given back: the tool's own name and its input restored (JSON text, as the
 * AI SDK wants it). A call whose restored input does not match the tool's schema goes on with
 * that input under the tool's own name, so the AI SDK's own validation (and repair, if set)
 * judges it; one that could not even be read keeps the model's text.
 */
function restoreCall<P extends { toolName: string; input: string }>(part: P, conversion: JsonSchemaToolConversion): P {
  const name = conversion.nameOf(part.toolName);
  if (name === undefined) return part;
  const resolved = conversion.resolveToolCall(part.toolName, part.input);
  if (!resolved.ok)
    return {
      ...part,
      toolName: name,
      ...(resolved.restored === undefined ? {} : { input: JSON.stringify(resolved.restored) }),
    };
  return { ...part, toolName: resolved.name, input: JSON.stringify(resolved.arguments) };
}

/**
 * AI SDK 6 middleware (`wrapLanguageModel({ model, middleware: toolschemaMiddleware() })`).
 * - `transformParams`: every function tool converted for the model's provider (from
 *   `model.provider`, or `options.target`): name, description (within the provider's limit),
 *   `inputSchema` and, with `options.strict`, `strict`; the tool calls and results already in
 *   the prompt renamed to match.
 * - `wrapGenerate` and `wrapStream`: every `tool-call` (and `tool-input-start`'s name) turned back
 *   into the tool's own name and restored input, before the AI SDK checks it against the tool's
 *   own schema.
 * - Works for every tool the app defines (`tool`, `dynamicTool`, `jsonSchema`, `zodSchema`, MCP).
 */
export function toolschemaMiddleware(options: ToolschemaMiddlewareOptions = {}): LanguageModelMiddleware {
  return {
    specificationVersion: 'v3',
    transformParams: async ({ params, model }) => convertParams(params, model, options),
    wrapGenerate: async ({ doGenerate, params }) => {
      const result: GenerateResult = await doGenerate();
      const conversion = conversions.get(params);
      if (conversion === undefined) return result;
      return {
        ...result,
        content: result.content.map((part) => (part.type === 'tool-call' ? restoreCall(part, conversion) : part)),
      };
    },
    wrapStream: async ({ doStream, params }) => {
      const result: StreamResult = await doStream();
      const conversion = conversions.get(params);
      if (conversion === undefined) return result;
      const restore = new TransformStream<StreamPart, StreamPart>({
        transform(part, controller) {
          if (part.type === 'tool-call') controller.enqueue(restoreCall(part, conversion));
          else if (part.type === 'tool-input-start')
            controller.enqueue({ ...part, toolName: conversion.nameOf(part.toolName) ?? part.toolName });
          else controller.enqueue(part);
        },
      });
      return { ...result, stream: result.stream.pipeThrough(restore) };
    },
  };
}

/** Options of {@link toolschemaTools}. */
export interface ToolschemaToolsOptions {
  /** Default `portable`: the schemas every provider takes. */
  target?: JsonSchemaTarget;
  strict?: boolean;
  budgetBytes?: number;
}

/**
 * An AI SDK `ToolSet` from an MCP SDK `Client`: every tool of the server (listed without the
 * SDK's per-tool checks, so one bad tool hides no other), converted, as `dynamicTool`s whose
 * `execute` restores the arguments, checks them against the server's own schema and calls it.
 * - Keys are the provider-side names; a tool that cannot be converted is left out (see `failed`).
 */
export async function toolschemaTools(client: McpClientLike, options: ToolschemaToolsOptions = {}): Promise<ToolSet> {
  const listed = await listMcpClientTools(client);
  const conversion = convertJsonSchemaTools(listed, {
    target: options.target ?? 'portable',
    strict: options.strict === true,
    ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
  });
  const tools: ToolSet = {};
  for (const tool of conversion.tools) {
    tools[tool.providerName] = dynamicTool({
      description: tool.description,
      inputSchema: jsonSchema(tool.inputSchema as Parameters<typeof jsonSchema>[0]),
      execute: async (input) => {
        const resolved = conversion.resolveToolCall(tool.providerName, input);
        if (!resolved.ok) throw resolved.error;
        return client.callTool({ name: resolved.name, arguments: resolved.arguments });
      },
    });
  }
  return tools;
}
