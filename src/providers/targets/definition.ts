// What a provider target is: its schema profiles, its wire envelope, its names and its request limits, in one value.
import type { JsonObject } from '../../schema/json.js';
import type { KeyLists } from '../../schema/key-lists.js';
import type { SchemaProfile } from '../profile.js';

/** Where a wire tool keeps its name, description and schema, for the request preflight. */
export interface WireToolView {
  name: unknown;
  description: unknown;
  schema: JsonObject | undefined;
  /** JSON Pointers into the wire tool. */
  namePath: string;
  descriptionPath: string;
  schemaPath: string;
  strict: boolean;
}

/** The tool-name rule of a target: what it matches, and how a name is made to. */
export interface ToolNameRule {
  /** The names the provider takes. */
  pattern: RegExp;
  /** One character the provider does not take in a name (replaced by `_`). */
  invalidCharacter: RegExp;
  /** What a name must start with (else `_` is put before it); undefined when anything may. */
  start: RegExp | undefined;
}

/**
 * One provider target: everything that differs from one target to another, as data and small
 * functions. The converter, the preflight, `lint`, the CLI's `--target` and the playground's menu
 * read these; `check-rules.ts` keeps its own reading of each provider's rules on purpose.
 * - `converted`: false only for `codex`, which is the reference's Responses path, unchanged.
 * - `profile(strict)`: the schema rules in each mode (strict only where `strictCapable`).
 * - `spellParameters`: the converted schema as the wire carries it (Gemini's `Schema` spelling,
 *   written into the converter's own schema; `undefined` for a tool without parameters where the
 *   provider wants none). `keyLists`: those of the tables the conversion wrote (see `key-lists.ts`).
 * - `envelope`: the tool in the provider's `tools[]` shape.
 * - `maxTools`, `maxDescriptionChars`: per request and per tool; a longer description is cut
 *   (`descriptionCut: 'characters'`) or shortened to whole sentences (`'sentences'`).
 * - `strictRequestBudget`: strict is a per-request budget (Anthropic), not a per-tool choice.
 * - `lintModes`: the strict values `toolschema lint` checks this target in.
 */
export interface TargetDefinition<Name extends string = string, Tool = unknown> {
  name: Name;
  /** A few words for menus and help. */
  label: string;
  converted: boolean;
  strictCapable: boolean;
  profile(strict: boolean): SchemaProfile;
  spellParameters(schema: JsonObject, keyLists: KeyLists | undefined): unknown;
  envelope(name: string, description: string, parameters: unknown, strict: boolean): Tool;
  view(tool: JsonObject): WireToolView;
  toolName: ToolNameRule;
  maxTools: number;
  maxDescriptionChars: number | undefined;
  descriptionCut: 'characters' | 'sentences';
  strictRequestBudget: boolean;
  lintModes: readonly boolean[];
}

/** OpenAI and Anthropic tool names. */
export const OPENAI_TOOL_NAME_RULE: ToolNameRule = {
  pattern: /^[a-zA-Z0-9_-]{1,64}$/,
  invalidCharacter: /[^a-zA-Z0-9_-]/g,
  start: undefined,
};

/** Gemini function names: a letter or `_` first, then letters, digits, `_ . : -`. */
export const GEMINI_TOOL_NAME_RULE: ToolNameRule = {
  pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
  invalidCharacter: /[^a-zA-Z0-9_.:-]/g,
  start: /^[a-zA-Z_]/,
};

/** A schema's object member, if it is an object. */
export function objectAt(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

/** The view of a tool that keeps name, description and schema at its top level. */
export function flatView(tool: JsonObject, schemaKey: string, strict: boolean): WireToolView {
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
