import type { WireSchema } from '../wire.js';
import { type TargetDefinition } from './definition.js';
/** OpenAI Chat Completions `tools[]` entry (the `openai` package's `ChatCompletionFunctionTool`). */
export interface OpenAIChatTool {
    type: 'function';
    function: {
        name: string;
        description: string;
        parameters: WireSchema;
        strict: boolean;
    };
}
/** OpenAI Chat's documented cap on a function description, in characters. */
export declare const OPENAI_CHAT_MAX_DESCRIPTION_CHARS = 1024;
export declare const openaiChat: TargetDefinition<'openai-chat', OpenAIChatTool>;
//# sourceMappingURL=openai-chat.d.ts.map