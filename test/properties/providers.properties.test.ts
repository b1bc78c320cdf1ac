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

  test('strict targets give back the other keys of an object that takes any, after the properties given, at the root, nested or in a root union', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
        fc.constantFrom('openai-responses' as const, 'openai-chat' as const, 'anthropic' as const),
        fc.constantFrom('root' as const, 'nested' as const, 'root union' as const),
        (names, others, target, place) => {
          const nested = place === 'nested';
          const properties = Object.fromEntries(names.map((name) => [name, { type: 'string' }]));
          const open = { type: 'object', properties, additionalProperties: true };
          // Names are at most 6 characters: the union's other alternative shares none of them.
          const other = { type: 'object', properties: { long_name: { type: 'integer' } }, required: ['long_name'] };
          const inputSchema = nested
            ? { type: 'object', properties: { inner: open }, required: ['inner'] }
            : place === 'root union'
              ? { anyOf: [open, other] }
              : open;
          const conversion = convertMcpTools([{ name: 't', inputSchema }], { target, strict: true });
          const [result] = conversion.results;
          if (!result?.ok) throw new Error('expected a converted tool');
          expect(result.strict).toBe(true);
          const tool = result.tool as unknown as Record<string, Record<string, unknown>>;
          const parameters = (tool.parameters ?? tool.input_schema ?? tool.function?.parameters) as Record<
            string,
            Record<string, Record<string, unknown>>
          >;
          const wire = nested ? (parameters.properties?.inner as typeof parameters) : parameters;
          const carrier = Object.keys(wire.properties ?? {}).find(
            (key) => !names.includes(key) && key !== 'long_name',
          ) as string;
          // Other keys that name no property (one that does is checked as that property).
          const extra = Object.fromEntries(Object.entries(others).filter(([key]) => !names.includes(key)));
          const given: Record<string, unknown> = { [names[0] as string]: 'v', [carrier]: JSON.stringify(extra) };
          const resolved = conversion.resolveToolCall(result.providerName, nested ? { inner: given } : given);
          const expected = { [names[0] as string]: 'v', ...JSON.parse(JSON.stringify(extra)) };
          expect(resolved.ok).toBe(true);
          if (resolved.ok) expect(nested ? resolved.arguments.inner : resolved.arguments).toStrictEqual(expected);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
