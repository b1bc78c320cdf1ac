// The AI SDK with toolschema: an MCP server's tools as a ToolSet, and a model whose tools fit its provider.
import { openai } from '@ai-sdk/openai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { toolschemaMiddleware, toolschemaTools } from 'toolschema/ai-sdk';

const client = new Client({ name: 'my-app', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: 'node', args: ['examples/demo-server/server.mjs'] }));

// Every tool of the server (one bad schema hides no other), converted; execute restores the arguments.
const tools = await toolschemaTools(client);
console.log(Object.keys(tools).join(', '));

// Any model: its function tools are converted for its provider, and its calls restored.
const model = wrapLanguageModel({ model: openai('gpt-4.1'), middleware: toolschemaMiddleware({ strict: true }) });
if (process.env.OPENAI_API_KEY !== undefined) {
  const { text } = await generateText({ model, tools, stopWhen: stepCountIs(3), prompt: 'Find a flat in Lyon.' });
  console.log(text);
}
await client.close();
