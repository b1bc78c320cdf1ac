// The playground's before → after diff: the input against the final schema or the provider's,
// line by line on pretty-printed JSON (jsdiff's line diff), unchanged runs folded.
import { diffLines } from 'diff';
import type { DiffLine, DiffView } from './protocol.js';

/** Unchanged lines kept around each change; a longer unchanged run is folded to a count. */
const CONTEXT_LINES = 3;
/** Most lines sent to the page; a longer diff says how many more there are. */
const MAX_DIFF_LINES = 4_000;
/** Past this many characters on either side, no line diff is tried (the panels still show both). */
const MAX_DIFF_CHARS = 2_000_000;
/** A diff that takes longer than this gives up and says so (jsdiff's own timeout). */
const DIFF_TIMEOUT_MS = 1_500;

const pretty = (value: unknown) => (value === undefined ? '' : `${JSON.stringify(value, null, 2)}\n`);

/** The diff of two JSON values as the page shows it. */
export function diffView(before: unknown, after: unknown): DiffView {
  const left = pretty(before);
  const right = pretty(after);
  if (left.length > MAX_DIFF_CHARS || right.length > MAX_DIFF_CHARS)
    return { lines: [], added: 0, removed: 0, note: 'too large to diff line by line here; the panels show both' };
  const parts = diffLines(left, right, { timeout: DIFF_TIMEOUT_MS });
  if (parts === undefined)
    return {
      lines: [],
      added: 0,
      removed: 0,
      note: 'too different to diff line by line in time; the panels show both',
    };
  const lines: DiffLine[] = [];
  let added = 0;
  let removed = 0;
  parts.forEach((part, index) => {
    const text = part.value.endsWith('\n') ? part.value.slice(0, -1) : part.value;
    const partLines = text.split('\n');
    if (part.added || part.removed) {
      const op = part.added ? '+' : '-';
      if (part.added) added += partLines.length;
      else removed += partLines.length;
      for (const line of partLines) lines.push({ op, text: line });
      return;
    }
    // Unchanged: keep the context next to a change (after the one before, before the one after).
    const head = index === 0 ? 0 : CONTEXT_LINES;
    const tail = index === parts.length - 1 ? 0 : CONTEXT_LINES;
    if (partLines.length <= head + tail + 1) {
      for (const line of partLines) lines.push({ op: ' ', text: line });
      return;
    }
    for (const line of partLines.slice(0, head)) lines.push({ op: ' ', text: line });
    const folded = partLines.length - head - tail;
    lines.push({ op: '…', text: `${folded.toLocaleString('en-US')} unchanged line${folded === 1 ? '' : 's'}` });
    for (const line of partLines.slice(partLines.length - tail)) lines.push({ op: ' ', text: line });
  });
  if (lines.length > MAX_DIFF_LINES) {
    const more = lines.length - MAX_DIFF_LINES;
    lines.length = MAX_DIFF_LINES;
    lines.push({ op: '…', text: `${more.toLocaleString('en-US')} more lines (download the panels for the whole)` });
  }
  return { lines, added, removed };
}

/** The schema inside a provider's wire tool, wherever the target keeps it. */
export function wireSchema(tool: unknown): unknown {
  if (typeof tool !== 'object' || tool === null) return undefined;
  const record = tool as Record<string, unknown>;
  for (const key of ['parameters', 'input_schema', 'parametersJsonSchema', 'inputSchema'])
    if (key in record) return record[key];
  const fn = record.function;
  if (typeof fn === 'object' && fn !== null && 'parameters' in fn) return (fn as Record<string, unknown>).parameters;
  return undefined;
}
