// npm run conformance -- FILE.jsonl…: checks conformance files against both entries and prints N/M match.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ConformanceMismatch, checkConformanceCase, readConformanceCases } from '../test/helpers/conformance.js';

interface AllowedDifference {
  id: string;
  reason: string;
}

const SHOWN_MISMATCHES = 5;
const allowedFile = fileURLToPath(new URL('../test/conformance/allowed-differences.json', import.meta.url));
const allowed = new Map(
  (JSON.parse(readFileSync(allowedFile, 'utf8')) as { differences: AllowedDifference[] }).differences.map((entry) => [
    entry.id,
    entry.reason,
  ]),
);

function clip(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
}

function report(file: string): boolean {
  const cases = readConformanceCases(file);
  const failing: ConformanceMismatch[] = [];
  let matched = 0;
  let allowedCount = 0;
  const started = performance.now();
  for (const testCase of cases) {
    const mismatches = checkConformanceCase(testCase);
    if (mismatches.length === 0) matched++;
    else if (allowed.has(testCase.id)) allowedCount++;
    else failing.push(...mismatches);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const extra = allowedCount > 0 ? ` (+${allowedCount} allowed differences)` : '';
  console.log(`${file}: ${matched}/${cases.length} match${extra} in ${seconds}s`);
  for (const mismatch of failing.slice(0, SHOWN_MISMATCHES)) {
    console.log(`  ✗ ${mismatch.id} [${mismatch.entry}] differs at ${JSON.stringify(mismatch.path)}`);
    console.log(`    expected: ${clip(mismatch.expected)}`);
    console.log(`    actual:   ${clip(mismatch.actual)}`);
  }
  if (failing.length > SHOWN_MISMATCHES) console.log(`  … and ${failing.length - SHOWN_MISMATCHES} more`);
  return failing.length === 0;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error(
    'usage: npm run conformance -- FILE.jsonl [FILE.jsonl…]  (e.g. ../shared/conformance/corpus-other.jsonl)',
  );
  process.exitCode = 2;
} else {
  let ok = true;
  for (const file of files) {
    try {
      ok = report(file) && ok;
    } catch (error) {
      console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      ok = false;
    }
  }
  process.exitCode = ok ? 0 : 1;
}
