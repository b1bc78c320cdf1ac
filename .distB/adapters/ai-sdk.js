// toolschema/ai-sdk: AI SDK 6 middleware that converts every function tool for its provider, and restores the model's calls.
import { dynamicTool, jsonSchema } from 'ai';
import { convertJsonSchemaTools } from './json-schema-tools.js';
import { listMcpClientTools } from './mcp-client.js';
/**
 * The target for an AI SDK provider string.
 * - `openai.responses` → `openai-responses`; `openai.chat` → `openai-chat`;
 *   `anthropic.messages` → `anthropic`;
 * - Google (`google.generative-ai`, `google.vertex.*`) and anything else → `portable`: the Google
 *   provider turns the JSON Schema it is given into Gemini's `parameters` itself, and a schema
 *   already in that subset is what it converts without breaking Gemini's rules.
 */
export function targetForProvider(provider) {
    if (provider === 'openai.responses' || provider === 'openai')
        return 'openai-responses';
    if (provider === 'openai.chat')
        return 'openai-chat';
    if (provider === 'anthropic.messages' || provider === 'anthropic')
        return 'anthropic';
    return 'portable';
}
/** The conversion each transformed call's tools got, found again by the params object. */
const conversions = new WeakMap();
function convertParams(params, model, options) {
    const functionTools = (params.tools ?? []).filter((tool) => tool.type === 'function');
    if (functionTools.length === 0)
        return params;
    const target = options.target ?? targetForProvider(model.provider);
    const conversion = convertJsonSchemaTools(functionTools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })), {
        target,
        strict: options.strict === true,
        ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
    });
    const byName = new Map(conversion.tools.map((tool) => [tool.name, tool]));
    const rename = (name) => conversion.providerNameOf(name) ?? name;
    const tools = (params.tools ?? []).map((tool) => {
        if (tool.type !== 'function')
            return tool;
        const converted = byName.get(tool.name);
        // A tool toolschema cannot convert goes as it was: the provider's own error is the AI SDK's to report.
        if (converted === undefined)
            return tool;
        return {
            ...tool,
            name: converted.providerName,
            // Within the provider's limit (Chat: 1,024 characters).
            ...(tool.description === undefined ? {} : { description: converted.description }),
            inputSchema: converted.inputSchema,
            ...(options.strict === undefined ? {} : { strict: converted.strict }),
        };
    });
    // The history: earlier calls and their results under the names the provider knows.
    const prompt = params.prompt.map((message) => {
        if (message.role !== 'assistant' && message.role !== 'tool')
            return message;
        return {
            ...message,
            content: message.content.map((part) => part.type === 'tool-call' || part.type === 'tool-result' ? { ...part, toolName: rename(part.toolName) } : part),
        };
    });
    const toolChoice = params.toolChoice?.type === 'tool'
        ? { ...params.toolChoice, toolName: rename(params.toolChoice.toolName) }
        : params.toolChoice;
    const transformed = { ...params, tools, prompt, ...(toolChoice === undefined ? {} : { toolChoice }) };
    conversions.set(transformed, conversion);
    return transformed;
}
/**
 * A model's tool call, given back: the tool's own name and its input restored (JSON text, as the
 * AI SDK wants it). A call whose restored input does not match the tool's schema goes on with
 * that input under the tool's own name, so the AI SDK's own validation (and repair, if set)
 * judges it; one that could not even be read keeps the model's text.
 */
function restoreCall(part, conversion) {
    const name = conversion.nameOf(part.toolName);
    if (name === undefined)
        return part;
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
export function toolschemaMiddleware(options = {}) {
    return {
        specificationVersion: 'v3',
        transformParams: async ({ params, model }) => convertParams(params, model, options),
        wrapGenerate: async ({ doGenerate, params }) => {
            const result = await doGenerate();
            const conversion = conversions.get(params);
            if (conversion === undefined)
                return result;
            return {
                ...result,
                content: result.content.map((part) => (part.type === 'tool-call' ? restoreCall(part, conversion) : part)),
            };
        },
        wrapStream: async ({ doStream, params }) => {
            const result = await doStream();
            const conversion = conversions.get(params);
            if (conversion === undefined)
                return result;
            const restore = new TransformStream({
                transform(part, controller) {
                    if (part.type === 'tool-call')
                        controller.enqueue(restoreCall(part, conversion));
                    else if (part.type === 'tool-input-start')
                        controller.enqueue({ ...part, toolName: conversion.nameOf(part.toolName) ?? part.toolName });
                    else
                        controller.enqueue(part);
                },
            });
            return { ...result, stream: result.stream.pipeThrough(restore) };
        },
    };
}
/**
 * An AI SDK `ToolSet` from an MCP SDK `Client`: every tool of the server (listed without the
 * SDK's per-tool checks, so one bad tool hides no other), converted, as `dynamicTool`s whose
 * `execute` restores the arguments, checks them against the server's own schema and calls it.
 * - Keys are the provider-side names; a tool that cannot be converted is left out (see `failed`).
 */
export async function toolschemaTools(client, options = {}) {
    const listed = await listMcpClientTools(client);
    const conversion = convertJsonSchemaTools(listed, {
        target: options.target ?? 'portable',
        strict: options.strict === true,
        ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
    });
    const tools = {};
    for (const tool of conversion.tools) {
        tools[tool.providerName] = dynamicTool({
            description: tool.description,
            inputSchema: jsonSchema(tool.inputSchema),
            execute: async (input) => {
                const resolved = conversion.resolveToolCall(tool.providerName, input);
                if (!resolved.ok)
                    throw resolved.error;
                return client.callTool({ name: resolved.name, arguments: resolved.arguments });
            },
        });
    }
    return tools;
}
//# sourceMappingURL=ai-sdk.js.map