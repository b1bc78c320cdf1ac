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

const updateDoc = JSON.parse(readFileSync(new URL('./update-doc.tool.json', import.meta.url), 'utf8'));

/** The tools, as raw JSON: the low-level Server sends them as written (no zod rewriting). */
export const DEMO_TOOLS = [
  {
    name: 'get_weather',
    description: 'Current weather for a city. A clean schema: nothing to change.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' } },
      required: ['city'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: { celsius: { type: 'number' }, summary: { type: 'string' } },
      required: ['celsius'],
    },
  },
  {
    // Shaped after airbnb-mcp's airbnb_search: properties without any `type`.
    name: 'search_listings',
    description: 'Search rental listings.',
    inputSchema: {
      properties: {
        location: { description: 'City or neighbourhood' },
        checkin: { format: 'date', description: 'Check-in date (YYYY-MM-DD)' },
        adults: { minimum: 1, maximum: 16, description: 'Number of adults' },
        amenities: { items: { enum: ['wifi', 'pool', 'kitchen'] } },
      },
      required: ['location'],
    },
  },
  {
    name: 'configure_alerts',
    description: 'Turn alert channels on or off.',
    inputSchema: {
      type: 'object',
      properties: { email: true, sms: false, webhook: { type: 'string', format: 'uri' } },
      additionalProperties: true,
    },
  },
  {
    name: 'create_event',
    description: 'Create a calendar event.',
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        kind: { const: 'event' },
        title: { type: 'string', minLength: 1 },
        notes: { type: ['string', 'null'], default: null },
        location: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        priority: { enum: [1, 2, 3], default: 2 },
        attendees: { type: 'array', uniqueItems: true },
      },
      required: ['kind', 'title'],
    },
  },
  {
    name: 'update_tree',
    description: 'Replace a node of a category tree.',
    inputSchema: {
      type: 'object',
      properties: {
        node: { $ref: '#/$defs/Node' },
        audit: {
          type: 'object',
          $defs: { Reason: { type: 'string' } },
          properties: { reason: { $ref: '#/$defs/Reason' } },
        },
      },
      required: ['node'],
      $defs: {
        Node: {
          type: 'object',
          properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
        },
        LegacyNode: { type: 'object', description: 'Generated, never referenced.' },
        Reason: {
          type: 'string',
          description: 'A #/$defs ref always resolves against the root table, so this entry stays.',
        },
      },
    },
  },
  { name: 'update_doc', description: updateDoc.description, inputSchema: updateDoc.inputSchema },
];

function createDemoServer() {
  const server = new Server({ name: 'toolschema-demo', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: DEMO_TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({
    content: [{ type: 'text', text: `${request.params.name} called (demo server: no real effect)` }],
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
