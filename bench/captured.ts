// The captured benchmark set (issue 25): the tools of public MCP servers the corpus does not hold
// (Notion, GitHub REST beyond the corpus's two tags, Postman, Twilio: OpenAPI-generated, with
// `$defs` tables every tool repeats, long descriptions, names the targets rename; Microsoft Graph
// through zod, every root open to extra keys; HubSpot, MongoDB, Salesforce), as their servers
// listed them. Rebuilt by `npm run capture-servers` (scripts/capture-servers.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { McpToolLike } from '../src/index.js';

const FILE = fileURLToPath(new URL('./fixtures/captured-tools.jsonl.br', import.meta.url));

/** Each captured tool with the server that listed it. */
export function capturedEntries(): { server: string; tool: McpToolLike }[] {
  return brotliDecompressSync(readFileSync(FILE))
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { server: string; tool: McpToolLike });
}

/** The captured tools, in the file's order. */
export function capturedTools(): McpToolLike[] {
  return capturedEntries().map((entry) => entry.tool);
}

/** The captured tools' input schemas. */
export function capturedSchemas(): unknown[] {
  return capturedTools().map((tool) => tool.inputSchema);
}
