import { jsonSchemaProfile, NUMBER_CONSTRAINTS, OPENAI_STRICT_FORMATS, set, strictBase, } from '../profile.js';
import { flatView, OPENAI_TOOL_NAME_RULE } from './definition.js';
/** OpenAI: tools per request. */
export const OPENAI_MAX_TOOLS = 128;
/**
 * OpenAI strict (Structured Outputs "Supported schemas"): closed objects, every property required
 * (optional → nullable), no `allOf`, `oneOf`, `default`, `uniqueItems`, string lengths,
 * `propertyNames`, patterns with lookaround or backreferences; nine formats; refs under `$defs`,
 * recursion allowed.
 */
export function openAiStrictProfile(target) {
    return {
        ...strictBase(target),
        constraints: set([...NUMBER_CONSTRAINTS, 'pattern', 'format', 'minItems', 'maxItems']),
        formats: OPENAI_STRICT_FORMATS,
        annotations: set(['title']),
        allRequired: true,
        // Lookaround and backreferences are outside the regex subset strict compiles (PROVIDERS.md).
        simplePatternsOnly: true,
    };
}
const LOOSE = Object.freeze(jsonSchemaProfile('openai-responses'));
const STRICT = Object.freeze(openAiStrictProfile('openai-responses'));
export const openaiResponses = {
    name: 'openai-responses',
    label: 'OpenAI Responses',
    converted: true,
    strictCapable: true,
    profile: (strict) => (strict ? STRICT : LOOSE),
    spellParameters: (schema) => schema,
    envelope: (name, description, parameters, strict) => ({
        type: 'function',
        name,
        description,
        parameters: parameters,
        strict,
    }),
    view: (tool) => flatView(tool, 'parameters', tool.strict === true),
    toolName: OPENAI_TOOL_NAME_RULE,
    maxTools: OPENAI_MAX_TOOLS,
    maxDescriptionChars: undefined,
    descriptionCut: 'characters',
    strictRequestBudget: false,
    lintModes: [false, true],
};
//# sourceMappingURL=openai-responses.js.map