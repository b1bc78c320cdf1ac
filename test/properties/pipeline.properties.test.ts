// Properties of the pipeline over arbitrary JSON and schema-shaped values (issue 7 §1–5).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolSchemaError } from '../../src/errors.js';
import { decodeRawSchema, decodeToolInputSchema } from '../../src/schema/decode.js';
import { explainToolInputSchema } from '../../src/schema/explain.js';
import type { JsonValue } from '../../src/schema/json.js';
import type { JsonSchema } from '../../src/schema/model.js';
import { parseToolInputSchema, parseToolInputSchemaWithoutCompaction } from '../../src/schema/pipeline.js';
import { pruneInPlace } from '../../src/schema/refs.js';
import { sanitizeJsonSchema } from '../../src/schema/sanitize.js';
import { jsonByteLength } from '../../src/schema/size.js';
import { anyInput, PROPERTY_RUNS, schemaShaped } from '../helpers/arbitraries.js';
import { deepFreeze } from '../helpers/builders.js';

const ENTRIES = [
  ['parseToolInputSchema', (input: unknown) => parseToolInputSchema(input)],
  ['parseToolInputSchemaWithoutCompaction', (input: unknown) => parseToolInputSchemaWithoutCompaction(input)],
] as const;

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

function outcome(run: () => unknown): Outcome {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Small budgets make compaction run on small generated schemas too. */
const budget = fc.constantFrom(undefined, 0, 50, 400, 5_000);

// Results are compared as JSON text: exact, key order included, and immune to vitest's
// constructor check (a property may be *named* `constructor`).

/**
 * Keys that sanitize counts as present even when null, but that decode then drops: a second
 * parse no longer sees them, so it can decide differently (SPEC §1.2 steps 4 and 7, §1.6).
 * `{"$ref": null, "description": "d"}` stops inference the first time (→ `{"description":"d"}`)
 * and is emptied the second time (→ `{}`). Inputs holding one are excluded from idempotence.
 */
const NULL_SENSITIVE_KEYS = new Set(['$ref', 'anyOf', 'oneOf', 'allOf', 'properties', 'items']);

function holdsNullSensitiveKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsNullSensitiveKey);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(
    ([key, member]) => (member === null && NULL_SENSITIVE_KEYS.has(key)) || holdsNullSensitiveKey(member),
  );
}

describe('pipeline properties', () => {
  test.each(ENTRIES)('%s returns a schema or throws ToolSchemaError, nothing else', (_name, parse) => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = outcome(() => parse(input));
        if (!result.ok) expect(result.error).toBeInstanceOf(ToolSchemaError);
        else
          expect(typeof result.value === 'object' && result.value !== null && !Array.isArray(result.value)).toBe(true);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test.each(ENTRIES)('%s leaves its input unchanged, frozen or not', (_name, parse) => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const before = JSON.stringify(input);
        outcome(() => parse(input));
        expect(JSON.stringify(input)).toBe(before);
        const frozen = deepFreeze(structuredClone(input));
        const result = outcome(() => parse(frozen));
        if (!result.ok) expect(result.error).toBeInstanceOf(ToolSchemaError);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('the entries without options agree with the stages on a whole copy, key order and errors included', () => {
    // Those entries' copy writes only the model's keys, and decode keeps its objects (CopyState.modelShape).
    const text = (result: Outcome) =>
      result.ok
        ? JSON.stringify(result.value)
        : result.error instanceof ToolSchemaError
          ? `${result.error.code} ${JSON.stringify(result.error.path)} ${result.error.message}`
          : String(result.error);
    fc.assert(
      fc.property(anyInput, (input) => {
        expect(text(outcome(() => parseToolInputSchema(input)))).toBe(
          text(outcome(() => parseToolInputSchema(input, {}))),
        );
        expect(text(outcome(() => parseToolInputSchemaWithoutCompaction(input)))).toBe(
          text(outcome(() => decodeRawSchema(pruneInPlace(sanitizeJsonSchema(input))))),
        );
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('the output decodes to itself, and parsing it again gives it back', () => {
    fc.assert(
      fc.property(schemaShaped, budget, (input, budgetBytes) => {
        const options = budgetBytes === undefined ? {} : { budgetBytes };
        const first = outcome(() => parseToolInputSchema(input, options));
        if (!first.ok) return;
        const text = JSON.stringify(first.value);
        expect(JSON.stringify(decodeToolInputSchema(first.value))).toBe(text);
        if (holdsNullSensitiveKey(input)) return;
        expect(JSON.stringify(parseToolInputSchema(first.value, options))).toBe(text);
        expect(JSON.stringify(parseToolInputSchemaWithoutCompaction(first.value))).toBe(text);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('compaction never makes a schema larger, and each pass that ran is non-increasing', () => {
    fc.assert(
      fc.property(schemaShaped, budget, (input, budgetBytes) => {
        const options = budgetBytes === undefined ? {} : { budgetBytes };
        const compacted = outcome(() => parseToolInputSchema(input, options));
        const whole = outcome(() => parseToolInputSchemaWithoutCompaction(input));
        expect(compacted.ok).toBe(whole.ok);
        if (!compacted.ok || !whole.ok) return;
        expect(jsonByteLength(compacted.value as JsonValue)).toBeLessThanOrEqual(
          jsonByteLength(whole.value as JsonValue),
        );
        const report = explainToolInputSchema(input, options).compaction;
        for (const pass of report?.passes ?? []) expect(pass.bytesAfter).toBeLessThanOrEqual(pass.bytesBefore);
        if (report !== undefined && report.passes.length > 0) {
          expect(report.finalBytes).toBe(jsonByteLength(compacted.value as JsonValue));
        }
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('explain gives the same final schema as the parse functions, or both fail', () => {
    fc.assert(
      fc.property(anyInput, budget, fc.boolean(), (input, budgetBytes, compaction) => {
        const options = budgetBytes === undefined ? {} : { budgetBytes };
        const parsed = outcome(() =>
          compaction ? parseToolInputSchema(input, options) : parseToolInputSchemaWithoutCompaction(input),
        );
        const explanation = explainToolInputSchema(input, { ...options, compaction });
        expect(explanation.ok).toBe(parsed.ok);
        if (parsed.ok) expect(JSON.stringify(explanation.final)).toBe(JSON.stringify(parsed.value));
        else expect(explanation.error?.code).toBe((parsed.error as ToolSchemaError).code);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});

// Issue 15: the fidelity policy always lands within its budget, is idempotent, and never mutates.
describe('fidelity policy properties', () => {
  const fidelityBudget = fc.constantFrom(80, 200, 400, 1_000, 5_000);

  test('any input gives a schema within the budget, or a ToolSchemaError', () => {
    fc.assert(
      fc.property(anyInput, fidelityBudget, (input, budgetBytes) => {
        const result = outcome(() => parseToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes }));
        if (!result.ok) {
          expect(result.error).toBeInstanceOf(ToolSchemaError);
          return;
        }
        // The smallest object schema a root can be trimmed to is the floor: `{"type":"object","properties":{}}`.
        expect(jsonByteLength(result.value as JsonValue)).toBeLessThanOrEqual(Math.max(budgetBytes, 40));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('is idempotent: a compacted schema parses to itself', () => {
    fc.assert(
      fc.property(schemaShaped, fidelityBudget, (input, budgetBytes) => {
        fc.pre(!holdsNullSensitiveKey(input));
        const first = outcome(() => parseToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes }));
        if (!first.ok) return;
        const second = parseToolInputSchema(first.value, { compactionPolicy: 'fidelity', budgetBytes });
        expect(JSON.stringify(second)).toBe(JSON.stringify(first.value));
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('never modifies its input, frozen or not', () => {
    fc.assert(
      fc.property(schemaShaped, fidelityBudget, (input, budgetBytes) => {
        const before = JSON.stringify(input);
        outcome(() => parseToolInputSchema(deepFreeze(input), { compactionPolicy: 'fidelity', budgetBytes }));
        outcome(() => explainToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes }));
        expect(JSON.stringify(input)).toBe(before);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});

describe('a consuming decode (the raw copy is the caller’s to give up)', () => {
  test('gives the model, or the error, a copying decode gives; its tables and lists are the raw ones', () => {
    fc.assert(
      fc.property(schemaShaped, (input) => {
        let raw: JsonValue;
        try {
          raw = pruneInPlace(sanitizeJsonSchema(input));
        } catch {
          return; // sanitize's errors are not the decode's
        }
        const copying = outcome(() => JSON.stringify(decodeRawSchema(structuredClone(raw))));
        const rawTables: unknown[] = [];
        // What a consuming decode may take over: every table and list of a schema object.
        const collect = (value: unknown): void => {
          if (Array.isArray(value)) value.forEach(collect);
          else if (typeof value === 'object' && value !== null) {
            for (const key of ['properties', '$defs', 'definitions', 'anyOf', 'oneOf', 'allOf'] as const) {
              const member = (value as Record<string, unknown>)[key];
              if (typeof member === 'object' && member !== null && Object.hasOwn(value, key)) rawTables.push(member);
            }
            for (const member of Object.values(value)) collect(member);
          }
        };
        collect(raw);
        const consuming = outcome(() => decodeRawSchema(raw, undefined, true));
        if (!consuming.ok) {
          expect(copying.ok).toBe(false);
          expect(String(consuming.error)).toBe(String((copying as { error: unknown }).error));
          return;
        }
        expect(JSON.stringify(consuming.value)).toBe((copying as { value: string }).value);
        // Every table and list of the model is one raw held (none was built anew).
        const taken = new Set(rawTables);
        const visit = (schema: JsonSchema): void => {
          for (const key of ['properties', '$defs', 'definitions'] as const) {
            const table = schema[key];
            if (table === undefined) continue;
            expect(taken.has(table)).toBe(true);
            for (const member of Object.values(table)) visit(member);
          }
          for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
            const list = schema[key];
            if (list === undefined) continue;
            expect(taken.has(list)).toBe(true);
            list.forEach(visit);
          }
          if (typeof schema.items === 'object') visit(schema.items);
          if (typeof schema.additionalProperties === 'object') visit(schema.additionalProperties);
        };
        visit(consuming.value as JsonSchema);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
