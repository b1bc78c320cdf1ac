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

/**
 * Runs `work` with `Array.prototype.includes` and `indexOf` counted, and returns how many list
 * elements those searches could compare (each call counts its list's length): a search of a
 * whole list per property is quadratic on a wide object, a Set or one pass is not. Past `limit`
 * it throws, so that a quadratic walk fails at once.
 */
export function countListSearches(limit: number, work: () => void): number {
  const { includes, indexOf } = Array.prototype;
  let searched = 0;
  const count = (length: number) => {
    searched += length;
    if (searched > limit) throw new Error(`list searches compared more than ${limit} elements`);
  };
  const countedIncludes = function (this: unknown[], ...args: [unknown, number?]): boolean {
    count(this.length);
    return includes.apply(this, args);
  };
  const countedIndexOf = function (this: unknown[], ...args: [unknown, number?]): number {
    count(this.length);
    return indexOf.apply(this, args);
  };
  const define = (name: 'includes' | 'indexOf', value: unknown) =>
    Object.defineProperty(Array.prototype, name, { value, writable: true, configurable: true });
  define('includes', countedIncludes);
  define('indexOf', countedIndexOf);
  try {
    work();
    return searched;
  } finally {
    define('includes', includes);
    define('indexOf', indexOf);
  }
}

/**
 * Runs `work` with `JSON.stringify` counted, and returns how many characters it wrote: comparing
 * a growing value by its JSON at every step is quadratic. Past `limit` it throws.
 */
export function countStringifiedCharacters(limit: number, work: () => void): number {
  const original = JSON.stringify;
  let written = 0;
  const counted = ((...args: Parameters<typeof JSON.stringify>) => {
    const text = original(...args);
    written += text?.length ?? 0;
    if (written > limit) throw new Error(`JSON.stringify wrote more than ${limit} characters`);
    return text;
  }) as typeof JSON.stringify;
  JSON.stringify = counted;
  try {
    work();
    return written;
  } finally {
    JSON.stringify = original;
  }
}
