// toolschema/openai-agents with the real @openai/agents-core: MCPServerStdio, getAllMcpTools, invoke (issue 27).
import { getAllMcpTools, type MCPServer, MCPServerStdio, RunContext } from '@openai/agents-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { convertJsonSchemaTools } from '../../src/adapters/json-schema-tools.js';
import { withToolschema } from '../../src/adapters/openai-agents.js';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { readCorpusTools } from '../helpers/corpus.js';

type AgentsTool = Awaited<ReturnType<typeof getAllMcpTools>>[number] & {
  name: string;
  parameters: Record<string, unknown>;
  strict: boolean;
  invoke: (context: RunContext, input: string) => Promise<unknown>;
};

const ajv = new Ajv2020({ strict: false, validateFormats: false });

describe('withToolschema on MCPServerStdio', () => {
  let inner: MCPServerStdio;
  let server: MCPServer;
  beforeAll(async () => {
    inner = new MCPServerStdio({
      command: process.execPath,
      args: ['test/fixtures/servers/proxy-upstream.mjs'],
      cwd: REPO_ROOT,
    } as ConstructorParameters<typeof MCPServerStdio>[0]);
    await inner.connect();
    server = withToolschema(inner);
  });
  afterAll(async () => {
    await inner.close();
  });

  test('lists every good tool, where the inner server alone rejects the whole page for one bad tool', async () => {
    await expect(inner.listTools()).rejects.toThrow();
    const tools = await server.listTools();
    expect(tools.map((tool) => tool.name)).toContain('nested_required');
    expect(tools.map((tool) => tool.name)).not.toContain('broken');
  });

  test('agents-js’s own strict conversion is the identity on what it serves, and invoke restores the call', async () => {
    const tools = (await getAllMcpTools([server], new RunContext(), undefined, true)) as AgentsTool[];
    const listed = await server.listTools();
    // In order (agents-js spells names its own way: `a-b` is its `a_b`).
    expect(tools).toHaveLength(listed.length);
    for (const [index, tool] of tools.entries()) {
      expect(tool.strict).toBe(true);
      expect(tool.parameters).toStrictEqual(listed[index]?.inputSchema);
    }
    expect(
      checkProviderTools(
        'openai-responses',
        tools.map((tool) => ({
          type: 'function',
          name: tool.name,
          description: '',
          parameters: tool.parameters,
          strict: true,
        })),
      ),
    ).toStrictEqual([]);
    const echo = tools.find((tool) => tool.name === 'echo') as AgentsTool;
    const output = await echo.invoke(new RunContext(), JSON.stringify({ 'user-id': 5, note: null, level: 2 }));
    expect(JSON.stringify(output)).toContain('{\\"user-id\\":5,\\"note\\":null,\\"level\\":2}');
  });

  test('a call that does not check becomes agents-js’s model-visible error, naming the path', async () => {
    const tools = (await getAllMcpTools([server], new RunContext(), undefined, true)) as AgentsTool[];
    const echo = tools.find((tool) => tool.name === 'echo') as AgentsTool;
    const output = await echo.invoke(new RunContext(), JSON.stringify({ 'user-id': 0, note: null, level: null }));
    expect(String(output)).toMatch(/\/user-id: must be >= 1/);
  });
});

/** An MCPServer over a list of tools, as a server would list them. */
function listingServer(tools: { name: string; description?: string; inputSchema: unknown }[]): MCPServer {
  return {
    name: 'corpus',
    cacheToolsList: false,
    connect: async () => {},
    close: async () => {},
    listTools: async () => tools as never,
    callTool: async () => [],
    invalidateToolsCache: async () => {},
  };
}

describe('withToolschema on the corpus', () => {
  test('at least 97% of tools come out strict, each within OpenAI’s strict rules and unchanged by agents-js', async () => {
    const corpus = readCorpusTools();
    const byServer = new Map<string, typeof corpus>();
    for (const entry of corpus) byServer.set(entry.server, [...(byServer.get(entry.server) ?? []), entry]);
    let strict = 0;
    let total = 0;
    const violations: unknown[] = [];
    for (const tools of byServer.values()) {
      const server = withToolschema(
        listingServer(tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }))),
      );
      const listed = await server.listTools();
      const converted = (await getAllMcpTools([server], new RunContext(), undefined, true)) as AgentsTool[];
      // In order: agents-js spells names its own way (`a-b` is its `a_b`).
      for (const [index, tool] of converted.entries()) {
        total++;
        const own = listed[index];
        if (
          tool.strict &&
          ajv.validateSchema(tool.parameters) &&
          JSON.stringify(tool.parameters) === JSON.stringify(own?.inputSchema)
        )
          strict++;
      }
      // agents-js makes every tool strict under convertSchemasToStrict, also the rare one
      // toolschema served non-strict (it says why): only tools it served strict are judged strict.
      const own = tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
      const strictFlags = convertJsonSchemaTools(own, { target: 'openai-responses', strict: true }).tools.map(
        (tool) => tool.strict,
      );
      const servedStrict = converted.filter((_tool, index) => strictFlags[index] === true);
      violations.push(
        ...checkProviderTools(
          'openai-responses',
          servedStrict.map((tool) => ({
            type: 'function',
            name: tool.name,
            description: '',
            parameters: tool.parameters,
            strict: tool.strict,
          })),
        ).filter((violation) => violation.tool !== '*'),
      );
    }
    expect(total).toBe(corpus.length);
    expect(strict / total).toBeGreaterThanOrEqual(0.97);
    expect(violations.slice(0, 3)).toStrictEqual([]);
  });
});
