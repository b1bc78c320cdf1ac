// The `gemini` target: Gemini `functionDeclarations[]` with `parameters`, the OpenAPI subset its `Schema` message takes.
import type { JsonObject } from '../../schema/json.js';
import { hasNoKeys, isJsonObject } from '../../schema/json.js';
import { spellGeminiSchemaInPlace } from '../gemini-schema.js';
import { geminiSubsetProfile } from '../profile.js';
import type { GeminiSchema } from '../wire.js';
import { flatView, GEMINI_TOOL_NAME_RULE, type TargetDefinition } from './definition.js';

/** Gemini `functionDeclarations[]` entry with `parameters` (a tool without parameters has none). */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: GeminiSchema;
}

/** Gemini: function declarations per request. */
export const GEMINI_MAX_FUNCTION_DECLARATIONS = 512;

const PROFILE = Object.freeze(geminiSubsetProfile('gemini', 'nullable'));

export const gemini: TargetDefinition<'gemini', GeminiFunctionDeclaration> = {
  name: 'gemini',
  label: 'Gemini (parameters)',
  converted: true,
  strictCapable: false,
  profile: () => PROFILE,
  // Gemini's `Schema` spelling; a tool without properties gets no `parameters` at all.
  spellParameters: (schema, keyLists) => {
    const { properties } = schema;
    // A large table is listed: for-in would list and sort its keys just to see one.
    const empty = isJsonObject(properties) && keyLists?.get(properties) === undefined && hasNoKeys(properties);
    return empty ? undefined : spellGeminiSchemaInPlace(schema, keyLists);
  },
  envelope: (name, description, parameters) =>
    parameters === undefined ? { name, description } : { name, description, parameters: parameters as GeminiSchema },
  view: (tool: JsonObject) => flatView(tool, 'parameters', false),
  toolName: GEMINI_TOOL_NAME_RULE,
  maxTools: GEMINI_MAX_FUNCTION_DECLARATIONS,
  maxDescriptionChars: undefined,
  descriptionCut: 'characters',
  strictRequestBudget: false,
  lintModes: [false],
};
