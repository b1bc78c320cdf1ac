// Every vendored conformance case must match the reference's outputs for both entries.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { checkConformanceCase, readConformanceCases } from '../helpers/conformance.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/conformance/${name}`, import.meta.url));

describe.each(['cases.jsonl', 'corpus-mcp.jsonl'])('conformance file %s', (file) => {
  const cases = readConformanceCases(fixture(file));

  test('holds the expected number of cases', () => {
    expect(cases.length).toBe(file === 'cases.jsonl' ? 131 : 1_990);
  });

  test('matches the reference for every case through both entries', () => {
    const mismatches = cases.flatMap(checkConformanceCase);
    expect(mismatches.map((m) => `${m.id} [${m.entry}] at ${JSON.stringify(m.path)}`)).toStrictEqual([]);
  });
});
