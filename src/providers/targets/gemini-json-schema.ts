// The `gemini-json-schema` target: Gemini `functionDeclarations[]` with `parametersJsonSchema` (JSON Schema, no `$schema`).
import type { JsonObject } from '../../schema/json.js';
import { jsonSchemaProfile } from '../profile.js';
import type { WireSchema } from '../wire.js';
import { flatView, GEMINI_TOOL_NAME_RULE, type TargetDefinition } from './definition.js';
import { GEMINI_MAX_FUNCTION_DECLARATIONS } from './gemini.js';

/** Gemini `functionDeclarations[]` entry with `parametersJsonSchema`. */
export interface GeminiJsonSchemaFunctionDeclaration {
  name: string;
  description: string;
  parametersJsonSchema: WireSchema;
}

/**
 * Every property name but `$schema`: Gemini takes no `$schema` key anywhere in
 * `parametersJsonSchema`, a property's name included (a catalog API names one so). That one is
 * renamed (`_schema`) and restored, as `gemini` renames the names its `Schema` refuses.
 */
const NOT_SCHEMA_KEYWORD = /^(?!\$schema$)/;

const PROFILE = Object.freeze({ ...jsonSchemaProfile('gemini-json-schema'), propertyName: NOT_SCHEMA_KEYWORD });

export const geminiJsonSchema: TargetDefinition<'gemini-json-schema', GeminiJsonSchemaFunctionDeclaration> = {
  name: 'gemini-json-schema',
  label: 'Gemini (parametersJsonSchema)',
  converted: true,
  strictCapable: false,
  profile: () => PROFILE,
  spellParameters: (schema) => schema,
  envelope: (name, description, parameters) => ({
    name,
    description,
    parametersJsonSchema: parameters as WireSchema,
  }),
  view: (tool: JsonObject) => flatView(tool, 'parametersJsonSchema', false),
  toolName: GEMINI_TOOL_NAME_RULE,
  maxTools: GEMINI_MAX_FUNCTION_DECLARATIONS,
  maxDescriptionChars: undefined,
  descriptionCut: 'characters',
  strictRequestBudget: false,
  lintModes: [false],
};
