// Sanitize makes `{"type": "string"}` of a boolean schema, so a converter reads a bare string
// property back from the server's own schema: `false` (forbidden) leaves the wire, `true` takes
// any value. The copy says whether it replaced any boolean: when not (nearly every tool), no
// object's properties are looked up in the server's schema again.
import { describe, expect, test } from 'vitest';
import { convertMcpTools, parseMcpTool } from '../../src/index.js';
import type { JsonObject } from '../../src/schema/json.js';
import { wireParametersSchema } from '../helpers/provider-arguments.js';

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

/** Property `a`'s wire schema, in JSON Schema spelling whatever the target. */
function wireA(target: (typeof CONVERTED)[number], tool: unknown): JsonObject {
  const parameters = wireParametersSchema(target, tool as never) as JsonObject;
  return (parameters.properties as JsonObject).a as JsonObject;
}

// zod-to-json-schema writes `z.never()` and `z.undefined()` as `{"not": {}}`: a schema no value
// matches, as `false` is. Sanitize (the reference's) cannot type it and empties it into `{}`, any
// value, so the converters read the server's own schema where the copy met a `not`.
describe('schemas no value matches', () => {
  const NEVER = [{ not: {} }, { not: {}, description: 'Never sent.' }, { not: true }, { not: { title: 'Any' } }];

  test('a property no value matches leaves the wire on every converted target, with a change naming it', () => {
    for (const never of NEVER)
      for (const target of CONVERTED)
        for (const strict of [false, true]) {
          const inputSchema = { type: 'object', properties: { a: { type: 'integer' }, b: never }, required: ['a'] };
          const conversion = convertMcpTools([{ name: 't', inputSchema }], { target, strict });
          const [result] = conversion.results;
          const where = `${target} ${strict} ${JSON.stringify(never)}`;
          if (!result?.ok) throw new Error(where);
          const parameters = wireParametersSchema(target, result.tool as never) as JsonObject;
          expect(Object.keys(parameters.properties as JsonObject), where).toStrictEqual(['a']);
          const dropped = result.changes.find((change) => change.path === '/inputSchema/properties/b');
          expect(dropped?.kind, where).toBe('keyword_dropped');
          expect(dropped?.message, where).toMatch(/forbidden \(not: (\{\}|true)\)/);
          expect(conversion.resolveToolCall(result.providerName, { a: 1 }), where).toMatchObject({ ok: true });
        }
  });

  test('a union variant no value matches is dropped, the others kept, on every converted target', () => {
    for (const never of [false, ...NEVER])
      for (const key of ['anyOf', 'oneOf'] as const)
        for (const target of CONVERTED) {
          const a = { [key]: [never, { type: 'integer' }] };
          const conversion = convertMcpTools(
            [{ name: 't', inputSchema: { type: 'object', properties: { a }, required: ['a'] } }],
            { target },
          );
          const [result] = conversion.results;
          const where = `${target} ${key} ${JSON.stringify(never)}`;
          if (!result?.ok) throw new Error(where);
          const wire = wireA(target, result.tool);
          const variants = (wire.anyOf ?? wire.oneOf) as JsonObject[] | undefined;
          // No string and no JSON text offered where the server allowed only integers.
          expect(JSON.stringify(variants ?? wire), where).not.toMatch(/"string"|JSON text/);
          expect(
            result.changes.some(
              (change) => change.kind === 'keyword_dropped' && change.path === `/inputSchema/properties/a/${key}/0`,
            ),
            where,
          ).toBe(true);
          expect(conversion.resolveToolCall(result.providerName, { a: 3 }), where).toMatchObject({
            ok: true,
            arguments: { a: 3 },
          });
        }
  });

  test('additionalProperties no value matches closes the object, as false does, on every target', () => {
    const object = (additionalProperties: unknown, properties: object) => ({
      type: 'object',
      properties: { o: { type: 'object', properties, additionalProperties } },
      required: ['o'],
    });
    for (const properties of [{ a: { type: 'string' } }, {}])
      for (const target of CONVERTED)
        for (const strict of [false, true]) {
          const convert = (additional: unknown) => {
            const [result] = convertMcpTools([{ name: 't', inputSchema: object(additional, properties) }], {
              target,
              strict,
            }).results;
            if (!result?.ok) throw new Error(`${target} ${strict}`);
            return result;
          };
          const closed = convert(false);
          const never = convert({ not: {} });
          expect(never.tool, `${target} ${strict} ${JSON.stringify(properties)}`).toStrictEqual(closed.tool);
          expect(never.changes.some((change) => change.path === '/inputSchema/properties/o/additionalProperties')).toBe(
            true,
          );
        }
  });

  test('a union whose every variant no value matches still converts, to no empty union', () => {
    for (const target of CONVERTED) {
      const a = { anyOf: [{ not: {} }, false] };
      const [result] = convertMcpTools([{ name: 't', inputSchema: { type: 'object', properties: { a } } }], {
        target,
      }).results;
      if (!result?.ok) throw new Error(target);
      const wire = wireA(target, result.tool);
      if (Array.isArray(wire.anyOf)) expect(wire.anyOf.length, target).toBeGreaterThan(0);
    }
  });

  test('a `not` that some value matches is no reason to drop a property', () => {
    for (const target of CONVERTED) {
      const inputSchema = { type: 'object', properties: { a: { not: { type: 'string' } }, b: { not: { enum: [1] } } } };
      const [result] = convertMcpTools([{ name: 't', inputSchema }], { target }).results;
      if (!result?.ok) throw new Error(target);
      const parameters = wireParametersSchema(target, result.tool as never) as JsonObject;
      expect(Object.keys(parameters.properties as JsonObject), target).toStrictEqual(['a', 'b']);
    }
  });

  test('the reference model of a schema with `not` is unchanged: the parse still empties it', () => {
    const inputSchema = {
      type: 'object',
      properties: { b: { not: {} }, c: { anyOf: [{ not: {} }, { type: 'integer' }] } },
    };
    expect(parseMcpTool({ name: 't', inputSchema }).inputSchema).toStrictEqual({
      type: 'object',
      properties: { b: {}, c: { anyOf: [{}, { type: 'integer' }] } },
    });
  });
});

// `items: false` closes an array: no item past a tuple's `prefixItems` (2020-12's closed tuple),
// or none at all. Sanitize makes `{"type": "string"}` of the `false`, which would invite the
// model to add string items the tool refuses.
describe('items the server closed with `items: false`', () => {
  const inputSchema = {
    type: 'object',
    properties: {
      pair: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], items: false },
      none: { type: 'array', items: false },
    },
    required: ['pair', 'none'],
  };

  test('become the bound they are, maxItems (or words where it is not carried), with a change', () => {
    for (const target of CONVERTED)
      for (const strict of [false, true]) {
        const [result] = convertMcpTools([{ name: 't', inputSchema }], { target, strict }).results;
        const where = `${target} ${strict}`;
        if (!result?.ok) throw new Error(where);
        const parameters = wireParametersSchema(target, result.tool as never) as JsonObject;
        const properties = parameters.properties as Record<string, JsonObject>;
        for (const [name, bound, words] of [
          ['pair', 2, /at most 2 items/],
          ['none', 0, /always empty/i],
        ] as const) {
          const wire = properties[name] as JsonObject;
          if (wire.maxItems === undefined) expect(String(wire.description), `${where} ${name}`).toMatch(words);
          else expect(Number(wire.maxItems), `${where} ${name}`).toBe(bound);
          expect(
            result.changes.some((change) => change.path === `/inputSchema/properties/${name}/items`),
            `${where} ${name}`,
          ).toBe(true);
        }
      }
  });

  test('a call with an item past the tuple is refused, one within it resolved', () => {
    for (const target of CONVERTED) {
      const conversion = convertMcpTools([{ name: 't', inputSchema }], { target });
      const [result] = conversion.results;
      if (!result?.ok) throw new Error(target);
      expect(conversion.resolveToolCall(result.providerName, { pair: [1, 'a'], none: [] }), target).toMatchObject({
        ok: true,
      });
      expect(conversion.resolveToolCall(result.providerName, { pair: [1, 'a', 'b'], none: [] }).ok, target).toBe(false);
    }
  });

  test('an open tuple (no `items: false`) gets no bound', () => {
    const open = { type: 'object', properties: { pair: { type: 'array', prefixItems: [{ type: 'number' }] } } };
    for (const target of CONVERTED) {
      const [result] = convertMcpTools([{ name: 't', inputSchema: open }], { target }).results;
      if (!result?.ok) throw new Error(target);
      const parameters = wireParametersSchema(target, result.tool as never) as JsonObject;
      expect((parameters.properties as Record<string, JsonObject>).pair?.maxItems, target).toBeUndefined();
    }
  });
});

// Sanitize (the reference's) empties a schema it cannot type, conditions and all: `{"not":
// {"type": "null"}}` (any value but null), an `if`/`then` alone. A target that carries them gets
// them back from the server's schema; the others say them in words, with a change.
describe('the conditions of a schema sanitize empties', () => {
  const a = { description: 'Anything but null.', not: { type: 'null' } };
  const inputSchema = { type: 'object', properties: { a }, required: ['a'] };

  test('are carried where the target takes the keyword as it is', () => {
    for (const target of ['openai-responses', 'openai-chat', 'anthropic', 'gemini-json-schema'] as const) {
      const [result] = convertMcpTools([{ name: 't', inputSchema }], { target }).results;
      if (!result?.ok) throw new Error(target);
      expect(wireA(target, result.tool), target).toStrictEqual(a);
    }
  });

  test('are not given back where compaction emptied the schema to meet the budget (its description is)', () => {
    // 200 objects three levels deep, over the budget: the reference's passes strip the
    // descriptions and collapse the third level into `{}`. The converters give a collapsed
    // object its description back (the model's one hint of what goes there: see
    // inline-copies.test.ts), not the conditions it no longer carries.
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 200; index++)
      properties[`p${index}`] = {
        type: 'object',
        properties: {
          q: {
            type: 'object',
            properties: { r: { type: 'object', description: `Deeper ${index}.`, not: { required: ['x'] } } },
          },
        },
      };
    const wide = { type: 'object', properties };
    for (const target of CONVERTED) {
      const [result] = convertMcpTools([{ name: 't', inputSchema: wide }], { target }).results;
      if (!result?.ok) throw new Error(target);
      expect(result.compactionPasses, target).toContain('collapse_deep_objects');
      const wire = JSON.stringify(result.tool);
      expect(wire, target).toMatch(/Deeper 0\./);
      expect(wire, target).not.toMatch(/"not"|required x|must be left out/);
    }
  });

  test('are said in words, with a change at their path, where the value goes as JSON text', () => {
    for (const [target, strict] of [
      ['openai-responses', true],
      ['anthropic', true],
      ['gemini', false],
      ['portable', false],
    ] as const) {
      const [result] = convertMcpTools([{ name: 't', inputSchema }], { target, strict }).results;
      const where = `${target} ${strict}`;
      if (!result?.ok) throw new Error(where);
      expect(String(wireA(target, result.tool).description), where).toMatch(
        /^Anything but null\. \(.*not \{"type":"null"\}/,
      );
      expect(
        result.changes.some(
          (change) => change.kind === 'keyword_moved' && change.path === '/inputSchema/properties/a/not',
        ),
        where,
      ).toBe(true);
    }
  });
});
