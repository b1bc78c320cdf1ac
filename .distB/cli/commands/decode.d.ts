import type { StructuredResult } from '../../output/decode.js';
import { type CommandOutput } from '../command.js';
import type { CommandIO } from '../io.js';
/** Options of {@link decode}. */
export interface DecodeCommandOptions {
    schemaFile: string;
    /** The message text, or undefined/`-` for stdin. */
    message: string | undefined;
    strict: boolean;
    /** Try fenced code blocks and the first JSON object in prose (values still pass the schema). */
    fallback: boolean;
    /** Accept the plain text itself as a last resort: printed, but exit 1 (nothing was validated). */
    textFallback: boolean;
    providerSupportsJsonSchema: boolean;
    json: boolean;
}
/**
 * The exit code of a result: 0 only for a value that passed the schema (`strict`, `validated`,
 * `fallback`); a plain-text fallback and every failure exit 1, so a script never takes them for success.
 */
export declare function decodeExitCode(result: StructuredResult<unknown, true>): number;
/** Decodes one message against a schema file. A schema that cannot be read or compiled exits 2. */
export declare function decode(options: DecodeCommandOptions, io: CommandIO): Promise<CommandOutput>;
//# sourceMappingURL=decode.d.ts.map