// The `openai-chat` target: OpenAI Chat Completions `tools[]` entries, strict or not; descriptions within Chat's limit.
import type { JsonObject } from '../../schema/json.js';
import { jsonSchemaProfile } from '../profile.js';
import type { WireSchema } from '../wire.js';
import { OPENAI_TOOL_NAME_RULE, objectAt, type TargetDefinition } from './definition.js';
import { OPENAI_MAX_TOOLS, openAiStrictProfile } from './openai-responses.js';

/** OpenAI Chat Completions `tools[]` entry (the `openai` package's `ChatCompletionFunctionTool`). */
export interface OpenAIChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: WireSchema; strict: boolean };
}

/** OpenAI Chat's documented cap on a function description, in characters. */
export const OPENAI_CHAT_MAX_DESCRIPTION_CHARS = 1_024;

const LOOSE = Object.freeze(jsonSchemaProfile('openai-chat'));
const STRICT = Object.freeze(openAiStrictProfile('openai-chat'));

export const openaiChat: TargetDefinition<'openai-chat', OpenAIChatTool> = {
  name: 'openai-chat',
  label: 'OpenAI Chat Completions',
  converted: true,
  strictCapable: true,
  profile: (strict) => (strict ? STRICT : LOOSE),
  spellParameters: (schema) => schema,
  envelope: (name, description, parameters, strict) => ({
    type: 'function',
    function: { name, description, parameters: parameters as WireSchema, strict },
  }),
  view: (tool: JsonObject) => {
    const fn = objectAt(tool.function) ?? {};
    return {
      name: fn.name,
      description: fn.description,
      schema: objectAt(fn.parameters),
      namePath: '/function/name',
      descriptionPath: '/function/description',
      schemaPath: '/function/parameters',
      strict: fn.strict === true,
    };
  },
  toolName: OPENAI_TOOL_NAME_RULE,
  maxTools: OPENAI_MAX_TOOLS,
  maxDescriptionChars: OPENAI_CHAT_MAX_DESCRIPTION_CHARS,
  descriptionCut: 'characters',
  strictRequestBudget: false,
  lintModes: [false],
};
