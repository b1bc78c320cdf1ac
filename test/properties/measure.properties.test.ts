// Properties of the measures compaction relies on to skip walks (issue 6): each shortcut must give
// exactly what the walk it replaces would have given.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolSchemaError } from '../../src/errors.js';
import { stripDescriptionsInPlace } from '../../src/schema/compaction-passes.js';
import { copyJsonInput } from '../../src/schema/copy.js';
import {
  boundedTextExcessBytes,
  decodeAndMeasureRawSchema,
  decodeRawSchema,
  measureRawSchema,
} from '../../src/schema/decode.js';
import type { JsonValue } from '../../src/schema/json.js';
import type { JsonSchema } from '../../src/schema/model.js';
import { pruneInPlace } from '../../src/schema/refs.js';
import { sanitizeJsonSchema } from '../../src/schema/sanitize.js';
import { PROPERTY_RUNS, schemaShaped } from '../helpers/arbitraries.js';

/** What compaction receives: the sanitized and pruned raw value, or undefined when that fails. */
function prepared(input: unknown): JsonValue | undefined {
  try {
    return pruneInPlace(sanitizeJsonSchema(input));
  } catch (error) {
    if (error instanceof ToolSchemaError) return undefined;
    throw error;
  }
}

function failure(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof ToolSchemaError)) throw error;
    return `${error.code} ${error.path} ${error.message}`;
  }
}

describe('measure properties', () => {
  test.each([false, true])(
    'the size without descriptions known from one measure is the size measured after stripping them (exact text: %s)',
    (exactText) => {
      fc.assert(
        fc.property(schemaShaped, (input) => {
          const raw = prepared(input);
          if (raw === undefined || failure(() => measureRawSchema(raw)) !== undefined) return;
          const predicted = measureRawSchema(raw, { exactText }).withoutDescriptions;
          const stripped = stripDescriptionsInPlace(copyJsonInput(raw)).root;
          const { lowerBytes, textUnits } = measureRawSchema(stripped, { exactText });
          expect(predicted).toEqual({ lowerBytes, textUnits });
        }),
        { numRuns: PROPERTY_RUNS },
      );
    },
  );

  test('a bounded measure plus the text excess of the model it built is the exact measure', () => {
    fc.assert(
      fc.property(schemaShaped, (input) => {
        const raw = prepared(input);
        if (raw === undefined || failure(() => measureRawSchema(raw)) !== undefined) return;
        const { schema, lowerBytes } = decodeAndMeasureRawSchema(raw);
        expect(lowerBytes + boundedTextExcessBytes(schema as JsonSchema)).toBe(
          measureRawSchema(raw, { exactText: true }).lowerBytes,
        );
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('a decode with a build limit measures and fails like a full decode, and builds the same model when it stays under the limit', () => {
    fc.assert(
      fc.property(schemaShaped, fc.nat({ max: 400 }), (input, limit) => {
        const raw = prepared(input);
        if (raw === undefined) return;
        const fullFailure = failure(() => decodeAndMeasureRawSchema(raw));
        expect(failure(() => decodeAndMeasureRawSchema(raw, { buildLimitBytes: limit }))).toBe(fullFailure);
        if (fullFailure !== undefined) return;
        const { schema: full, ...fullMeasure } = decodeAndMeasureRawSchema(raw);
        const { schema, ...measure } = decodeAndMeasureRawSchema(raw, { buildLimitBytes: limit });
        expect(measure).toEqual(fullMeasure);
        if (measure.lowerBytes <= limit) expect(JSON.stringify(schema)).toBe(JSON.stringify(full));
        if (schema !== undefined) expect(JSON.stringify(schema)).toBe(JSON.stringify(decodeRawSchema(raw)));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
