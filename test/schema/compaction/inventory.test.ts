// What a compacted schema still tells the model, counted (compaction/inventory.ts).
import { describe, expect, test } from 'vitest';
import { countSchemaInventory, keepsAtLeast } from '../../../src/schema/compaction/inventory.js';
import { parseToolInputSchemaWithoutCompaction } from '../../../src/schema/pipeline.js';
import { readCorpusTools } from '../../helpers/corpus.js';

describe('countSchemaInventory', () => {
  test('counts each property path once, refs followed into the root tables, enum values where they are', () => {
    const schema = {
      type: 'object',
      description: 'root',
      properties: {
        a: { type: 'string', enum: ['x', 'y'] },
        b: { $ref: '#/$defs/B' },
        c: {
          anyOf: [
            { type: 'object', properties: { d: { type: 'string' } } },
            { type: 'object', properties: { d: {} } },
          ],
        },
      },
      $defs: { B: { type: 'object', description: 'b', properties: { e: { type: 'string', enum: [1] } } } },
    };
    expect(countSchemaInventory(schema as never)).toEqual({ paths: 5, descriptions: 2, enumValues: 3 });
  });

  test('asked only whether a schema keeps at least some counts, it stops early and gives the same verdict', () => {
    let compared = 0;
    const models = readCorpusTools()
      .slice(0, 400)
      .map((tool) => parseToolInputSchemaWithoutCompaction(tool.inputSchema ?? {}) as never);
    for (let index = 1; index < models.length; index++) {
      const floor = countSchemaInventory(models[index - 1] as never);
      const full = countSchemaInventory(models[index] as never);
      const early = countSchemaInventory(models[index] as never, floor);
      expect(keepsAtLeast(early, floor)).toBe(keepsAtLeast(full, floor));
      // Never more than the whole count.
      expect(early.paths).toBeLessThanOrEqual(full.paths);
      compared++;
    }
    const small = { paths: 1, descriptions: 0, enumValues: 0 };
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`p${i}`, {}])),
    };
    expect(countSchemaInventory(wide, small).paths).toBeLessThan(50);
    expect(compared).toBeGreaterThan(300);
  });
});
