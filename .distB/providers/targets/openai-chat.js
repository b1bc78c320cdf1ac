import { jsonSchemaProfile } from '../profile.js';
import { OPENAI_TOOL_NAME_RULE, objectAt } from './definition.js';
import { OPENAI_MAX_TOOLS, openAiStrictProfile } from './openai-responses.js';
/** OpenAI Chat's documented cap on a function description, in characters. */
export const OPENAI_CHAT_MAX_DESCRIPTION_CHARS = 1_024;
const LOOSE = Object.freeze(jsonSchemaProfile('openai-chat'));
const STRICT = Object.freeze(openAiStrictProfile('openai-chat'));
export const openaiChat = {
    name: 'openai-chat',
    label: 'OpenAI Chat Completions',
    converted: true,
    strictCapable: true,
    profile: (strict) => (strict ? STRICT : LOOSE),
    spellParameters: (schema) => schema,
    envelope: (name, description, parameters, strict) => ({
        type: 'function',
        function: { name, description, parameters: parameters, strict },
    }),
    view: (tool) => {
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
//# sourceMappingURL=openai-chat.js.map