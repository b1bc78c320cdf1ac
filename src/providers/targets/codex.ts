// The `codex` target: the reference's Responses path (SPEC §1–2), byte for byte; nothing here converts.
import type { JsonObject } from '../../schema/json.js';
import type { ResponsesFunctionTool } from '../../tools/responses.js';
import { jsonSchemaProfile } from '../profile.js';
import { flatView, OPENAI_TOOL_NAME_RULE, type TargetDefinition } from './definition.js';

/** The reference's Responses function tool, as `toResponsesApiTool` makes it. */
export const codex: TargetDefinition<'codex', ResponsesFunctionTool> = {
  name: 'codex',
  label: 'the reference (Codex Responses path)',
  converted: false,
  strictCapable: false,
  // Only for the shared vocabulary: codex tools are never converted.
  profile: () => jsonSchemaProfile('openai-responses'),
  spellParameters: (schema) => schema,
  envelope: (name, description, parameters) => ({
    type: 'function',
    name,
    description,
    strict: false,
    parameters: parameters as ResponsesFunctionTool['parameters'],
  }),
  view: (tool: JsonObject) => flatView(tool, 'parameters', tool.strict === true),
  toolName: OPENAI_TOOL_NAME_RULE,
  maxTools: 128,
  maxDescriptionChars: undefined,
  descriptionCut: 'characters',
  strictRequestBudget: false,
  lintModes: [],
};
