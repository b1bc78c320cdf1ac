import * as v from 'valibot';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import { createStructuredResultDecoder, type StructuredResult } from '../../src/output/decode.js';
import { messageItem } from '../helpers/fake-responses-server.js';

const answerSchema = {
  type: 'object',
  properties: { answer: { type: 'string' }, confidence: { type: 'number', minimum: 0, maximum: 1 } },
  required: ['answer', 'confidence'],
  additionalProperties: false,
};
type Answer = { answer: string; confidence: number };

describe('createStructuredResultDecoder: guarantees', () => {
  test('is strict only when the request was strict and the whole text validated', () => {
    const strict = createStructuredResultDecoder<Answer>(answerSchema, { strict: true });
    expect(strict.decode('{"answer":"4","confidence":1}')).toStrictEqual({
      ok: true,
      value: { answer: '4', confidence: 1 },
      guarantee: 'strict',
      source: 'message',
    });
    const loose = createStructuredResultDecoder<Answer>(answerSchema);
    expect(loose.decode('  {"answer":"4","confidence":1}\n')).toMatchObject({ ok: true, guarantee: 'validated' });
  });

  test('types the value from a JSON Schema type argument or a Standard Schema', () => {
    const result = createStructuredResultDecoder(z.object({ n: z.number() })).decode('{"n":1}');
    // Issue 13: without the text fallback, no string in the success type, so no narrowing is needed.
    if (result.ok) expectTypeOf(result.value).toEqualTypeOf<{ n: number }>();
    expect(result).toMatchObject({ ok: true, value: { n: 1 } });
  });
});

// The seed's failure table (5.24), each row through the public API.
describe('createStructuredResultDecoder: the failure table', () => {
  test('non-strict output off-schema → schema_violation with paths, no value', () => {
    const decoder = createStructuredResultDecoder(answerSchema);
    expect(decoder.decode('{"answer":4,"confidence":2,"extra":true}')).toStrictEqual({
      ok: false,
      kind: 'schema_violation',
      issues: [
        { path: '', message: 'must NOT have additional properties ("extra")', keyword: 'additionalProperties' },
        { path: '/answer', message: 'must be string', keyword: 'type' },
        { path: '/confidence', message: 'must be <= 1', keyword: 'maximum' },
      ],
      source: 'message',
    });
  });

  test('the caller expects an object but gets text → not_json, unless the text fallback is asked for', () => {
    const prose = 'The answer is four, I am quite sure.';
    expect(createStructuredResultDecoder(answerSchema).decode(prose)).toMatchObject({ ok: false, kind: 'not_json' });
    expect(createStructuredResultDecoder(answerSchema, { fallback: { text: true } }).decode(prose)).toStrictEqual({
      ok: true,
      value: prose,
      guarantee: 'text',
      source: 'text',
    });
  });

  test('a stream cut mid-JSON (a truncated message) → incomplete, nothing parsed', () => {
    const decoder = createStructuredResultDecoder(answerSchema, { strict: true });
    const cut = { ...messageItem('{"answer":"fo'), status: 'incomplete' as const } as Parameters<
      typeof decoder.decodeMessage
    >[0];
    expect(decoder.decodeMessage(cut)).toMatchObject({ ok: false, kind: 'incomplete' });
  });

  test('a refusal part → refusal', () => {
    const decoder = createStructuredResultDecoder(answerSchema);
    const refused = {
      ...messageItem(''),
      content: [{ type: 'refusal' as const, refusal: 'I cannot help with that.' }],
    } as Parameters<typeof decoder.decodeMessage>[0];
    expect(decoder.decodeMessage(refused)).toStrictEqual({
      ok: false,
      kind: 'refusal',
      refusal: 'I cannot help with that.',
    });
  });

  test('empty or blank text → empty', () => {
    expect(createStructuredResultDecoder(answerSchema).decode(' \n')).toStrictEqual({ ok: false, kind: 'empty' });
  });
});

describe('createStructuredResultDecoder: fallbacks', () => {
  const fenced = 'Here you go:\n```json\n{"answer":"4","confidence":0.9}\n```\nAnything else?';
  const embedded = 'Sure! {"answer":"say \\"}\\" please","confidence":0.5} — hope that helps {not json}';

  test('run only when enabled', () => {
    expect(createStructuredResultDecoder(answerSchema, { strict: true }).decode(fenced)).toMatchObject({
      ok: false,
      kind: 'not_json',
    });
  });

  test('recover a fenced code block, marked fallback even for a strict request', () => {
    expect(createStructuredResultDecoder(answerSchema, { strict: true, fallback: true }).decode(fenced)).toStrictEqual({
      ok: true,
      value: { answer: '4', confidence: 0.9 },
      guarantee: 'fallback',
      source: 'fenced_code',
    });
  });

  test('recover the first balanced object in prose, braces inside strings and escapes included', () => {
    expect(
      createStructuredResultDecoder(answerSchema, { fallback: { embeddedObject: true } }).decode(embedded),
    ).toStrictEqual({
      ok: true,
      value: { answer: 'say "}" please', confidence: 0.5 },
      guarantee: 'fallback',
      source: 'embedded_object',
    });
  });

  test('still validate: an off-schema embedded object is not a value, and its violation is reported where it was found', () => {
    const decoder = createStructuredResultDecoder(answerSchema, {
      fallback: { embeddedObject: true, fencedCode: true },
    });
    expect(decoder.decode('result: {"answer": 1}')).toMatchObject({
      ok: false,
      kind: 'schema_violation',
      source: 'embedded_object',
      issues: expect.arrayContaining([expect.objectContaining({ path: '/answer', keyword: 'type' })]),
    });
  });
});

describe('createStructuredResultDecoder: providers without JSON Schema', () => {
  test('report capability_missing by default', () => {
    const decoder = createStructuredResultDecoder(answerSchema, { strict: true, providerSupportsJsonSchema: false });
    expect(decoder.decode('{"answer":"4","confidence":1}')).toMatchObject({ ok: false, kind: 'capability_missing' });
  });

  test('decode with a weak guarantee when a fallback is asked for, never strict', () => {
    const decoder = createStructuredResultDecoder(answerSchema, {
      strict: true,
      providerSupportsJsonSchema: false,
      fallback: true,
    });
    expect(decoder.decode('{"answer":"4","confidence":1}')).toMatchObject({ ok: true, guarantee: 'validated' });
  });
});

describe('createStructuredResultDecoder: schemas', () => {
  test('accepts draft-07 and 2020-12 JSON Schemas', () => {
    const draft07 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'array',
      items: [{ type: 'string' }],
      additionalItems: false,
    };
    expect(createStructuredResultDecoder(draft07).decode('["a"]')).toMatchObject({ ok: true });
    expect(createStructuredResultDecoder(draft07).decode('["a", 1]')).toMatchObject({
      ok: false,
      kind: 'schema_violation',
    });
    const draft2020 = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      prefixItems: [{ type: 'string' }],
      items: false,
    };
    expect(createStructuredResultDecoder(draft2020).decode('["a", 1]')).toMatchObject({
      ok: false,
      kind: 'schema_violation',
    });
  });

  test('checks formats', () => {
    const decoder = createStructuredResultDecoder({ type: 'string', format: 'email' });
    expect(decoder.decode('"not-an-email"')).toMatchObject({ ok: false, kind: 'schema_violation' });
  });

  test('accepts valibot and zod validators, with their issue paths', () => {
    const valibot = createStructuredResultDecoder(v.object({ tags: v.array(v.string()) }));
    expect(valibot.decode('{"tags":["a",2]}')).toMatchObject({
      ok: false,
      kind: 'schema_violation',
      issues: [{ path: '/tags/1' }],
    });
    const zod = createStructuredResultDecoder(z.object({ n: z.number().int() }));
    expect(zod.decode('{"n":1.5}')).toMatchObject({ ok: false, kind: 'schema_violation', issues: [{ path: '/n' }] });
  });

  test('awaits an async Standard Schema with decodeAsync and says so from decode', async () => {
    const asyncSchema = z.object({ n: z.number() }).refine(async (value) => value.n > 0, 'must be positive');
    const decoder = createStructuredResultDecoder(asyncSchema);
    expect(decoder.decode('{"n":1}')).toStrictEqual({
      ok: false,
      kind: 'validator_error',
      message: 'the validator is asynchronous; use decodeAsync()',
    });
    expect(await decoder.decodeAsync('{"n":1}')).toMatchObject({ ok: true, value: { n: 1 } });
    expect(await decoder.decodeAsync('{"n":-1}')).toMatchObject({ ok: false, kind: 'schema_violation' });
  });

  test('throws invalid_output_schema at construction for a schema Ajv cannot compile', () => {
    expect(() =>
      createStructuredResultDecoder({ type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } }),
    ).toThrowError(expect.objectContaining({ code: 'invalid_output_schema' }));
  });
});

describe('createStructuredResultDecoder: hostile text never throws', () => {
  const decoder = createStructuredResultDecoder({ type: 'array' }, { fallback: true });
  const cases: [string, string][] = [
    ['1,000,000 nested arrays', `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`],
    ['1,000,000 unclosed brackets', '['.repeat(1_000_000)],
    ['invalid UTF-16', '"\ud800\udc00\ud800"'],
    ['a huge string', `"${'x'.repeat(5_000_000)}"`],
    ['many unbalanced braces', '{'.repeat(100_000)],
  ];
  test.each(cases)('%s', (_name, text) => {
    let result: StructuredResult<unknown> | undefined;
    expect(() => {
      result = decoder.decode(text);
    }).not.toThrow();
    expect(result).toHaveProperty('ok');
  });
});
