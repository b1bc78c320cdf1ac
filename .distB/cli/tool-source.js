// Where a command gets its tools: a live MCP server (stdio or HTTP) or a JSON file of tools.
import { copyJsonInput } from '../schema/copy.js';
import { isJsonObject } from '../schema/json.js';
import { ExitError } from './exit-error.js';
import { readJsonInput } from './io.js';
import { listMcpTools } from './mcp-client.js';
import { progressOn } from './progress.js';
/** Lists a live server's tools, its progress on stderr. */
export async function listServerTools(target, options, io) {
    const progress = progressOn(io.stderr);
    try {
        return await listMcpTools({
            target,
            connectTimeoutMs: options.connectTimeoutMs,
            listTimeoutMs: options.listTimeoutMs,
            limits: options.mcpLimits,
            cwd: io.cwd,
            onProgress: (message) => progress.update(message),
        });
    }
    finally {
        progress.done();
    }
}
/** Lists a server's tools or reads a file's; a usage error when neither is given. */
export async function readTools(options, io, what) {
    if (options.target !== undefined) {
        const listing = await listServerTools(options.target, options, io);
        return { label: `${listing.server.name} ${listing.server.version}`.trim(), tools: listing.tools };
    }
    if (options.toolsFile !== undefined) {
        const { value, label } = await readJsonInput(options.toolsFile, io);
        const json = copyJsonInput(value);
        const list = Array.isArray(json) ? json : isJsonObject(json) && Array.isArray(json.tools) ? json.tools : undefined;
        if (list === undefined)
            throw new ExitError(`${label}: expected an array of tools or a tools/list result {"tools": [...]}`);
        return { label, tools: list };
    }
    throw new ExitError(`give --tools FILE, --url URL, or -- COMMAND [ARGS...] to ${what}`);
}
//# sourceMappingURL=tool-source.js.map