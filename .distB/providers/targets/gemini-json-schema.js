import { jsonSchemaProfile } from '../profile.js';
import { flatView, GEMINI_TOOL_NAME_RULE } from './definition.js';
import { GEMINI_MAX_FUNCTION_DECLARATIONS } from './gemini.js';
const PROFILE = Object.freeze(jsonSchemaProfile('gemini-json-schema'));
export const geminiJsonSchema = {
    name: 'gemini-json-schema',
    label: 'Gemini (parametersJsonSchema)',
    converted: true,
    strictCapable: false,
    profile: () => PROFILE,
    spellParameters: (schema) => schema,
    envelope: (name, description, parameters) => ({
        name,
        description,
        parametersJsonSchema: parameters,
    }),
    view: (tool) => flatView(tool, 'parametersJsonSchema', false),
    toolName: GEMINI_TOOL_NAME_RULE,
    maxTools: GEMINI_MAX_FUNCTION_DECLARATIONS,
    maxDescriptionChars: undefined,
    descriptionCut: 'characters',
    strictRequestBudget: false,
    lintModes: [false],
};
//# sourceMappingURL=gemini-json-schema.js.map