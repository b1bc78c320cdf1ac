/** OpenAI and Anthropic tool names. */
export const OPENAI_TOOL_NAME_RULE = {
    pattern: /^[a-zA-Z0-9_-]{1,64}$/,
    invalidCharacter: /[^a-zA-Z0-9_-]/g,
    start: undefined,
};
/** Gemini function names: a letter or `_` first, then letters, digits, `_ . : -`. */
export const GEMINI_TOOL_NAME_RULE = {
    pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    invalidCharacter: /[^a-zA-Z0-9_.:-]/g,
    start: /^[a-zA-Z_]/,
};
/** A schema's object member, if it is an object. */
export function objectAt(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}
/** The view of a tool that keeps name, description and schema at its top level. */
export function flatView(tool, schemaKey, strict) {
    return {
        name: tool.name,
        description: tool.description,
        schema: objectAt(tool[schemaKey]),
        namePath: '/name',
        descriptionPath: '/description',
        schemaPath: `/${schemaKey}`,
        strict,
    };
}
//# sourceMappingURL=definition.js.map