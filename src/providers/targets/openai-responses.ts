// The `openai-responses` target: OpenAI Responses `tools[]` function entries, strict (Structured Outputs) or not.
import type { JsonObject } from '../../schema/json.js';
import {
  jsonSchemaProfile,
  NUMBER_CONSTRAINTS,
  OPENAI_STRICT_FORMATS,
  type SchemaProfile,
  set,
  strictBase,
} from '../profile.js';
import type { WireSchema } from '../wire.js';
import { flatView, OPENAI_TOOL_NAME_RULE, type TargetDefinition } from './definition.js';

/** OpenAI Responses `tools[]` function entry (the `openai` package's `FunctionTool`). */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: WireSchema;
  strict: boolean;
}

/** OpenAI: tools per request. */
export const OPENAI_MAX_TOOLS = 128;

/**
 * OpenAI strict (Structured Outputs "Supported schemas"): closed objects, every property required
 * (optional → nullable), no `allOf`, `oneOf`, `default`, `uniqueItems`, string lengths,
 * `propertyNames`, patterns with lookaround or backreferences; nine formats; refs under `$defs`,
 * recursion allowed.
 */
export function openAiStrictProfile(target: 'openai-responses' | 'openai-chat'): SchemaProfile {
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

export const openaiResponses: TargetDefinition<'openai-responses', OpenAIResponsesTool> = {
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
    parameters: parameters as WireSchema,
    strict,
  }),
  view: (tool: JsonObject) => flatView(tool, 'parameters', tool.strict === true),
  toolName: OPENAI_TOOL_NAME_RULE,
  maxTools: OPENAI_MAX_TOOLS,
  maxDescriptionChars: undefined,
  descriptionCut: 'characters',
  strictRequestBudget: false,
  lintModes: [false, true],
};
