// The 1 KB–10 MB scaling series (issue 6), run by bench/run.ts in a fresh process of its own: the
// corpora that process keeps alive made every small input pay for their garbage collection (the
// 1 KB figures came out 2–4× slower there), which says nothing about the pipeline.
//
// Each size is timed three ways in interleaved rounds:
// - parse: `parseToolInputSchema`;
// - round trip: `JSON.parse(JSON.stringify(input))`, the baseline of every other table;
// - read: visiting every value of the input once (`Object.keys` and a read per member), the least
//   any implementation that reads its input must do. Its growth per byte is the machine's, not ours.
import { parseToolInputSchema } from '../dist/index.js';
import { median, sample, type Work } from './measure.js';
import { SHAPES, type Shape, syntheticSchema } from './synthetic.js';

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

export function runScalingSeries(quick: boolean): { rows: ScalingRow[]; spreads: ScalingSpread[] } {
  const sizes = quick ? [1e3, 1e4, 1e5] : [1e3, 1e4, 1e5, 1e6, 1e7];
  const rows: ScalingRow[] = [];
  const spreads: ScalingSpread[] = [];
  const label = (size: number) => (size >= 1e6 ? `${size / 1e6} MB` : `${size / 1e3} KB`);
  console.log('\nScaling: parseToolInputSchema time per input byte (fresh process; flat = linear)');
  console.log(
    `shape             ${sizes.map((size) => label(size).padStart(11)).join('')}   largest ÷ smallest: parse · round trip · read`,
  );
  for (const shape of SHAPES) {
    const shapeRows: ScalingRow[] = [];
    for (const target of sizes) {
      const input = syntheticSchema(shape, target);
      const bytes = JSON.stringify(input).length;
      const calls = target <= 1e3 ? 200 : target <= 1e4 ? 20 : 1;
      const runs = target >= 1e6 ? 7 : target >= 1e5 ? 11 : 41;
      const works: Work[] = [parse, roundTrip, readEveryValue];
      for (const work of works) for (let warm = 0; warm < 3; warm++) sample(work, input, calls);
      const times: number[][] = works.map(() => []);
      for (let run = 0; run < runs; run++) {
        works.forEach((work, index) => {
          (times[index] as number[]).push(sample(work, input, calls));
        });
      }
      const [parseMicros, tripMicros, readMicros] = times.map(median) as [number, number, number];
      shapeRows.push({
        shape,
        targetBytes: target,
        bytes,
        parseMs: parseMicros / 1_000,
        nsPerByte: (parseMicros * 1_000) / bytes,
        roundTripNsPerByte: (tripMicros * 1_000) / bytes,
        readNsPerByte: (readMicros * 1_000) / bytes,
        roundTripRatio: parseMicros / tripMicros,
      });
    }
    const first = shapeRows[0] as ScalingRow;
    const last = shapeRows.at(-1) as ScalingRow;
    const spread: ScalingSpread = {
      shape,
      parse: last.nsPerByte / first.nsPerByte,
      roundTrip: last.roundTripNsPerByte / first.roundTripNsPerByte,
      read: last.readNsPerByte / first.readNsPerByte,
    };
    spreads.push(spread);
    rows.push(...shapeRows);
    console.log(
      `${shape.padEnd(17)} ${shapeRows.map((row) => `${row.nsPerByte.toFixed(2)} ns/B`.padStart(11)).join('')}   ${spread.parse.toFixed(2)}× · ${spread.roundTrip.toFixed(2)}× · ${spread.read.toFixed(2)}×`,
    );
  }
  console.log(
    'parse ÷ round trip of the same input, per size: ' +
      SHAPES.map(
        (shape) =>
          `${shape} ${rows
            .filter((row) => row.shape === shape)
            .map((row) => `${row.roundTripRatio.toFixed(2)}×`)
            .join(' ')}`,
      ).join('; '),
  );
  return { rows, spreads };
}

/** The line bench/run.ts reads the results from. */
export const RESULT_PREFIX = 'SCALING_RESULT ';

if (process.argv[1]?.endsWith('scaling.ts')) {
  const result = runScalingSeries(process.argv.includes('--quick'));
  console.log(`${RESULT_PREFIX}${JSON.stringify(result)}`);
}
