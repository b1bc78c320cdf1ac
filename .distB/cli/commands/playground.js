// toolschema playground: serves the browser playground (dist/playground/) on 127.0.0.1, until stopped.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandOutput } from '../command.js';
import { EXIT_USAGE, ExitError } from '../exit-error.js';
/** The default port (any free one with `--port 0`). */
export const DEFAULT_PLAYGROUND_PORT = 4173;
const TYPES = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.json': 'application/json',
    '.txt': 'text/plain; charset=utf-8',
};
/** Where the built page is: beside the CLI bundle (bin.js or a chunk of it), or in a clone's dist/. */
function playgroundDirectory() {
    for (const path of ['../playground/', '../../playground/', '../../../dist/playground/']) {
        const url = new URL(path, import.meta.url);
        if (url.protocol === 'file:' && existsSync(fileURLToPath(new URL('index.html', url))))
            return fileURLToPath(url);
    }
    return undefined;
}
/**
 * Serves the playground's static files on 127.0.0.1 and prints the URL; opens nothing by itself.
 * - `/tokenizer.js` falls back to the CLI's own tokenizer file (the npm package ships it once).
 * - Only files under the playground directory are served; anything else is a 404, and a path
 *   that is not valid percent-encoding a 400 (never a crash).
 */
export async function playground(options, io) {
    const root = playgroundDirectory();
    if (root === undefined)
        throw new ExitError('the playground is not built: run npm run build', EXIT_USAGE);
    const tokenizer = join(root, '..', 'tokenizer', 'o200k.js');
    const server = createServer((request, response) => {
        let path;
        try {
            path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
        }
        catch {
            // A malformed escape (`/%E0%A4%A`), which any page can request with an <img>: no such file.
            response.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
            return;
        }
        let file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
        if (!file.startsWith(root)) {
            response.writeHead(404).end('not found');
            return;
        }
        if (!existsSync(file) && path === '/tokenizer.js')
            file = tokenizer;
        if (!existsSync(file) || !statSync(file).isFile()) {
            response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
            return;
        }
        response.writeHead(200, {
            'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
            'cache-control': 'no-cache',
        });
        response.end(readFileSync(file));
    });
    await new Promise((resolve, reject) => {
        server.once('error', (error) => reject(new ExitError(`cannot listen on 127.0.0.1:${options.port}: ${error.code === 'EADDRINUSE' ? 'the port is in use (try --port 0)' : error.message}`)));
        server.listen(options.port, '127.0.0.1', resolve);
    });
    const { port } = server.address();
    io.stdout.write(`toolschema playground: http://127.0.0.1:${port}/ (Ctrl-C to stop)\n`);
    const stop = options.until ??
        new Promise((resolve) => {
            process.once('SIGINT', resolve);
            process.once('SIGTERM', resolve);
        });
    await stop;
    await new Promise((resolve) => server.close(resolve));
    return commandOutput();
}
//# sourceMappingURL=playground.js.map