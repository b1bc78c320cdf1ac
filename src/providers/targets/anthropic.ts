// The `anthropic` target: Anthropic Messages `tools[]`, with strict tool use as a per-request budget.
import type { JsonObject } from '../../schema/json.js';
import { ANTHROPIC_STRICT_FORMATS, jsonSchemaProfile, type SchemaProfile, set, strictBase } from '../profile.js';
import type { WireSchema } from '../wire.js';
import { flatView, OPENAI_TOOL_NAME_RULE, type TargetDefinition } from './definition.js';

/** Anthropic Messages `tools[]` entry (the `@anthropic-ai/sdk` package's `Tool`). */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: WireSchema & { type: 'object' };
  /** Only present (true) on tools served with strict tool use. */
  strict?: true;
}

/**
 * Anthropic strict: closed objects, no numeric or length bounds, `minItems` 0 or 1, ten formats,
 * simple patterns, primitive enums, no recursion.
 */
function anthropicStrictProfile(): SchemaProfile {
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

export const anthropic: TargetDefinition<'anthropic', AnthropicTool> = {
  name: 'anthropic',
  label: 'Anthropic Messages',
  converted: true,
  strictCapable: true,
  profile: (strict) => (strict ? STRICT : LOOSE),
  spellParameters: (schema) => schema,
  envelope: (name, description, parameters, strict) => ({
    name,
    description,
    input_schema: parameters as WireSchema & { type: 'object' },
    ...(strict ? { strict: true as const } : {}),
  }),
  view: (tool: JsonObject) => flatView(tool, 'input_schema', tool.strict === true),
  toolName: OPENAI_TOOL_NAME_RULE,
  maxTools: Number.POSITIVE_INFINITY,
  maxDescriptionChars: undefined,
  descriptionCut: 'characters',
  strictRequestBudget: true,
  lintModes: [false, true],
};
