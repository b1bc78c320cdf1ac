import type { JsonValue } from './json.js';
/** One difference: a member added, removed, or replaced, at a path of segments. */
export type JsonDifference = {
    op: 'added';
    path: (string | number)[];
    after: JsonValue;
} | {
    op: 'removed';
    path: (string | number)[];
    before: JsonValue;
} | {
    op: 'replaced';
    path: (string | number)[];
    before: JsonValue;
    after: JsonValue;
};
/**
 * Lists how `after` differs from `before`, depth first, in `before`'s key order.
 * - Objects are compared member by member; arrays of equal length element by element.
 * - A value whose kind changed, an array whose length changed, or (unless `collapseEmptied` is
 *   false) an object emptied to `{}` is one `replaced` difference: a collapsed subtree is one
 *   change, not hundreds.
 */
export declare function diffJson(before: JsonValue, after: JsonValue, options?: {
    collapseEmptied?: boolean;
}): JsonDifference[];
//# sourceMappingURL=diff.d.ts.map