// Every provider target by name: the one list the converter, preflight, lint, the CLI and the playground read.
import { anthropic } from './anthropic.js';
import { codex } from './codex.js';
import type { TargetDefinition } from './definition.js';
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
} as const;

/** A provider target. */
export type ProviderTarget = keyof typeof TARGET_DEFINITIONS;

/** A target other than the reference's path: the ones the provider walk converts to. */
export type ConvertedTarget = Exclude<ProviderTarget, 'codex'>;

/** Every wire shape toolschema emits; `codex` is the reference's Responses path, byte for byte. */
export const PROVIDER_TARGETS = Object.keys(TARGET_DEFINITIONS) as ProviderTarget[];

/** The tool shape of each target. */
export type WireToolByTarget = {
  [T in ProviderTarget]: ReturnType<(typeof TARGET_DEFINITIONS)[T]['envelope']>;
};

/** The definition of a target. */
export function targetDefinition<T extends ProviderTarget>(target: T): (typeof TARGET_DEFINITIONS)[T] {
  return TARGET_DEFINITIONS[target];
}

/** Whether a string names a target. */
export function isProviderTarget(name: unknown): name is ProviderTarget {
  return typeof name === 'string' && Object.hasOwn(TARGET_DEFINITIONS, name);
}

/** A target's definition, loosely typed (for code that treats every target alike). */
export function anyTargetDefinition(target: ProviderTarget): TargetDefinition {
  return TARGET_DEFINITIONS[target] as TargetDefinition;
}

/** The rules a target's tool schemas follow, in one mode (see each target's file). */
export function schemaProfile(target: ConvertedTarget, strict: boolean) {
  return TARGET_DEFINITIONS[target].profile(strict);
}
