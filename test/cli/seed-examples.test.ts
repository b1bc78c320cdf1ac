import { describe, expect, test } from 'vitest';
import { describedObject } from '../helpers/builders.js';
import { runInProcess } from '../helpers/cli.js';

// SPEC §1.7: the seed's worked examples, as a user sees them through `toolschema explain`.
describe('toolschema explain on the seed worked examples', () => {
  test('an untyped root with an untyped property: type inferred, property emptied', async () => {
    const run = await runInProcess(['explain'], '{"properties":{"q":{"description":"query"}}}');
    expect(run.stdout).toContain('~ /properties/q  schema emptied {"description":"query"} → {}');
    expect(run.stdout).toContain('+ /type  type inferred "object"');
    expect(run.stdout).toContain('"q": {}');
  });

  test('$defs A → B kept, an unreferenced C pruned', async () => {
    const input = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { $ref: '#/$defs/B' }, B: { type: 'string' }, C: { type: 'string' } },
    };
    const run = await runInProcess(['explain'], JSON.stringify(input));
    expect(run.stdout).toContain('- /$defs/C  definition pruned {"type":"string"}');
    expect(run.stdout).not.toContain('/$defs/A  definition pruned');
    expect(run.stdout).not.toContain('/$defs/B  definition pruned');
  });

  test('a 6 KB schema of descriptions: only descriptions stripped, and kept with --no-compaction', async () => {
    const input = JSON.stringify(describedObject(50, 100));
    const run = await runInProcess(['explain'], input);
    expect(run.stdout).toMatch(/strip_descriptions: 7,072 B → 1,222 B/);
    expect(run.stdout).not.toContain('drop_definitions');
    expect(run.stdout).toContain('- /properties/p0/description  description stripped');
    const kept = await runInProcess(['explain', '--no-compaction'], input);
    expect(kept.stdout).toContain('skipped (--no-compaction)');
    expect(kept.stdout).not.toContain('description stripped');
  });

  test('{"type":"null"} is rejected; {"type":["object","null"]} gets properties', async () => {
    const rejected = await runInProcess(['explain'], '{"type":"null"}');
    expect(rejected.exitCode).toBe(1);
    expect(rejected.stdout).toContain(
      'error [null_root_type] at the root: tool input schema must not be a singleton null type',
    );
    const union = await runInProcess(['explain'], '{"type":["object","null"]}');
    expect(union.exitCode).toBe(0);
    expect(union.stdout).toContain('+ /properties  default added {}');
  });
});
