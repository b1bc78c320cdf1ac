// Runs conformance cases (input → the reference's outputs) through the two entry points.
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { ToolSchemaError } from '../../src/errors.js';
import { parseToolInputSchema, parseToolInputSchemaWithoutCompaction } from '../../src/schema/pipeline.js';
import { firstDifference } from './json-equal.js';

/** One line of a conformance file. */
export interface ConformanceCase {
  id: string;
  input: unknown;
  default: unknown;
  withoutCompaction: unknown;
}

/** The two entries, by the name the conformance files use for their expectation. */
export const CONFORMANCE_ENTRIES = {
  default: (input: unknown) => parseToolInputSchema(input),
  withoutCompaction: (input: unknown) => parseToolInputSchemaWithoutCompaction(input),
} as const;

export type ConformanceEntry = keyof typeof CONFORMANCE_ENTRIES;

/** A case whose output differs from the reference's. */
export interface ConformanceMismatch {
  id: string;
  entry: ConformanceEntry;
  expected: unknown;
  actual: unknown;
  /** Where the two differ, as a JSON Pointer (`""` when one side is an error). */
  path: string;
}

/** Reads a JSON Lines conformance file (`.jsonl`, or brotli-compressed `.jsonl.br`). */
export function readConformanceCases(file: string): ConformanceCase[] {
  const bytes = readFileSync(file);
  const text = (file.endsWith('.br') ? brotliDecompressSync(bytes) : bytes).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ConformanceCase);
}

function isExpectedError(expected: unknown): boolean {
  return typeof expected === 'object' && expected !== null && 'error' in expected && Object.keys(expected).length === 1;
}

/** Runs one case through both entries; returns the mismatches (none when it conforms). */
export function checkConformanceCase(testCase: ConformanceCase): ConformanceMismatch[] {
  const mismatches: ConformanceMismatch[] = [];
  for (const entry of Object.keys(CONFORMANCE_ENTRIES) as ConformanceEntry[]) {
    const expected = testCase[entry];
    let actual: unknown;
    try {
      // Round-trip through JSON text, as the reference's output was serialized.
      actual = JSON.parse(JSON.stringify(CONFORMANCE_ENTRIES[entry](testCase.input)));
    } catch (error) {
      if (!(error instanceof ToolSchemaError)) throw error;
      actual = { error: error.message, code: error.code };
    }
    const actualIsError =
      isExpectedError(actual) ||
      (typeof actual === 'object' && actual !== null && 'code' in actual && 'error' in actual);
    if (isExpectedError(expected)) {
      if (!actualIsError) mismatches.push({ id: testCase.id, entry, expected, actual, path: '' });
    } else if (actualIsError) {
      mismatches.push({ id: testCase.id, entry, expected, actual, path: '' });
    } else {
      const path = firstDifference(actual, expected);
      if (path !== undefined) mismatches.push({ id: testCase.id, entry, expected, actual, path });
    }
  }
  return mismatches;
}
