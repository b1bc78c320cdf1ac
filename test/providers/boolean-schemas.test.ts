// Sanitize makes `{"type": "string"}` of a boolean schema, so a converter reads a bare string
// property back from the server's own schema: `false` (forbidden) leaves the wire, `true` takes
// any value. The copy says whether it replaced any boolean: when not (nearly every tool), no
// object's properties are looked up in the server's schema again.
import { describe, expect, test } from 'vitest';
import { convertMcpTools, parseMcpTool } from '../../src/index.js';
import type { JsonObject } from '../../src/schema/json.js';

const CONVERTED = ['openai-responses', 'openai-chat', 'anthropic', 'gemini', 'gemini-json-schema', 'portable'] as const;

/** The property names of the wire schema's object at `/properties/outer`, whatever the envelope. */
function outerNames(tool: unknown): string[] {
  const wire = tool as Record<string, JsonObject | undefined>;
  const parameters = (wire.parameters ??
    wire.input_schema ??
    wire.parametersJsonSchema ??
    wire.inputSchema ??
    wire.function?.parameters) as JsonObject;
  const outer = (parameters.properties as JsonObject).outer as JsonObject;
  const object = (Array.isArray(outer.anyOf) ? outer.anyOf[0] : outer) as JsonObject;
  return Object.keys(object.properties as JsonObject);
}

describe('boolean property schemas', () => {
  test('`false` leaves the wire and `true` stays, below the root, on every converted target', () => {
    const inputSchema = {
      type: 'object',
      properties: {
        outer: { type: 'object', properties: { name: { type: 'string' }, forbidden: false, anything: true } },
      },
      required: ['outer'],
    };
    for (const target of CONVERTED)
      for (const strict of [false, true]) {
        const [result] = convertMcpTools([{ name: 't', inputSchema }], { target, strict }).results;
        expect(result?.ok, `${target} ${strict}`).toBe(true);
        if (!result?.ok) continue;
        expect(outerNames(result.tool), `${target} ${strict}`).toStrictEqual(['name', 'anything']);
        expect(result.changes.some((change) => /forbidden \(schema false\)/.test(change.message))).toBe(true);
      }
  });

  test('a tool without boolean schemas is not read again by the conversion', () => {
    // Counts the reads of each property schema of the server's objects.
    let reads = 0;
    const counted = (properties: JsonObject): JsonObject =>
      new Proxy(properties, {
        get(target, key, receiver) {
          if (typeof key === 'string' && Object.hasOwn(target, key)) reads++;
          return Reflect.get(target, key, receiver);
        },
      });
    const tool = () => ({
      name: 't',
      inputSchema: {
        type: 'object',
        properties: counted({
          outer: {
            type: 'object',
            properties: counted({ name: { type: 'string' }, note: { type: 'string' } }),
          },
          id: { type: 'string' },
        }),
      },
    });
    parseMcpTool(tool());
    const copied = reads;
    expect(copied).toBeGreaterThan(0);
    for (const target of CONVERTED) {
      reads = 0;
      convertMcpTools([tool()], { target, strict: true });
      expect(reads, target).toBe(copied);
    }
  });
});
