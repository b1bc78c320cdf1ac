import { type JsonObject } from '../../schema/json.js';
/**
 * An output schema spelled in 2020-12: `definitions` → `$defs` (refs rewritten), tuple `items`
 * → `prefixItems`, and a `$schema` naming an older draft removed. A new value; the input is kept.
 */
export declare function toDialect2020(schema: JsonObject): JsonObject;
//# sourceMappingURL=dialect.d.ts.map