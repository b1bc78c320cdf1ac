// The synthetic series of issue 6 and 7 (1 KB–10 MB scaling, nesting chains, large hostile
// inputs), run by bench/run.ts in a fresh process of its own: the corpora that process keeps
// alive made every small input pay for their garbage collection (1 KB figures came out 2–4×
// slower there, nesting chains 2–5×), which says nothing about the pipeline. Each shape of the
// scaling series runs in a process of its own too (`--shape NAME`; see `shapeArgument`).
//
// In the scaling series each size is timed three ways, in interleaved rounds:
// - parse: `parseToolInputSchema`;
// - round trip: `JSON.parse(JSON.stringify(input))`, the baseline of every other table;
// - read: visiting every value of the input once (`Object.keys` and a read per member), the least
//   any implementation that reads its input must do. Its growth per byte is the machine's, not ours.
import { fileURLToPath } from 'node:url';
import { freshProcess, shapeArgument } from './fresh-process.js';
import { library } from './library.js';
import { median, sample, type Work, warmUp } from './measure.js';
import { nestedSchema, SHAPES, type Shape, syntheticSchema } from './synthetic.js';

const { jsonByteLength, parseToolInputSchema, parseToolInputSchemaWithoutCompaction } = library;

type JsonInput = Parameters<typeof jsonByteLength>[0];

/** One shape at one size. */
export interface ScalingRow {
  shape: Shape;
  targetBytes: number;
  bytes: number;
  parseMs: number;
  nsPerByte: number;
  roundTripNsPerByte: number;
  readNsPerByte: number;
  roundTripRatio: number;
  /** The entry without compaction ÷ the round trip (issue 25: never slower than the default entry). */
  withoutCompactionRatio: number;
  /** The entry without compaction ÷ the default entry, the median of each round's ratio (issue 25: ≤ 1). */
  withoutOverDefault: number;
}

/** Per shape: how much the time per byte grew from the smallest size to the largest. */
export interface ScalingSpread {
  shape: Shape;
  parse: number;
  roundTrip: number;
  read: number;
}

const roundTrip: Work = (input) => JSON.parse(JSON.stringify(input));

/** Visits every value once and counts them (the count keeps the work from being optimized away). */
function readEveryValue(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  let count = 1;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) count += readEveryValue(value[index]);
    return count;
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) count += readEveryValue(object[key]);
  return count;
}

const parse: Work = (input) => parseToolInputSchema(input);
const withoutCompaction: Work = (input) => parseToolInputSchemaWithoutCompaction(input);

const SIZES = [1e3, 1e4, 1e5, 1e6, 1e7];
const QUICK_SIZES = [1e3, 1e4, 1e5];
const label = (size: number) => (size >= 1e6 ? `${size / 1e6} MB` : `${size / 1e3} KB`);

/** One shape at every size, timed in this process, its row printed. */
function measureShape(shape: Shape, sizes: readonly number[]): { rows: ScalingRow[]; spread: ScalingSpread } {
  const rows: ScalingRow[] = [];
  for (const target of sizes) {
    const input = syntheticSchema(shape, target);
    const bytes = jsonByteLength(input as JsonInput);
    // A sample is a few milliseconds of calls up to 100 KB. With one call per sample at 100 KB
    // and three warm-up samples, the compiler had not settled when the timing began: the same
    // parse came out at 7.7 or 14 ns/B (and up to 50 with a cold loader) from one run to the next.
    // (A forced collection before each sample was tried instead: every figure came out 5-10x
    // slower, as V8 drops optimized code whose maps the collection frees.)
    const calls = target <= 1e3 ? 200 : target <= 1e4 ? 20 : target <= 1e5 ? 5 : 1;
    const runs = target >= 1e6 ? 7 : target >= 1e5 ? 11 : 41;
    const works: Work[] = [parse, roundTrip, readEveryValue, withoutCompaction];
    for (const work of works) warmUp(() => sample(work, input, calls), 3, 300);
    const times: number[][] = works.map(() => []);
    // Ratios are taken within each round, and the order turns every round: at 10 MB a round's
    // garbage falls on whatever runs next, and two medians of different rounds spread ±15%.
    const parseRatios: number[] = [];
    const withoutRatios: number[] = [];
    const withoutOverDefault: number[] = [];
    for (let run = 0; run < runs; run++) {
      const round: number[] = [];
      for (let turn = 0; turn < works.length; turn++) {
        const index = (turn + run) % works.length;
        round[index] = sample(works[index] as Work, input, calls);
        (times[index] as number[]).push(round[index] as number);
      }
      const [parseRound, tripRound, , withoutRound] = round as [number, number, number, number];
      parseRatios.push(parseRound / tripRound);
      withoutRatios.push(withoutRound / tripRound);
      withoutOverDefault.push(withoutRound / parseRound);
    }
    const [parseMicros, tripMicros, readMicros] = times.map(median) as [number, number, number, number];
    rows.push({
      shape,
      targetBytes: target,
      bytes,
      parseMs: parseMicros / 1_000,
      nsPerByte: (parseMicros * 1_000) / bytes,
      roundTripNsPerByte: (tripMicros * 1_000) / bytes,
      readNsPerByte: (readMicros * 1_000) / bytes,
      roundTripRatio: median(parseRatios),
      withoutCompactionRatio: median(withoutRatios),
      withoutOverDefault: median(withoutOverDefault),
    });
  }
  const first = rows[0] as ScalingRow;
  const last = rows.at(-1) as ScalingRow;
  const spread: ScalingSpread = {
    shape,
    parse: last.nsPerByte / first.nsPerByte,
    roundTrip: last.roundTripNsPerByte / first.roundTripNsPerByte,
    read: last.readNsPerByte / first.readNsPerByte,
  };
  console.log(
    `${shape.padEnd(17)} ${rows.map((row) => `${row.nsPerByte.toFixed(2)} ns/B`.padStart(11)).join('')}   ${spread.parse.toFixed(2)}× · ${spread.roundTrip.toFixed(2)}× · ${spread.read.toFixed(2)}×`,
  );
  return { rows, spread };
}

/** The line a one-shape run prints its result on. */
const SHAPE_RESULT_PREFIX = 'SERIES_SHAPE_RESULT ';

/** Every shape, each in a fresh process of its own (see `shapeArgument`). */
export function runScalingSeries(quick: boolean): { rows: ScalingRow[]; spreads: ScalingSpread[] } {
  const sizes = quick ? QUICK_SIZES : SIZES;
  const rows: ScalingRow[] = [];
  const spreads: ScalingSpread[] = [];
  console.log('\nScaling: parseToolInputSchema time per input byte (fresh process per shape; flat = linear)');
  console.log(
    `shape             ${sizes.map((size) => label(size).padStart(11)).join('')}   largest ÷ smallest: parse · round trip · read`,
  );
  for (const shape of SHAPES) {
    const result = freshProcess<{ rows: ScalingRow[]; spread: ScalingSpread }>(
      fileURLToPath(import.meta.url),
      ['--shape', shape, ...(quick ? ['--quick'] : [])],
      SHAPE_RESULT_PREFIX,
    );
    rows.push(...result.rows);
    spreads.push(result.spread);
  }
  /** One ratio of every row, per shape, one figure per size. */
  const perSize = (title: string, ratio: (row: ScalingRow) => number) =>
    console.log(
      `${title}, per size: ${SHAPES.map(
        (shape) =>
          `${shape} ${rows
            .filter((row) => row.shape === shape)
            .map((row) => `${ratio(row).toFixed(2)}×`)
            .join(' ')}`,
      ).join('; ')}`,
    );
  perSize("parse ÷ round trip of the same input (median of each round's ratio)", (row) => row.roundTripRatio);
  perSize('without compaction ÷ round trip', (row) => row.withoutCompactionRatio);
  perSize('without compaction ÷ default entry (goal ≤ 1)', (row) => row.withoutOverDefault);
  return { rows, spreads };
}

function nestingSeries() {
  console.log('\nNesting: {"type":"object","properties":{"p":…}} chains (two JSON levels per schema level)');
  const rows: { levels: number; bytes: number; micros: number; outcome: string }[] = [];
  for (const levels of [10, 100, 499, 1_000, 10_000]) {
    const input = nestedSchema(levels);
    let outcome = 'ok';
    try {
      parseToolInputSchema(input);
    } catch (error) {
      outcome = (error as { code?: string }).code ?? 'error';
    }
    // Warmed on its own input: the scaling series that ran before it in this process once did
    // (now each shape runs in a process of its own), and without it a 10-level chain read 10x.
    warmUp(() => sample(parse, input, 5), 3, 200);
    const micros = median(Array.from({ length: 9 }, () => sample(parse, input, 5)));
    // JSON.stringify itself overflows the stack on the deepest chain, so count the bytes by shape.
    const bytes = levels * ('{"type":"object","properties":{"p":'.length + '}}'.length) + '{"type":"string"}'.length;
    rows.push({ levels, bytes, micros, outcome });
    console.log(
      `${String(levels).padStart(6)} levels  ${bytes.toLocaleString('en-US').padStart(9)} B  ${micros.toFixed(1).padStart(9)} µs  ${((micros * 1_000) / bytes).toFixed(2).padStart(6)} ns/B  ${outcome}`,
    );
  }
  return rows;
}

/** Issue 7's large hostile inputs, each at two sizes a factor 10 apart: time per byte should hold. */
function hostileSeries() {
  const definitionsGraph = (count: number) => {
    const $defs: Record<string, unknown> = {};
    for (let index = 0; index < count; index++) {
      $defs[`D${index}`] = {
        anyOf: [{ $ref: `#/$defs/D${(index + 1) % count}` }, { $ref: `#/$defs/D${(index * 7) % count}` }],
      };
    }
    return { $ref: '#/$defs/D0', $defs };
  };
  const bigEnum = (count: number) => ({
    type: 'object',
    properties: { pick: { enum: Array.from({ length: count }, (_, index) => `v${index}`) } },
  });
  const bigDescription = (bytes: number) => ({ type: 'object', description: 'x'.repeat(bytes), properties: {} });
  const cases: [string, (scale: number) => unknown, number, number][] = [
    ['definitions all referring to each other', definitionsGraph, 1_000, 10_000],
    ['enum values', bigEnum, 100_000, 1_000_000],
    ['description bytes', bigDescription, 5_000_000, 50_000_000],
  ];
  console.log('\nHostile inputs (issue 7): parseToolInputSchema and the no-compaction entry, at two sizes');
  const rows: { input: string; scale: number; bytes: number; parseMs: number; withoutCompactionMs: number }[] = [];
  for (const [label, make, small, large] of cases) {
    for (const scale of [small, large]) {
      const input = make(scale);
      const bytes = jsonByteLength(input as JsonInput);
      // Warmed on its own input, as the chains above; then interleaved: a collection of one
      // entry's garbage lands on either entry alike.
      warmUp(
        () => {
          sample((value) => parseToolInputSchema(value), input, 1);
          sample((value) => parseToolInputSchemaWithoutCompaction(value), input, 1);
        },
        3,
        200,
      );
      const parseMicros: number[] = [];
      const wholeMicros: number[] = [];
      for (let run = 0; run < 9; run++) {
        parseMicros.push(sample((value) => parseToolInputSchema(value), input, 1));
        wholeMicros.push(sample((value) => parseToolInputSchemaWithoutCompaction(value), input, 1));
      }
      const parse = median(parseMicros) / 1_000;
      const whole = median(wholeMicros) / 1_000;
      rows.push({ input: label, scale, bytes, parseMs: parse, withoutCompactionMs: whole });
      console.log(
        `${`${scale.toLocaleString('en-US')} ${label}`.padEnd(48)} ${(bytes / 1e6).toFixed(2).padStart(6)} MB  parse ${parse.toFixed(1).padStart(7)} ms (${((parse * 1e6) / bytes).toFixed(2)} ns/B)  no compaction ${whole.toFixed(1).padStart(7)} ms (${((whole * 1e6) / bytes).toFixed(2)} ns/B)`,
      );
    }
  }
  return rows;
}

/** What bench/run.ts reads back. */
export interface SeriesResult {
  scaling: { rows: ScalingRow[]; spreads: ScalingSpread[] };
  nesting: ReturnType<typeof nestingSeries>;
  hostile: ReturnType<typeof hostileSeries>;
}

/** The line bench/run.ts reads the results from. */
export const RESULT_PREFIX = 'SERIES_RESULT ';

if (process.argv[1]?.endsWith('series.ts')) {
  const quick = process.argv.includes('--quick');
  const shape = shapeArgument(process.argv);
  if (shape !== undefined) {
    const result = measureShape(shape, quick ? QUICK_SIZES : SIZES);
    console.log(`${SHAPE_RESULT_PREFIX}${JSON.stringify(result)}`);
  } else {
    const result: SeriesResult = {
      scaling: runScalingSeries(quick),
      nesting: nestingSeries(),
      hostile: quick ? [] : hostileSeries(),
    };
    console.log(`${RESULT_PREFIX}${JSON.stringify(result)}`);
  }
}
