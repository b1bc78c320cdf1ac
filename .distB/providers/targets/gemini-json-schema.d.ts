import type { WireSchema } from '../wire.js';
import { type TargetDefinition } from './definition.js';
/** Gemini `functionDeclarations[]` entry with `parametersJsonSchema`. */
export interface GeminiJsonSchemaFunctionDeclaration {
    name: string;
    description: string;
    parametersJsonSchema: WireSchema;
}
export declare const geminiJsonSchema: TargetDefinition<'gemini-json-schema', GeminiJsonSchemaFunctionDeclaration>;
//# sourceMappingURL=gemini-json-schema.d.ts.map