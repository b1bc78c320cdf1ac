// toolschema/langchain with the real @langchain/core: DynamicStructuredTool over an MCP client, invoke (issue 27).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toolschemaLangChainTools } from '../../src/adapters/langchain.js';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { REPO_ROOT } from '../helpers/cli.js';

describe('toolschemaLangChainTools', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'langchain-test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['test/fixtures/servers/proxy-upstream.mjs'],
        cwd: REPO_ROOT,
      }),
    );
  });
  afterAll(async () => {
    await client.close();
  });

  test('makes a tool of every good tool, its schema the converted JSON Schema every provider takes', async () => {
    const tools = await toolschemaLangChainTools(client);
    const names = tools.map((tool) => tool.name);
    expect(names).toContain('nested_required');
    expect(names).not.toContain('broken');
    expect(
      checkProviderTools(
        'portable',
        tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.schema })),
      ),
    ).toStrictEqual([]);
  });

  test('invoke restores the arguments and calls the server under the tool’s own name', async () => {
    const tools = await toolschemaLangChainTools(client);
    const echo = tools.find((tool) => tool.name === 'echo');
    const output = await echo?.invoke({ user_id: 4, level: '1' });
    expect(output).toBe('{"user-id":4,"level":1}');
  });

  test('a call that does not check goes LangChain’s tool error path with the path, never a TypeError', async () => {
    const tools = await toolschemaLangChainTools(client);
    const echo = tools.find((tool) => tool.name === 'echo');
    const calls = tools.find((tool) => tool.name === 'calls');
    const echoCalls = async () =>
      (JSON.parse(String(await calls?.invoke({}))) as { name: string }[]).filter((call) => call.name === 'echo').length;
    const before = await echoCalls();
    // LangChain checks the converted schema first (which kept minimum 1): its own error path.
    await expect(echo?.invoke({ user_id: 0 })).rejects.toThrow(/did not match expected schema/);
    // What gets past that is checked against the server's own schema, with the path.
    await expect(echo?.func({ user_id: 0 })).rejects.toThrow(/\/user-id: must be >= 1/);
    expect(await echoCalls()).toBe(before);
  });

  test('serves OpenAI strict schemas with target and strict', async () => {
    const tools = await toolschemaLangChainTools(client, { target: 'openai-responses', strict: true });
    expect(
      checkProviderTools(
        'openai-responses',
        tools.map((tool) => ({
          type: 'function',
          name: tool.name,
          description: tool.description,
          parameters: tool.schema,
          strict: true,
        })),
      ),
    ).toStrictEqual([]);
  });
});

describe('toolschemaLangChainTools on the corpus', () => {
  test('makes a tool of every corpus tool of each server, within every provider’s rules', async () => {
    const { readCorpusTools } = await import('../helpers/corpus.js');
    const corpus = readCorpusTools();
    const byServer = new Map<string, typeof corpus>();
    for (const entry of corpus) byServer.set(entry.server, [...(byServer.get(entry.server) ?? []), entry]);
    let made = 0;
    const violations: unknown[] = [];
    for (const tools of byServer.values()) {
      // A client that lists this server's tools as it sent them.
      const client = {
        request: async () => ({ tools }),
        callTool: async () => ({ content: [] }),
      };
      const converted = await toolschemaLangChainTools(client);
      made += converted.length;
      violations.push(
        ...checkProviderTools(
          'portable',
          converted.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.schema })),
        ).filter((violation) => violation.tool !== '*'),
      );
    }
    expect(made).toBe(corpus.length);
    expect(violations.slice(0, 3)).toStrictEqual([]);
  });
});
