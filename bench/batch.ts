// Batch conversion (`convertMcpTools` over every corpus tool, codex and each provider target),
// run by bench/run.ts in a fresh process of its own, as the synthetic series are: a batch keeps
// every tool's result alive until it returns, so its garbage collections also walked the 30 MB
// of corpora the main process keeps for its own tables — a cost of that process, not of the
// conversion. The baseline, a JSON round trip of the same tools, is timed in the same rounds.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { McpToolLike, ProviderTarget } from '../src/index.js';
import { capturedEntries, capturedTools } from './captured.js';
import { frameworkShapedToolEntries } from './framework-shaped.js';
import { generatedTools } from './generated.js';
import { library, targets as registry } from './library.js';
import { median, sample, warmUp } from './measure.js';

const { convertMcpTools, jsonByteLength } = library;
const { PROVIDER_TARGETS, targetDefinition } = registry;

/** One batch figure: the conversion's median time per batch, and its ratio to the round trip. */
export interface BatchResult {
  target: ProviderTarget;
  strict: boolean;
  tools: number;
  batchMillis: number;
  perToolMicros: number;
  ratio: number;
}

/** What bench/run.ts reads back. */
export interface BatchSeriesResult {
  batch: BatchResult;
  targets: BatchResult[];
  /** The same on the generated set (bench/generated.ts). */
  generatedBatch: BatchResult;
  generatedTargets: BatchResult[];
  /** The same on the captured set (bench/captured.ts). */
  capturedBatch: BatchResult;
  capturedTargets: BatchResult[];
  /** The same on the framework-shaped set (bench/framework-shaped.ts). */
  frameworkShapedBatch: BatchResult;
  frameworkShapedTargets: BatchResult[];
  /** The framework-shaped set's families apart, on every target. */
  frameworkShapedFamilies: { family: string; bytesPerTool: number; ratios: BatchResult[] }[];
  /** Each server's tools/list converted by a call of its own, as a host's proxy converts it. */
  perServer: PerServerResult[];
}

/** One set's servers, each list converted by its own call: every server, and the small ones alone. */
export interface PerServerResult {
  set: string;
  servers: number;
  smallServers: number;
  /**
   * Per target: the servers' conversions ÷ their round trips, all servers and those of at most 20
   * tools; and the small server that reads highest timed alone, with what a tool of it costs.
   */
  targets: {
    target: ProviderTarget;
    strict: boolean;
    ratio: number;
    smallRatio: number;
    worstSmall: WorstServer;
  }[];
}

/** The small server whose list, timed alone, reads the highest ratio. */
export interface WorstServer {
  server: string;
  tools: number;
  ratio: number;
  /** The conversion's time per tool, and the round trip's. */
  microsPerTool: number;
  roundTripMicrosPerTool: number;
}

/** The line bench/run.ts reads the results from. */
export const BATCH_RESULT_PREFIX = 'BATCH_RESULT ';

/** Times `convertMcpTools` on `tools` against their round trip: each round's ratio, the two in turns. */
function timeConversion(
  tools: McpToolLike[],
  rounds: number,
  target: ProviderTarget,
  strict: boolean,
  /** Rounds go on until this much time was spent timing, up to four times `rounds`. */
  minMillis = 0,
) {
  const baseline = () => tools.map((tool) => JSON.parse(JSON.stringify(tool)));
  const convert = () => convertMcpTools(tools, { target, strict });
  // At least three rounds and 300 ms of warm-up: the first target timed after three batches
  // alone still ran partly unoptimized code (OpenAI Responses read 2.26x in one run, 1.28x in the
  // run before).
  warmUp(
    () => {
      baseline();
      convert();
    },
    3,
    300,
  );
  const convertMicros: number[] = [];
  // The ratio is each round's own, the two in turns first: a slow spell or a collection owed by
  // the other lands on both alike.
  const ratios: number[] = [];
  const start = performance.now();
  for (let round = 0; round < rounds || (round < 4 * rounds && performance.now() - start < minMillis); round++) {
    const first = round % 2 === 0 ? baseline : convert;
    const second = first === baseline ? convert : baseline;
    const firstMicros = sample(first, undefined, 1);
    const secondMicros = sample(second, undefined, 1);
    const [tripMicros, convertedMicros] =
      first === baseline ? [firstMicros, secondMicros] : [secondMicros, firstMicros];
    convertMicros.push(convertedMicros);
    ratios.push(convertedMicros / tripMicros);
  }
  return { batchMicros: median(convertMicros), ratio: median(ratios) };
}

/** The compact JSON bytes of `tools`, all together. */
function toolsBytes(tools: readonly McpToolLike[]): number {
  return tools.reduce((total, tool) => total + jsonByteLength(tool as never), 0);
}

/** A timed conversion as the results report it. */
function batchResult(
  tools: readonly McpToolLike[],
  target: ProviderTarget,
  strict: boolean,
  { batchMicros, ratio }: { batchMicros: number; ratio: number },
): BatchResult {
  return {
    target,
    strict,
    tools: tools.length,
    batchMillis: batchMicros / 1_000,
    perToolMicros: batchMicros / tools.length,
    ratio,
  };
}

function batchConversion(
  tools: McpToolLike[],
  rounds: number,
  target: ProviderTarget = 'codex',
  strict = false,
  label = 'real MCP tools',
) {
  const bytes = toolsBytes(tools);
  const timing = timeConversion(tools, rounds, target, strict);
  const { batchMicros, ratio } = timing;
  const perToolMicros = batchMicros / tools.length;
  if (target === 'codex') {
    console.log(
      `\nconvertMcpTools over ${tools.length} ${label} (${(bytes / 1e6).toFixed(2)} MB, fresh process): ${(batchMicros / 1_000).toFixed(2)} ms per batch, ${perToolMicros.toFixed(2)} µs per tool, ${Math.round(1e6 / perToolMicros).toLocaleString('en-US')} tools/s, ${(bytes / batchMicros).toFixed(1)} MB/s, ${ratio.toFixed(2)}× the round trip of the same tools`,
    );
  } else {
    console.log(
      `  ${`${target}${strict ? ' (strict)' : ''}`.padEnd(28)} ${(batchMicros / 1_000).toFixed(2).padStart(8)} ms ${perToolMicros.toFixed(2).padStart(8)} µs/tool ${`${ratio.toFixed(2)}×`.padStart(8)}`,
    );
  }
  return batchResult(tools, target, strict, timing);
}

/** Every converted target of the registry, in strict too where it has it. */
function convertedTargets(): { target: ProviderTarget; strict: boolean }[] {
  const list: { target: ProviderTarget; strict: boolean }[] = [];
  for (const target of PROVIDER_TARGETS) {
    if (target === 'codex') continue;
    for (const strict of targetDefinition(target).strictCapable ? [false, true] : [false])
      list.push({ target, strict });
  }
  return list;
}

/**
 * Each family of a set apart, on every target: a batch's ratio is mostly its largest tools',
 * and a family of small tools (zod's, pydantic's) can be over the goal where the batch is not.
 */
function familyConversions(
  families: { family: string; tools: McpToolLike[] }[],
  rounds: number,
): { family: string; bytesPerTool: number; ratios: BatchResult[] }[] {
  const columns = convertedTargets();
  const heading = columns.map(({ target, strict }) => `${target}${strict ? ':s' : ''}`);
  console.log('\n  per family, ÷ the round trip of its own tools (goal ≤ 2×):');
  console.log(`  ${'family'.padEnd(12)} ${'B/tool'.padStart(7)}  ${heading.join(' · ')}`);
  return families.map(({ family, tools }) => {
    const bytesPerTool = toolsBytes(tools) / tools.length;
    // A family's batch takes a few milliseconds: timed for at least half a second, or its
    // median swings with one slow spell (a zod batch read 2.1x and 6.7x in two runs).
    const ratios = columns.map(({ target, strict }) =>
      batchResult(tools, target, strict, timeConversion(tools, rounds, target, strict, 500)),
    );
    console.log(
      `  ${family.padEnd(12)} ${Math.round(bytesPerTool).toLocaleString('en-US').padStart(7)}  ${ratios.map((row) => `${row.ratio.toFixed(2)}×`).join(' · ')}`,
    );
    // What a target writes for each input byte: Gemini and `portable` inline every definition at
    // every use, so their time follows an output several times the input the ratio divides by.
    const grown = columns.flatMap(({ target, strict }, index) => {
      const { bytesBefore, bytesAfter } = convertMcpTools(tools, { target, strict }).summary;
      const growth = bytesAfter / bytesBefore;
      return growth >= 1.5 ? [`${heading[index]} ${growth.toFixed(1)}×`] : [];
    });
    if (grown.length > 0) console.log(`  ${''.padEnd(21)}output ÷ input bytes: ${grown.join(' · ')}`);
    return { family, bytesPerTool, ratios };
  });
}

/** The most tools a server has to count as small: Anthropic strict takes 20 tools a request. */
const SMALL_SERVER_TOOLS = 20;

/** Round trips and conversions of each list, one call each, in turns; the median of each round's ratio. */
function timeLists(lists: McpToolLike[][], rounds: number, target: ProviderTarget, strict: boolean): number {
  return timeListsWithTimes(lists, rounds, target, strict).ratio;
}

/** {@link timeLists} with the medians of both times (µs for all the lists). */
function timeListsWithTimes(
  lists: McpToolLike[][],
  rounds: number,
  target: ProviderTarget,
  strict: boolean,
  /** Warm-up, and the least time the rounds take. */
  warmMillis = 300,
  minMillis = 500,
): { ratio: number; convertMicros: number; roundTripMicros: number } {
  const baseline = () => {
    for (const tools of lists) JSON.parse(JSON.stringify(tools));
  };
  const convert = () => {
    for (const tools of lists) convertMcpTools(tools, { target, strict });
  };
  warmUp(
    () => {
      baseline();
      convert();
    },
    3,
    warmMillis,
  );
  const ratios: number[] = [];
  const convertTimes: number[] = [];
  const roundTripTimes: number[] = [];
  const start = performance.now();
  // At least half a second of rounds by default: the small servers' lists take a millisecond or
  // two in all.
  for (let round = 0; round < rounds || (round < 8 * rounds && performance.now() - start < minMillis); round++) {
    const first = round % 2 === 0 ? baseline : convert;
    const second = first === baseline ? convert : baseline;
    const firstMicros = sample(first, undefined, 1);
    const secondMicros = sample(second, undefined, 1);
    const [tripMicros, convertedMicros] =
      first === baseline ? [firstMicros, secondMicros] : [secondMicros, firstMicros];
    convertTimes.push(convertedMicros);
    roundTripTimes.push(tripMicros);
    ratios.push(convertedMicros / tripMicros);
  }
  return { ratio: median(ratios), convertMicros: median(convertTimes), roundTripMicros: median(roundTripTimes) };
}

/**
 * Each small server's list timed alone (a list of a few tools takes a few microseconds: each
 * sample is ten calls), and the one that reads highest. The sums above weigh a server by its
 * size, so a list of tiny tools, where what every tool costs before its schema shows most, would
 * not show in them.
 */
function worstSmallServer(
  servers: { server: string; tools: McpToolLike[] }[],
  rounds: number,
  target: ProviderTarget,
  strict: boolean,
): WorstServer {
  let worst: WorstServer | undefined;
  for (const { server, tools } of servers) {
    const tenTimes = Array.from({ length: 10 }, () => tools);
    // The code is warm from the sums just timed on the same target: a short warm-up per server.
    const { ratio, convertMicros, roundTripMicros } = timeListsWithTimes(tenTimes, rounds, target, strict, 50, 150);
    if (worst === undefined || ratio > worst.ratio)
      worst = {
        server,
        tools: tools.length,
        ratio,
        microsPerTool: convertMicros / (10 * tools.length),
        roundTripMicrosPerTool: roundTripMicros / (10 * tools.length),
      };
  }
  return worst as WorstServer;
}

/**
 * Each server's tools converted by a call of their own, as the proxy and the adapters convert a
 * `tools/list`, against the round trip of each list: a whole set in one call hides what every
 * call costs before its first tool (options, names, the summary), which a server of three small
 * tools pays in full. The servers of at most 20 tools are reported apart too.
 */
function perServerConversions(set: string, entries: { server: string; tool: McpToolLike }[], rounds: number) {
  const byServer = new Map<string, McpToolLike[]>();
  for (const { server, tool } of entries) {
    const list = byServer.get(server);
    if (list === undefined) byServer.set(server, [tool]);
    else list.push(tool);
  }
  const lists = [...byServer.values()];
  const smallServers = [...byServer]
    .filter(([, tools]) => tools.length <= SMALL_SERVER_TOOLS)
    .map(([server, tools]) => ({ server, tools }));
  const small = smallServers.map(({ tools }) => tools);
  const columns = convertedTargets();
  console.log(
    `
convertMcpTools per server over the ${set} set: ${lists.length} servers, one call each, ÷ the round trip of each list (goal ≤ 2×); and the ${small.length} ${small.length === 1 ? 'server' : 'servers'} of at most ${SMALL_SERVER_TOOLS} tools alone`,
  );
  const targets = columns.map(({ target, strict }) => {
    const ratio = timeLists(lists, rounds, target, strict);
    const smallRatio = timeLists(small, rounds, target, strict);
    const worstSmall = worstSmallServer(smallServers, rounds, target, strict);
    console.log(
      `  ${`${target}${strict ? ' (strict)' : ''}`.padEnd(28)} ${`${ratio.toFixed(2)}×`.padStart(8)}   small servers ${`${smallRatio.toFixed(2)}×`.padStart(7)}   highest alone ${`${worstSmall.ratio.toFixed(2)}×`.padStart(6)} ${worstSmall.server} (${worstSmall.tools} ${worstSmall.tools === 1 ? 'tool' : 'tools'}, ${worstSmall.microsPerTool.toFixed(2)} µs a tool; round trip ${worstSmall.roundTripMicrosPerTool.toFixed(2)})`,
    );
    return { target, strict, ratio, smallRatio, worstSmall };
  });
  return { set, servers: lists.length, smallServers: small.length, targets } satisfies PerServerResult;
}

/** Issue 12: converting the corpus for each provider target, as a ratio to a JSON round trip of the tools. */
function targetConversions(tools: McpToolLike[], rounds: number, label = 'tools'): BatchResult[] {
  console.log(`\nconvertMcpTools per target over the same ${tools.length} ${label} (goal ≤ 2× the round trip):`);
  console.log('  target                        per batch   per tool    ratio');
  const results: BatchResult[] = [];
  for (const { target, strict } of convertedTargets()) results.push(batchConversion(tools, rounds, target, strict));
  return results;
}

if (process.argv[1]?.endsWith('batch.ts')) {
  const quick = process.argv.includes('--quick');
  const toolsFile = fileURLToPath(new URL('../test/fixtures/corpus-mcp-tools.jsonl', import.meta.url));
  const tools = readFileSync(toolsFile, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as McpToolLike);
  const batch = batchConversion(tools, quick ? 5 : 21);
  const targets = targetConversions(tools, quick ? 5 : 15);
  // Made only now, each set in turn: 9.75 MB of generated tools alive while the corpus is timed
  // made every garbage collection of its batches walk them too (the reason this runs in a
  // process of its own); the generated tools are dropped before the captured ones are timed.
  const generatedSeries = () => {
    const generated = generatedTools();
    return {
      generatedBatch: batchConversion(generated, quick ? 3 : 11, 'codex', false, 'generated OpenAPI-style tools'),
      generatedTargets: targetConversions(generated, quick ? 3 : 9, 'generated tools'),
    };
  };
  const capturedSeries = () => {
    const captured = capturedTools();
    return {
      capturedBatch: batchConversion(
        captured,
        quick ? 5 : 15,
        'codex',
        false,
        'captured tools (servers outside the corpus)',
      ),
      capturedTargets: targetConversions(captured, quick ? 5 : 11, 'captured tools'),
    };
  };
  const frameworkShapedSeries = () => {
    const entries = frameworkShapedToolEntries();
    const shaped = entries.map((entry) => entry.tool);
    const families = [...new Set(entries.map((entry) => entry.family))].map((family) => ({
      family,
      tools: entries.filter((entry) => entry.family === family).map((entry) => entry.tool),
    }));
    return {
      frameworkShapedBatch: batchConversion(shaped, quick ? 5 : 15, 'codex', false, 'framework-shaped tools'),
      frameworkShapedTargets: targetConversions(shaped, quick ? 5 : 11, 'framework-shaped tools'),
      frameworkShapedFamilies: familyConversions(families, quick ? 5 : 15),
    };
  };
  const perServer = [
    perServerConversions(
      'corpus',
      (tools as (McpToolLike & { server: string })[]).map((tool) => ({ server: tool.server, tool })),
      quick ? 5 : 11,
    ),
    perServerConversions('captured', capturedEntries(), quick ? 5 : 11),
  ];
  const result: BatchSeriesResult = {
    batch,
    targets,
    ...generatedSeries(),
    ...capturedSeries(),
    ...frameworkShapedSeries(),
    perServer,
  };
  console.log(`${BATCH_RESULT_PREFIX}${JSON.stringify(result)}`);
}
