import { geminiSubsetProfile } from '../profile.js';
import { flatView } from './definition.js';
import { OPENAI_CHAT_MAX_DESCRIPTION_CHARS } from './openai-chat.js';
import { OPENAI_MAX_TOOLS } from './openai-responses.js';
/** Names every provider takes: OpenAI's and Anthropic's characters, Gemini's first character. */
export const PORTABLE_TOOL_NAME_RULE = {
    pattern: /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/,
    invalidCharacter: /[^a-zA-Z0-9_-]/g,
    start: /^[a-zA-Z_]/,
};
/**
 * The schema rules of `portable`: the intersection of OpenAI's and Anthropic's (non-strict) and
 * Gemini's two fields, spelled as JSON Schema (lower-case types, integer counts), so that a host
 * that validates the model's arguments against it reads what it means.
 * - Gemini `parameters`' subset: refs inlined, two formats, string enums (restored), property
 *   names Gemini takes (renamed, restored), non-empty objects, no `additionalProperties`.
 * - No null at all: `nullable` is OpenAPI's (a JSON Schema validator ignores it) and Gemini's
 *   `Schema` has no null type; a nullable value is sent without null, and the change says so.
 */
const PROFILE = Object.freeze(geminiSubsetProfile('portable', 'none'));
export const portable = {
    name: 'portable',
    label: 'every provider at once (an MCP tool)',
    converted: true,
    strictCapable: false,
    profile: () => PROFILE,
    spellParameters: (schema) => schema,
    envelope: (name, description, parameters) => ({
        name,
        description,
        inputSchema: parameters,
    }),
    view: (tool) => flatView(tool, 'inputSchema', false),
    toolName: PORTABLE_TOOL_NAME_RULE,
    // The tightest of the providers': OpenAI's 128 tools, Chat's 1,024-character descriptions.
    maxTools: OPENAI_MAX_TOOLS,
    maxDescriptionChars: OPENAI_CHAT_MAX_DESCRIPTION_CHARS,
    descriptionCut: 'sentences',
    strictRequestBudget: false,
    lintModes: [false],
};
//# sourceMappingURL=portable.js.map