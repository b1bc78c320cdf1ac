import type { JsonObject } from '../schema/json.js';
import type { GeminiSchema } from './wire.js';
/**
 * Spells a schema already in Gemini's subset (see `schemaProfile('gemini')`) the way its API and
 * SDK type it: `"object"` → `"OBJECT"`, `minItems: 1` → `"1"`, recursively through properties,
 * items and anyOf. In place: the schema is the converter's own, just built for this tool (a
 * rebuilt copy was a second schema per tool to allocate and collect). Spelling twice changes
 * nothing, so a node met twice is safe.
 */
export declare function spellGeminiSchemaInPlace(schema: JsonObject): GeminiSchema;
//# sourceMappingURL=gemini-schema.d.ts.map