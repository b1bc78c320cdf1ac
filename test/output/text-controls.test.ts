import type { ResponseTextConfig } from 'openai/resources/responses/responses';
import { describe, expect, expectTypeOf, test } from 'vitest';
import type { TextControls } from '../../src/output/text-controls.js';
import { createTextControls } from '../../src/output/text-controls.js';
import { deepFreeze } from '../helpers/builders.js';

const schema = {
  type: 'object',
  properties: { answer: { type: 'string' } },
  required: ['answer'],
  additionalProperties: false,
};

// SPEC §3.1
describe('createTextControls', () => {
  test('is assignable to the openai package ResponseTextConfig', () => {
    expectTypeOf<TextControls>().toExtend<ResponseTextConfig>();
  });

  test('returns undefined when neither verbosity nor a schema is given', () => {
    expect(createTextControls({})).toBeUndefined();
    expect(createTextControls({ strict: false })).toBeUndefined();
  });

  test('serializes strict true by default with the reference name, schema verbatim', () => {
    expect(JSON.stringify(createTextControls({ outputSchema: deepFreeze({ ...schema, title: 'kept' }) }))).toBe(
      `{"format":{"type":"json_schema","strict":true,"schema":${JSON.stringify({ ...schema, title: 'kept' })},"name":"codex_output_schema"}}`,
    );
  });

  test('serializes strict false for a non-strict source, and verbosity alone', () => {
    expect(createTextControls({ outputSchema: schema, strict: false })?.format?.strict).toBe(false);
    expect(createTextControls({ verbosity: 'low' })).toStrictEqual({ verbosity: 'low' });
  });

  test('takes a name matching ^[a-zA-Z0-9_-]{1,64}$ and rejects others', () => {
    expect(createTextControls({ outputSchema: schema, name: 'review_result' })?.format?.name).toBe('review_result');
    expect(() => createTextControls({ outputSchema: schema, name: 'has space' })).toThrowError(
      expect.objectContaining({ code: 'invalid_option' }),
    );
    expect(() => createTextControls({ outputSchema: schema, name: 'x'.repeat(65) })).toThrowError(
      expect.objectContaining({ code: 'invalid_option' }),
    );
  });

  test('rejects a schema that is not a JSON object', () => {
    expect(() => createTextControls({ outputSchema: [1] })).toThrowError(
      expect.objectContaining({ code: 'invalid_output_schema' }),
    );
  });

  test('does not share the schema object with the caller', () => {
    const input = structuredClone(schema);
    const controls = createTextControls({ outputSchema: input });
    input.required.push('mutated');
    expect(controls?.format?.schema.required).toStrictEqual(['answer']);
  });
});
