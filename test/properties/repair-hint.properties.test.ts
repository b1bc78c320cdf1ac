// Provider targets repair a tool only when the parse's copy hints at it (convert-tools.ts,
// parseRepairing): the hint must be there whenever a repair would change what the parse keeps,
// or a server bug would go unrepaired. (A root definition nothing refers to is never copied,
// only checked, so a bug there gives no hint: pruning drops it whether repaired or not.)
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ToolSchemaError } from '../../src/errors.js';
import { repairServerSchema } from '../../src/providers/repair-schema.js';
import { parseMcpToolWithFacts } from '../../src/tools/mcp.js';
import { PROPERTY_RUNS, schemaShaped } from '../helpers/arbitraries.js';
import { readCorpusTools } from '../helpers/corpus.js';

/** The server bugs the repairs know, as members to drop into a schema object. */
const bug = fc.oneof(
  fc.constantFrom('int', 'float', 'bool', 'str', 'dict', 'list', 'String', 'INTEGER').map((type) => ({ type })),
  fc.constantFrom('int', 'String', 'null').map((type) => ({ type: ['string', type] })),
  fc.constant({ required: 'name' }),
  fc.constant({ enum: 'x' }),
  fc.constantFrom('string', 'object', 'int').map((name) => ({ additionalProperties: name })),
  fc.constantFrom('string', 'number').map((name) => ({ items: name })),
  fc.constant({ properties: { q: { type: 'string' }, required: ['q'] } }),
  fc.constantFrom('string', 'bool').map((name) => ({ properties: { q: name } })),
);

/** A schema with bugs placed at random schema positions (properties, items, definitions, compositions). */
const buggySchema: fc.Arbitrary<unknown> = fc
  .tuple(
    schemaShaped,
    fc.array(fc.tuple(bug, fc.constantFrom('root', 'property', 'items', 'defs', 'anyOf')), { maxLength: 3 }),
  )
  .map(([base, bugs]) => {
    const root: Record<string, unknown> =
      typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...base } : { type: 'object' };
    for (const [members, where] of bugs) {
      const node = { type: 'object', ...members };
      if (where === 'root') Object.assign(root, members);
      else if (where === 'property') root.properties = { ...(root.properties as object), p: node };
      else if (where === 'items') root.items = node;
      else if (where === 'defs') root.$defs = { ...(root.$defs as object), D: node };
      else root.anyOf = [node, { type: 'string' }];
    }
    return root;
  });

/** The pruned, compacted raw schema the parse keeps, as JSON, or undefined when it fails. */
function kept(inputSchema: unknown): string | undefined {
  try {
    return JSON.stringify(parseMcpToolWithFacts({ name: 't', inputSchema } as never, { keepRaw: true }).report.raw);
  } catch (error) {
    if (error instanceof ToolSchemaError) return undefined;
    throw error;
  }
}

function hinted(inputSchema: unknown): boolean | 'failed' {
  try {
    return parseMcpToolWithFacts({ name: 't', inputSchema } as never, { keepRaw: true }).repairHint;
  } catch (error) {
    if (error instanceof ToolSchemaError) return 'failed';
    throw error;
  }
}

describe('the repair hint', () => {
  test('is set (or the parse fails) whenever a repair changes what the parse keeps, on schemas with server bugs', () => {
    let repairable = 0;
    let unhinted = 0;
    fc.assert(
      fc.property(buggySchema, (inputSchema) => {
        const repaired = repairServerSchema(inputSchema);
        if (repaired === undefined || repaired.repairs.length === 0) return;
        repairable++;
        const hint = hinted(inputSchema);
        if (hint !== false) return;
        // Only a bug in a definition pruning drops goes without a hint: repaired or not, the
        // parse keeps the same.
        unhinted++;
        expect(kept(repaired.schema)).toBe(kept(inputSchema));
      }),
      { numRuns: PROPERTY_RUNS * 2 },
    );
    expect(repairable).toBeGreaterThan(PROPERTY_RUNS / 2);
    // Most bugs land where the parse keeps them, and are hinted.
    expect(unhinted).toBeLessThan(repairable / 2);
  });

  test('is set for a tuple inside a tuple, where the decode does not look', () => {
    // fast-check's counterexample: the parse keeps prefixItems as it is, without decoding it.
    const inputSchema = { prefixItems: [{ items: [], $ref: 'https://example.com/schema.json#/$defs/A' }] };
    expect(repairServerSchema(inputSchema)?.repairs.length).toBeGreaterThan(0);
    expect(hinted(inputSchema)).toBe(true);
  });

  test('is set for a bug in a definition a property refers to, and not for one in a definition nothing refers to', () => {
    const bugged = { type: 'object', properties: { n: { type: 'int' } } };
    const reached = { type: 'object', properties: { a: { $ref: '#/$defs/D' } }, $defs: { D: bugged } };
    const unreached = { type: 'object', properties: { a: { type: 'string' } }, $defs: { D: bugged } };
    expect(hinted(reached)).toBe(true);
    expect(hinted(unreached)).toBe(false);
    const repaired = repairServerSchema(unreached);
    expect(repaired?.repairs.length).toBeGreaterThan(0);
    expect(kept(repaired?.schema)).toBe(kept(unreached));
  });

  test('is rare on real tools with nothing to repair (each hint costs a walk for nothing), and there whenever a repair finds something', () => {
    let repairable = 0;
    let hintedWithout = 0;
    const tools = readCorpusTools();
    for (const tool of tools) {
      const repaired = repairServerSchema(tool.inputSchema);
      const hint = hinted(tool.inputSchema);
      if (repaired !== undefined && repaired.repairs.length > 0) {
        repairable++;
        expect(hint).not.toBe(false);
      } else if (hint === true) hintedWithout++;
    }
    expect(repairable + hintedWithout).toBeLessThan(tools.length);
    // A hint without a repair costs one walk for nothing: it must stay rare.
    expect(hintedWithout).toBeLessThan(tools.length / 20);
  });
});
