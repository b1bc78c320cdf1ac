import type { Readable } from 'node:stream';
/** Where a command reads from and writes to; tests pass their own streams. */
export interface CommandIO {
    cwd: string;
    stdin: Readable;
    stdout: NodeJS.WritableStream & {
        isTTY?: boolean;
    };
    stderr: NodeJS.WritableStream & {
        isTTY?: boolean;
    };
    env: NodeJS.ProcessEnv;
}
/** Reads all of a stream as UTF-8 text. */
export declare function readStream(stream: Readable): Promise<string>;
/** Reads a file (or stdin for `-` / no file) as text. */
export declare function readTextInput(file: string | undefined, io: CommandIO): Promise<{
    text: string;
    label: string;
}>;
/** Reads and parses a JSON input; a syntax error is one line naming the input. */
export declare function readJsonInput(file: string | undefined, io: CommandIO): Promise<{
    value: unknown;
    label: string;
}>;
//# sourceMappingURL=io.d.ts.map