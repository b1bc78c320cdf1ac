import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_INPUT_DEPTH } from '../../src/schema/copy.js';
import { decodeRawSchema } from '../../src/schema/decode.js';
import { explainToolInputSchema } from '../../src/schema/explain.js';
import { parseToolInputSchema, parseToolInputSchemaWithoutCompaction } from '../../src/schema/pipeline.js';
import { pruneInPlace } from '../../src/schema/refs.js';
import { sanitizeJsonSchema } from '../../src/schema/sanitize.js';
import { deepFreeze, describedObject, nestedUnder } from '../helpers/builders.js';
import { readCorpusTools } from '../helpers/corpus.js';
import { thrownToolSchemaError } from '../helpers/errors.js';
import { openApiServerToolSchema } from '../helpers/openapi-servers.js';

// Seed §7: the reference's test paths.
describe('parseToolInputSchema (seed §7)', () => {
  test('infers object shape and defaults properties', () => {
    expect(parseToolInputSchema({ properties: { query: { description: 'search query' } } })).toStrictEqual({
      type: 'object',
      properties: { query: {} },
    });
  });

  test('preserves integer and defaults array items', () => {
    expect(
      parseToolInputSchema({ type: 'object', properties: { page: { type: 'integer' }, tags: { type: 'array' } } }),
    ).toStrictEqual({
      type: 'object',
      properties: { page: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } },
    });
  });

  test('preserves refs and prunes unreachable defs', () => {
    expect(
      parseToolInputSchema({
        type: 'object',
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: {
          A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } },
          B: { type: 'string' },
          C: { type: 'integer' },
        },
      }),
    ).toStrictEqual({
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } }, B: { type: 'string' } },
    });
  });

  test('preserves nested defs ref parent', () => {
    // A ref into a definition's inside keeps the whole parent definition reachable.
    expect(
      parseToolInputSchema({
        type: 'object',
        properties: { name: { $ref: '#/$defs/User/properties/name' } },
        $defs: { User: { type: 'object', properties: { name: { type: 'string' } } }, Other: { type: 'string' } },
      }),
    ).toStrictEqual({
      type: 'object',
      properties: { name: { $ref: '#/$defs/User/properties/name' } },
      $defs: { User: { type: 'object', properties: { name: { type: 'string' } } } },
    });
  });

  test('compacts descriptions only on the default path', () => {
    const input = describedObject(50, 100); // ~6 KB, mostly descriptions
    const compacted = parseToolInputSchema(input);
    expect(Object.values(compacted.properties ?? {}).every((schema) => schema.description === undefined)).toBe(true);
    expect(Object.keys(compacted.properties ?? {})).toHaveLength(50);
    const kept = parseToolInputSchemaWithoutCompaction(input);
    expect(kept.properties?.p0).toStrictEqual({ type: 'string', description: 'd'.repeat(100) });
  });

  test('rejects singleton null type', () => {
    expect(thrownToolSchemaError(() => parseToolInputSchema({ type: 'null' })).code).toBe('null_root_type');
    expect(thrownToolSchemaError(() => parseToolInputSchema({ type: ['null'] })).code).toBe('null_root_type');
    expect(parseToolInputSchema({ type: ['object', 'null'] })).toStrictEqual({
      type: ['object', 'null'],
      properties: {},
    });
  });
});

describe('parseToolInputSchema options', () => {
  test('a larger budget keeps descriptions the default budget strips', () => {
    const input = describedObject(50, 100);
    expect(parseToolInputSchema(input, { budgetBytes: 10_000 }).properties?.p0?.description).toBe('d'.repeat(100));
  });

  test('a smaller collapse depth collapses shallower objects once passes 1–2 are not enough', () => {
    const input = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'string' } } } } };
    expect(parseToolInputSchema(input, { budgetBytes: 10, collapseDepth: 1 })).toStrictEqual({
      type: 'object',
      properties: { a: {} },
    });
  });

  test.each([{ budgetBytes: -1 }, { budgetBytes: 1.5 }, { collapseDepth: Number.NaN }])(
    'rejects option %j',
    (options) => {
      expect(thrownToolSchemaError(() => parseToolInputSchema({}, options)).code).toBe('invalid_option');
    },
  );
});

// The entries without options copy only the model's keys, in its order, and keep the copy's
// objects as the model (CopyState.modelShape): the same result as the stages on a whole copy.
describe('the copy that writes only the model', () => {
  /** The stages on a whole copy: what the entry without compaction must give, as JSON text. */
  const wholeCopyWithoutCompaction = (input: unknown) =>
    JSON.stringify(decodeRawSchema(pruneInPlace(sanitizeJsonSchema(input))));

  test('gives what the stages give on a whole copy, key order included, on every corpus and generated schema', () => {
    const schemas = [
      ...readCorpusTools().map((tool) => tool.inputSchema ?? {}),
      ...fc.sample(openApiServerToolSchema, { numRuns: 200, seed: 25 }),
    ];
    let compacted = 0;
    for (const schema of schemas) {
      const parsed = JSON.stringify(parseToolInputSchema(schema));
      // Options given, even empty ones, take the whole copy.
      expect(parsed).toBe(JSON.stringify(parseToolInputSchema(schema, {})));
      const whole = wholeCopyWithoutCompaction(schema);
      expect(JSON.stringify(parseToolInputSchemaWithoutCompaction(schema))).toBe(whole);
      if (parsed !== whole) compacted++;
    }
    expect(schemas.length).toBeGreaterThan(2_000);
    // Both sides of the budget are covered: the compacted schemas decode after the passes.
    expect(compacted).toBeGreaterThan(50);
  });

  test('writes every combination of the model fields as the stages do, key order included, nulls too', () => {
    // The copy writes a schema object's model fields one by one, each only when present
    // (modelShapedObject): every subset of them, in the model's order and reversed, must come out
    // as the stages write it.
    const fields: [string, unknown][] = [
      ['$ref', '#/$defs/D'],
      ['type', 'object'],
      ['description', 'd'],
      ['encrypted', true],
      ['enum', ['a', 'b']],
      ['items', { type: 'string' }],
      ['properties', { p: { type: 'integer' } }],
      ['required', ['p']],
      ['additionalProperties', false],
      ['anyOf', [{ type: 'string' }, { type: 'null' }]],
      ['oneOf', [{ const: 'x' }]],
      ['allOf', [{ type: 'object' }]],
      ['$defs', { D: { type: 'string' } }],
      ['definitions', { E: { type: 'number' } }],
    ];
    let compared = 0;
    for (let subset = 0; subset < 1 << fields.length; subset++) {
      const chosen = fields.filter((_, index) => (subset & (1 << index)) !== 0);
      for (const order of [chosen, [...chosen].reverse()]) {
        // Under a property, where the copy writes it as a schema object (the root is filled last).
        const input = { type: 'object', properties: { x: Object.fromEntries(order) } };
        expect(JSON.stringify(parseToolInputSchemaWithoutCompaction(input))).toBe(wholeCopyWithoutCompaction(input));
        compared++;
      }
      // A null field: kept by the copy for the passes, dropped by decode, as the stages do.
      const [first] = chosen;
      if (first !== undefined) {
        const input = { type: 'object', properties: { x: Object.fromEntries([[first[0], null], ...chosen.slice(1)]) } };
        expect(JSON.stringify(parseToolInputSchemaWithoutCompaction(input))).toBe(wholeCopyWithoutCompaction(input));
        expect(JSON.stringify(parseToolInputSchema(input))).toBe(JSON.stringify(parseToolInputSchema(input, {})));
      }
    }
    expect(compared).toBe(2 ** 15);
  });

  test('drops descriptions from the adopted copy as the stages do once pass 1 suffices, every kind of child included', () => {
    const described = (schema: Record<string, unknown>, text: string) => ({ ...schema, description: text });
    const input = {
      type: 'object',
      description: 'x'.repeat(6_000),
      properties: {
        a: described({ type: 'string' }, 'a'),
        b: { anyOf: [described({ type: 'string' }, 'b0'), { type: 'number' }] },
        c: {
          type: 'array',
          items: described({ type: 'object', properties: { x: described({ type: 'string' }, 'x') } }, 'c'),
        },
        d: { type: 'object', additionalProperties: described({ type: 'string' }, 'd') },
        ['__proto__']: described({ type: 'string' }, 'proto'),
        r: { $ref: '#/$defs/D' },
      },
      $defs: { D: described({ type: 'object', properties: { y: described({ type: 'integer' }, 'y') } }, 'D') },
    };
    const parsed = JSON.stringify(parseToolInputSchema(input));
    expect(explainToolInputSchema(input).compaction?.passes.map((pass) => pass.name)).toStrictEqual([
      'strip_descriptions',
    ]);
    expect(parsed).toBe(JSON.stringify(parseToolInputSchema(input, {})));
    expect(parsed).not.toContain('description');
    expect(parsed).toContain('"__proto__":{"type":"string"}');
  });

  test('drops descriptions from the adopted copy of a table too large to list again when no later pass can act', () => {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 1_200; index++)
      properties[`field_${index}`] = { type: index % 2 === 0 ? 'string' : 'integer', description: `field ${index}` };
    const input = { type: 'object', description: 'wide', properties, required: ['field_0'] };
    const parsed = JSON.stringify(parseToolInputSchema(input));
    expect(explainToolInputSchema(input).compaction?.fits).toBe(false);
    expect(parsed).toBe(JSON.stringify(parseToolInputSchema(input, {})));
    expect(parsed).not.toContain('description');
    expect(Object.keys(JSON.parse(parsed).properties)).toHaveLength(1_200);
  });

  test('keeps a null model member for the passes, and leaves it out of the model', () => {
    // Over budget after passes 1 and 2 (the enum), so pass 3 collapses depth 3: `c` has `items`,
    // null, and collapses; decode would drop the key, so the copy must keep it for the pass.
    const input = {
      type: 'object',
      properties: {
        z: { type: 'string', enum: Array.from({ length: 700 }, (_, index) => `value${index}`) },
        a: {
          type: 'object',
          properties: {
            b: { type: 'object', properties: { c: { type: 'string', items: null }, d: { type: 'string' } } },
          },
        },
      },
    };
    const parsed = parseToolInputSchema(input) as { properties: Record<string, unknown> };
    expect(parsed.properties.a).toStrictEqual({
      type: 'object',
      properties: { b: { type: 'object', properties: { c: {}, d: { type: 'string' } } } },
    });
    expect(
      parseToolInputSchemaWithoutCompaction({ type: 'object', properties: { c: { type: 'string', items: null } } }),
    ).toStrictEqual({ type: 'object', properties: { c: { type: 'string' } } });
  });

  test('writes the model order whatever the input order, and leaves out every other keyword', () => {
    const input = {
      additionalProperties: false,
      required: ['a'],
      title: 'T',
      properties: { a: { minimum: 1, description: 'a', format: 'int32' }, b: { const: 'x', description: 'b' } },
      description: 'root',
    };
    for (const parse of [parseToolInputSchema, parseToolInputSchemaWithoutCompaction]) {
      expect(JSON.stringify(parse(input))).toBe(
        '{"type":"object","description":"root","properties":{"a":{"type":"string","description":"a"},"b":{"type":"string","description":"b","enum":["x"]}},"required":["a"],"additionalProperties":false}',
      );
    }
  });

  test('keeps the definitions refs in unknown keywords reach when pruning must walk the copy', () => {
    // `A`'s nested table is not an object: pruning walks the result, which must hold `not`.
    const input = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: {
        A: { type: 'object', not: { $ref: '#/$defs/B' }, $defs: 5 },
        B: { type: 'string' },
        C: { type: 'number' },
      },
    };
    const expected = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { type: 'object', properties: {} }, B: { type: 'string' } },
    };
    expect(parseToolInputSchema(input)).toStrictEqual(expected);
    expect(parseToolInputSchemaWithoutCompaction(input)).toStrictEqual(expected);
  });
});

describe('the entries never modify their input', () => {
  test.each([
    ['parseToolInputSchema', parseToolInputSchema],
    ['parseToolInputSchemaWithoutCompaction', parseToolInputSchemaWithoutCompaction],
  ])('%s works on a deeply frozen input', (_name, parse) => {
    const input = deepFreeze({
      properties: {
        a: true,
        b: { const: 1 },
        c: { $ref: '#/$defs/A' },
        ...(describedObject(60, 100).properties as object),
      },
      $defs: { A: { properties: {} }, B: {} },
    });
    const before = JSON.stringify(input);
    expect(() => parse(input)).not.toThrow();
    expect(JSON.stringify(input)).toBe(before);
  });
});

describe('bad JavaScript input gets a ToolSchemaError naming the path', () => {
  class Point {
    x = 1;
  }
  const cyclic: Record<string, unknown> = { type: 'object' };
  cyclic.properties = { self: cyclic };
  const throwing = {
    type: 'object',
    properties: {
      get a() {
        throw new Error('boom');
      },
    },
  };

  test.each([
    ['undefined', undefined, 'not_json', ''],
    ['a function', { properties: { f: () => 1 } }, 'not_json', '/properties/f'],
    ['a BigInt', { enum: [1n] }, 'not_json', '/enum/0'],
    ['a symbol', { description: Symbol('s') }, 'not_json', '/description'],
    ['NaN', { minimum: Number.NaN }, 'not_json', '/minimum'],
    ['Infinity', { enum: [Number.POSITIVE_INFINITY] }, 'not_json', '/enum/0'],
    ['a class instance', { properties: { p: new Point() } }, 'not_json', '/properties/p'],
    ['a Date', { default: new Date(0) }, 'not_json', '/default'],
    ['a cyclic object', cyclic, 'too_deep', '/properties/self'],
    ['a throwing getter', throwing, 'unreadable_value', '/properties/a'],
  ])('%s', (_name, input, code, path) => {
    for (const parse of [parseToolInputSchema, parseToolInputSchemaWithoutCompaction]) {
      const error = thrownToolSchemaError(() => parse(input));
      expect(error.code).toBe(code);
      expect(error.path).toBe(path);
    }
  });

  test('a revoked Proxy is unreadable, not a TypeError', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(thrownToolSchemaError(() => parseToolInputSchema({ properties: { p: proxy } })).code).toBe(
      'unreadable_value',
    );
  });

  test('undefined members are skipped and undefined array elements read as null', () => {
    expect(parseToolInputSchema({ type: 'object', description: undefined, enum: [undefined, 1] })).toStrictEqual({
      type: 'object',
      enum: [null, 1],
      properties: {},
    });
  });
});

describe('nesting depth (SPEC §1.8.4)', () => {
  test(`accepts ${MAX_INPUT_DEPTH} nested arrays and objects`, () => {
    // Each items level is one object; the leaf is the last.
    const input = nestedUnder('items', MAX_INPUT_DEPTH - 1, { type: 'string' });
    expect(() => parseToolInputSchema(input)).not.toThrow();
  });

  test.each(['properties', 'items', 'anyOf', '$defs'])(
    'fails with too_deep, not RangeError, at 100,000 levels through %s',
    (key) => {
      const input = nestedUnder(key, 100_000, {}, key === 'anyOf');
      expect(thrownToolSchemaError(() => parseToolInputSchema(input)).code).toBe('too_deep');
      expect(thrownToolSchemaError(() => parseToolInputSchemaWithoutCompaction(input)).code).toBe('too_deep');
    },
  );

  // Past the limit the copy finds the path from the containers it entered (copy.ts,
  // enterContainer); where it cannot, it reads the input again in member order.
  /** A chain whose containers answer each read with a new object: no path by identity. */
  const answeringAnew = (levels: number): unknown =>
    levels === 0
      ? { type: 'string' }
      : {
          type: 'object',
          get properties() {
            return { p: answeringAnew(levels - 1) };
          },
        };
  const plainChain = (levels: number, leaf: unknown = { type: 'string' }): unknown => {
    let schema: unknown = leaf;
    for (let level = 0; level < levels; level++) schema = { type: 'object', properties: { p: schema } };
    return schema;
  };

  test('names the same path past the limit whether found from the containers or by reading the input again', () => {
    const found = thrownToolSchemaError(() => parseToolInputSchema(plainChain(700)));
    const added = thrownToolSchemaError(() => parseToolInputSchema(answeringAnew(700)));
    expect(found.code).toBe('too_deep');
    expect(found.path).toBe(added.path);
    expect(found.path).toBe('/properties/p'.repeat(MAX_INPUT_DEPTH / 2));
  });

  test('names the first member that holds a too-deep value held twice, in arrays too', () => {
    const deep = plainChain(700);
    const object = { type: 'object', properties: { a: { type: 'string' }, b: deep, c: deep } };
    expect(thrownToolSchemaError(() => parseToolInputSchema(object)).path).toMatch(/^\/properties\/b\/properties\/p/);
    const list = { anyOf: [{ type: 'string' }, deep, deep] };
    expect(thrownToolSchemaError(() => parseToolInputSchemaWithoutCompaction(list)).path).toMatch(
      /^\/anyOf\/1\/properties\/p/,
    );
  });

  test('a getter that throws a number is unreadable where it stands, not a depth failure', () => {
    // The copy throws a depth failure as its depth (a number) through every level: a number a
    // getter throws must still be named as the read that threw, deep or not, even 1,000.
    for (const thrown of [0, 63, 1_000, -1]) {
      for (const levels of [0, 300]) {
        const leaf = {
          type: 'string',
          get description(): string {
            throw thrown;
          },
        };
        const error = thrownToolSchemaError(() => parseToolInputSchema(plainChain(levels, leaf)));
        expect([error.code, error.path]).toStrictEqual([
          'unreadable_value',
          `${'/properties/p'.repeat(levels)}/description`,
        ]);
      }
    }
  });

  test('names a deep cycle where it closes, and a value nested past the limit inside a root definition', () => {
    // 100 levels, the last referring back to the fourth: the cycle closes 101 levels down.
    const levels = Array.from({ length: 100 }, () => ({ type: 'object', properties: {} as Record<string, unknown> }));
    levels.forEach((level, index) => {
      if (index > 0) (levels[index - 1] as (typeof levels)[number]).properties[`k${index}`] = level;
    });
    (levels[99] as (typeof levels)[number]).properties.back = levels[3];
    const cycle = thrownToolSchemaError(() => parseToolInputSchema(levels[0]));
    expect([cycle.code, cycle.path.split('/').length]).toStrictEqual(['too_deep', 1 + 2 * 100]);
    expect(cycle.path.endsWith('/properties/k99/properties/back')).toBe(true);
    const inDefinition = { type: 'object', properties: { r: { $ref: '#/$defs/A' } }, $defs: { A: plainChain(700) } };
    expect(thrownToolSchemaError(() => parseToolInputSchema(inDefinition)).path).toMatch(/^\/\$defs\/A\/properties\/p/);
  });
});

describe('prototype names are data (SPEC §1.9)', () => {
  test('keeps __proto__ and constructor properties and leaves Object.prototype alone', () => {
    const input = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string","polluted":true},"constructor":{"$ref":"#/$defs/constructor"}},"$defs":{"constructor":{"type":"integer"},"hasOwnProperty":{}}}',
    );
    const schema = parseToolInputSchema(input);
    expect(Object.keys(schema.properties ?? {})).toStrictEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(schema.properties, '__proto__')?.value).toStrictEqual({ type: 'string' });
    expect(Object.getPrototypeOf(schema.properties)).toBe(Object.prototype);
    expect(Object.keys(schema.$defs ?? {})).toStrictEqual(['constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(schema)).toBe(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"$ref":"#/$defs/constructor"}},"$defs":{"constructor":{"type":"integer"}}}',
    );
  });
});
