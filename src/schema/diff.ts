// A structural diff of two JSON values by path, the raw material of explain's change list.
import type { JsonValue } from './json.js';
import { isJsonObject } from './json.js';

/** One difference: a member added, removed, or replaced, at a path of segments. */
export type JsonDifference =
  | { op: 'added'; path: (string | number)[]; after: JsonValue }
  | { op: 'removed'; path: (string | number)[]; before: JsonValue }
  | { op: 'replaced'; path: (string | number)[]; before: JsonValue; after: JsonValue };

/**
 * Lists how `after` differs from `before`, depth first, in `before`'s key order.
 * - Objects are compared member by member; arrays of equal length element by element.
 * - A value whose kind changed, an array whose length changed, or (unless `collapseEmptied` is
 *   false) an object emptied to `{}` is one `replaced` difference: a collapsed subtree is one
 *   change, not hundreds.
 */
export function diffJson(
  before: JsonValue,
  after: JsonValue,
  options: { collapseEmptied?: boolean } = {},
): JsonDifference[] {
  const collapseEmptied = options.collapseEmptied ?? true;
  const differences: JsonDifference[] = [];
  const path: (string | number)[] = [];
  const visit = (left: JsonValue, right: JsonValue): void => {
    if (left === right) return;
    if (isJsonObject(left) && isJsonObject(right)) {
      const rightKeys = Object.keys(right);
      if (collapseEmptied && rightKeys.length === 0 && Object.keys(left).length > 0) {
        differences.push({ op: 'replaced', path: [...path], before: left, after: right });
        return;
      }
      for (const key of Object.keys(left)) {
        path.push(key);
        if (Object.hasOwn(right, key)) visit(left[key] as JsonValue, right[key] as JsonValue);
        else differences.push({ op: 'removed', path: [...path], before: left[key] as JsonValue });
        path.pop();
      }
      for (const key of rightKeys) {
        if (!Object.hasOwn(left, key)) {
          differences.push({ op: 'added', path: [...path, key], after: right[key] as JsonValue });
        }
      }
      return;
    }
    if (Array.isArray(left) && Array.isArray(right) && left.length === right.length) {
      for (let index = 0; index < left.length; index++) {
        path.push(index);
        visit(left[index] as JsonValue, right[index] as JsonValue);
        path.pop();
      }
      return;
    }
    if (typeof left === 'number' && typeof right === 'number' && left === right) return;
    differences.push({ op: 'replaced', path: [...path], before: left, after: right });
  };
  visit(before, after);
  return differences;
}
