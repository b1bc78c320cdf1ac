// The model's measure told by the sanitizing copy (model-tally.ts): the same measure the decoding
// walk would give, and never a promise that a value decodes when decode would reject it.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolSchemaError } from '../../src/errors.js';
import { decodeWithinBudget, MAX_COMPACT_SCHEMA_BYTES } from '../../src/schema/compaction/driver.js';
import {
  decodabilityCheck,
  exactBytesFromListedText,
  measureRawSchema,
  SchemaSizeTally,
} from '../../src/schema/compaction/measure.js';
import { CopyState } from '../../src/schema/copy.js';
import { decodeObserved } from '../../src/schema/decode.js';
import { explainToolInputSchema } from '../../src/schema/explain.js';
import { isJsonObject, type JsonValue } from '../../src/schema/json.js';
import {
  type ParseToolInputSchemaOptions,
  parsePrunedToolInputSchema,
  parseToolInputSchema,
  parseToolInputSchemaWithoutCompaction,
} from '../../src/schema/pipeline.js';
import { acquireRefCollector, releaseRefCollector } from '../../src/schema/ref-collection.js';
import { pruneInPlace, pruneWithCollectedRefs } from '../../src/schema/refs.js';
import { sanitizeCollectingRefs, sanitizeJsonSchema } from '../../src/schema/sanitize.js';
import { jsonByteLength } from '../../src/schema/size.js';
import { parseMcpTool, parseMcpToolWithFacts } from '../../src/tools/mcp.js';
import { anyInput, PROPERTY_RUNS, schemaShaped, textEverywhere } from '../helpers/arbitraries.js';

/** What the parse entry's copy hands the driver: the pruned copy, and its measure when it holds. */
function copyWithTally(
  input: unknown,
  tally = new SchemaSizeTally(false),
): { raw: JsonValue; tally: SchemaSizeTally; holds: boolean } {
  const state = new CopyState();
  state.tally = tally;
  const refs = acquireRefCollector();
  try {
    const raw = pruneWithCollectedRefs(sanitizeCollectingRefs(input, refs, state), refs);
    return { raw, tally, holds: state.tallyHolds && refs.exact };
  } finally {
    releaseRefCollector(refs);
  }
}

/** The decoding walk's measure of the same value, or the error decode reports. */
function decodingTally(raw: JsonValue): SchemaSizeTally | ToolSchemaError {
  const tally = new SchemaSizeTally(false);
  try {
    decodeObserved(raw, tally, false, Number.POSITIVE_INFINITY, false);
    return tally;
  } catch (error) {
    if (error instanceof ToolSchemaError) return error;
    throw error;
  }
}

/**
 * What a measure counted. The long descriptions are the same ones, in another order where the
 * copy meets them otherwise (a composition's children before a sibling table's, say): the text
 * scan reads them only to settle a verdict, which does not depend on the order.
 */
function weights(tally: SchemaSizeTally) {
  const { bytes, textUnits, descriptionBytes, descriptionUnits, facts, longDescriptions } = tally;
  return {
    bytes,
    textUnits,
    descriptionBytes,
    descriptionUnits,
    facts,
    longDescriptions: longDescriptions?.toSorted(),
  };
}

/** Checks the copy's measure against the decoding walk's; returns whether the copy's held. */
function expectSameMeasure(input: unknown): boolean {
  let copied: ReturnType<typeof copyWithTally>;
  try {
    copied = copyWithTally(input);
  } catch (error) {
    if (error instanceof ToolSchemaError) return false; // not JSON: the copy fails, nothing to measure
    throw error;
  }
  if (!copied.holds) return false;
  const decoded = decodingTally(copied.raw);
  // The driver asks decode about the root itself (an object, not of type "null").
  const rootTaken = isJsonObject(copied.raw) && copied.raw.type !== 'null';
  if (rootTaken) {
    expect(decoded).toBeInstanceOf(SchemaSizeTally);
    expect(weights(copied.tally)).toEqual(weights(decoded as SchemaSizeTally));
  }
  return true;
}

/** Where decode is strict: each keyword with values it takes and values it rejects. */
const hostile = fc.letrec<{ schema: unknown; object: unknown }>((tie) => {
  const list = fc.array(fc.oneof({ weight: 4, arbitrary: tie('schema') }, fc.constantFrom(null, 1, 'x', [])), {
    maxLength: 3,
  });
  const table = fc
    .array(
      fc.tuple(
        fc.constantFrom('a', 'b', '__proto__'),
        fc.oneof({ weight: 4, arbitrary: tie('schema') }, fc.constantFrom(null, 'x', [])),
      ),
      { maxLength: 3 },
    )
    .map((entries) => Object.fromEntries(entries));
  const keyword = fc.oneof(
    fc.tuple(fc.constant('type'), fc.constantFrom('string', 'object', 'array', 'int', [], ['array', 'null'], 3, null)),
    fc.tuple(fc.constant('description'), fc.constantFrom('text', 'a description long enough to be listed', 5, null)),
    fc.tuple(fc.constant('encrypted'), fc.constantFrom(true, false, 'yes', null)),
    fc.tuple(fc.constant('enum'), fc.constantFrom(['a', 1], 'a', null)),
    fc.tuple(fc.constant('const'), fc.constantFrom('c', 2, null)),
    fc.tuple(fc.constant('required'), fc.constantFrom(['a'], ['a', 1], 'a', null)),
    fc.tuple(fc.constant('items'), fc.oneof(tie('schema'), list, fc.constantFrom(null, 'string', 4))),
    fc.tuple(fc.constant('prefixItems'), fc.oneof(list, fc.constantFrom('x', null))),
    fc.tuple(fc.constant('properties'), fc.oneof(table, fc.constantFrom(null, 'x', []))),
    fc.tuple(fc.constant('additionalProperties'), fc.oneof(tie('schema'), fc.constantFrom(null, 'x', []))),
    fc.tuple(fc.constantFrom('anyOf', 'oneOf', 'allOf'), fc.oneof(list, tie('object'), fc.constantFrom(null, 'x'))),
    fc.tuple(fc.constant('$ref'), fc.constantFrom('#/$defs/a', '#/$defs/b', 7, null)),
    fc.tuple(fc.constantFrom('$defs', 'definitions'), fc.oneof(table, fc.constantFrom(null, 'x'))),
    fc.tuple(fc.constant('not'), tie('schema')),
  );
  return {
    schema: fc.oneof({ depthSize: 'small' }, fc.boolean(), tie('object')),
    object: fc.array(keyword, { maxLength: 5 }).map((entries) => Object.fromEntries(entries)),
  };
});

describe('the sanitizing copy measures the model as the decoding walk would', () => {
  test('on schema-shaped values, hostile values and any JSON, a measure that holds equals the walk', () => {
    fc.assert(
      fc.property(fc.oneof(schemaShaped, hostile.object, anyInput), (input) => {
        expectSameMeasure(input);
      }),
      { numRuns: PROPERTY_RUNS * 5 },
    );
  });

  test.each([
    ['a description that is not a string', { type: 'object', properties: { a: { type: 'string', description: 5 } } }],
    ['a type decode rejects, left by a $ref', { properties: { a: { $ref: '#/$defs/x', type: 'int' } } }],
    ['items that are a list', { type: 'array', items: [{ type: 'string' }] }],
    ['items that are a type name', { type: 'array', items: 'string' }],
    ['a property that is null', { type: 'object', properties: { a: null } }],
    ['a property that is a list', { type: 'object', properties: { a: [] } }],
    ['a null in anyOf', { anyOf: [{ type: 'string' }, null] }],
    ['a hole in anyOf', { anyOf: Object.assign([], { 0: { type: 'string' }, 2: { type: 'number' } }) }],
    ['anyOf that is an object', { anyOf: { type: 'string' } }],
    ['required that holds a number', { type: 'object', required: ['a', 1] }],
    ['encrypted that is not a boolean', { type: 'string', encrypted: 'yes' }],
    ['enum that is not a list', { type: 'string', enum: 'a' }],
    ['a $ref that is not a string', { type: 'object', properties: { a: { $ref: 7 } } }],
    ['an emptied object whose table was measured', { properties: { a: { $defs: { x: { type: 'string' } } } } }],
  ])('does not hold, so the walk measures: %s', (_name, input) => {
    expect(copyWithTally(input).holds).toBe(false);
  });

  test.each([
    [
      'an empty type list beside a $ref',
      { $defs: { a: { type: 'string' } }, properties: { p: { $ref: '#/$defs/a', type: [] } } },
    ],
    ['prefixItems holding what decode would reject', { type: 'array', prefixItems: [null, 'x', { description: 5 }] }],
    ['an emptied object with a description', { type: 'object', properties: { a: { description: 'anything' } } }],
    ['null fields', { type: 'object', properties: { a: { items: null, additionalProperties: null, anyOf: null } } }],
    ['defaults sanitize writes', { type: ['object', 'array'], const: 'c', properties: { b: true } }],
    [
      'a root with definitions reached and not',
      { $defs: { a: { type: 'string' }, unused: {} }, properties: { p: { $ref: '#/$defs/a' } } },
    ],
  ])('holds, and equals the walk: %s', (_name, input) => {
    expect(expectSameMeasure(input)).toBe(true);
  });
});

describe('the copy lists the text it counts, for a verdict the bounds leave open', () => {
  test('scanned whole, the listed text gives the exact size of the model the copy vouches for', () => {
    fc.assert(
      fc.property(fc.oneof(schemaShaped, hostile.object, anyInput, textEverywhere), (input) => {
        let copied: ReturnType<typeof copyWithTally>;
        try {
          copied = copyWithTally(input, new SchemaSizeTally(false, true, Number.POSITIVE_INFINITY));
        } catch (error) {
          if (error instanceof ToolSchemaError) return;
          throw error;
        }
        const { raw, tally, holds } = copied;
        if (!holds || !isJsonObject(raw) || raw.type === 'null') return;
        expect(exactBytesFromListedText(tally)).toBe(measureRawSchema(raw, { exactText: true }).lowerBytes);
      }),
      { numRuns: PROPERTY_RUNS * 5 },
    );
  });

  test('the default entry and an MCP tool compact exactly the schemas whose model is over budget, whatever text decides it', () => {
    fc.assert(
      fc.property(textEverywhere, fc.integer({ min: -6, max: 6 }), (input, offset) => {
        // Plain text pads the root description until the model weighs the budget plus the offset.
        const padding =
          MAX_COMPACT_SCHEMA_BYTES + offset - jsonByteLength(parseToolInputSchemaWithoutCompaction(input));
        const padded = { ...input, description: `${input.description as string}${'a'.repeat(padding)}` };
        const whole = parseToolInputSchemaWithoutCompaction(padded);
        expect(jsonByteLength(whole)).toBe(MAX_COMPACT_SCHEMA_BYTES + offset);
        // Over budget, pass 1 strips the descriptions (the root has one): the result shows the verdict.
        expect(isDeepStrictEqual(parseToolInputSchema(padded), whole)).toBe(offset <= 0);
        expect(isDeepStrictEqual(parseMcpTool({ name: 't', inputSchema: padded }).inputSchema, whole)).toBe(
          offset <= 0,
        );
      }),
      { numRuns: PROPERTY_RUNS * 5 },
    );
  });
});

describe('after pass 1, the text the measure listed besides descriptions decides', () => {
  test('the default entry and an MCP tool stop after pass 1 exactly when the schema without descriptions fits', () => {
    fc.assert(
      fc.property(textEverywhere, fc.integer({ min: -6, max: 6 }), (input, offset) => {
        // Far over budget with its descriptions; without them, padded in an enum to the budget plus the offset.
        const padded = (enumText: string) => ({
          ...input,
          description: `${input.description as string}${'d'.repeat(6_000)}`,
          properties: { ...(input.properties as object), padRef: { $ref: '#/$defs/Pad' } },
          $defs: { ...(input.$defs as object), Pad: { type: 'string', enum: [enumText] } },
        });
        const withoutDescriptions = (value: unknown) =>
          measureRawSchema(pruneInPlace(sanitizeJsonSchema(value)), { exactText: true, withoutDescriptions: true })
            .lowerBytes;
        const padding = MAX_COMPACT_SCHEMA_BYTES + offset - withoutDescriptions(padded(''));
        if (padding < 0) return;
        const inputSchema = padded('x'.repeat(padding));
        expect(withoutDescriptions(inputSchema)).toBe(MAX_COMPACT_SCHEMA_BYTES + offset);
        // Explain measures every size exactly, by decoding: the oracle.
        const explained = explainToolInputSchema(inputSchema);
        expect(explained.compaction?.passes.map((pass) => pass.name)).toEqual(
          offset <= 0 ? ['strip_descriptions'] : expect.arrayContaining(['strip_descriptions', 'drop_definitions']),
        );
        expect(parseToolInputSchema(inputSchema)).toEqual(explained.final);
        expect(parseMcpTool({ name: 't', inputSchema }).inputSchema).toEqual(explained.final);
      }),
      { numRuns: PROPERTY_RUNS * 5 },
    );
  });
});

describe('the default entry takes the copy’s verdict', () => {
  test('gives what the driver’s own measure gives, for the default and other options, results and errors', () => {
    const outcome = (run: () => unknown) => {
      try {
        return { value: run() };
      } catch (error) {
        if (!(error instanceof ToolSchemaError)) throw error;
        return { code: error.code, path: error.path, message: error.message };
      }
    };
    const options = fc.constantFrom<ParseToolInputSchemaOptions | undefined>(
      undefined,
      {},
      { budgetBytes: 300 },
      { budgetBytes: 0 },
      { budgetBytes: 500, collapseDepth: 1 },
      { collapseDepth: 0, shareRepeated: false },
      { compactionPolicy: 'fidelity' },
      { compactionPolicy: 'fidelity', budgetBytes: 700 },
    );
    fc.assert(
      fc.property(fc.oneof(schemaShaped, hostile.object, anyInput, textEverywhere), options, (input, chosen) => {
        // A copy that measures nothing, pruning that walks: the driver measures by decoding.
        const byDecoding = () =>
          parsePrunedToolInputSchema(pruneInPlace(sanitizeJsonSchema(input)), chosen, false, false).schema;
        expect(
          isDeepStrictEqual(
            outcome(() => parseToolInputSchema(input, chosen)),
            outcome(byDecoding),
          ),
        ).toBe(true);
      }),
      { numRuns: PROPERTY_RUNS * 5 },
    );
  });

  test('a measure that says over budget is acted on without measuring again', () => {
    const raw = {
      type: 'object',
      description: 'small',
      properties: { a: { type: 'string', description: 'kept if it fits' } },
    };
    const overBudget = new SchemaSizeTally(false);
    overBudget.bytes = 1_000_000;
    // Told the schema is far over budget, the driver compacts: pass 1 strips the descriptions.
    expect(decodeWithinBudget(structuredClone(raw), undefined, overBudget)).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
    expect(decodeWithinBudget(structuredClone(raw))).toEqual(raw);
  });
});

describe('an MCP tool’s parse takes the copy’s verdict', () => {
  /** The definition and raw value a parse gives, or its error; the model built when it was left lazy. */
  function mcpOutcome(inputSchema: unknown, options: { explain?: boolean; keepRaw?: boolean }, lazy: boolean) {
    try {
      const { definition, compactionPasses, model } = parseMcpToolWithFacts(
        { name: 't', inputSchema },
        options,
        true,
        lazy,
      );
      return { inputSchema: definition?.inputSchema ?? model(), passes: compactionPasses };
    } catch (error) {
      if (!(error instanceof ToolSchemaError)) throw error;
      return { code: error.code, path: error.path, message: error.message };
    }
  }

  test('an error in what compaction would remove is reported, as the reference reports it', () => {
    // Over budget without its descriptions, so pass 2 would drop the definition that does not decode.
    const inputSchema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { type: 'string', required: [1], enum: Array.from({ length: 1_000 }, (_, index) => `v${index}`) } },
    };
    for (const [options, lazy] of [
      [{}, false],
      [{ keepRaw: true }, true],
    ] as const) {
      expect(mcpOutcome(inputSchema, options, lazy)).toMatchObject({
        code: 'invalid_schema',
        path: '/inputSchema/$defs/A/required/0',
      });
    }
    expect(() => parseToolInputSchema(inputSchema)).toThrow(ToolSchemaError);
  });

  test('eager and lazy (a provider conversion) give what the explain path gives, results and errors', () => {
    fc.assert(
      fc.property(fc.oneof(schemaShaped, hostile.object, anyInput), (inputSchema) => {
        const explained = mcpOutcome(inputSchema, { explain: true }, false);
        expect(mcpOutcome(inputSchema, {}, false)).toEqual(explained);
        expect(mcpOutcome(inputSchema, { keepRaw: true }, true)).toEqual(explained);
      }),
      { numRuns: PROPERTY_RUNS * 5 },
    );
  });
});

describe('the entry without compaction checks with a tally that counts nothing', () => {
  test('is a SchemaSizeTally, so the copy calls one class of observer whichever entry runs', () => {
    // Two classes made the copy's observer calls polymorphic, and V8 fell into deoptimizing the
    // copy at every enum over and over (see decodabilityCheck).
    expect(decodabilityCheck()).toBeInstanceOf(SchemaSizeTally);
  });

  test('counts nothing, whatever it is told', () => {
    const check = decodabilityCheck();
    check.schemaObject(3, 4, true, true);
    check.ref('#/$defs/A');
    check.type('string');
    check.description('text');
    check.encrypted(true);
    check.enumValues(['a', 'b']);
    check.required(['a']);
    check.items();
    check.additionalProperties(false);
    check.table('properties', ['a']);
    check.list('anyOf', 2);
    expect(check.bytes).toBe(0);
    expect(check.textUnits).toBe(0);
    expect(check.descriptionBytes).toBe(0);
    expect(check.facts).toStrictEqual({ refs: 0, compositions: 0, maxDepth: 0 });
    expect(check.otherText).toBeUndefined();
  });

  test('the entry without compaction still refuses what does not decode, and keeps what does', () => {
    expect(() => parseToolInputSchemaWithoutCompaction({ type: 'object', properties: { a: { enum: 'x' } } })).toThrow(
      ToolSchemaError,
    );
    const schema = { type: 'object', properties: { a: { enum: ['x', 'y'], description: 'd' } } };
    expect(parseToolInputSchemaWithoutCompaction(schema)).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string', description: 'd', enum: ['x', 'y'] } },
    });
  });
});
