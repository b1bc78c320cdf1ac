import { hasNoKeys, isJsonObject } from '../../schema/json.js';
import { spellGeminiSchemaInPlace } from '../gemini-schema.js';
import { geminiSubsetProfile } from '../profile.js';
import { flatView, GEMINI_TOOL_NAME_RULE } from './definition.js';
/** Gemini: function declarations per request. */
export const GEMINI_MAX_FUNCTION_DECLARATIONS = 512;
const PROFILE = Object.freeze(geminiSubsetProfile('gemini', 'nullable'));
export const gemini = {
    name: 'gemini',
    label: 'Gemini (parameters)',
    converted: true,
    strictCapable: false,
    profile: () => PROFILE,
    // Gemini's `Schema` spelling; a tool without properties gets no `parameters` at all.
    spellParameters: (schema) => isJsonObject(schema.properties) && hasNoKeys(schema.properties) ? undefined : spellGeminiSchemaInPlace(schema),
    envelope: (name, description, parameters) => parameters === undefined ? { name, description } : { name, description, parameters: parameters },
    view: (tool) => flatView(tool, 'parameters', false),
    toolName: GEMINI_TOOL_NAME_RULE,
    maxTools: GEMINI_MAX_FUNCTION_DECLARATIONS,
    maxDescriptionChars: undefined,
    descriptionCut: 'characters',
    strictRequestBudget: false,
    lintModes: [false],
};
//# sourceMappingURL=gemini.js.map