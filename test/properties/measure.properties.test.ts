// Properties of the measures compaction relies on to skip walks (issue 6): each shortcut must give
// exactly what the walk it replaces would have given.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolSchemaError } from '../../src/errors.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { PROVIDER_TARGETS } from '../../src/providers/targets/registry.js';
import { LARGE_SCHEMA_COMPACTION_PASSES, type PassPrediction } from '../../src/schema/compaction/driver.js';
import {
  boundedTextExcessBytes,
  decodeAndMeasureRawSchema,
  exactBytesFromListedText,
  fitsByScanningBoundedText,
  fitsByScanningListedText,
  fitsWithoutDescriptionsByListedText,
  measureRawSchema,
  SchemaSizeTally,
  scanBoundedText,
} from '../../src/schema/compaction/measure.js';
import { COLLAPSE_SCHEMA_DEPTH, stripDescriptionsInPlace } from '../../src/schema/compaction/reference-passes.js';
import { copyAndMeasureJsonInput, copyJsonInput } from '../../src/schema/copy.js';
import { decodeObserved, decodeRawSchema } from '../../src/schema/decode.js';
import type { JsonValue } from '../../src/schema/json.js';
import type { JsonSchema } from '../../src/schema/model.js';
import { parsePrunedToolInputSchema } from '../../src/schema/pipeline.js';
import { pruneInPlace } from '../../src/schema/refs.js';
import { sanitizeAndMeasureJsonSchema, sanitizeJsonSchema } from '../../src/schema/sanitize.js';
import { jsonByteLength, stringByteLength } from '../../src/schema/size.js';
import { parseMcpToolWithReport, prepareMcpInputSchema } from '../../src/tools/mcp.js';
import { anyInput, anyWeightCharacter, PROPERTY_RUNS, schemaShaped, textEverywhere } from '../helpers/arbitraries.js';

/** Characters of every JSON weight: 1 byte, escaped (2 or 6), 2, 3 and 4 bytes of UTF-8, a lone surrogate. */
const anyCharacter = anyWeightCharacter;

/**
 * Schema-shaped values under a description and property names of any text. The schema goes under
 * the first name; the names after it, scanned last, hold a schema with at most a description of
 * any text or long plain text (long ones are scanned first, the rest last), so the text that
 * decides a close budget can be the heaviest there is, wherever the scan meets it.
 */
/** Text of any weight, or long plain text (what most descriptions are: the scan's fast path). */
const anyDescription = fc.oneof(
  fc.string({ unit: anyCharacter, maxLength: 30 }),
  fc.string({ unit: fc.constantFrom('a', ' ', 'Z', '.'), minLength: 16, maxLength: 40 }),
);

const withAnyText = fc
  .tuple(
    schemaShaped,
    anyDescription,
    fc.array(fc.tuple(fc.string({ unit: anyCharacter, maxLength: 8 }), anyDescription), { maxLength: 4 }),
  )
  .map(([inner, description, members]) => ({
    type: 'object',
    description,
    properties: Object.fromEntries(
      members.map(([name, text], index) => [name, index === 0 ? inner : text === '' ? {} : { description: text }]),
    ),
  }));

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
  test('stringByteLength is the UTF-8 length of JSON.stringify for text of any mix, sparse or dense', () => {
    // Runs of plain text between characters of every weight: the scan hops over the runs, and
    // switches to a loop where the characters come close together.
    const mixedText = fc
      .array(
        fc.oneof(
          fc.string({ unit: anyCharacter, maxLength: 12 }),
          fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
        ),
        {
          maxLength: 20,
        },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(mixedText, (text) => {
        expect(stringByteLength(text)).toBe(new TextEncoder().encode(JSON.stringify(text)).length);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('the bytes a copy counts as it reads are the compact JSON size of what it read', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const expected =
          failure(() => copyJsonInput(input)) === undefined ? jsonByteLength(input as JsonValue) : undefined;
        if (expected === undefined) return;
        expect(copyAndMeasureJsonInput(input).bytes).toBe(expected);
        expect(sanitizeAndMeasureJsonSchema(input).bytes).toBe(expected);
        expect(JSON.stringify(input) === undefined ? 0 : Buffer.byteLength(JSON.stringify(input))).toBe(expected);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('an MCP tool whose schema text the copy found plain compacts exactly as the scanning measure decides', () => {
    // Small budgets put many schemas where the scan-free bounds cannot decide.
    fc.assert(
      fc.property(schemaShaped, fc.integer({ min: 0, max: 600 }), (inputSchema, budgetBytes) => {
        const outcome = (run: () => { schema: unknown; compactionPasses: string[] }) => {
          try {
            const { schema, compactionPasses } = run();
            return { schema, compactionPasses };
          } catch (error) {
            if (error instanceof ToolSchemaError) return error.code;
            throw error;
          }
        };
        const viaCopy = outcome(() => {
          const parsed = parseMcpToolWithReport({ name: 't', inputSchema }, { budgetBytes });
          return { schema: parsed.definition.inputSchema, compactionPasses: parsed.compactionPasses };
        });
        const scanned = outcome(() =>
          parsePrunedToolInputSchema(
            pruneInPlace(sanitizeJsonSchema(prepareMcpInputSchema(inputSchema))),
            { budgetBytes },
            false,
            false,
          ),
        );
        // node's deep equality: vitest's reads an own `constructor` member as the object's class.
        expect(isDeepStrictEqual(viaCopy, scanned), JSON.stringify({ inputSchema, budgetBytes })).toBe(true);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test("an MCP tool's inputBytes, counted by the copy, is the compact JSON size of its inputSchema", () => {
    fc.assert(
      fc.property(anyInput, fc.string(), (inputSchema, name) => {
        let parsed: ReturnType<typeof parseMcpToolWithReport>;
        try {
          parsed = parseMcpToolWithReport({ name, inputSchema });
        } catch (error) {
          if (error instanceof ToolSchemaError) return;
          throw error;
        }
        expect(parsed.inputBytes).toBe(Buffer.byteLength(JSON.stringify(inputSchema)));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test("a converted tool's inputBytes, measured when read, is the compact JSON size of its inputSchema; the summary sums them", () => {
    fc.assert(
      fc.property(fc.array(anyInput, { maxLength: 3 }), fc.constantFrom(...PROVIDER_TARGETS), (schemas, target) => {
        const tools = schemas.map((inputSchema, index) => ({ name: `t${index}`, inputSchema }));
        const { results, summary } = convertMcpTools(tools, { target });
        let total = 0;
        for (const result of results) {
          if (!result.ok) continue;
          // A repair is a new schema, measured as repaired; only tools without one are compared here.
          if (result.changes.some((change) => change.kind === 'schema_repaired')) return;
          const bytes = Buffer.byteLength(JSON.stringify(schemas[result.index]));
          expect(result.inputBytes).toBe(bytes);
          total += bytes;
        }
        expect(summary.bytesBefore).toBe(total);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

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

  const predictingPasses = LARGE_SCHEMA_COMPACTION_PASSES.filter((pass) => pass.predict !== undefined);

  test.each(predictingPasses.map((pass) => [pass.name, pass] as const))(
    'pass %s predicts from the measure before it the bounds and the model that running it gives',
    (_name, pass) => {
      const predict = pass.predict as PassPrediction;
      fc.assert(
        fc.property(schemaShaped, fc.boolean(), (input, exactText) => {
          const raw = prepared(input);
          if (raw === undefined || failure(() => measureRawSchema(raw)) !== undefined) return;
          const before = new SchemaSizeTally(exactText);
          decodeObserved(raw, before, false, Number.POSITIVE_INFINITY, false);
          const after = pass.run(copyJsonInput(raw), COLLAPSE_SCHEMA_DEPTH).root;
          const { lowerBytes, textUnits } = measureRawSchema(after, { exactText });
          expect(predict.bounds(before, false)).toEqual({ lowerBytes, textUnits });
          const exact = new SchemaSizeTally(true);
          const model = predict.decode(raw, exact, Number.POSITIVE_INFINITY, undefined, false);
          expect(JSON.stringify(model)).toBe(JSON.stringify(decodeRawSchema(after)));
          expect(exact.bytes).toBe(measureRawSchema(after, { exactText: true }).lowerBytes);
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

  test('the strings the text scan walks are the ones the bounded measure counted, unit for unit', () => {
    fc.assert(
      fc.property(schemaShaped, (input) => {
        const raw = prepared(input);
        if (raw === undefined || failure(() => measureRawSchema(raw)) !== undefined) return;
        const { schema, textUnits } = decodeAndMeasureRawSchema(raw);
        expect(scanBoundedText(schema as JsonSchema).units).toBe(textUnits);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('scanning bounded text until the verdict is sure decides the budget as the exact measure does', () => {
    fc.assert(
      fc.property(withAnyText, fc.integer({ min: -20, max: 20 }), fc.nat({ max: 3 }), (input, offset, scale) => {
        const raw = prepared(input);
        if (raw === undefined || failure(() => measureRawSchema(raw)) !== undefined) return;
        const { schema, lowerBytes, textUnits, longDescriptions } = decodeAndMeasureRawSchema(raw);
        const exact = measureRawSchema(raw, { exactText: true }).lowerBytes;
        // Budgets around the exact size, and anywhere in the band the bounds cannot decide.
        const budgetBytes =
          scale === 0 ? exact + offset : lowerBytes + Math.floor((5 * textUnits * scale) / 3) + offset;
        expect(fitsByScanningBoundedText(schema as JsonSchema, lowerBytes, textUnits, budgetBytes)).toBe(
          exact <= budgetBytes,
        );
        // The same with the long descriptions scanned first and passed by in the walk.
        expect(
          fitsByScanningBoundedText(schema as JsonSchema, lowerBytes, textUnits, budgetBytes, longDescriptions),
        ).toBe(exact <= budgetBytes);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('the text a bounded measure lists is all it counted: scanned whole, it gives the exact size', () => {
    fc.assert(
      fc.property(fc.oneof(textEverywhere, withAnyText, schemaShaped), (input) => {
        const raw = prepared(input);
        if (raw === undefined || failure(() => measureRawSchema(raw)) !== undefined) return;
        const tally = new SchemaSizeTally(false, true, Number.POSITIVE_INFINITY);
        decodeObserved(raw, tally, false, Number.POSITIVE_INFINITY, false);
        expect(exactBytesFromListedText(tally)).toBe(measureRawSchema(raw, { exactText: true }).lowerBytes);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('scanning the listed text decides the budget as the exact measure does; past the limit, no verdict (it stopped listing)', () => {
    fc.assert(
      fc.property(
        fc.oneof(textEverywhere, withAnyText),
        fc.integer({ min: -20, max: 20 }),
        fc.nat({ max: 3 }),
        (input, offset, scale) => {
          const raw = prepared(input);
          if (raw === undefined || failure(() => measureRawSchema(raw)) !== undefined) return;
          const { lowerBytes, textUnits } = measureRawSchema(raw);
          const exact = measureRawSchema(raw, { exactText: true }).lowerBytes;
          const budgetBytes =
            scale === 0 ? exact + offset : lowerBytes + Math.floor((5 * textUnits * scale) / 3) + offset;
          const tally = new SchemaSizeTally(false, true, budgetBytes);
          decodeObserved(raw, tally, false, Number.POSITIVE_INFINITY, false);
          if (lowerBytes <= budgetBytes)
            expect(fitsByScanningListedText(tally, budgetBytes)).toBe(exact <= budgetBytes);
          else expect(fitsByScanningListedText(tally, budgetBytes)).toBeUndefined();
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('the text a bounded measure lists besides descriptions decides the budget after pass 1 as the exact measure does', () => {
    fc.assert(
      fc.property(fc.oneof(textEverywhere, withAnyText), fc.integer({ min: -20, max: 20 }), (input, offset) => {
        const raw = prepared(input);
        if (raw === undefined || failure(() => measureRawSchema(raw)) !== undefined) return;
        const exactWithout = measureRawSchema(raw, { exactText: true, withoutDescriptions: true }).lowerBytes;
        const budgetBytes = exactWithout + offset;
        const tally = new SchemaSizeTally(false, true, budgetBytes);
        decodeObserved(raw, tally, false, Number.POSITIVE_INFINITY, false);
        const verdict = fitsWithoutDescriptionsByListedText(tally, budgetBytes);
        if (tally.bytes - tally.descriptionBytes <= budgetBytes) expect(verdict).toBe(offset >= 0);
        else expect(verdict).toBeUndefined();
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('plain long descriptions settle a verdict only when the rest of the text, at its heaviest, cannot change it', () => {
    const plainLong = fc.string({ unit: fc.constantFrom('a', ' ', '.'), minLength: 16, maxLength: 40 });
    const heavyName = fc.string({
      unit: fc.constantFrom('\u0001', '\u001f', '\n', '"', 'é', '😀', 'a'),
      minLength: 1,
      maxLength: 3,
    });
    fc.assert(
      fc.property(
        fc.array(plainLong, { minLength: 1, maxLength: 4 }),
        fc.array(heavyName, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: -12, max: 4 }),
        (descriptions, names, offset) => {
          const input = {
            type: 'object',
            description: descriptions[0],
            properties: Object.fromEntries(
              names.map((name, index) => {
                const description = descriptions[index + 1];
                return [name, description === undefined ? {} : { description }];
              }),
            ),
          };
          const raw = prepared(input) as JsonValue;
          const { schema, lowerBytes, textUnits, longDescriptions } = decodeAndMeasureRawSchema(raw);
          const budgetBytes = measureRawSchema(raw, { exactText: true }).lowerBytes + offset;
          expect(
            fitsByScanningBoundedText(schema as JsonSchema, lowerBytes, textUnits, budgetBytes, longDescriptions),
          ).toBe(offset >= 0);
        },
      ),
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
