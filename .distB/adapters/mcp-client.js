// What the adapters need of an MCP SDK `Client`, structurally (no import of the SDK), and a listing that one bad tool cannot sink.
import { z } from 'zod';
/** Most pages of tools/list followed (a server whose cursors never end cannot loop the adapter forever). */
const MAX_PAGES = 1_000;
/**
 * A result schema the SDK's `request` accepts that takes any object: the tools are checked per
 * tool by the conversion, not per page by the SDK (whose `listTools()` rejects a whole page for
 * one tool it dislikes). zod is a peer of every framework the adapters serve.
 */
const LOOSE_RESULT = z.looseObject({});
/** Every tool of a connected server, all pages, as sent: `{name, description, inputSchema}` each. */
export async function listMcpClientTools(client) {
    const schema = LOOSE_RESULT;
    const tools = [];
    const seen = new Set();
    let cursor;
    for (let page = 0; page < MAX_PAGES; page++) {
        const result = (await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, schema));
        for (const tool of Array.isArray(result.tools) ? result.tools : []) {
            const entry = (typeof tool === 'object' && tool !== null ? tool : {});
            tools.push({
                name: String(entry.name),
                description: typeof entry.description === 'string' ? entry.description : undefined,
                inputSchema: entry.inputSchema,
            });
        }
        cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
        if (cursor === undefined || seen.has(cursor))
            break;
        seen.add(cursor);
    }
    return tools;
}
//# sourceMappingURL=mcp-client.js.map