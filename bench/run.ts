// npm run bench [-- --json] [--quick]: the pipeline against a JSON round trip, over real corpora and a scaling series.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { BATCH_RESULT_PREFIX, type BatchSeriesResult } from './batch.js';
import { capturedSchemas } from './captured.js';
import { FIRST_CALL_RESULT_PREFIX, type FirstCallRow } from './first-call.js';
import { frameworkShapedSchemas } from './framework-shaped.js';
import { freshProcess as runFresh } from './fresh-process.js';
import { generatedSchemas } from './generated.js';
import { HOSTILE_RESULT_PREFIX } from './hostile.js';
import { library } from './library.js';
import { measureEntries, median, sample, type Work } from './measure.js';
import { PROXY_RESULT_PREFIX } from './proxy.js';
import { RESULT_PREFIX, type SeriesResult } from './series.js';
import { TARGET_SERIES_RESULT_PREFIX, type TargetSeriesRow } from './target-series.js';

const { explainToolInputSchema, jsonByteLength, parseToolInputSchema, parseToolInputSchemaWithoutCompaction } = library;

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const OTHER_CORPUS = process.env.TOOLSCHEMA_CORPUS_OTHER ?? here('../test/fixtures/conformance/corpus-other.jsonl.br');

function readInputs(file: string): { id: string; input: unknown }[] {
  const bytes = readFileSync(file);
  return (file.endsWith('.br') ? brotliDecompressSync(bytes) : bytes)
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { id: string; input: unknown });
}

const roundTrip: Work = (input) => JSON.parse(JSON.stringify(input));
const ENTRIES: Record<string, Work> = {
  'JSON round trip (baseline)': roundTrip,
  parseToolInputSchema: (input) => parseToolInputSchema(input),
  // The same budget given as an option: any options object took a slower way until session 43.
  'parseToolInputSchema with a budget': (input) => parseToolInputSchema(input, { budgetBytes: 5_000 }),
  parseToolInputSchemaWithoutCompaction: (input) => parseToolInputSchemaWithoutCompaction(input),
  explainToolInputSchema: (input) => explainToolInputSchema(input),
};

interface EntryResult {
  entry: string;
  medianMicros: number;
  schemasPerSecond: number;
  megabytesPerSecond: number;
  /** Median over inputs of (entry time / round-trip time for the same input). */
  medianRatio: number;
  /** Total time / total round-trip time. */
  totalRatio: number;
  maxMillis: number;
}

function sizeOf(input: unknown): number {
  try {
    return jsonByteLength(input as Parameters<typeof jsonByteLength>[0]);
  } catch {
    return 0;
  }
}

function corpusTable(label: string, inputs: unknown[], timings: Record<string, number[]>): EntryResult[] {
  const bytes = inputs.reduce<number>((total, input) => total + sizeOf(input), 0);
  const baseline = timings['JSON round trip (baseline)'] as number[];
  const baselineTotal = baseline.reduce((a, b) => a + b, 0);
  const results = Object.entries(timings).map(([entry, micros]) => {
    const total = micros.reduce((a, b) => a + b, 0);
    return {
      entry,
      medianMicros: median(micros),
      schemasPerSecond: (inputs.length / total) * 1e6,
      megabytesPerSecond: bytes / total,
      medianRatio: median(micros.map((value, index) => value / (baseline[index] as number))),
      totalRatio: total / baselineTotal,
      maxMillis: Math.max(...micros) / 1_000,
    };
  });
  console.log(`\n${label}: ${inputs.length} schemas, ${(bytes / 1e6).toFixed(2)} MB`);
  console.log(
    'entry                                   median µs   schemas/s      MB/s   ratio (median)   ratio (total)   max ms',
  );
  for (const row of results) {
    console.log(
      `${row.entry.padEnd(38)} ${row.medianMicros.toFixed(2).padStart(10)} ${Math.round(row.schemasPerSecond).toLocaleString('en-US').padStart(11)} ${row.megabytesPerSecond.toFixed(1).padStart(9)} ${`${row.medianRatio.toFixed(2)}×`.padStart(16)} ${`${row.totalRatio.toFixed(2)}×`.padStart(15)} ${row.maxMillis.toFixed(2).padStart(8)}`,
    );
  }
  return results;
}

/**
 * Issue 15, measured as the issue measures it: one pass of each entry over the whole corpus
 * (total time), the entries interleaved within each round, the median of the rounds. Also the
 * budget check alone: the default entry against the entry without compaction on the schemas
 * that fit (they never enter compaction). The per-schema table above times each schema in
 * repeated micro-batches instead, where a round trip of one small schema runs hotter.
 */
function corpusPasses(inputs: unknown[], rounds: number, label = 'MCP corpus') {
  const fits = inputs.filter((input) => {
    try {
      return jsonByteLength(parseToolInputSchemaWithoutCompaction(input)) <= 5_000;
    } catch {
      return true;
    }
  });
  const pass = (work: Work, over: unknown[]) => () => {
    for (const input of over) {
      try {
        work(input);
      } catch {
        // A rejected schema is a result, timed like any other.
      }
    }
  };
  const passes: Record<string, () => void> = {
    roundTrip: pass(roundTrip, inputs),
    parse: pass(parseToolInputSchema, inputs),
    withoutCompaction: pass(parseToolInputSchemaWithoutCompaction, inputs),
    parseFitting: pass(parseToolInputSchema, fits),
    withoutCompactionFitting: pass(parseToolInputSchemaWithoutCompaction, fits),
  };
  const millis: Record<string, number[]> = {};
  for (const [name, run] of Object.entries(passes)) {
    millis[name] = [];
    for (let warm = 0; warm < 3; warm++) run();
  }
  // The order alternates from round to round: a slow spell, or a collection owed by the pass
  // before, lands on whichever pass runs next, and a fixed order always gave it to the same one.
  const order = Object.entries(passes);
  for (let round = 0; round < rounds; round++)
    for (const [name, run] of round % 2 === 0 ? order : [...order].reverse())
      (millis[name] as number[]).push(sample(run, undefined, 1) / 1_000);
  // Each ratio is the median of the rounds' own ratios: the two passes of a round ran within
  // milliseconds of each other, so a change in the machine's speed cancels out.
  const ratio = (name: string, baseline: string) =>
    median((millis[name] as number[]).map((value, index) => value / ((millis[baseline] as number[])[index] as number)));
  const result = {
    schemas: inputs.length,
    fitting: fits.length,
    parseRatio: ratio('parse', 'roundTrip'),
    withoutCompactionRatio: ratio('withoutCompaction', 'roundTrip'),
    budgetCheckOnFitting: ratio('parseFitting', 'withoutCompactionFitting'),
  };
  console.log(
    `
${label}, one pass per entry (total time, interleaved, median of ${rounds} rounds' ratios): parseToolInputSchema ${result.parseRatio.toFixed(2)}× the round trip (goal ≤ 0.8×), without compaction ${result.withoutCompactionRatio.toFixed(2)}×; on the ${fits.length} schemas that fit, the default entry is ${result.budgetCheckOnFitting.toFixed(2)}× the entry without compaction (goal ≤ 1.20×, as issue 24 restated it)`,
  );
  return result;
}

/**
 * Issue 15: the fidelity policy against the reference policy, on the corpus schemas the reference
 * compacts (goal ≤ 3×), interleaved rounds of the whole set.
 */
function fidelityVersusReference(inputs: unknown[], rounds: number, label = 'corpus schemas') {
  const over = inputs.filter((input) => {
    try {
      return jsonByteLength(parseToolInputSchemaWithoutCompaction(input)) > 5_000;
    } catch {
      return false;
    }
  });
  const reference = () => {
    for (const input of over) parseToolInputSchema(input);
  };
  const fidelity = () => {
    for (const input of over) parseToolInputSchema(input, { compactionPolicy: 'fidelity' });
  };
  for (let warm = 0; warm < 20; warm++) {
    reference();
    fidelity();
  }
  const referenceMicros: number[] = [];
  const fidelityMicros: number[] = [];
  for (let round = 0; round < rounds; round++) {
    referenceMicros.push(sample(reference, undefined, 10));
    fidelityMicros.push(sample(fidelity, undefined, 10));
  }
  const ratio = median(fidelityMicros.map((micros, index) => micros / (referenceMicros[index] as number)));
  console.log(
    `\nCompaction policies on the ${over.length} ${label} the reference compacts: reference ${(median(referenceMicros) / over.length).toFixed(1)} µs, fidelity ${(median(fidelityMicros) / over.length).toFixed(1)} µs per schema; fidelity ÷ reference ${ratio.toFixed(2)}× (goal ≤ 3×)`,
  );
  return {
    schemas: over.length,
    referenceMicros: median(referenceMicros),
    fidelityMicros: median(fidelityMicros),
    ratio,
  };
}

/** Runs a bench script in a fresh process (see fresh-process.ts). */
function freshProcess<T>(script: string, prefix: string): T {
  return runFresh<T>(here(script), quick ? ['--quick'] : [], prefix);
}

/** The synthetic series, in a fresh process (see bench/series.ts for why). */
function syntheticSeries(): SeriesResult {
  return freshProcess<SeriesResult>('./series.ts', RESULT_PREFIX);
}

function peakMemory(): { inputMB: number; maxRssMB: number; heapDeltaMB: number } | undefined {
  if (quick) return undefined;
  const script = `
    import { parseToolInputSchema } from ${JSON.stringify(here('../dist/index.js'))};
    import { syntheticSchema } from ${JSON.stringify(here('./synthetic.ts'))};
    const input = syntheticSchema('wide', 1e7);
    const inputMB = JSON.stringify(input).length / 1e6;
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().heapUsed); }, 1);
    parseToolInputSchema(input);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    clearInterval(timer);
    console.log(JSON.stringify({ inputMB, maxRssMB: process.resourceUsage().maxRSS / 1024, heapDeltaMB: (peak - before) / 1e6 }));
  `;
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
      cwd: here('..'),
    },
  );
  return JSON.parse(output.trim().split('\n').at(-1) as string) as {
    inputMB: number;
    maxRssMB: number;
    heapDeltaMB: number;
  };
}

const machine = `${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, Node ${process.version}`;
console.log(`toolschema benchmarks — ${machine}${quick ? ' (quick)' : ''}`);

const mcpCases = readInputs(here('../test/fixtures/conformance/corpus-mcp.jsonl'));
const mcpInputs = mcpCases.map((entry) => entry.input);
const mcp = corpusTable(
  'MCP corpus (corpus-mcp.jsonl inputs, 57 servers)',
  mcpInputs,
  measureEntries(ENTRIES, mcpInputs, { rounds: quick ? 5 : 21, sampleMicros: 50 }),
);
const passes = corpusPasses(mcpInputs, quick ? 11 : 41);

/** A set timed as the corpus is, reported apart: the per-schema table and the one-pass figures. */
function timedSet(title: string, passLabel: string, inputs: unknown[]) {
  const table = corpusTable(
    title,
    inputs,
    measureEntries(ENTRIES, inputs, { rounds: quick ? 3 : 11, sampleMicros: 200 }),
  );
  return { table, passes: corpusPasses(inputs, quick ? 5 : 21, passLabel) };
}

// Issue 25: the shapes the corpus under-represents, generated.
const generatedInputs = generatedSchemas();
const { table: generated, passes: generatedPasses } = timedSet(
  'Generated OpenAPI-style schemas (bench/generated.ts: Graph, Notion, Stripe, Salesforce shapes, deep $defs chains, allOf inheritance)',
  'Generated set',
  generatedInputs,
);
// And servers the corpus never saw, as they listed their tools (bench/captured.ts).
const { table: captured, passes: capturedPasses } = timedSet(
  'Captured servers outside the corpus (bench/captured.ts: Notion, GitHub REST, Postman, Twilio, Microsoft Graph, HubSpot, MongoDB, Salesforce)',
  'Captured set',
  capturedSchemas(),
);
// And the shapes the libraries servers are written with emit (bench/framework-shaped.ts).
const { table: frameworkShaped, passes: frameworkShapedPasses } = timedSet(
  'Framework-shaped schemas (bench/framework-shaped.ts: zod, pydantic, Kubernetes, Stripe expandable, long enums, Hasura filters)',
  'Framework-shaped set',
  frameworkShapedSchemas(),
);

let other: { table: EntryResult[]; largest: { id: string; bytes: number; parseMs: number }[] } | undefined;
if (existsSync(OTHER_CORPUS)) {
  const cases = readInputs(OTHER_CORPUS);
  const inputs = cases.map((entry) => entry.input);
  const timings = measureEntries(ENTRIES, inputs, { rounds: quick ? 3 : 7, sampleMicros: 200 });
  const table = corpusTable(
    `Other corpus (${OTHER_CORPUS.split('/').slice(-2).join('/')}: SchemaStore, test suites, OpenAPI…)`,
    inputs,
    timings,
  );
  const parseMicros = timings.parseToolInputSchema as number[];
  const largest = cases
    .map((entry, index) => ({
      id: entry.id,
      bytes: sizeOf(entry.input),
      parseMs: (parseMicros[index] as number) / 1_000,
    }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5);
  console.log(
    'largest inputs:',
    largest.map((row) => `${row.id} ${(row.bytes / 1e6).toFixed(2)} MB → ${row.parseMs.toFixed(1)} ms`).join('; '),
  );
  other = { table, largest };
} else {
  console.log(`\n(no ${OTHER_CORPUS}; set TOOLSCHEMA_CORPUS_OTHER to include it)`);
}

const policies = fidelityVersusReference(mcpInputs, quick ? 7 : 21);
const generatedPolicies = fidelityVersusReference(generatedInputs, quick ? 3 : 9, 'generated schemas');
// Batch conversion and the provider targets, in a fresh process (see bench/batch.ts for why).
const {
  batch,
  targets,
  generatedBatch,
  generatedTargets,
  capturedBatch,
  capturedTargets,
  frameworkShapedBatch,
  frameworkShapedTargets,
  frameworkShapedFamilies,
  perServer,
} = freshProcess<BatchSeriesResult>('./batch.ts', BATCH_RESULT_PREFIX);
const { scaling, nesting, hostile } = syntheticSeries();
const targetSeries = freshProcess<TargetSeriesRow[]>('./target-series.ts', TARGET_SERIES_RESULT_PREFIX);
const growth = freshProcess<Record<string, unknown>>('./hostile.ts', HOSTILE_RESULT_PREFIX);
const proxy = freshProcess<Record<string, unknown>>('./proxy.ts', PROXY_RESULT_PREFIX);
const firstCall = freshProcess<FirstCallRow[]>('./first-call.ts', FIRST_CALL_RESULT_PREFIX);
const memory = peakMemory();
if (memory !== undefined) {
  console.log(
    `\nPeak memory parsing a ${memory.inputMB.toFixed(1)} MB schema (fresh process): heap +${memory.heapDeltaMB.toFixed(0)} MB, max RSS ${memory.maxRssMB.toFixed(0)} MB`,
  );
}

if (args.has('--json')) {
  const file = here('./results.json');
  writeFileSync(
    file,
    `${JSON.stringify({ machine, date: new Date().toISOString(), mcp, passes, generated, generatedPasses, generatedPolicies, captured, capturedPasses, frameworkShaped, frameworkShapedPasses, other, batch, targets, generatedBatch, generatedTargets, capturedBatch, capturedTargets, frameworkShapedBatch, frameworkShapedTargets, frameworkShapedFamilies, perServer, policies, scaling, nesting, hostile, targetSeries, growth, proxy, firstCall, memory }, null, 2)}\n`,
  );
  console.log(`\nwrote ${file}`);
}
