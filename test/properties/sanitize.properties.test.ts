// The one-walk sanitize (copy and sanitize together) against the two-walk original it replaced:
// same JSON, key order included, and the same error at the same path for input that is not JSON.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolSchemaError } from '../../src/errors.js';
import { copyJsonInput } from '../../src/schema/copy.js';
import { parseToolInputSchema } from '../../src/schema/pipeline.js';
import { sanitizeJsonSchema } from '../../src/schema/sanitize.js';
import { parseMcpTool, prepareMcpInputSchema } from '../../src/tools/mcp.js';
import { anyInput, PROPERTY_RUNS, schemaShaped } from '../helpers/arbitraries.js';
import { referenceSanitizeInPlace } from '../helpers/reference-sanitize.js';

type Outcome = { json: string } | { error: string };

function outcome(run: () => unknown): Outcome {
  try {
    return { json: JSON.stringify(run()) };
  } catch (error) {
    if (!(error instanceof ToolSchemaError)) throw error;
    return { error: `${error.code} at ${JSON.stringify(error.path)}` };
  }
}

/** Values the copy must reject (or, for `undefined` and holes, skip or read as null). */
const notJson = fc.constantFrom<() => unknown>(
  () => () => 1,
  () => Number.NaN,
  () => Number.POSITIVE_INFINITY,
  () => 10n,
  () => Symbol('s'),
  () => new Date(0),
  () => undefined,
  // biome-ignore lint/suspicious/noSparseArray: a hole reads as null
  () => [1, , 3],
  () =>
    Object.defineProperty({}, 'type', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    }),
);

/**
 * Puts a non-JSON value (or a cycle back to the root) somewhere in a copy of a schema-shaped
 * value, following `steps` (each picks a member of the object or array it is at).
 */
function inject(schema: unknown, steps: number[], makeValue: () => unknown, cycle: boolean): unknown {
  const root = structuredClone(schema);
  if (typeof root !== 'object' || root === null) return root;
  let holder = root as Record<string, unknown>;
  for (const [index, step] of steps.entries()) {
    const keys = Object.keys(holder);
    if (keys.length === 0) break;
    const key = keys[step % keys.length] as string;
    const member = holder[key];
    if (index === steps.length - 1 || typeof member !== 'object' || member === null) {
      holder[key] = cycle ? root : makeValue();
      break;
    }
    holder = member as Record<string, unknown>;
  }
  return root;
}

describe('sanitize properties', () => {
  test('sanitizing in the copy gives what copying then sanitizing gave, key order included', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const reference = outcome(() => referenceSanitizeInPlace(copyJsonInput(input)));
        expect(outcome(() => sanitizeJsonSchema(input))).toEqual(reference);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test("an MCP tool's input schema, sanitized inside the tool's copy, parses as its prepared copy does", () => {
    fc.assert(
      fc.property(
        fc.oneof(anyInput, fc.constant(undefined)),
        fc.constantFrom(undefined, 0, 400),
        (inputSchema, budget) => {
          const options = budget === undefined ? {} : { budgetBytes: budget };
          const viaTool = outcome(() => parseMcpTool({ name: 't', inputSchema }, options).inputSchema);
          const prepared = outcome(() => parseToolInputSchema(prepareMcpInputSchema(inputSchema), options));
          expect(viaTool).toEqual(
            'error' in prepared ? { error: prepared.error.replace(' at "', ' at "/inputSchema') } : prepared,
          );
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('input that is not JSON fails with the same code at the same path as the plain copy', () => {
    fc.assert(
      fc.property(
        schemaShaped,
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        notJson,
        fc.boolean(),
        (schema, steps, makeValue, cycle) => {
          const input = inject(schema, steps, makeValue, cycle);
          const reference = outcome(() => referenceSanitizeInPlace(copyJsonInput(input)));
          expect(outcome(() => sanitizeJsonSchema(input))).toEqual(reference);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
