// toolschema search: rank tools for a query, from a JSON file of tools or a live MCP server.
import { copyJsonInput } from '../../schema/copy.js';
import { isJsonObject, type JsonValue } from '../../schema/json.js';
import { convertMcpTools } from '../../tools/convert.js';
import type { McpToolLike } from '../../tools/mcp.js';
import type { ResponsesTool } from '../../tools/responses.js';
import { createToolSearch } from '../../tools/search.js';
import { ExitError } from '../exit-error.js';
import type { CommandIO } from '../io.js';
import { readJsonInput } from '../io.js';
import type { McpServerTarget } from '../mcp-client.js';
import { listMcpTools } from '../mcp-client.js';
import { progressOn } from '../progress.js';

/** Options of {@link search}. */
export interface SearchCommandOptions {
  query: string;
  /** A JSON file: a tools/list result (`{tools:[…]}`), an array of MCP tools, or Responses tools. */
  toolsFile: string | undefined;
  target: McpServerTarget | undefined;
  limit: number;
  connectTimeoutMs: number;
  listTimeoutMs: number;
}

/** One ranked hit. */
export interface SearchRow {
  name: string;
  score: number;
  description: string;
}

function isResponsesTool(value: JsonValue): boolean {
  return isJsonObject(value) && (value.type === 'function' || value.type === 'namespace') && 'name' in value;
}

/** Reads tools from a file or a server and returns the best matches. */
export async function search(options: SearchCommandOptions, io: CommandIO): Promise<SearchRow[]> {
  let raw: unknown[];
  if (options.target !== undefined) {
    const progress = progressOn(io.stderr);
    try {
      raw = (
        await listMcpTools({ ...options, target: options.target, cwd: io.cwd, onProgress: (m) => progress.update(m) })
      ).tools;
    } finally {
      progress.done();
    }
  } else if (options.toolsFile !== undefined) {
    const { value, label } = await readJsonInput(options.toolsFile, io);
    const json = copyJsonInput(value);
    const list = Array.isArray(json) ? json : isJsonObject(json) && Array.isArray(json.tools) ? json.tools : undefined;
    if (list === undefined)
      throw new ExitError(`${label}: expected an array of tools or a tools/list result {"tools": [...]}`);
    raw = list;
  } else {
    throw new ExitError('give --tools FILE, --url URL, or -- COMMAND [ARGS...] to search');
  }
  const tools: ResponsesTool[] = raw.every((tool) => isResponsesTool(tool as JsonValue))
    ? (raw as ResponsesTool[])
    : convertMcpTools(raw as McpToolLike[], { deferLoading: true }).tools;
  return createToolSearch(tools)
    .search(options.query, { limit: options.limit })
    .map((hit) => ({ name: hit.tool.name, score: hit.score, description: hit.tool.description }));
}
