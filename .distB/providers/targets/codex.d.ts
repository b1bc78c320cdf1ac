import type { ResponsesFunctionTool } from '../../tools/responses.js';
import { type TargetDefinition } from './definition.js';
/** The reference's Responses function tool, as `toResponsesApiTool` makes it. */
export declare const codex: TargetDefinition<'codex', ResponsesFunctionTool>;
//# sourceMappingURL=codex.d.ts.map