import { ANTHROPIC_STRICT_FORMATS, jsonSchemaProfile, set, strictBase } from '../profile.js';
import { flatView, OPENAI_TOOL_NAME_RULE } from './definition.js';
/**
 * Anthropic strict: closed objects, no numeric or length bounds, `minItems` 0 or 1, ten formats,
 * simple patterns, primitive enums, no recursion.
 */
function anthropicStrictProfile() {
    return {
        ...strictBase('anthropic'),
        constraints: set(['pattern', 'format', 'minItems']),
        formats: ANTHROPIC_STRICT_FORMATS,
        annotations: set(['title', 'default', 'examples']),
        recursion: false,
        minItemsAtMost: 1,
        simplePatternsOnly: true,
        primitiveEnums: true,
    };
}
const LOOSE = Object.freeze(jsonSchemaProfile('anthropic'));
const STRICT = Object.freeze(anthropicStrictProfile());
export const anthropic = {
    name: 'anthropic',
    label: 'Anthropic Messages',
    converted: true,
    strictCapable: true,
    profile: (strict) => (strict ? STRICT : LOOSE),
    spellParameters: (schema) => schema,
    envelope: (name, description, parameters, strict) => ({
        name,
        description,
        input_schema: parameters,
        ...(strict ? { strict: true } : {}),
    }),
    view: (tool) => flatView(tool, 'input_schema', tool.strict === true),
    toolName: OPENAI_TOOL_NAME_RULE,
    maxTools: Number.POSITIVE_INFINITY,
    maxDescriptionChars: undefined,
    descriptionCut: 'characters',
    strictRequestBudget: true,
    lintModes: [false, true],
};
//# sourceMappingURL=anthropic.js.map