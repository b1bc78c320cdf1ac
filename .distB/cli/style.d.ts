type Color = 'red' | 'green' | 'yellow' | 'cyan' | 'dim' | 'bold';
/** A colorizer for one output stream. */
export type Paint = (color: Color, text: string) => string;
/**
 * Returns a colorizer for a stream.
 * - `NO_COLOR` (any value) turns colors off; `FORCE_COLOR` (not `0`) turns them on;
 *   otherwise colors only when the stream is a TTY and `TERM` is not `dumb`.
 */
export declare function paintFor(stream: {
    isTTY?: boolean;
}, env: NodeJS.ProcessEnv): Paint;
export {};
//# sourceMappingURL=style.d.ts.map