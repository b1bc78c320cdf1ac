import type { JsonObject } from '../schema/json.js';
import type { SchemaPath } from './changes.js';
import { type Context, type Converted } from './convert-context.js';
/** The root as an object schema with properties: compositions merged, other shapes wrapped. */
export declare function rootAsObject(converted: Converted, root: JsonObject, basePath: SchemaPath, ctx: Context): Converted;
//# sourceMappingURL=convert-root.d.ts.map