// The README's host configurations for toolschema proxy, each run as its host would start it (issue 23).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, test } from 'vitest';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { BIN, REPO_ROOT } from '../helpers/cli.js';
import { README } from '../helpers/readme.js';

interface ServerEntry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** The JSON snippets of the README's proxy section, each host's server entry. */
function hostSnippets(): ServerEntry[] {
  const section = README.slice(README.indexOf('## Every host: `toolschema proxy`'));
  const body = section.slice(0, section.indexOf('\n## ', 1));
  const entries: ServerEntry[] = [];
  for (const match of body.matchAll(/```json\n([\s\S]*?)```/g)) {
    const config = JSON.parse(match[1] as string) as Record<string, Record<string, ServerEntry>>;
    const servers = config.mcpServers ?? config.servers ?? {};
    entries.push(...Object.values(servers));
  }
  return entries;
}

describe('the README’s host configurations', () => {
  const snippets = hostSnippets();

  test('cover Claude Desktop and Code, Cursor, VS Code, Gemini CLI and Cline', () => {
    expect(snippets).toHaveLength(5);
    for (const host of ['Claude Desktop', 'Claude Code', 'Cursor', 'VS Code', 'Gemini CLI', 'Cline'])
      expect(README).toContain(host);
  });

  test.each(snippets.map((entry, index) => [index, entry] as const))(
    'snippet %i starts the proxy on the demo server, whose tools list within every provider’s rules',
    async (_index, entry) => {
      // `npx -y toolschema` is this repository's built bin here (no registry in a test).
      expect([entry.command, ...entry.args.slice(0, 3)]).toStrictEqual(['npx', '-y', 'toolschema', 'proxy']);
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [BIN, ...entry.args.slice(2)],
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', ...entry.env },
        stderr: 'pipe',
      });
      const client = new Client({ name: 'host', version: '1' });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        expect(tools).toHaveLength(6);
        expect(checkProviderTools('portable', tools)).toStrictEqual([]);
        const maxName = entry.args.includes('--max-name')
          ? Number(entry.args[entry.args.indexOf('--max-name') + 1])
          : 64;
        for (const tool of tools) expect(tool.name.length).toBeLessThanOrEqual(maxName);
      } finally {
        await client.close();
      }
    },
  );
});
