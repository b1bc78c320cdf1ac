// toolschema proxy's cost (issue 23): a tools/call through the proxy against the same call straight
// to the upstream, interleaved; and listing through the proxy against `toolschema mcp`.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { z } from 'zod';
import { median } from './measure.js';

/** tools/list without the SDK's per-tool checks: the demo server's raw tools fail them (that is the point). */
const LooseList = z.looseObject({ tools: z.array(z.unknown()) });
const listTools = (client: Client) => client.request({ method: 'tools/list', params: {} }, LooseList);

export const PROXY_RESULT_PREFIX = 'PROXY_RESULT ';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const BIN = here('../dist/cli/bin.js');
const DEMO = here('../examples/demo-server/server.mjs');

async function connect(args: string[]): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'pipe' }));
  return client;
}

async function timeMs(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function main(quick: boolean): Promise<void> {
  const rounds = quick ? 100 : 500;
  const direct = await connect([DEMO]);
  const proxied = await connect([BIN, 'proxy', '--', process.execPath, DEMO]);
  // The same call both ways; the proxy's arguments are the portable form of the direct ones.
  const call = (client: Client, location: string) =>
    client.callTool({ name: 'search_listings', arguments: { location, amenities: ['wifi'] } });
  for (let i = 0; i < 20; i++) {
    await call(direct, 'Lyon');
    await call(proxied, '"Lyon"');
  }
  const straight: number[] = [];
  const through: number[] = [];
  for (let i = 0; i < rounds; i++) {
    // Interleaved, the order alternating: both see the same machine.
    if (i % 2 === 0) {
      straight.push(await timeMs(() => call(direct, 'Lyon')));
      through.push(await timeMs(() => call(proxied, '"Lyon"')));
    } else {
      through.push(await timeMs(() => call(proxied, '"Lyon"')));
      straight.push(await timeMs(() => call(direct, 'Lyon')));
    }
  }
  const listRounds = quick ? 20 : 100;
  const listStraight: number[] = [];
  const listThrough: number[] = [];
  for (let i = 0; i < listRounds; i++) {
    listStraight.push(await timeMs(() => listTools(direct)));
    listThrough.push(await timeMs(() => listTools(proxied)));
  }
  await direct.close();
  await proxied.close();
  // Start, list and convert, as a process: the proxy's --dry-run against toolschema mcp.
  const processRounds = quick ? 3 : 7;
  const mcpRuns: number[] = [];
  const dryRuns: number[] = [];
  for (let i = 0; i < processRounds; i++) {
    mcpRuns.push(await timeMs(async () => execFileSync(process.execPath, [BIN, 'mcp', '--', process.execPath, DEMO])));
    dryRuns.push(
      await timeMs(async () =>
        execFileSync(process.execPath, [BIN, 'proxy', '--dry-run', '--', process.execPath, DEMO], { stdio: 'pipe' }),
      ),
    );
  }
  const result = {
    callDirectMs: median(straight),
    callProxiedMs: median(through),
    callRatio: median(through) / median(straight),
    listDirectMs: median(listStraight),
    listProxiedMs: median(listThrough),
    mcpCommandMs: median(mcpRuns),
    proxyDryRunMs: median(dryRuns),
  };
  console.log('\ntoolschema proxy on the demo server (stdio, medians)');
  console.log(
    `tools/call: straight ${result.callDirectMs.toFixed(3)} ms, through the proxy ${result.callProxiedMs.toFixed(3)} ms → ${result.callRatio.toFixed(2)}× (goal ≤ 2.5×; ${rounds} interleaved calls each)`,
  );
  console.log(
    `tools/list: straight ${result.listDirectMs.toFixed(3)} ms, through the proxy ${result.listProxiedMs.toFixed(3)} ms (served from the converted listing)`,
  );
  console.log(
    `start, list and convert as a process: toolschema mcp ${result.mcpCommandMs.toFixed(0)} ms, toolschema proxy --dry-run ${result.proxyDryRunMs.toFixed(0)} ms`,
  );
  console.log(`${PROXY_RESULT_PREFIX}${JSON.stringify(result)}`);
}

if (process.argv[1]?.endsWith('proxy.ts')) await main(process.argv.includes('--quick'));
