// A progress line on stderr for long runs: only on a terminal, erased when done.
import { printableText } from './printable.js';
/** A progress indicator on a TTY stderr; a no-op elsewhere (pipes, CI, tests). */
export function progressOn(stream) {
    if (stream.isTTY !== true)
        return { update() { }, done() { } };
    let shown = false;
    return {
        update(message) {
            stream.write(`\r\u001b[2K${printableText(message).slice(0, 120)}…`);
            shown = true;
        },
        done() {
            if (shown)
                stream.write('\r\u001b[2K');
            shown = false;
        },
    };
}
//# sourceMappingURL=progress.js.map