// The fidelity policy's trade (compaction/least-loss.ts), rule by rule, through the public entry.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compactForFidelity, FIDELITY_STEPS } from '../../../src/schema/compaction/fidelity.js';
import { measureRawSchema } from '../../../src/schema/compaction/measure.js';
import { explainToolInputSchema } from '../../../src/schema/explain.js';
import { parseToolInputSchema, parseToolInputSchemaWithoutCompaction } from '../../../src/schema/pipeline.js';
import { pruneUnreachableDefinitions } from '../../../src/schema/refs.js';
import { sanitizeJsonSchema } from '../../../src/schema/sanitize.js';
import { jsonByteLength } from '../../../src/schema/size.js';
import { openApiToolSchema } from '../../helpers/openapi-arbitrary.js';
import { openApiServerToolSchema } from '../../helpers/openapi-servers.js';

type Node = { type?: string; description?: string; enum?: unknown[]; properties?: Record<string, Node>; $ref?: string };

const fields = (prefix: string, count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}_${i}`, { type: 'string' }]));
const fidelity = (input: unknown, budgetBytes: number) =>
  parseToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes }) as unknown as Node & {
    $defs?: Record<string, Node>;
  };
/** A budget that forces giving up about `bytes` of the schema (and that descriptions alone cannot pay for). */
const budgetUnder = (input: unknown, bytes: number) =>
  jsonByteLength(parseToolInputSchemaWithoutCompaction(input)) - bytes;

describe('giving up what costs the model least per byte', () => {
  test('a long description is cut before it is removed', () => {
    const long = `Searches the index for documents. ${'It ranks them by relevance and recency, in pages. '.repeat(8)}`;
    const input = {
      type: 'object',
      properties: { q: { type: 'string', description: long }, ...fields('f', 30) },
    };
    const schema = fidelity(input, budgetUnder(input, 200));
    expect(schema.properties?.q?.description?.length).toBeGreaterThan(0);
    expect(schema.properties?.q?.description?.length).toBeLessThan(long.length);
    expect(Object.keys(schema.properties ?? {})).toHaveLength(31);
  });

  test('a subtree read through a definition used twice is dearer than one read once', () => {
    const object = (prefix: string) => ({ type: 'object', properties: fields(prefix, 12) });
    const input = {
      type: 'object',
      properties: { once: object('o'), first: { $ref: '#/$defs/Shared' }, second: { $ref: '#/$defs/Shared' } },
      // Longer names: per byte, the shared object would be the cheaper one to give up, if it were read once.
      $defs: { Shared: object('shared_name') },
    };
    // Room for one of the two to go: the one read once goes, the shared one stays whole.
    const schema = fidelity(input, budgetUnder(input, 150));
    expect(schema.properties?.once).toStrictEqual({ type: 'object', properties: {} });
    expect(Object.keys(schema.$defs?.Shared?.properties ?? {})).toHaveLength(12);
  });

  test('an optional subtree goes before a required one of the same size', () => {
    const object = (prefix: string) => ({ type: 'object', properties: fields(prefix, 12) });
    const input = { type: 'object', properties: { needed: object('n'), extra: object('e') }, required: ['needed'] };
    const schema = fidelity(input, budgetUnder(input, 150));
    expect(schema.properties?.extra).toStrictEqual({ type: 'object', properties: {} });
    expect(Object.keys(schema.properties?.needed?.properties ?? {})).toHaveLength(12);
  });

  test('a definition no ref reaches after a collapse is pruned, and its bytes are not paid twice', () => {
    const input = {
      type: 'object',
      properties: {
        holder: { type: 'object', properties: { a: { $ref: '#/$defs/Big' }, b: { $ref: '#/$defs/Big' } } },
        ...fields('keep', 5),
      },
      $defs: { Big: { type: 'object', properties: fields('big', 40) } },
    };
    const schema = fidelity(input, 400);
    expect(jsonByteLength(schema)).toBeLessThanOrEqual(400);
    // Whatever went, no definition is left that nothing refers to.
    const text = JSON.stringify(schema);
    for (const name of Object.keys(schema.$defs ?? {})) expect(text).toContain(`"#/$defs/${name}"`);
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining(['keep_0', 'keep_4']));
  });

  test('an enum is dropped whole, its type kept (any value of it is then accepted)', () => {
    const input = {
      type: 'object',
      properties: {
        region: { type: 'string', enum: Array.from({ length: 80 }, (_, i) => `region-${i}`) },
        ...fields('f', 4),
      },
    };
    const schema = fidelity(input, budgetUnder(input, 400));
    expect(schema.properties?.region).toStrictEqual({ type: 'string' });
    expect(Object.keys(schema.properties ?? {})).toHaveLength(5);
  });
});

describe('linear in the schema, however wide', () => {
  /** Reads of the root's properties table while the fidelity policy trims a root of `count` properties. */
  const readsTrimming = (count: number) => {
    let reads = 0;
    const table: Record<string, unknown> = {};
    for (let index = 0; index < count; index++) table[`property_${index}`] = { type: 'string' };
    const properties = new Proxy(table, {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const result = compactForFidelity({ type: 'object', properties } as never, 5_000);
    expect(result.bytes).toBeLessThanOrEqual(5_000);
    expect(result.steps.map((step) => step.name)).toContain('trim_root');
    return reads;
  };

  test('trimming the root of 1,000 and of 10,000 properties reads the table about 10× as often, not 100×', () => {
    const small = readsTrimming(1_000);
    const large = readsTrimming(10_000);
    expect(large / small).toBeLessThan(20);
  });
});

describe('the fidelity steps, as a table', () => {
  const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  const describedWide = {
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [
        `field_${i}`,
        { type: 'string', description: `${'Explains it. '.repeat(12)}` },
      ]),
    ),
  };

  test('the steps run in the documented order, and each says what the model can lose to it', () => {
    expect(FIDELITY_STEPS.map((step) => step.name)).toEqual([
      'inline_definitions',
      'share_subtrees',
      'share_enums',
      'shorten_descriptions',
      'drop_least_valuable',
      'trim_root',
    ]);
    const lossy = FIDELITY_STEPS.filter((step) => step.canLose.includes('paths')).map((step) => step.name);
    expect(lossy).toEqual(['drop_least_valuable', 'trim_root']);
    for (const step of FIDELITY_STEPS) expect(step.sizePrediction.length).toBeGreaterThan(20);
  });

  test('only descriptions cut: not structural, and the hook before a reshape is never called', () => {
    let reshaped = 0;
    const result = compactForFidelity(copy(describedWide) as never, 5_000, { beforeReshape: () => reshaped++ });
    expect(result.steps.map((step) => step.name)).toEqual(['shorten_descriptions']);
    expect(result.structural).toBe(false);
    expect(reshaped).toBe(0);
    expect(result.bytes).toBeLessThanOrEqual(5_000);
  });

  test('a path given up: structural, and the hook saw the schema once, before anything but descriptions changed', () => {
    const seen: number[] = [];
    const input = {
      type: 'object',
      properties: {
        ...fields('kept', 20),
        nested: { type: 'object', properties: fields('deep_field_with_a_long_name', 120) },
      },
    };
    const result = compactForFidelity(copy(input) as never, 2_000, {
      beforeReshape: (root) => {
        seen.push(Object.keys((root as { properties: { nested: Node } }).properties.nested.properties ?? {}).length);
      },
    });
    expect(result.structural).toBe(true);
    expect(seen).toEqual([120]);
    expect(result.bytes).toBeLessThanOrEqual(2_000);
  });

  test('measured lazily or from a given size, the result is the same', () => {
    for (const input of [describedWide, { type: 'object', properties: fields('wide_field_name', 400) }]) {
      const lazy = compactForFidelity(copy(input) as never, 3_000);
      const given = compactForFidelity(copy(input) as never, 3_000, {
        initialBytes: jsonByteLength(parseToolInputSchemaWithoutCompaction(input)),
      });
      expect(lazy.raw).toStrictEqual(given.raw);
      expect(lazy.bytes).toBe(given.bytes);
      expect(lazy.steps.map((step) => step.name)).toEqual(given.steps.map((step) => step.name));
    }
  });
});

describe('giving back what fits again', () => {
  // Two levels of objects, enums, no descriptions and no refs: the reference cannot fit these
  // (its passes collapse from depth 3 only), so the fidelity result is the one returned.
  const word = fc.stringMatching(/^[a-z]{3,12}$/);
  const leaf = fc.oneof(
    fc.constant({ type: 'string' }),
    fc.array(word, { minLength: 2, maxLength: 30 }).map((values) => ({ type: 'string', enum: [...new Set(values)] })),
  );
  const object = (inner: fc.Arbitrary<unknown>) =>
    fc
      .dictionary(fc.stringMatching(/^[a-z_]{4,16}$/), inner, { minKeys: 1, maxKeys: 12 })
      .map((properties) => ({ type: 'object', properties }));
  const schema = object(fc.oneof(leaf, object(leaf)));

  test('no enum given up on a node the result still has would fit in what is left of the budget', () => {
    let checked = 0;
    fc.assert(
      fc.property(schema, fc.integer({ min: 300, max: 3_000 }), (input, budgetBytes) => {
        const full = parseToolInputSchemaWithoutCompaction(input) as unknown as Node;
        if (jsonByteLength(full as never) <= budgetBytes) return;
        const result = fidelity(input, budgetBytes);
        // Trimming the root (the last resort) strips every property to its type: nothing to give back there.
        const steps = explainToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes }).compaction?.passes;
        if (steps?.some((step) => step.name === 'trim_root')) return;
        const room = budgetBytes - jsonByteLength(result as never);
        expect(room).toBeGreaterThanOrEqual(0);
        const visit = (before: Node, after: Node | undefined) => {
          if (after === undefined) return;
          if (Array.isArray(before.enum) && !Array.isArray(after.enum) && after.type === before.type) {
            checked++;
            // `,"enum":` and the values: the node keeps its type, so the member has its comma.
            expect(jsonByteLength(before.enum as never) + 8).toBeGreaterThan(room);
          }
          for (const [name, child] of Object.entries(before.properties ?? {})) visit(child, after.properties?.[name]);
        };
        visit(full, result);
      }),
      { numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(20);
  });
});

describe('sharing repeated lists of values (share_enums)', () => {
  test('the size it predicts is the size a measure gives, on generated OpenAPI-style schemas', () => {
    let checked = 0;
    const inputs = [
      ...fc.sample(openApiServerToolSchema, { numRuns: 150, seed: 11 }),
      ...fc.sample(openApiToolSchema, { numRuns: 150, seed: 12 }),
    ];
    for (const input of inputs) {
      for (const budget of [5_000, 2_000]) {
        const raw = pruneUnreachableDefinitions(sanitizeJsonSchema(input));
        compactForFidelity(raw, budget, {
          initialBytes: measureRawSchema(raw, { exactText: true }).lowerBytes,
          onStep: (record, after) => {
            if (record.name !== 'share_enums') return;
            checked++;
            expect(record.bytesAfter).toBe(measureRawSchema(after, { exactText: true }).lowerBytes);
          },
        });
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
