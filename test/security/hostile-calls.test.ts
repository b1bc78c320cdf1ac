// Hostile arguments and hostile schemas at resolveToolCall: bounded work, honest validation (issue 21).
import { describe, expect, test } from 'vitest';
import { createStructuredResultDecoder } from '../../src/output/decode.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { DEFAULT_MAX_ARGUMENT_BYTES } from '../../src/providers/resolve-call.js';
import type { JsonObject } from '../../src/schema/json.js';

function resolverFor(inputSchema: JsonObject, target: 'codex' | 'openai-responses' = 'openai-responses') {
  const conversion = convertMcpTools([{ name: 't', inputSchema }], { target });
  return (args: unknown) => conversion.resolveToolCall('t', args);
}

describe('resolveToolCall runs a schema pattern in linear time', () => {
  // On a backtracking engine each of these takes time doubling per character: 28 characters
  // took 8 s, so 100,000 would never end and the test would time out.
  const evil = `${'a'.repeat(100_000)}!`;

  test.each([
    ['pattern', { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } }, { s: evil }],
    [
      'patternProperties',
      { type: 'object', patternProperties: { '^(a+)+$': { type: 'number' } }, additionalProperties: false },
      { [evil]: 1 },
    ],
    ['propertyNames', { type: 'object', propertyNames: { pattern: '^(a+)+$' } }, { [evil]: 1 }],
  ])('rejects a catastrophic %s on a long text without backtracking', (_keyword, schema, args) => {
    const resolved = resolverFor(schema as JsonObject)(args);
    expect(resolved.ok).toBe(false);
  });

  test('still accepts what the pattern matches', () => {
    const resolve = resolverFor({ type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } });
    expect(resolve({ s: 'aaaa' })).toMatchObject({ ok: true, validated: true, validatedAgainst: 'original' });
  });

  test.each([
    ['(?i)^abc$', 'ABC', 'abd'],
    ['^\\u00e9+$', 'éé', 'e'],
    ['^[^]$', '\n', 'ab'],
    ['^\\d{3}-\\d{4}$', '555-1234', '5551234'],
    ['^\\p{Lu}', 'Émile', 'émile'],
  ])('translates ECMAScript and Python spellings: %s', (pattern, good, bad) => {
    const resolve = resolverFor({ type: 'object', properties: { s: { type: 'string', pattern } } });
    expect(resolve({ s: good })).toMatchObject({ ok: true, validated: true });
    expect(resolve({ s: bad }).ok).toBe(false);
  });

  test('reports a pattern no linear engine can run as unchecked, and does not call the call validated', () => {
    const resolve = resolverFor({
      type: 'object',
      properties: { s: { type: 'string', pattern: '^(?!admin).*$' }, n: { type: 'integer', minimum: 0 } },
    });
    const resolved = resolve({ s: 'admin', n: 1 });
    expect(resolved).toMatchObject({ ok: true, validated: false, validatedAgainst: 'original' });
    if (!resolved.ok) return;
    expect(resolved.unchecked.map((entry) => entry.pattern)).toStrictEqual(['^(?!admin).*$']);
    expect(resolve({ s: 'x', n: -1 }).ok).toBe(false);
  });
});

describe('resolveToolCall checks uniqueItems in one pass', () => {
  const schema: JsonObject = { type: 'object', properties: { rows: { type: 'array', uniqueItems: true } } };

  test('accepts 50,000 distinct one-element arrays (a pairwise check took 14.6 s for 20,000)', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => [i]);
    expect(resolverFor(schema)({ rows })).toMatchObject({ ok: true, validated: true });
  });

  test.each([
    ['arrays', [[1], [2], [1]]],
    [
      'objects whose keys are in another order',
      [
        { a: 1, b: [2] },
        { b: [2], a: 1 },
      ],
    ],
    ['numbers written differently', [1, 1.0]],
  ])('rejects duplicate %s', (_what, rows) => {
    const resolved = resolverFor(schema)({ rows });
    expect(resolved.ok).toBe(false);
    if (resolved.ok) return;
    expect(resolved.issues[0]).toMatchObject({ path: '/rows', keyword: 'uniqueItems' });
  });

  test('accepts items that only look alike', () => {
    expect(resolverFor(schema)({ rows: [[1], ['1'], { a: 1 }, { a: '1' }, null, 0, false, ''] }).ok).toBe(true);
  });
});

describe('resolveToolCall bounds the arguments it reads', () => {
  test('rejects arguments larger than maxArgumentBytes, as text and as an object', () => {
    const conversion = convertMcpTools([{ name: 't', inputSchema: { type: 'object' } }], {
      target: 'openai-responses',
      maxArgumentBytes: 100,
    });
    const big = { s: 'x'.repeat(200) };
    for (const args of [big, JSON.stringify(big)]) {
      const resolved = conversion.resolveToolCall('t', args);
      expect(resolved.ok).toBe(false);
      if (!resolved.ok) expect(resolved.error.message).toContain('larger than 100 bytes');
    }
    expect(conversion.resolveToolCall('t', { s: 'x' }).ok).toBe(true);
  });

  test('has a 1 MB default', () => {
    expect(DEFAULT_MAX_ARGUMENT_BYTES).toBe(1_000_000);
    const resolve = resolverFor({ type: 'object' });
    expect(resolve({ s: 'x'.repeat(1_000_001) }).ok).toBe(false);
    expect(resolve({ s: 'x'.repeat(999_000) }).ok).toBe(true);
  });

  test('rejects a maxArgumentBytes that is not a positive integer', () => {
    expect(() => convertMcpTools([], { maxArgumentBytes: -1 })).toThrow(/maxArgumentBytes must be a positive integer/);
  });

  test('rejects JSON text nested 100,000 levels deep instead of returning it validated', () => {
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const resolved = resolverFor({ type: 'object' })(deep);
    expect(resolved.ok).toBe(false);
    if (!resolved.ok) expect(resolved.error.code).toBe('invalid_arguments');
  });

  test('rejects a number JSON cannot carry (1e400 parses as Infinity), naming its path', () => {
    const resolved = resolverFor({ type: 'object', properties: { n: { type: 'number' } } })('{"n":1e400}');
    expect(resolved.ok).toBe(false);
    if (!resolved.ok) expect(resolved.error.path).toBe('/arguments/n');
  });
});

describe('resolveToolCall says against what it validated', () => {
  test('checks the tool’s own bounds when its $schema URI is unknown', () => {
    const resolve = resolverFor({
      $schema: 'https://example.com/not-a-known-meta-schema',
      type: 'object',
      properties: { n: { type: 'integer', minimum: 0 } },
      required: ['n'],
    });
    expect(resolve({ n: -5 }).ok).toBe(false);
    expect(resolve({ n: 5 })).toMatchObject({ ok: true, validated: true, validatedAgainst: 'original' });
  });

  test('checks a Python-style (?i) pattern instead of falling back to a schema without it', () => {
    const resolve = resolverFor({ type: 'object', properties: { id: { type: 'string', pattern: '(?i)^[a-f0-9]+$' } } });
    expect(resolve({ id: 'ABC123' })).toMatchObject({ ok: true, validated: true });
    expect(resolve({ id: 'xyz' }).ok).toBe(false);
  });

  test('names the normalized schema, and is not validated, when the tool’s own schema cannot compile', () => {
    // `type: "int"` (a server bug) keeps Ajv from compiling the original; the normalized schema
    // compiles, but the reference's pipeline dropped `minimum`, so -5 gets through it.
    const resolve = resolverFor(
      { type: 'object', properties: { n: { type: 'integer', minimum: 0 }, x: { type: 'int' } } },
      'codex',
    );
    expect(resolve({ n: -5 })).toMatchObject({ ok: true, validated: false, validatedAgainst: 'normalized' });
  });

  test('says none when no schema compiles (a ref that resolves nowhere)', () => {
    const resolve = resolverFor({ type: 'object', properties: { x: { $ref: '#/$defs/missing' } } }, 'codex');
    expect(resolve({ x: 1 })).toMatchObject({ ok: true, validated: false, validatedAgainst: 'none', unchecked: [] });
  });
});

describe('prototype names are property names in resolveToolCall', () => {
  test.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])(
    'an optional %s does not reject a call that omits it; a required one rejects {}',
    (name) => {
      const optional = resolverFor(JSON.parse(`{"type":"object","properties":{"${name}":{"type":"string"}}}`));
      expect(optional({})).toMatchObject({ ok: true, validated: true });
      const required = resolverFor(
        JSON.parse(`{"type":"object","properties":{"${name}":{"type":"string"}},"required":["${name}"]}`),
      );
      expect(required({}).ok).toBe(false);
      expect(required(`{"${name}":"x"}`)).toMatchObject({ ok: true, arguments: JSON.parse(`{"${name}":"x"}`) });
    },
  );
});

describe('createStructuredResultDecoder with hostile answers', () => {
  test.each(['constructor', 'toString', 'valueOf', '__proto__'])(
    'treats %s as a property name: an optional one may be absent, a required one may not',
    (name) => {
      const optional = createStructuredResultDecoder(
        JSON.parse(`{"type":"object","properties":{"${name}":{"type":"string"}}}`),
      );
      expect(optional.decode('{}')).toMatchObject({ ok: true });
      const required = createStructuredResultDecoder(
        JSON.parse(`{"type":"object","properties":{"${name}":{"type":"string"}},"required":["${name}"]}`),
      );
      expect(required.decode('{}')).toMatchObject({ ok: false, kind: 'schema_violation' });
    },
  );

  test('flags an integer a double cannot hold (9007199254740993 reads as …992)', () => {
    const decoder = createStructuredResultDecoder({ type: 'object' }, { strict: true });
    expect(decoder.decode('{"id":9007199254740993}')).toMatchObject({
      ok: true,
      guarantee: 'strict',
      lossyNumbers: true,
    });
    expect(decoder.decode('{"id":9007199254740992,"s":"9007199254740993"}')).not.toHaveProperty('lossyNumbers');
    expect(decoder.decode('{"x":0.1234567890123456789}')).toMatchObject({ lossyNumbers: true });
    expect(decoder.decode('{"x":1.5e300}')).not.toHaveProperty('lossyNumbers');
  });

  test('tells a long fraction by its significant digits, trailing zeros aside, in one pass', () => {
    const decoder = createStructuredResultDecoder({ type: 'object' }, { strict: true });
    expect(decoder.decode(`{"x":1.5${'0'.repeat(40)}}`)).not.toHaveProperty('lossyNumbers');
    expect(decoder.decode(`{"x":0.000${'0'.repeat(40)}12345678901234567}`)).not.toHaveProperty('lossyNumbers');
    expect(decoder.decode(`{"x":0.000${'0'.repeat(40)}123456789012345678}`)).toMatchObject({ lossyNumbers: true });
    // A run of zeros that a later digit ends: stripping them by `/0+$/` retried the run from
    // each zero (30,000 took 0.75 s, growing with the square): a million would time out.
    expect(decoder.decode(`{"x":1.${'0'.repeat(1_000_000)}1}`)).toMatchObject({ ok: true, lossyNumbers: true });
  });

  test('flags a lossy number in a fenced fallback too', () => {
    const decoder = createStructuredResultDecoder({ type: 'object' }, { fallback: true });
    expect(decoder.decode('Here:\n```json\n{"id":12345678901234567890}\n```')).toMatchObject({
      guarantee: 'fallback',
      lossyNumbers: true,
    });
  });
});
