// openai-agents-js with toolschema: an MCP server whose tools come out strict, and whose calls are restored.
import { getAllMcpTools, MCPServerStdio, RunContext } from '@openai/agents-core';
import { withToolschema } from 'toolschema/openai-agents';

const server = withToolschema(new MCPServerStdio({ command: 'node', args: ['examples/demo-server/server.mjs'] }));
await server.connect();
// As an Agent would (new Agent({ mcpServers: [server] })): with agents-js's strict conversion on.
const tools = await getAllMcpTools([server], new RunContext(), undefined, true);
console.log(tools.map((tool) => tool.name).join(', '));
await server.close();
