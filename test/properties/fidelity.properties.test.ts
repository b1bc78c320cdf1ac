// The fidelity policy on generated OpenAPI-style schemas (issue 24): never worse than the reference, within budget.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseToolInputSchema } from '../../src/schema/pipeline.js';
import { jsonByteLength } from '../../src/schema/size.js';
import { PROPERTY_RUNS } from '../helpers/arbitraries.js';
import { inventory } from '../helpers/fidelity-metrics.js';
import { openApiToolSchema as chainSchema } from '../helpers/openapi-arbitrary.js';
import { openApiServerToolSchema } from '../helpers/openapi-servers.js';

const budgets = fc.constantFrom(800, 2_000, 5_000);
/** Both generators: deep chains with long enums, and the Graph, Notion, Stripe and Salesforce shapes. */
const openApiToolSchema = fc.oneof(chainSchema, openApiServerToolSchema);

describe('the fidelity policy on generated OpenAPI-style schemas', () => {
  test('keeps at least as many paths, descriptions and enum values as the reference, when the reference fits', () => {
    fc.assert(
      fc.property(openApiToolSchema, budgets, (input, budgetBytes) => {
        const reference = parseToolInputSchema(input, { budgetBytes });
        const fidelity = parseToolInputSchema(input, { budgetBytes, compactionPolicy: 'fidelity' });
        if (jsonByteLength(reference) > budgetBytes) return;
        const kept = inventory(fidelity as never);
        const theirs = inventory(reference as never);
        expect(kept.paths.size).toBeGreaterThanOrEqual(theirs.paths.size);
        expect(kept.descriptions.size).toBeGreaterThanOrEqual(theirs.descriptions.size);
        expect(kept.enumValues.size).toBeGreaterThanOrEqual(theirs.enumValues.size);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('lands within the budget, and never modifies its input', () => {
    fc.assert(
      fc.property(openApiToolSchema, budgets, (input, budgetBytes) => {
        const copy = structuredClone(input);
        const fidelity = parseToolInputSchema(input, { budgetBytes, compactionPolicy: 'fidelity' });
        expect(jsonByteLength(fidelity)).toBeLessThanOrEqual(budgetBytes);
        expect(input).toStrictEqual(copy);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('is idempotent: its result, compacted again to the same budget, is unchanged', () => {
    fc.assert(
      fc.property(openApiToolSchema, budgets, (input, budgetBytes) => {
        const once = parseToolInputSchema(input, { budgetBytes, compactionPolicy: 'fidelity' });
        const twice = parseToolInputSchema(once, { budgetBytes, compactionPolicy: 'fidelity' });
        expect(twice).toStrictEqual(once);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
