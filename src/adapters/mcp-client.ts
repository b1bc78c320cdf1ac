// What the adapters need of an MCP SDK `Client`, structurally (no import of the SDK), and a listing that one bad tool cannot sink.
import { z } from 'zod';
import type { JsonSchemaTool } from './json-schema-tools.js';

/** The parts of an MCP SDK `Client` the adapters use. */
export interface McpClientLike {
  request(request: { method: string; params?: Record<string, unknown> }, resultSchema: never): Promise<unknown>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
}

/** Most pages of tools/list followed (a server whose cursors never end cannot loop the adapter forever). */
const MAX_PAGES = 1_000;

/**
 * A result schema the SDK's `request` accepts that takes any object: the tools are checked per
 * tool by the conversion, not per page by the SDK (whose `listTools()` rejects a whole page for
 * one tool it dislikes). zod is a peer of every framework the adapters serve.
 */
const LOOSE_RESULT = z.looseObject({}) as never;

/** Every tool of a connected server, all pages, as sent: `{name, description, inputSchema}` each. */
export async function listMcpClientTools(client: McpClientLike): Promise<JsonSchemaTool[]> {
  const schema = LOOSE_RESULT;
  const tools: JsonSchemaTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = (await client.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      schema,
    )) as { tools?: unknown; nextCursor?: unknown };
    for (const tool of Array.isArray(result.tools) ? result.tools : []) {
      const entry = (typeof tool === 'object' && tool !== null ? tool : {}) as Record<string, unknown>;
      tools.push({
        name: String(entry.name),
        description: typeof entry.description === 'string' ? entry.description : undefined,
        inputSchema: entry.inputSchema,
      });
    }
    cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
    if (cursor === undefined || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return tools;
}
