import { jsonSchemaProfile } from '../profile.js';
import { flatView, OPENAI_TOOL_NAME_RULE } from './definition.js';
/** The reference's Responses function tool, as `toResponsesApiTool` makes it. */
export const codex = {
    name: 'codex',
    label: 'the reference (Codex Responses path)',
    converted: false,
    strictCapable: false,
    // Only for the shared vocabulary: codex tools are never converted.
    profile: () => jsonSchemaProfile('openai-responses'),
    spellParameters: (schema) => schema,
    envelope: (name, description, parameters) => ({
        type: 'function',
        name,
        description,
        strict: false,
        parameters: parameters,
    }),
    view: (tool) => flatView(tool, 'parameters', tool.strict === true),
    toolName: OPENAI_TOOL_NAME_RULE,
    maxTools: 128,
    maxDescriptionChars: undefined,
    descriptionCut: 'characters',
    strictRequestBudget: false,
    lintModes: [],
};
//# sourceMappingURL=codex.js.map