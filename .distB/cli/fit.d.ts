/**
 * How wide the text may be: `COLUMNS` when set (40 or more), else the terminal's columns on a
 * TTY, else 80 (a pipe, a file).
 */
export declare function terminalWidth(stream: {
    isTTY?: boolean;
    columns?: number;
}, env?: NodeJS.ProcessEnv): number;
/** How many columns a line takes (colour sequences take none; every other character one). */
export declare function visibleLength(text: string): number;
/** A text padded with spaces to `width` visible columns. */
export declare function padVisible(text: string, width: number): string;
/** A plain text cut to `width` columns, an ellipsis marking the cut. */
export declare function truncate(text: string, width: number): string;
/**
 * One line as lines of at most `width` columns: broken at the last space that fits (or, in a
 * word longer than the line, at the width), each continuation indented under the first line's
 * text (its leading spaces plus two, at most 24). Colour sequences are never cut.
 */
export declare function wrapLine(line: string, width: number): string[];
/** A text whose every line fits `width` columns (see {@link wrapLine}). */
export declare function fitText(text: string, width: number): string;
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
/**
 * A table within `width` columns: each fixed column as wide as its widest cell; the flexible
 * column takes the rest and wraps its cells within it; if that leaves it less than 16 columns,
 * optional columns are dropped (the last first), then the shrinkable one is cut with ellipses.
 * A row of one cell (an error) is wrapped as text. The full data stays in `--json`.
 */
export declare function formatTable(columns: readonly TableColumn[], rows: readonly (readonly TableCell[])[], width: number, headerPaint?: (text: string) => string): string[];
/**
 * Help text within `width`: an example command longer than a line is continued shell-style
 * (` \` at the end, the rest indented), any other line wraps at a word.
 */
export declare function fitHelp(text: string, width: number): string;
//# sourceMappingURL=fit.d.ts.map