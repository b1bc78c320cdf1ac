// Every vendored conformance case must match the reference's outputs for both entries.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { checkConformanceCase, readConformanceCases } from '../helpers/conformance.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/conformance/${name}`, import.meta.url));

const EXPECTED_CASES: Record<string, number> = {
  'cases.jsonl': 131,
  'corpus-mcp.jsonl': 1_990,
  // 2,723 hostile real schemas (SchemaStore, JSON-Schema-Test-Suite, OpenAPI…), brotli-compressed.
  'corpus-other.jsonl.br': 2_723,
};

describe.each(Object.keys(EXPECTED_CASES))('conformance file %s', (file) => {
  const cases = readConformanceCases(fixture(file));

  test('holds the expected number of cases', () => {
    expect(cases.length).toBe(EXPECTED_CASES[file]);
  });

  test('matches the reference for every case through both entries', () => {
    const mismatches = cases.flatMap(checkConformanceCase);
    expect(mismatches.map((m) => `${m.id} [${m.entry}] at ${JSON.stringify(m.path)}`)).toStrictEqual([]);
  });
});
