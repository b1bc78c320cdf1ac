// Compares JSON values as the conformance README says: key order ignored, numbers as numbers.

/** True when two JSON values are equal, ignoring object key order; `-0` equals `0`. */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (typeof left === 'number' && typeof right === 'number') return left === right;
  if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object') return left === right;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((element, index) => jsonEqual(element, right[index]));
  }
  const leftObject = left as Record<string, unknown>;
  const rightObject = right as Record<string, unknown>;
  const leftKeys = Object.keys(leftObject);
  if (leftKeys.length !== Object.keys(rightObject).length) return false;
  return leftKeys.every((key) => Object.hasOwn(rightObject, key) && jsonEqual(leftObject[key], rightObject[key]));
}

/** The first path at which two JSON values differ, as a JSON Pointer, or undefined. */
export function firstDifference(left: unknown, right: unknown, path = ''): string | undefined {
  if (jsonEqual(left, right)) return undefined;
  if (
    left &&
    right &&
    typeof left === 'object' &&
    typeof right === 'object' &&
    Array.isArray(left) === Array.isArray(right)
  ) {
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    for (const key of keys) {
      const inner = firstDifference(
        (left as Record<string, unknown>)[key],
        (right as Record<string, unknown>)[key],
        `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`,
      );
      if (inner !== undefined) return inner;
    }
  }
  return path;
}
