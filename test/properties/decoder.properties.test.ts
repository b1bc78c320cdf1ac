// The structured result decoder never throws, whatever text a model sends (issue 7 §6).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createStructuredResultDecoder } from '../../src/output/decode.js';
import { createStructuredStreamDecoder, decodeResponse } from '../../src/output/stream.js';
import { PROPERTY_RUNS } from '../helpers/arbitraries.js';

const decoders = {
  strict: createStructuredResultDecoder(
    { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false },
    { strict: true },
  ),
  fallbacks: createStructuredResultDecoder({ type: 'array', items: { type: 'integer' } }, { fallback: true }),
  anything: createStructuredResultDecoder(true, { fallback: { embeddedObject: true, fencedCode: true } }),
};

const modelText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .tuple(fc.string(), fc.jsonValue(), fc.string())
    .map(([before, value, after]) => `${before}\`\`\`json\n${JSON.stringify(value)}\n\`\`\`${after}`),
  fc
    .tuple(fc.string(), fc.jsonValue(), fc.string())
    .map(([before, value, after]) => `${before} ${JSON.stringify(value)} ${after}`),
  fc
    .array(fc.constantFrom('{', '}', '[', ']', '"', '\\', '`', '\n', 'a', ':', ','), { maxLength: 200 })
    .map((parts) => parts.join('')),
);

describe('decoder properties', () => {
  test.each(Object.entries(decoders))(
    'the %s decoder returns a result for any text and never throws',
    (_name, decoder) => {
      fc.assert(
        fc.property(modelText, (text) => {
          const result = decoder.decode(text);
          expect(typeof result.ok).toBe('boolean');
          if (result.ok && result.guarantee === 'strict') expect(result.source).toBe('message');
        }),
        { numRuns: PROPERTY_RUNS },
      );
    },
  );

  test('a fallback value is never reported as strict', () => {
    const decoder = createStructuredResultDecoder(true, { strict: true, fallback: true });
    fc.assert(
      fc.property(modelText, (text) => {
        const result = decoder.decode(text);
        if (result.ok && result.source !== 'message') expect(result.guarantee).not.toBe('strict');
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test.each([
    ['1,000,000 nested arrays', () => `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`],
    ['1,000,000 nested objects in prose', () => `see ${'{"a":'.repeat(1_000_000)}1${'}'.repeat(1_000_000)} here`],
    ['a 20 MB string', () => `"${'x'.repeat(20_000_000)}"`],
    ['lone surrogates everywhere', () => '\ud800{"a":"\udfff"}\ud800'],
  ])('survives %s', (_name, make) => {
    for (const decoder of Object.values(decoders)) expect(() => decoder.decode(make())).not.toThrow();
  });
});

// Issue 13: the stream consumer and decodeResponse never throw either, whatever the events.
const hostileEvent = fc.oneof(
  fc.constant(null),
  fc.anything(),
  fc.record({
    type: fc.constantFrom(
      'response.output_text.delta',
      'response.refusal.delta',
      'response.refusal.done',
      'response.output_item.done',
      'response.completed',
      'response.incomplete',
      'response.failed',
      'error',
    ),
    delta: fc.anything(),
    refusal: fc.anything(),
    item: fc.oneof(
      fc.anything(),
      fc.record({ type: fc.constant('message'), status: fc.anything(), content: fc.anything() }),
    ),
    response: fc.oneof(
      fc.anything(),
      fc.record({ status: fc.anything(), output: fc.anything(), error: fc.anything() }),
    ),
    message: fc.anything(),
  }),
);

describe('stream consumer properties', () => {
  test('push() never throws and finish() always resolves to a result', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileEvent, { maxLength: 12 }), async (events) => {
        const stream = createStructuredStreamDecoder(decoders.strict);
        for (const event of events) stream.push(event as never);
        const result = await stream.finish();
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  test('decodeResponse never rejects, whatever the response', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.anything(), fc.record({ status: fc.anything(), output: fc.array(fc.anything()) })),
        async (response) => {
          const result = await decodeResponse(decoders.fallbacks, response as never);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
