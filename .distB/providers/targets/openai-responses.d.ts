import { type SchemaProfile } from '../profile.js';
import type { WireSchema } from '../wire.js';
import { type TargetDefinition } from './definition.js';
/** OpenAI Responses `tools[]` function entry (the `openai` package's `FunctionTool`). */
export interface OpenAIResponsesTool {
    type: 'function';
    name: string;
    description: string;
    parameters: WireSchema;
    strict: boolean;
}
/** OpenAI: tools per request. */
export declare const OPENAI_MAX_TOOLS = 128;
/**
 * OpenAI strict (Structured Outputs "Supported schemas"): closed objects, every property required
 * (optional → nullable), no `allOf`, `oneOf`, `default`, `uniqueItems`, string lengths,
 * `propertyNames`, patterns with lookaround or backreferences; nine formats; refs under `$defs`,
 * recursion allowed.
 */
export declare function openAiStrictProfile(target: 'openai-responses' | 'openai-chat'): SchemaProfile;
export declare const openaiResponses: TargetDefinition<'openai-responses', OpenAIResponsesTool>;
//# sourceMappingURL=openai-responses.d.ts.map