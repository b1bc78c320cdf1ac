import type { GeminiSchema } from '../wire.js';
import { type TargetDefinition } from './definition.js';
/** Gemini `functionDeclarations[]` entry with `parameters` (a tool without parameters has none). */
export interface GeminiFunctionDeclaration {
    name: string;
    description: string;
    parameters?: GeminiSchema;
}
/** Gemini: function declarations per request. */
export declare const GEMINI_MAX_FUNCTION_DECLARATIONS = 512;
export declare const gemini: TargetDefinition<'gemini', GeminiFunctionDeclaration>;
//# sourceMappingURL=gemini.d.ts.map