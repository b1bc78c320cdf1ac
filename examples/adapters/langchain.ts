// LangChain.js with toolschema: DynamicStructuredTools over an MCP client, converted, calls restored.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { toolschemaLangChainTools } from 'toolschema/langchain';

const client = new Client({ name: 'my-app', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: 'node', args: ['examples/demo-server/server.mjs'] }));
const tools = await toolschemaLangChainTools(client, { target: 'openai-responses', strict: true });
const search = tools.find((tool) => tool.name === 'search_listings');
// The schema said nothing of location's type: it is sent as JSON text, and the server gets "Lyon".
console.log(await search?.invoke({ location: '"Lyon"', checkin: null, adults: null, amenities: null }));
await client.close();
