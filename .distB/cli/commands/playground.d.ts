import { type CommandOutput } from '../command.js';
import type { CommandIO } from '../io.js';
/** The default port (any free one with `--port 0`). */
export declare const DEFAULT_PLAYGROUND_PORT = 4173;
/** Options of {@link playground}. */
export interface PlaygroundCommandOptions {
    port: number;
    /** Resolves when the server should stop (tests); default: SIGINT or SIGTERM. */
    until?: Promise<void>;
}
/**
 * Serves the playground's static files on 127.0.0.1 and prints the URL; opens nothing by itself.
 * - `/tokenizer.js` falls back to the CLI's own tokenizer file (the npm package ships it once).
 * - Only files under the playground directory are served; anything else is a 404, and a path
 *   that is not valid percent-encoding a 400 (never a crash).
 */
export declare function playground(options: PlaygroundCommandOptions, io: CommandIO): Promise<CommandOutput>;
//# sourceMappingURL=playground.d.ts.map