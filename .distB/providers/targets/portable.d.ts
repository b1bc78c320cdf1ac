import type { WireSchema } from '../wire.js';
import { type TargetDefinition, type ToolNameRule } from './definition.js';
/** An MCP tool (`tools/list`'s shape) whose `inputSchema` is within every provider's rules. */
export interface PortableTool {
    name: string;
    description: string;
    inputSchema: WireSchema & {
        type: 'object';
    };
}
/** Names every provider takes: OpenAI's and Anthropic's characters, Gemini's first character. */
export declare const PORTABLE_TOOL_NAME_RULE: ToolNameRule;
export declare const portable: TargetDefinition<'portable', PortableTool>;
//# sourceMappingURL=portable.d.ts.map