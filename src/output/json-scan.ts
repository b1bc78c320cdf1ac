// Fallback extraction of JSON from prose: fenced code blocks, and balanced objects found by a
// string- and escape-aware scanner (not a regex).

/** How many candidate objects the scanner tries before giving up (bounds the work on hostile text). */
export const MAX_EMBEDDED_JSON_CANDIDATES = 32;

/**
 * The bodies of fenced code blocks (```` ``` ```` or `~~~`, any info string), in order.
 * - A fence opens on a line starting with three or more backticks or tildes, and closes on a
 *   line of the same character at least as long; an unclosed block runs to the end.
 */
export function extractFencedCodeBlocks(text: string): string[] {
  const blocks: string[] = [];
  const lines = text.split(/\r?\n/);
  let open: { marker: string; body: string[] } | undefined;
  for (const line of lines) {
    const fence = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (open === undefined) {
      if (fence) open = { marker: fence[1] as string, body: [] };
    } else if (
      fence &&
      (fence[1] as string)[0] === open.marker[0] &&
      (fence[1] as string).length >= open.marker.length &&
      line.trim() === fence[1]
    ) {
      blocks.push(open.body.join('\n'));
      open = undefined;
    } else {
      open.body.push(line);
    }
  }
  if (open !== undefined) blocks.push(open.body.join('\n'));
  return blocks;
}

/**
 * Returns the end index (exclusive) of the balanced `{…}` or `[…]` starting at `start`, or -1.
 * - Brackets inside strings do not count; `\"` and `\\` inside strings are honoured.
 */
export function findBalancedEnd(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') stack.push('}');
    else if (char === '[') stack.push(']');
    else if (char === '}' || char === ']') {
      if (stack.pop() !== char) return -1;
      if (stack.length === 0) return index + 1;
    }
  }
  return -1;
}

/**
 * Finds the first balanced JSON object in prose that parses, trying at most
 * {@link MAX_EMBEDDED_JSON_CANDIDATES} opening braces. Returns its value, or undefined.
 */
export function findFirstJsonObject(text: string): { value: unknown; start: number; end: number } | undefined {
  let from = 0;
  for (let attempt = 0; attempt < MAX_EMBEDDED_JSON_CANDIDATES; attempt++) {
    const start = text.indexOf('{', from);
    if (start === -1) return undefined;
    const end = findBalancedEnd(text, start);
    if (end !== -1) {
      try {
        return { value: JSON.parse(text.slice(start, end)) as unknown, start, end };
      } catch {
        // Not JSON after all (e.g. a code sample); try the next brace.
      }
    }
    from = start + 1;
  }
  return undefined;
}
