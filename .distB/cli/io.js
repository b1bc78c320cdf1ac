// Reading the CLI's inputs: a file or stdin, parsed as JSON, with one-line errors.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ExitError } from './exit-error.js';
/** Reads all of a stream as UTF-8 text. */
export async function readStream(stream) {
    const chunks = [];
    for await (const chunk of stream)
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
}
/** Reads a file (or stdin for `-` / no file) as text. */
export async function readTextInput(file, io) {
    if (file === undefined || file === '-') {
        // On a terminal nothing is piped in: say what the command waits for instead of hanging silently.
        if (io.stdin.isTTY === true)
            io.stderr.write('toolschema: reading from stdin; paste the input and press Ctrl-D, or give a FILE\n');
        return { text: await readStream(io.stdin), label: 'stdin' };
    }
    try {
        return { text: await readFile(resolve(io.cwd, file), 'utf8'), label: file };
    }
    catch (error) {
        const code = error.code;
        const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : String(code ?? error);
        throw new ExitError(`cannot read ${file}: ${reason}`);
    }
}
/** Reads and parses a JSON input; a syntax error is one line naming the input. */
export async function readJsonInput(file, io) {
    const { text, label } = await readTextInput(file, io);
    try {
        // Editors on Windows save UTF-8 with a byte order mark; JSON.parse rejects it.
        return { value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text), label };
    }
    catch (error) {
        throw new ExitError(`${label} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
}
//# sourceMappingURL=io.js.map