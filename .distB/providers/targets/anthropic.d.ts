import type { WireSchema } from '../wire.js';
import { type TargetDefinition } from './definition.js';
/** Anthropic Messages `tools[]` entry (the `@anthropic-ai/sdk` package's `Tool`). */
export interface AnthropicTool {
    name: string;
    description: string;
    input_schema: WireSchema & {
        type: 'object';
    };
    /** Only present (true) on tools served with strict tool use. */
    strict?: true;
}
export declare const anthropic: TargetDefinition<'anthropic', AnthropicTool>;
//# sourceMappingURL=anthropic.d.ts.map