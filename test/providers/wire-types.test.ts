// The written-out wire shapes are what the providers' own SDKs type: checked at compile time (npm run typecheck).
import type { Tool as AnthropicSdkTool } from '@anthropic-ai/sdk/resources/messages';
import type { FunctionDeclaration, Schema, Type } from '@google/genai';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';
import { describe, expectTypeOf, test } from 'vitest';
import type {
  AnthropicTool,
  GeminiFunctionDeclaration,
  GeminiJsonSchemaFunctionDeclaration,
  GeminiSchema,
  GeminiType,
  OpenAIChatTool,
  OpenAIResponsesTool,
} from '../../src/providers/wire.js';

/** Gemini's Schema fields other than those that nest schemas or name the `Type` enum. */
type PlainFields<T> = Omit<T, 'type' | 'items' | 'properties' | 'anyOf'>;

describe('wire types', () => {
  test('OpenAI tools are the openai package\u2019s FunctionTool and ChatCompletionFunctionTool', () => {
    expectTypeOf<OpenAIResponsesTool>().toExtend<FunctionTool>();
    expectTypeOf<OpenAIChatTool>().toExtend<ChatCompletionFunctionTool>();
  });

  test('the Anthropic tool is the @anthropic-ai/sdk Tool', () => {
    expectTypeOf<AnthropicTool>().toExtend<AnthropicSdkTool>();
  });

  test('Gemini declarations are @google/genai FunctionDeclarations (Schema fields and Type names included)', () => {
    expectTypeOf<GeminiJsonSchemaFunctionDeclaration>().toExtend<FunctionDeclaration>();
    expectTypeOf<Omit<GeminiFunctionDeclaration, 'parameters'>>().toExtend<FunctionDeclaration>();
    expectTypeOf<keyof GeminiSchema>().toExtend<keyof Schema>();
    expectTypeOf<PlainFields<GeminiSchema>>().toExtend<PlainFields<Schema>>();
    // The SDK's Type is a string enum: our names are its values (it also has TYPE_UNSPECIFIED and NULL).
    expectTypeOf<GeminiType>().toExtend<`${Type}`>();
  });
});
