/**
 * Runs `work` with `String.prototype.startsWith` counted, and returns how many times it was
 * called: the comparisons a name index makes. Past `limit` calls it throws, so that a quadratic
 * walk fails the test at once instead of running it out of memory (a spy records every call).
 */
export function countStartsWith(limit: number, work: () => void): number {
  const original = String.prototype.startsWith;
  let calls = 0;
  const counted = function (this: string, search: string, position?: number): boolean {
    if (++calls > limit) throw new Error(`startsWith called more than ${limit} times`);
    return original.call(this, search, position);
  };
  Object.defineProperty(String.prototype, 'startsWith', { value: counted, writable: true, configurable: true });
  try {
    work();
    return calls;
  } finally {
    Object.defineProperty(String.prototype, 'startsWith', { value: original, writable: true, configurable: true });
  }
}
