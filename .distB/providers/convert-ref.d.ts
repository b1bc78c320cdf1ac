import type { JsonObject, JsonValue } from '../schema/json.js';
import { type SchemaPath } from './changes.js';
import { type Context, type Converted } from './convert-context.js';
/**
 * What inlining may write for one tool: this many times the input's bytes, or
 * {@link MIN_INLINE_LIMIT_BYTES}, whichever is more. A "diamond" of definitions (each referring
 * twice to the next) doubles per level: 4.5 KB of input became a 31 MB Gemini tool before this.
 */
export declare const MAX_INLINE_GROWTH = 4;
export declare const MIN_INLINE_LIMIT_BYTES = 64000;
/** A `$ref`: under `$defs` where the target takes refs, else inlined (recursion cut into JSON text). */
export declare function convertRef(node: JsonObject, ref: string, path: SchemaPath, ctx: Context, depth: number): Converted;
/** The value at a pointer's tokens under `root`, if any. */
export declare function resolvePointer(root: JsonObject, tokens: readonly string[]): JsonValue | undefined;
/**
 * Definitions that reach themselves through refs (a cycle), by name, in the order of `edges`.
 * - Tarjan's strongly connected components, iterative: a definition is recursive when its
 *   component has more than one member or it refers to itself. Each definition and ref is visited
 *   once (a search from every definition was quadratic: a chain of 10,000 definitions).
 */
export declare function recursiveDefinitions(edges: ReadonlyMap<string, ReadonlySet<string>>): string[];
//# sourceMappingURL=convert-ref.d.ts.map