// Text for a person fits the terminal: tables share out its width, and longer lines wrap at a word.

/** The CLI's own colour sequences, which take no room on the screen. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what a colour sequence starts with
const STYLE = /\u001b\[[0-9;]*m/g;
/** A colour sequence starting exactly at `lastIndex`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what a colour sequence starts with
const STYLE_AT = /\u001b\[[0-9;]*m/y;
const ESCAPE = 0x1b;

/**
 * How wide the text may be: `COLUMNS` when set (40 or more), else the terminal's columns on a
 * TTY, else 80 (a pipe, a file).
 */
export function terminalWidth(stream: { isTTY?: boolean; columns?: number }, env: NodeJS.ProcessEnv = {}): number {
  const fromEnv = Number(env.COLUMNS);
  if (Number.isInteger(fromEnv) && fromEnv >= 40) return fromEnv;
  return stream.isTTY === true && typeof stream.columns === 'number' && stream.columns >= 40 ? stream.columns : 80;
}

/** How many columns a line takes (colour sequences take none; every other character one). */
export function visibleLength(text: string): number {
  return text.replace(STYLE, '').length;
}

/** A text padded with spaces to `width` visible columns. */
export function padVisible(text: string, width: number): string {
  const missing = width - visibleLength(text);
  return missing > 0 ? `${text}${' '.repeat(missing)}` : text;
}

/** A plain text cut to `width` columns, an ellipsis marking the cut. */
export function truncate(text: string, width: number): string {
  if (text.length <= width) return text;
  return width <= 1 ? '…'.slice(0, width) : `${text.slice(0, width - 1)}…`;
}

/**
 * One line as lines of at most `width` columns: broken at the last space that fits (or, in a
 * word longer than the line, at the width), each continuation indented under the first line's
 * text (its leading spaces plus two, at most 24). Colour sequences are never cut.
 */
export function wrapLine(line: string, width: number): string[] {
  if (visibleLength(line) <= width) return [line];
  const lead = /^ */.exec(line.replace(STYLE, ''))?.[0].length ?? 0;
  const indent = ' '.repeat(Math.min(24, lead + 2, Math.max(0, width - 20)));
  const out: string[] = [];
  let current = '';
  let currentLength = 0;
  const push = () => {
    out.push(current.trimEnd());
    current = indent;
    currentLength = indent.length;
  };
  // Words with the spaces after them; colour sequences stay attached to their word.
  for (const token of line.match(/\S+\s*|\s+/g) ?? []) {
    const length = visibleLength(token.trimEnd());
    if (currentLength + length > width && currentLength > indent.length) push();
    if (indent.length + length > width) {
      // A word longer than a line: cut it where the line ends. The columns left are counted
      // down as the word is cut, not measured again on what is left (that was quadratic in the
      // word: a 3 MB name, 12 s).
      let left = length;
      let at = 0;
      while (left > width - currentLength) {
        const start = at;
        for (let room = width - currentLength; room > 0; ) {
          STYLE_AT.lastIndex = at;
          if (token.charCodeAt(at) === ESCAPE && STYLE_AT.test(token)) at = STYLE_AT.lastIndex;
          else {
            at++;
            room--;
            left--;
          }
        }
        current += token.slice(start, at);
        push();
      }
      const rest = token.slice(at);
      current += rest;
      currentLength += visibleLength(rest);
      continue;
    }
    current += token;
    currentLength += visibleLength(token);
  }
  if (current.trim() !== '') out.push(current.trimEnd());
  return out;
}

/** A text whose every line fits `width` columns (see {@link wrapLine}). */
export function fitText(text: string, width: number): string {
  return text
    .split('\n')
    .flatMap((line) => wrapLine(line, width))
    .join('\n');
}

/** One column of a table: its header, and whether it may be dropped when the width is short. */
export interface TableColumn {
  header: string;
  /** Dropped (last first) when the table does not fit otherwise. */
  optional?: boolean;
  /** The column that takes what width is left, its cells wrapped within it (the last one). */
  flexible?: boolean;
  /** May be cut with an ellipsis to make room (the name column). */
  shrinkable?: boolean;
}

/** A cell: its text, and the colour to paint it in once padded. */
export interface TableCell {
  text: string;
  paint?: (text: string) => string;
  /** The rest of the row after the first column (an error in place of the other cells). */
  span?: boolean;
}

/** A row of the first cell and one cell spanning the rest. */
function isSpanRow(row: readonly TableCell[]): boolean {
  return row.length === 2 && row[1]?.span === true;
}

const GAP = '  ';
const MIN_FLEXIBLE = 16;
const MIN_SHRUNK = 24;

/**
 * A table within `width` columns: each fixed column as wide as its widest cell; the flexible
 * column takes the rest and wraps its cells within it; if that leaves it less than 16 columns,
 * optional columns are dropped (the last first), then the shrinkable one is cut with ellipses.
 * A row of one cell (an error) is wrapped as text. The full data stays in `--json`.
 */
export function formatTable(
  columns: readonly TableColumn[],
  rows: readonly (readonly TableCell[])[],
  width: number,
  headerPaint: (text: string) => string = (text) => text,
): string[] {
  let shown = columns.map((_, index) => index);
  const natural = columns.map((column, index) =>
    Math.max(
      column.header.length,
      ...rows
        .filter((row) => row.length > 1 && (index === 0 || !isSpanRow(row)))
        .map((row) => row[index]?.text.length ?? 0),
    ),
  );
  const flexIndex = columns.findIndex((column) => column.flexible === true);
  const widths = [...natural];
  const fixedWidth = () =>
    shown.reduce((sum, index) => sum + (index === flexIndex ? 0 : (widths[index] as number)), 0) +
    GAP.length * (shown.length - 1);
  const room = () => width - fixedWidth();
  for (let index = columns.length - 1; index >= 0 && flexIndex >= 0 && room() < MIN_FLEXIBLE; index--)
    if (columns[index]?.optional === true) shown = shown.filter((entry) => entry !== index);
  // The shrinkable column gives the flexible one room for a readable line (up to 28 columns).
  const wanted = flexIndex < 0 ? 0 : Math.min(natural[flexIndex] as number, 28);
  for (const [index, column] of columns.entries()) {
    if (column.shrinkable !== true || room() >= wanted || !shown.includes(index)) continue;
    // Never below 24 columns (or the column's own width): a name cut short says nothing.
    const floor = Math.min(natural[index] as number, MIN_SHRUNK);
    widths[index] = Math.max(floor, (widths[index] as number) - (wanted - room()));
  }
  if (flexIndex >= 0) widths[flexIndex] = Math.max(8, Math.min(natural[flexIndex] as number, room()));
  const line = (cells: readonly TableCell[], header: boolean) => {
    const parts: string[][] = shown.map((index) => {
      const cell = cells[index] ?? { text: '' };
      const columnWidth = widths[index] as number;
      const texts =
        index === flexIndex
          ? wrapLine(cell.text, columnWidth).map((part) => part.trimStart())
          : [truncate(cell.text, columnWidth)];
      return texts.map((text) => {
        const padded = shown.indexOf(index) === shown.length - 1 ? text : padVisible(text, columnWidth);
        return header ? padded : (cell.paint?.(padded) ?? padded);
      });
    });
    const height = Math.max(...parts.map((part) => part.length));
    const lines: string[] = [];
    for (let at = 0; at < height; at++)
      lines.push(
        parts
          .map((part, position) => part[at] ?? ' '.repeat(widths[shown[position] as number] as number))
          .join(GAP)
          .trimEnd(),
      );
    return lines;
  };
  const out = line(
    columns.map((column) => ({ text: column.header })),
    true,
  ).map(headerPaint);
  for (const row of rows) {
    if (isSpanRow(row)) {
      const first = widths[shown[0] as number] as number;
      const name = padVisible(truncate((row[0] as TableCell).text, first), first);
      const rest = row[1] as TableCell;
      const parts = wrapLine(rest.text, Math.max(20, width - first - GAP.length)).map((part) => part.trimStart());
      parts.forEach((part, at) => {
        const painted = rest.paint?.(part) ?? part;
        out.push(`${at === 0 ? (row[0]?.paint?.(name) ?? name) : ' '.repeat(first)}${GAP}${painted}`.trimEnd());
      });
      continue;
    }
    if (row.length === 1) {
      const only = row[0] as TableCell;
      out.push(...wrapLine(only.paint?.(only.text) ?? only.text, width));
    } else out.push(...line(row, false));
  }
  return out;
}

/**
 * Help text within `width`: an example command longer than a line is continued shell-style
 * (` \` at the end, the rest indented), any other line wraps at a word.
 */
export function fitHelp(text: string, width: number): string {
  return text
    .split('\n')
    .flatMap((line) => {
      if (visibleLength(line) <= width || !/^\s+toolschema /.test(line)) return wrapLine(line, width);
      const lead = /^ */.exec(line)?.[0] ?? '';
      const lines: string[] = [];
      let rest = line.trimStart();
      let indent = lead;
      while (indent.length + rest.length > width) {
        const cut = rest.lastIndexOf(' ', width - indent.length - 2);
        if (cut <= 0) break;
        lines.push(`${indent}${rest.slice(0, cut)} \\`);
        rest = rest.slice(cut + 1);
        indent = `${lead}    `;
      }
      lines.push(`${indent}${rest}`);
      return lines;
    })
    .join('\n');
}
