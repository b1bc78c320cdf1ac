import { isJsonObject } from './json.js';
/**
 * Lists how `after` differs from `before`, depth first, in `before`'s key order.
 * - Objects are compared member by member; arrays of equal length element by element.
 * - A value whose kind changed, an array whose length changed, or (unless `collapseEmptied` is
 *   false) an object emptied to `{}` is one `replaced` difference: a collapsed subtree is one
 *   change, not hundreds.
 */
export function diffJson(before, after, options = {}) {
    const collapseEmptied = options.collapseEmptied ?? true;
    const differences = [];
    const path = [];
    const visit = (left, right) => {
        if (left === right)
            return;
        if (isJsonObject(left) && isJsonObject(right)) {
            const rightKeys = Object.keys(right);
            if (collapseEmptied && rightKeys.length === 0 && Object.keys(left).length > 0) {
                differences.push({ op: 'replaced', path: [...path], before: left, after: right });
                return;
            }
            for (const key of Object.keys(left)) {
                path.push(key);
                if (Object.hasOwn(right, key))
                    visit(left[key], right[key]);
                else
                    differences.push({ op: 'removed', path: [...path], before: left[key] });
                path.pop();
            }
            for (const key of rightKeys) {
                if (!Object.hasOwn(left, key)) {
                    differences.push({ op: 'added', path: [...path, key], after: right[key] });
                }
            }
            return;
        }
        if (Array.isArray(left) && Array.isArray(right) && left.length === right.length) {
            for (let index = 0; index < left.length; index++) {
                path.push(index);
                visit(left[index], right[index]);
                path.pop();
            }
            return;
        }
        if (typeof left === 'number' && typeof right === 'number' && left === right)
            return;
        differences.push({ op: 'replaced', path: [...path], before: left, after: right });
    };
    visit(before, after);
    return differences;
}
//# sourceMappingURL=diff.js.map