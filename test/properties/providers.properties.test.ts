// Properties of the provider conversion's measures: a shortcut must give exactly what the walk it
// replaces would have given.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { PROPERTY_RUNS, schemaShaped } from '../helpers/arbitraries.js';
import { EVERY_TARGET_VARIANT, wireParametersBytes } from '../helpers/provider-arguments.js';

/** Text the converter may write from plain input: quotes of a moved value, an empty enum string, an ellipsis. */
const plainOrNot = fc.oneof(
  fc.constantFrom('', 'a', 'x"y', 'back\\slash', 'é', 'tab\there', 'x'.repeat(300)),
  fc.string({ maxLength: 8 }),
);

describe('provider conversion measures', () => {
  test("a converted tool's outputBytes is the compact JSON size of the parameters the provider gets", () => {
    fc.assert(
      fc.property(
        schemaShaped,
        fc.constantFrom(...EVERY_TARGET_VARIANT),
        fc.array(fc.oneof(plainOrNot, fc.integer(), fc.constant(null), fc.dictionary(fc.string(), fc.integer())), {
          maxLength: 3,
        }),
        // Compaction too, whose fidelity policy writes text of its own.
        fc.constantFrom({}, { budgetBytes: 300 }, { budgetBytes: 300, compactionPolicy: 'fidelity' as const }),
        (inputSchema, [target, strict], enumValues, compaction) => {
          // The enum and default at the root are what a target most often moves or spells anew.
          const withValues =
            typeof inputSchema === 'object' && inputSchema !== null
              ? {
                  ...inputSchema,
                  properties: { p: { type: 'integer', enum: enumValues, default: enumValues[0] ?? 1 } },
                }
              : inputSchema;
          for (const schema of [inputSchema, withValues]) {
            const result = convertMcpTools([{ name: 't', inputSchema: schema }], { target, strict, ...compaction });
            for (const entry of result.results)
              if (entry.ok) expect(entry.outputBytes).toBe(wireParametersBytes(entry.tool));
          }
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
