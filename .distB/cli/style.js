// Terminal colors: only on a TTY, never with NO_COLOR (FORCE_COLOR forces them on).
import { inspect } from 'node:util';
/**
 * Returns a colorizer for a stream.
 * - `NO_COLOR` (any value) turns colors off; `FORCE_COLOR` (not `0`) turns them on;
 *   otherwise colors only when the stream is a TTY and `TERM` is not `dumb`.
 */
export function paintFor(stream, env) {
    const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0';
    const enabled = env.NO_COLOR === undefined && (forced || (stream.isTTY === true && env.TERM !== 'dumb'));
    if (!enabled)
        return (_color, text) => text;
    return (color, text) => {
        const [open, close] = inspect.colors[color] ?? [0, 0];
        return `\u001b[${open}m${text}\u001b[${close}m`;
    };
}
//# sourceMappingURL=style.js.map