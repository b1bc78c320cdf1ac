// Timing helpers: per-input medians over interleaved rounds, with batches sized to the clock.

/**
 * Runs `run` at least `rounds` times and for at least `millis` milliseconds: until the compiler
 * has settled on it. A fixed number of warm-up calls left large inputs timed on code that was
 * not optimized yet (a 100 KB parse read 7.7 or 14 ns/B from one run to the next).
 */
export function warmUp(run: () => void, rounds: number, millis: number): void {
  const start = performance.now();
  for (let round = 0; round < rounds || performance.now() - start < millis; round++) run();
}

/** Sorted-copy median. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** A function under test; thrown errors are part of the work (a rejected schema is a result). */
export type Work = (input: unknown) => unknown;

function runOnce(work: Work, input: unknown): void {
  try {
    work(input);
  } catch {
    // A ToolSchemaError is a valid outcome of the pipeline; it is timed like any other.
  }
}

/** How many calls make one timed sample of at least `sampleMicros` (at least 1). */
export function batchSize(work: Work, input: unknown, sampleMicros: number): number {
  const start = performance.now();
  runOnce(work, input);
  const micros = (performance.now() - start) * 1_000;
  return Math.max(1, Math.min(1_000, Math.ceil(sampleMicros / Math.max(micros, 0.05))));
}

/** Microseconds per call of `work(input)`, one sample (a batch of `calls`). */
export function sample(work: Work, input: unknown, calls: number): number {
  const start = performance.now();
  for (let call = 0; call < calls; call++) runOnce(work, input);
  return ((performance.now() - start) * 1_000) / calls;
}

/**
 * Per-input median microseconds for each entry, measured in interleaved rounds (every entry sees
 * the same machine noise), after a warm-up round.
 */
export function measureEntries(
  entries: Record<string, Work>,
  inputs: readonly unknown[],
  { rounds, sampleMicros }: { rounds: number; sampleMicros: number },
): Record<string, number[]> {
  const names = Object.keys(entries);
  const batches: Record<string, number[]> = {};
  for (const name of names) {
    const work = entries[name] as Work;
    for (const input of inputs) runOnce(work, input); // warm-up: let the JIT settle
    batches[name] = inputs.map((input) => batchSize(work, input, sampleMicros));
  }
  const samples: Record<string, number[][]> = Object.fromEntries(names.map((name) => [name, inputs.map(() => [])]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      const work = entries[name] as Work;
      const perInput = samples[name] as number[][];
      const calls = batches[name] as number[];
      inputs.forEach((input, index) => {
        (perInput[index] as number[]).push(sample(work, input, calls[index] as number));
      });
    }
  }
  return Object.fromEntries(names.map((name) => [name, (samples[name] as number[][]).map(median)]));
}
