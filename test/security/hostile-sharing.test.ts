// The fidelity policy's sharing steps with schemas written to collide in everything they hash
// (issue 24): the unequal are never merged, and a bucket of them is not compared pairwise.
import { describe, expect, test } from 'vitest';
import { parseToolInputSchema, parseToolInputSchemaWithoutCompaction } from '../../src/schema/pipeline.js';
import { jsonByteLength } from '../../src/schema/size.js';
import { inventory } from '../helpers/fidelity-metrics.js';

/** Texts of one length, alike in their first, middle and last character, all different. */
const alike = (index: number) => `a${String(index).padStart(6, '0')}M${String(index).padStart(6, '0')}z`;

interface Node {
  $ref?: string;
  enum?: string[];
  properties?: Record<string, { description?: string }>;
}

/** A node with its local ref followed, once. */
function resolve(node: Node, defs: Record<string, Node> | undefined): Node {
  if (node.$ref === undefined) return node;
  return defs?.[node.$ref.replace('#/$defs/', '')] ?? node;
}

function subset(inner: Set<string>, outer: Set<string>): string[] {
  return [...inner].filter((item) => !outer.has(item));
}

describe('sharing repeated parts of a schema written to collide', () => {
  test.each([
    [
      'subtrees that differ only where the hash does not look',
      (index: number) => ({
        type: 'object',
        properties: { value: { type: 'string', description: alike(index) }, unit: { type: 'string' } },
      }),
    ],
    [
      'lists of values alike in type, length, first and last value',
      (index: number) => ({ type: 'string', enum: ['first', alike(index), 'last'] }),
    ],
  ])('%s: 6,000 of them are compacted, and nothing unequal is merged', (_name, property) => {
    const input = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 6_000 }, (_, index) => [`p${index}`, property(index % 3_000)]),
      ),
    };
    const full = parseToolInputSchemaWithoutCompaction(input);
    const budgetBytes = 200_000;
    const compacted = parseToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes });
    expect(jsonByteLength(compacted)).toBeLessThanOrEqual(budgetBytes);
    // Every value and description the result tells the model at a path is what the input said there.
    const before = inventory(full as never);
    const after = inventory(compacted as never);
    expect(subset(after.enumValues, before.enumValues)).toEqual([]);
    expect(subset(after.descriptions, before.descriptions)).toEqual([]);
    expect(subset(after.paths, before.paths)).toEqual([]);
    // And each property's own text, through any ref, is its own (none is cut: they are short).
    const root = compacted as { properties: Record<string, Node>; $defs?: Record<string, Node> };
    for (const [name, node] of Object.entries(root.properties)) {
      const resolved = resolve(node, root.$defs);
      const text = resolved.properties?.value?.description ?? resolved.enum?.[1];
      if (text !== undefined) expect(text, name).toBe(alike(Number(name.slice(1)) % 3_000));
    }
  });
});

describe('naming shared parts', () => {
  test('2,000 lists shared under one name (items) each get their own definition, numbered', () => {
    const values = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
    const list = (index: number) => ({ type: 'string', enum: [`v${index}`, ...values] });
    // Each array differs (its own maxItems), so only the lists under `items` repeat.
    const input = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 4_000 }, (_, index) => [
          `p${index}`,
          { type: 'array', maxItems: index + 1, items: list(index % 2_000) },
        ]),
      ),
    };
    const compacted = parseToolInputSchema(input, { compactionPolicy: 'fidelity', budgetBytes: 480_000 }) as {
      $defs?: Record<string, { enum: string[] }>;
      properties: Record<string, { items?: { $ref?: string } }>;
    };
    const defs = compacted.$defs ?? {};
    expect(Object.keys(defs).length).toBe(2_000);
    expect(Object.keys(defs).every((name) => /^values(_\d+)?$/.test(name))).toBe(true);
    // Each property refers to the list it had.
    for (const [name, property] of Object.entries(compacted.properties)) {
      const ref = property.items?.$ref;
      if (ref === undefined) continue;
      expect(defs[ref.replace('#/$defs/', '')]?.enum[0], name).toBe(`v${Number(name.slice(1)) % 2_000}`);
    }
  });
});
