#!/usr/bin/env node
// A small MCP server (official SDK, stdio) whose tools carry the schemas people really meet:
// no `type`, boolean schemas, `const`, nullable unions, unused and nested `$defs`, a cycle, and
// one OpenAPI-sized schema far over budget. `npm start` runs `toolschema mcp` against it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * The tools, as raw JSON (demo-tools.json, shared with the playground): the low-level Server sends
 * them as written (no zod rewriting).
 */
export const DEMO_TOOLS = JSON.parse(readFileSync(new URL('./demo-tools.json', import.meta.url), 'utf8'));

function createDemoServer() {
  const server = new Server({ name: 'toolschema-demo', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: DEMO_TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({
    content: [
      {
        type: 'text',
        text: `${request.params.name} called with ${JSON.stringify(request.params.arguments ?? {})} (demo server: no real effect)`,
      },
    ],
  }));
  return server;
}

const httpFlag = process.argv.indexOf('--http');
if (httpFlag === -1) {
  await createDemoServer().connect(new StdioServerTransport());
} else {
  // Streamable HTTP on 127.0.0.1, stateless (a server per request), as the SDK's examples do.
  // Prints the URL on its first stdout line; `--http 0` picks a free port.
  const port = Number(process.argv[httpFlag + 1] ?? 0);
  const http = createServer(async (request, response) => {
    if (request.url !== '/mcp') {
      response.writeHead(404).end();
      return;
    }
    const server = createDemoServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  });
  http.listen(port, '127.0.0.1', () => {
    console.log(`http://127.0.0.1:${http.address().port}/mcp`);
  });
}
