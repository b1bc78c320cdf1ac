import { describe, expect, test } from 'vitest';
import { explainToolInputSchema } from '../../src/schema/explain.js';
import { parseToolInputSchema, parseToolInputSchemaWithoutCompaction } from '../../src/schema/pipeline.js';
import { deepFreeze, describedObject } from '../helpers/builders.js';

function changeSummary(input: unknown) {
  return explainToolInputSchema(input).changes.map(({ stage, kind, path }) => ({ stage, kind, path }));
}

describe('explainToolInputSchema', () => {
  test('reports the seed example: root type inferred and an empty child', () => {
    // SPEC §1.7: {"properties":{"q":{"description":"query"}}} → {"type":"object","properties":{"q":{}}}
    const explanation = explainToolInputSchema({ properties: { q: { description: 'query' } } });
    expect(explanation.final).toStrictEqual({ type: 'object', properties: { q: {} } });
    expect(explanation.changes.map(({ kind, path }) => ({ kind, path }))).toStrictEqual([
      { kind: 'schema_emptied', path: '/properties/q' },
      { kind: 'type_inferred', path: '/type' },
    ]);
  });

  test('names each sanitize change by its path, a property named type included', () => {
    expect(
      changeSummary({
        type: 'object',
        properties: {
          type: true,
          mode: { const: 'a' },
          t: { type: ['string', 'foo'] },
          n: { type: ['object', 'null'] },
        },
        definitions: 'bad',
      }),
    ).toStrictEqual([
      { stage: 'sanitize', kind: 'boolean_schema_replaced', path: '/properties/type' },
      { stage: 'sanitize', kind: 'const_to_enum', path: '/properties/mode/const' },
      { stage: 'sanitize', kind: 'type_inferred', path: '/properties/mode/type' },
      { stage: 'sanitize', kind: 'type_normalized', path: '/properties/t/type' },
      { stage: 'sanitize', kind: 'default_added', path: '/properties/n/properties' },
      { stage: 'sanitize', kind: 'key_dropped', path: '/definitions' },
    ]);
  });

  test('lists pruned definitions and keywords unknown to the model', () => {
    const explanation = explainToolInputSchema({
      type: 'object',
      title: 'T',
      properties: { a: { $ref: '#/$defs/A' }, b: { type: 'string', format: 'uri', description: null } },
      $defs: { A: { type: 'string' }, Unused: { type: 'string' } },
    });
    expect(explanation.prunedDefinitions).toStrictEqual([{ table: '$defs', name: 'Unused' }]);
    expect(explanation.changes.map(({ stage, kind, path }) => ({ stage, kind, path }))).toStrictEqual([
      { stage: 'prune', kind: 'definition_pruned', path: '/$defs/Unused' },
      { stage: 'decode', kind: 'keyword_dropped', path: '/title' },
      { stage: 'decode', kind: 'keyword_dropped', path: '/properties/b/format' },
      { stage: 'decode', kind: 'null_dropped', path: '/properties/b/description' },
    ]);
  });

  test('records each compaction pass that ran with sizes before and after', () => {
    const input = describedObject(50, 100);
    const explanation = explainToolInputSchema(input);
    const final = parseToolInputSchema(input);
    const bytes = new TextEncoder().encode(JSON.stringify(final)).length;
    expect(explanation.compaction?.passes).toStrictEqual([
      { name: 'strip_descriptions', bytesBefore: explanation.compaction?.initialBytes, bytesAfter: bytes },
    ]);
    expect(explanation.compaction?.initialBytes).toBe(
      new TextEncoder().encode(JSON.stringify(parseToolInputSchemaWithoutCompaction(input))).length,
    );
    expect(explanation.finalBytes).toBe(bytes);
    expect(explanation.counts.description_stripped).toBe(50);
    // A stripped description is a removed key, in the changes and in the decoded snapshot.
    const stripped = explanation.changes.find((change) => change.kind === 'description_stripped');
    expect(stripped).toStrictEqual({
      stage: 'compact',
      pass: 'strip_descriptions',
      kind: 'description_stripped',
      path: '/properties/p0/description',
      before: 'd'.repeat(100),
      message: 'description stripped to fit the budget',
    });
    expect(JSON.stringify(explanation.decoded)).not.toContain('"description"');
    expect(explanation.changes.some((change) => change.stage === 'decode')).toBe(false);
  });

  test('reports a collapsed subtree as one change', () => {
    const input = {
      type: 'object',
      properties: {
        a: { type: 'object', properties: { b: { type: 'object', properties: { c: describedObject(40, 200) } } } },
        r: { anyOf: [{ type: 'string' }] },
      },
    };
    const explanation = explainToolInputSchema(input, { budgetBytes: 60 });
    expect(
      explanation.changes.filter((change) => change.stage === 'compact').map(({ kind, path }) => ({ kind, path })),
    ).toEqual(
      expect.arrayContaining([
        { kind: 'subtree_collapsed', path: '/properties/a/properties/b/properties/c' },
        { kind: 'composition_pruned', path: '/properties/r' },
      ]),
    );
    expect(explanation.final).toStrictEqual(parseToolInputSchema(input, { budgetBytes: 60 }));
  });

  test('gives the same final schema as the parse functions, with and without compaction', () => {
    const input = deepFreeze({ ...describedObject(60, 100), $defs: { A: {} } });
    expect(explainToolInputSchema(input).final).toStrictEqual(parseToolInputSchema(input));
    expect(explainToolInputSchema(input, { compaction: false }).final).toStrictEqual(
      parseToolInputSchemaWithoutCompaction(input),
    );
    expect(explainToolInputSchema(input, { compaction: false }).compaction).toBeUndefined();
  });

  test('returns the error instead of throwing it', () => {
    const explanation = explainToolInputSchema({ type: 'null' });
    expect(explanation.ok).toBe(false);
    expect(explanation.error?.code).toBe('null_root_type');
    expect(explanation.final).toBeUndefined();
    expect(explainToolInputSchema(() => 1).error?.code).toBe('not_json');
  });

  test('keeps the stage snapshots independent of each other', () => {
    const explanation = explainToolInputSchema({ properties: { a: true }, $defs: { X: {} } });
    expect(explanation.input).toStrictEqual({ properties: { a: true }, $defs: { X: {} } });
    expect(explanation.sanitized).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      $defs: { X: {} },
    });
    expect(explanation.pruned).toStrictEqual({ type: 'object', properties: { a: { type: 'string' } } });
  });
});
