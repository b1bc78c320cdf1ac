// Issue 13: wrong answers, honest failure kinds, whole Responses, and types that follow the options.
import { describe, expect, expectTypeOf, test } from 'vitest';
import { createStructuredResultDecoder } from '../../src/output/decode.js';
import { findFirstJsonObject } from '../../src/output/json-scan.js';
import { compileResponsesRequest } from '../../src/output/request.js';
import { createStructuredStreamDecoder, decodeResponse } from '../../src/output/stream.js';
import { checkStrictOutputSchema } from '../../src/output/strict.js';

const numberSchema = {
  type: 'object',
  properties: { n: { type: 'number' } },
  required: ['n'],
  additionalProperties: false,
};
const message = (text: string, status = 'completed') => ({
  type: 'message',
  role: 'assistant',
  status,
  content: [{ type: 'output_text', text }],
});

describe('wrong answers', () => {
  test('a number out of the double range is not JSON a consumer accepts (serde_json rejects 1e400)', () => {
    const decoder = createStructuredResultDecoder(numberSchema);
    expect(decoder.decode('{"n":1e400}')).toMatchObject({
      ok: false,
      kind: 'not_json',
      message: expect.stringMatching(/out of range/),
    });
    expect(decoder.decode('{"n":-1e400}')).toMatchObject({ ok: false });
    expect(decoder.decode('{"n":1e300}')).toMatchObject({ ok: true, value: { n: 1e300 } });
  });

  test('10 MB of { with the JSON fallbacks on is scanned once', () => {
    const decoder = createStructuredResultDecoder(numberSchema, { fallback: true });
    const started = performance.now();
    expect(decoder.decode('{'.repeat(10_000_000))).toMatchObject({ ok: false, kind: 'not_json' });
    // A generous bound: the old rescan took 11–22 s; one pass takes well under a second.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test('10 MB of short fenced blocks tries at most 32 of them', () => {
    const decoder = createStructuredResultDecoder(numberSchema, { fallback: { fencedCode: true } });
    const started = performance.now();
    expect(decoder.decode('```\n{"n":"x"}\n```\n'.repeat(500_000))).toMatchObject({
      ok: false,
      kind: 'schema_violation',
      source: 'fenced_code',
    });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test('findFirstJsonObject still finds an object after prose quotes and a failed candidate', () => {
    expect(findFirstJsonObject('He said "use {braces}" then {"a":1}')?.value).toStrictEqual({ a: 1 });
    expect(findFirstJsonObject('{ "x": [1, 2 } {"a":2}')?.value).toStrictEqual({ a: 2 });
    expect(findFirstJsonObject('{ bad { "a": 3 } more')?.value).toStrictEqual({ a: 3 });
  });

  test.each(['in_progress', 'incomplete', 'queued'])(
    'a message with status %s is incomplete, never decoded',
    (status) => {
      const decoder = createStructuredResultDecoder(numberSchema, { strict: true });
      expect(decoder.decodeMessage(message('{"n":1}', status) as never)).toStrictEqual({
        ok: false,
        kind: 'incomplete',
        reason: `the message is not complete (status "${status}")`,
      });
    },
  );
});

describe('failure kinds that do not blame the model', () => {
  test('a validator that throws or rejects is validator_error', async () => {
    const throwing = {
      '~standard': {
        version: 1 as const,
        vendor: 'test',
        validate: (): never => {
          throw new Error('database down');
        },
      },
    };
    expect(createStructuredResultDecoder(throwing).decode('{"n":1}')).toMatchObject({
      ok: false,
      kind: 'validator_error',
      message: expect.stringMatching(/database down/),
    });
    const rejecting = {
      '~standard': { version: 1 as const, vendor: 'test', validate: () => Promise.reject(new Error('timeout')) },
    };
    expect(await createStructuredResultDecoder(rejecting).decodeAsync('{"n":1}')).toMatchObject({
      ok: false,
      kind: 'validator_error',
      message: expect.stringMatching(/timeout/),
    });
  });

  test('Ajv running out of stack on a valid 10,000-level value is validator_error', () => {
    const tree = {
      $defs: { node: { type: 'object', properties: { c: { $ref: '#/$defs/node' } } } },
      $ref: '#/$defs/node',
    };
    let text = '{}';
    for (let level = 0; level < 10_000; level++) text = `{"c":${text}}`;
    expect(createStructuredResultDecoder(tree).decode(text)).toMatchObject({ ok: false, kind: 'validator_error' });
  });

  test('push() and decodeMessage() never throw on a throwing getter or a revoked Proxy', async () => {
    const decoder = createStructuredResultDecoder(numberSchema);
    const hostile = {
      get status(): string {
        throw new Error('getter');
      },
    };
    expect(decoder.decodeMessage(hostile as never)).toMatchObject({ ok: false, kind: 'incomplete' });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(decoder.decodeMessage(proxy as never)).toMatchObject({ ok: false });
    const stream = createStructuredStreamDecoder(decoder);
    expect(() => stream.push(hostile as never)).not.toThrow();
    expect(() => stream.push(proxy as never)).not.toThrow();
    expect(await stream.finish()).toMatchObject({ ok: false, kind: 'incomplete' });
  });
});

describe('decodeResponse (a whole Response)', () => {
  const decoder = createStructuredResultDecoder(numberSchema, { strict: true });

  test('decodes the last assistant message of a completed response', async () => {
    const response = { status: 'completed', output: [{ type: 'reasoning' }, message('{"n":2}')] };
    expect(await decodeResponse(decoder, response)).toStrictEqual({
      ok: true,
      value: { n: 2 },
      guarantee: 'strict',
      source: 'message',
    });
  });

  test('an incomplete response says why', async () => {
    const response = {
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      output: [message('{"n"', 'incomplete')],
    };
    expect(await decodeResponse(decoder, response)).toStrictEqual({
      ok: false,
      kind: 'incomplete',
      reason: 'the response is incomplete (max_output_tokens)',
    });
  });

  test('a refusal, and reasoning-only output', async () => {
    const refusal = {
      status: 'completed',
      output: [
        { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'refusal', refusal: 'No.' }] },
      ],
    };
    expect(await decodeResponse(decoder, refusal)).toStrictEqual({ ok: false, kind: 'refusal', refusal: 'No.' });
    expect(await decodeResponse(decoder, { status: 'completed', output: [{ type: 'reasoning' }] })).toStrictEqual({
      ok: false,
      kind: 'empty',
    });
  });

  test('a failed response carries its error', async () => {
    const failed = { status: 'failed', error: { code: 'server_error', message: 'boom' }, output: [] };
    expect(await decodeResponse(decoder, failed)).toMatchObject({
      ok: false,
      kind: 'incomplete',
      reason: 'the response failed: server_error boom',
    });
  });
});

describe('the stream consumer', () => {
  test('response.completed without an output_item.done event decodes the completed response\u2019s message', async () => {
    const stream = createStructuredStreamDecoder(createStructuredResultDecoder(numberSchema));
    stream.push({ type: 'response.completed', response: { output: [message('{"n":3}')] } });
    expect(await stream.finish()).toMatchObject({ ok: true, value: { n: 3 } });
  });
});

describe('the strict preflight looks everywhere a schema can hide', () => {
  test.each([
    ['oneOf', { oneOf: [{ type: 'object', properties: {} }] }, '/properties/x/oneOf/0'],
    ['allOf', { allOf: [{ type: 'object', properties: {} }] }, '/properties/x/allOf/0'],
    ['not', { not: { type: 'object', properties: {} } }, '/properties/x/not'],
    [
      'additionalProperties',
      { type: 'object', properties: {}, additionalProperties: false, required: [], patternProperties: {} },
      undefined,
    ],
    [
      'prefixItems',
      { type: 'array', prefixItems: [{ type: 'object', properties: {} }] },
      '/properties/x/prefixItems/0',
    ],
  ])('%s', (_name, x, path) => {
    const schema = { type: 'object', properties: { x }, required: ['x'], additionalProperties: false };
    const paths = checkStrictOutputSchema(schema).map((violation) => violation.path);
    if (path === undefined) expect(paths).toStrictEqual([]);
    else expect(paths).toContain(path);
  });

  test('an object schema inside additionalProperties', () => {
    const schema = {
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: { type: 'object', properties: {} },
    };
    expect(checkStrictOutputSchema(schema).map((violation) => violation.path)).toContain('/additionalProperties');
  });
});

describe('types and defaults', () => {
  test('the success type has a string only when the text fallback is asked for', () => {
    const plain = createStructuredResultDecoder<{ city: string }>({ type: 'object' }).decode('{}');
    if (plain.ok) expectTypeOf(plain.value).toEqualTypeOf<{ city: string }>();
    const withText = createStructuredResultDecoder<{ city: string }>(
      { type: 'object' },
      { fallback: { text: true } },
    ).decode('x');
    if (withText.ok) expectTypeOf(withText.value).toEqualTypeOf<{ city: string } | string>();
  });

  test('fallback: true never implies the plain-text fallback: truncated JSON is not ok', () => {
    const decoder = createStructuredResultDecoder(numberSchema, { fallback: true });
    expect(decoder.decode('{"n": 1')).toMatchObject({ ok: false, kind: 'not_json' });
  });

  test('strict follows the compiled request when it is given', () => {
    const body = compileResponsesRequest({ model: 'gpt-5', input: 'x', outputSchema: numberSchema });
    const decoder = createStructuredResultDecoder(numberSchema, { request: body });
    expect(decoder.decode('{"n":1}')).toMatchObject({ ok: true, guarantee: 'strict' });
    const loose = compileResponsesRequest({ model: 'gpt-5', input: 'x', outputSchema: numberSchema, strict: false });
    expect(createStructuredResultDecoder(numberSchema, { request: loose }).decode('{"n":1}')).toMatchObject({
      guarantee: 'validated',
    });
  });
});
