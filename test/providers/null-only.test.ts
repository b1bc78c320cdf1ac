// A value that can only be null (`type: "null"`, `const: null`, `enum: [null]`, an anyOf of the null
// type alone), as zod's `z.null()` and Paddle's "set to null to remove" properties write it.
// Gemini and `portable` have no null type: the value goes as a string (Gemini: one that may be
// null), and the model is told in words that it is always null. Before, Gemini widened it to any
// string with no word and no change, and an enum of only null (or only "") became `enum: []`,
// which admits no value at all.
import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../src/index.js';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import type { JsonObject } from '../../src/schema/json.js';
import { wireParametersSchema } from '../helpers/provider-arguments.js';

const CONVERTED = ['openai-responses', 'openai-chat', 'anthropic', 'gemini', 'gemini-json-schema', 'portable'] as const;

const NULL_ONLY: readonly JsonObject[] = [
  { type: 'null', description: 'Set to null to remove the scheduled change.' },
  { const: null },
  { enum: [null] },
  { anyOf: [{ type: 'null' }] },
];

/** The wire schema of property `a`, in JSON Schema spelling whatever the target. */
function wireProperty(target: (typeof CONVERTED)[number], tool: unknown): JsonObject {
  const parameters = wireParametersSchema(target, tool as never) as JsonObject;
  return (parameters.properties as JsonObject).a as JsonObject;
}

/** Property `a` of a Gemini tool, as Gemini spells it. */
function geminiProperty(tool: unknown): JsonObject | undefined {
  return (tool as { parameters: { properties: Record<string, JsonObject> } }).parameters.properties.a;
}

function convert(target: (typeof CONVERTED)[number], strict: boolean, a: JsonObject) {
  const conversion = convertMcpTools(
    [{ name: 't', inputSchema: { type: 'object', properties: { a, b: { type: 'string' } }, required: ['a'] } }],
    { target, strict },
  );
  const [result] = conversion.results;
  if (!result?.ok) throw new Error(`${target} did not convert`);
  return { conversion, result };
}

describe('a value that can only be null', () => {
  test('on Gemini is a string that may be null, said to be always null, with a change at its path', () => {
    for (const a of NULL_ONLY)
      for (const strict of [false, true]) {
        const { result } = convert('gemini', strict, a);
        const wire = geminiProperty(result.tool);
        expect(wire, JSON.stringify(a)).toMatchObject({ type: 'STRING', nullable: true });
        expect(wire?.enum, JSON.stringify(a)).toBeUndefined();
        expect(String(wire?.description)).toMatch(/always null/i);
        const moved = result.changes.filter(
          (change) => change.kind === 'keyword_moved' && change.path.startsWith('/inputSchema/properties/a/'),
        );
        expect(moved, JSON.stringify(a)).toHaveLength(1);
      }
  });

  test('keeps its description and adds "always null" after it', () => {
    const { result } = convert('gemini', false, NULL_ONLY[0] as JsonObject);
    const wire = geminiProperty(result.tool);
    expect(wire?.description).toBe('Set to null to remove the scheduled change. (always null)');
  });

  test('on `portable` is a string said to be always null, null logged as dropped', () => {
    for (const a of NULL_ONLY) {
      const { result } = convert('portable', false, a);
      const wire = wireProperty('portable', result.tool);
      expect(wire.type, JSON.stringify(a)).toBe('string');
      expect(wire.enum, JSON.stringify(a)).toBeUndefined();
      expect(String(wire.description)).toMatch(/always null/i);
      expect(result.changes.some((change) => change.kind === 'null_dropped')).toBe(true);
    }
  });

  test('stays a null type where the target has one, with no note', () => {
    for (const target of ['openai-responses', 'openai-chat', 'anthropic', 'gemini-json-schema'] as const)
      for (const strict of [false, true]) {
        const { result } = convert(target, strict, { type: 'null' });
        const wire = wireProperty(target, result.tool);
        expect(wire.type, `${target} ${strict}`).toBe('null');
        expect(wire.description, `${target} ${strict}`).toBeUndefined();
      }
  });

  test('is never sent as an empty enum, and breaks no rule of any target', () => {
    for (const a of [...NULL_ONLY, { enum: [''] }, { enum: [null, ''] }, { type: ['string', 'null'], enum: [null] }])
      for (const target of CONVERTED)
        for (const strict of [false, true]) {
          const { conversion, result } = convert(target, strict, a);
          const wire = wireProperty(target, result.tool);
          const where = `${target} ${strict} ${JSON.stringify(a)}`;
          if (Array.isArray(wire.enum)) expect(wire.enum.length, where).toBeGreaterThan(0);
          expect(checkProviderTools(target, conversion.tools), where).toStrictEqual([]);
        }
  });

  test('an enum of only the empty string is said in words where the target lists no empty string', () => {
    const { result } = convert('gemini', false, { type: 'string', enum: [''] });
    const wire = geminiProperty(result.tool);
    expect(wire).toMatchObject({ type: 'STRING', description: 'Always an empty string.' });
    expect(wire?.enum).toBeUndefined();
  });

  test('a call giving null is resolved as null, one giving a string is refused, on every target', () => {
    for (const a of NULL_ONLY)
      for (const target of CONVERTED) {
        const { conversion, result } = convert(target, false, a);
        const given = conversion.resolveToolCall(result.providerName, JSON.stringify({ a: null, b: 'x' }));
        expect(given, `${target} ${JSON.stringify(a)}`).toMatchObject({ ok: true, arguments: { a: null, b: 'x' } });
        const wrong = conversion.resolveToolCall(result.providerName, JSON.stringify({ a: 'x', b: 'x' }));
        expect(wrong.ok, `${target} ${JSON.stringify(a)}`).toBe(false);
      }
  });
});
