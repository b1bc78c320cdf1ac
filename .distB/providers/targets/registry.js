// Every provider target by name: the one list the converter, preflight, lint, the CLI and the playground read.
import { anthropic } from './anthropic.js';
import { codex } from './codex.js';
import { gemini } from './gemini.js';
import { geminiJsonSchema } from './gemini-json-schema.js';
import { openaiChat } from './openai-chat.js';
import { openaiResponses } from './openai-responses.js';
import { portable } from './portable.js';
/** The targets, in the order menus and reports list them. A new target is one file and one line here. */
export const TARGET_DEFINITIONS = {
    codex,
    'openai-responses': openaiResponses,
    'openai-chat': openaiChat,
    anthropic,
    gemini,
    'gemini-json-schema': geminiJsonSchema,
    portable,
};
/** Every wire shape toolschema emits; `codex` is the reference's Responses path, byte for byte. */
export const PROVIDER_TARGETS = Object.keys(TARGET_DEFINITIONS);
/** The definition of a target. */
export function targetDefinition(target) {
    return TARGET_DEFINITIONS[target];
}
/** Whether a string names a target. */
export function isProviderTarget(name) {
    return typeof name === 'string' && Object.hasOwn(TARGET_DEFINITIONS, name);
}
/** A target's definition, loosely typed (for code that treats every target alike). */
export function anyTargetDefinition(target) {
    return TARGET_DEFINITIONS[target];
}
/** The rules a target's tool schemas follow, in one mode (see each target's file). */
export function schemaProfile(target, strict) {
    return TARGET_DEFINITIONS[target].profile(strict);
}
//# sourceMappingURL=registry.js.map