// Fallback extraction of JSON from prose: fenced code blocks, and balanced objects found by a
// string- and escape-aware scanner (not a regex).

/** How many candidate objects the scanner tries before giving up (bounds the work on hostile text). */
export const MAX_EMBEDDED_JSON_CANDIDATES = 32;
/** How many fenced code blocks the decoder tries (10 MB of short blocks must not mean a million parses). */
export const MAX_FENCED_CODE_CANDIDATES = 32;
/** Objects whose start the scan records (later starts are still matched, not remembered). */
const MAX_RECORDED_SPANS = 1_024;
/** Deepest nesting the scan follows; deeper, the text is taken for prose (bounds its memory). */
const MAX_SCAN_DEPTH = 10_000;

/**
 * The bodies of fenced code blocks (```` ``` ```` or `~~~`, any info string), in order.
 * - A fence opens on a line starting with three or more backticks or tildes, and closes on a
 *   line of the same character at least as long; an unclosed block runs to the end.
 */
export function extractFencedCodeBlocks(text: string): string[] {
  const blocks: string[] = [];
  if (typeof text !== 'string') return blocks;
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
 * Every balanced `{…}` in prose, by its start: one pass, so a hostile text costs linear time.
 * - Outside any object the text is prose: quotes there do not start strings; a `{` opens.
 * - Inside, strings (with `\"` and `\\`) hide brackets; a mismatched closer abandons every open
 *   bracket and the scan goes on as prose.
 * - Returns the starts of objects in order, each with its end (exclusive), or -1 when unclosed.
 */
export function findObjectSpans(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  if (typeof text !== 'string') return spans;
  const stack: { close: string; span: { start: number; end: number } | undefined }[] = [];
  let inString = false;
  for (let index = text.indexOf('{'); index !== -1 && index < text.length; index++) {
    const char = text[index];
    if (stack.length === 0) {
      // Prose: jump to the next brace.
      index = text.indexOf('{', index);
      if (index === -1) break;
      const span = spans.length < MAX_RECORDED_SPANS ? { start: index, end: -1 } : undefined;
      if (span !== undefined) spans.push(span);
      stack.push({ close: '}', span });
      inString = false;
      continue;
    }
    if (stack.length > MAX_SCAN_DEPTH) {
      stack.length = 0;
      continue;
    }
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') {
      const span = spans.length < MAX_RECORDED_SPANS ? { start: index, end: -1 } : undefined;
      if (span !== undefined) spans.push(span);
      stack.push({ close: '}', span });
    } else if (char === '[') stack.push({ close: ']', span: undefined });
    else if (char === '}' || char === ']') {
      const open = stack.pop();
      if (open === undefined || open.close !== char) {
        stack.length = 0;
        continue;
      }
      if (open.span !== undefined) open.span.end = index + 1;
    }
  }
  return spans;
}

/**
 * Finds the first balanced JSON object in prose that parses, trying at most
 * {@link MAX_EMBEDDED_JSON_CANDIDATES} objects found by {@link findObjectSpans} (one linear scan:
 * 10 MB of `{` no longer rescans to the end for each start). Returns its value, or undefined.
 */
export function findFirstJsonObject(text: string): { value: unknown; start: number; end: number } | undefined {
  let tried = 0;
  for (const { start, end } of findObjectSpans(text)) {
    if (end === -1) continue;
    if (++tried > MAX_EMBEDDED_JSON_CANDIDATES) return undefined;
    try {
      return { value: JSON.parse(text.slice(start, end)) as unknown, start, end };
    } catch {
      // Not JSON after all (e.g. a code sample); try the next object.
    }
  }
  return undefined;
}
