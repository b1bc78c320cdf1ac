// The provider targets over the synthetic series (issue 25): `convertMcpTools` on tools of 1 KB to
// 10 MB in each shape of bench/synthetic.ts, for every converted target (strict too where it has
// it), against the JSON round trip of the same tools in the same rounds. Run by bench/run.ts in a
// fresh process of its own, as the other series are.
//
// Small tools are converted in batches (a tools/list of copies, each of its own name), so a figure
// is the cost of a tool in a listing, not of one call's fixed work: each batch holds about 100 KB.
import { fileURLToPath } from 'node:url';
import type { McpToolLike, ProviderTarget } from '../src/index.js';
import { freshProcess, shapeArgument } from './fresh-process.js';
import { library, targets as registry } from './library.js';
import { median, warmUp } from './measure.js';
import { SHAPES, type Shape, syntheticSchema } from './synthetic.js';

const { convertMcpTools, jsonByteLength } = library;
const { PROVIDER_TARGETS, targetDefinition } = registry;

/** One target on one shape, at every size. */
export interface TargetSeriesRow {
  shape: Shape;
  target: ProviderTarget;
  strict: boolean;
  /** Per size, smallest first. */
  bytes: number[];
  nsPerByte: number[];
  roundTripRatio: number[];
  /** Time per byte at the largest size ÷ at the smallest, for the conversion and for the round trip. */
  growth: number;
  roundTripGrowth: number;
}

/** The line bench/run.ts reads the results from. */
export const TARGET_SERIES_RESULT_PREFIX = 'TARGET_SERIES_RESULT ';

/** Tools of about 100 KB in all per batch: copies of one tool, each with a name of its own. */
function batchOf(shape: Shape, size: number): McpToolLike[] {
  const inputSchema = syntheticSchema(shape, size) as McpToolLike['inputSchema'];
  const count = Math.max(1, Math.round(1e5 / size));
  return Array.from({ length: count }, (_, index) => ({
    name: `${shape}_${index}`,
    description: 'A synthetic tool of the size series.',
    inputSchema,
  }));
}

function millis(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

const SIZES = [1e3, 1e4, 1e5, 1e6, 1e7];
const QUICK_SIZES = [1e3, 1e4, 1e5];

/** Every converted target, strict too where it has it. */
function seriesVariants(): { target: ProviderTarget; strict: boolean }[] {
  const variants: { target: ProviderTarget; strict: boolean }[] = [];
  for (const target of PROVIDER_TARGETS) {
    if (target === 'codex') continue;
    variants.push({ target, strict: false });
    if (targetDefinition(target).strictCapable) variants.push({ target, strict: true });
  }
  return variants;
}

/** One shape on every variant at every size, timed in this process, its rows printed. */
function measureShape(shape: Shape, sizes: readonly number[]): TargetSeriesRow[] {
  const variants = seriesVariants();
  // Every target warmed on the shape's small tools first, for 200 ms each: the first variant
  // timed would otherwise pay for the compiler's first passes over code all of them share (2-3x
  // at 1 KB). At 1 KB too: past the budget compaction drops a shape's definitions, and with them
  // the code that converts them (allOf merges), which the first variant at 1 KB then paid for.
  // Not every shape's: warming all nine first (as one process for every shape did) left this
  // shape's 1 KB cells 1.5-2x slower on allOf models and optional unions, the compiler's
  // feedback made for other shapes.
  for (const size of [1e3, 1e4]) {
    const tools = batchOf(shape, size);
    for (const { target, strict } of variants) warmUp(() => convertMcpTools(tools, { target, strict }), 5, 200);
  }
  const rows: TargetSeriesRow[] = [];
  // Size by size, every variant at one size before the next size's tools are built, and those
  // dropped after: a shape's largest tools no longer live while its small cells are timed (the
  // allOf shape's strict variants at 1 KB, timed after its 10 MB tools, read 2-3× slower: see
  // `shapeArgument` in fresh-process.ts).
  const cells = variants.map(() => ({
    nsPerByte: [] as number[],
    roundTripRatio: [] as number[],
    tripNsPerByte: [] as number[],
  }));
  const batchBytes: number[] = [];
  for (const size of sizes) {
    const tools = batchOf(shape, size);
    const bytes = tools.reduce((sum, tool) => sum + jsonByteLength(tool as never), 0);
    batchBytes.push(bytes);
    variants.forEach(({ target, strict }, variant) => {
      const cell = cells[variant] as (typeof cells)[number];
      const convert = () => convertMcpTools(tools, { target, strict });
      const roundTrip = () => tools.map((tool) => JSON.parse(JSON.stringify(tool)));
      const runs = size >= 1e7 ? 5 : size >= 1e6 ? 5 : 15;
      // At least 150 ms of both before timing (one pair at 10 MB): three calls of a 100 KB tool
      // did not let the compiler settle on the size's paths.
      warmUp(
        () => {
          convert();
          roundTrip();
        },
        size >= 1e7 ? 1 : 3,
        150,
      );
      const convertMs: number[] = [];
      const roundTripMs: number[] = [];
      // The ratio is taken within each run, the two in turns first: at 10 MB a run's garbage
      // falls on whatever runs next.
      const ratios: number[] = [];
      for (let run = 0; run < runs; run++) {
        let trip: number;
        let converted: number;
        if (run % 2 === 0) {
          trip = millis(roundTrip);
          converted = millis(convert);
        } else {
          converted = millis(convert);
          trip = millis(roundTrip);
        }
        roundTripMs.push(trip);
        convertMs.push(converted);
        ratios.push(converted / trip);
      }
      cell.nsPerByte.push((median(convertMs) * 1e6) / bytes);
      cell.tripNsPerByte.push((median(roundTripMs) * 1e6) / bytes);
      cell.roundTripRatio.push(median(ratios));
    });
  }
  variants.forEach(({ target, strict }, variant) => {
    const { nsPerByte, roundTripRatio, tripNsPerByte } = cells[variant] as (typeof cells)[number];
    const row: TargetSeriesRow = {
      shape,
      target,
      strict,
      bytes: batchBytes,
      nsPerByte,
      roundTripRatio,
      growth: (nsPerByte.at(-1) as number) / (nsPerByte[0] as number),
      roundTripGrowth: (tripNsPerByte.at(-1) as number) / (tripNsPerByte[0] as number),
    };
    rows.push(row);
    const printed = nsPerByte.map((ns, index) =>
      `${ns.toFixed(1)} ns/B ${(roundTripRatio[index] as number).toFixed(2)}×`.padStart(17),
    );
    console.log(
      `${shape.padEnd(18)} ${`${target}${strict ? ' (strict)' : ''}`.padEnd(28)} ${printed.join('')}   ${row.growth.toFixed(2)}× (${row.roundTripGrowth.toFixed(2)}×)`,
    );
  });
  return rows;
}

/** The line a one-shape run prints its rows on. */
const SHAPE_RESULT_PREFIX = 'TARGET_SERIES_SHAPE_RESULT ';

/** Every shape, each in a fresh process of its own (see `shapeArgument`). */
export function runTargetSeries(quick: boolean): TargetSeriesRow[] {
  const sizes = quick ? QUICK_SIZES : SIZES;
  const label = (size: number) => (size >= 1e6 ? `${size / 1e6} MB` : `${size / 1e3} KB`);
  console.log(
    '\nProvider targets over the synthetic series: convertMcpTools time per input byte, and ÷ the round trip of the same tools (fresh process per shape; goal ≤ 2×, growth ≤ 2×)',
  );
  console.log(
    `shape              target                       ${sizes.map((size) => label(size).padStart(17)).join('')}   growth (round trip)`,
  );
  const rows: TargetSeriesRow[] = [];
  for (const shape of SHAPES)
    rows.push(
      ...freshProcess<TargetSeriesRow[]>(
        fileURLToPath(import.meta.url),
        ['--shape', shape, ...(quick ? ['--quick'] : [])],
        SHAPE_RESULT_PREFIX,
      ),
    );
  objectBuildYardstick(sizes);
  return rows;
}

/**
 * What the wide shape's growth is made of: one plain object of its property count, built by
 * keyed assignment. Every copy of a wide tool builds one (the sanitizing copy, the provider's
 * output), and so does JSON.parse. Past a few thousand keys V8 keeps such an object's properties
 * in a hash table that grows through large-object allocations, and each key costs many times what
 * it costs in a small object: the round trip's growth, and the floor under the targets'.
 */
function objectBuildYardstick(sizes: readonly number[]): void {
  const cells: string[] = [];
  const perKey: number[] = [];
  for (const size of sizes) {
    const count = Object.keys((syntheticSchema('wide', size) as { properties: object }).properties).length;
    const names = Array.from({ length: count }, (_, index) => `field_${index}`);
    const build = () => {
      const object: Record<string, number> = {};
      for (let index = 0; index < names.length; index++) object[names[index] as string] = index;
      return object;
    };
    warmUp(build, 3, 100);
    const samples: number[] = [];
    for (let run = 0; run < 15; run++) samples.push(millis(build));
    const nanos = (median(samples) * 1e6) / count;
    perKey.push(nanos);
    cells.push(`${count.toLocaleString('en-US')} keys ${nanos.toFixed(0)} ns`);
  }
  console.log(
    `One plain object of the wide shape's property count, built by keyed assignment (each copy of a wide tool builds one, and so does JSON.parse), per key: ${cells.join(' · ')}; growth ${((perKey.at(-1) as number) / (perKey[0] as number)).toFixed(1)}×`,
  );
}

if (process.argv[1]?.endsWith('target-series.ts')) {
  const quick = process.argv.includes('--quick');
  const shape = shapeArgument(process.argv);
  if (shape !== undefined) {
    console.log(`${SHAPE_RESULT_PREFIX}${JSON.stringify(measureShape(shape, quick ? QUICK_SIZES : SIZES))}`);
  } else console.log(`${TARGET_SERIES_RESULT_PREFIX}${JSON.stringify(runTargetSeries(quick))}`);
}
