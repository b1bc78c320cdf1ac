// The vendored MCP corpus: real tools listed by 57 public MCP servers (third-party data, upstream licences).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { McpToolLike } from '../../src/tools/mcp.js';

/** One corpus tool: a tools/list entry plus the server it came from. */
export interface CorpusTool extends McpToolLike {
  server: string;
  name: string;
}

/** Every corpus tool, in server/tool order. */
export function readCorpusTools(): CorpusTool[] {
  const file = fileURLToPath(new URL('../fixtures/corpus-mcp-tools.jsonl', import.meta.url));
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as CorpusTool);
}
