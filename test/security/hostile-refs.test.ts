// Ref inlining bounded by the input's size: a "diamond" of definitions cannot explode a tool (issue 21, item 1).
import { describe, expect, test } from 'vitest';
import { MAX_INLINE_GROWTH, MIN_INLINE_LIMIT_BYTES } from '../../src/providers/convert-ref.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { type FollowedRef, mergeAllOf } from '../../src/providers/merge-all-of.js';
import { PROVIDER_TARGETS } from '../../src/providers/targets/registry.js';
import type { JsonObject } from '../../src/schema/json.js';

/** `levels` definitions, each with two properties referring to the next, the last a long enum. */
function refDiamond(levels: number, enumValues = 380, table = '$defs'): JsonObject {
  const defs: JsonObject = {};
  for (let level = 0; level < levels; level++) {
    const next = `#/${table}/d${level + 1}`;
    defs[`d${level}`] = {
      type: 'object',
      properties: { left: { $ref: next }, right: { $ref: next } },
    };
  }
  defs[`d${levels}`] = { type: 'string', enum: Array.from({ length: enumValues }, (_, i) => `v${i}`) };
  return { type: 'object', properties: { root: { $ref: `#/${table}/d0` } }, [table]: defs };
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('ref inlining is bounded by the input', () => {
  test.each(PROVIDER_TARGETS.flatMap((target) => [[target, false] as const, [target, true] as const]))(
    'a 16-level diamond stays within the limit on %s (strict: %s)',
    (target, strict) => {
      const inputSchema = refDiamond(16);
      // Under the 5,000 B budget: compaction never runs, so only the inlining limit can hold it.
      expect(bytes(inputSchema)).toBeLessThan(5_000);
      const conversion = convertMcpTools([{ name: 'diamond', inputSchema }], { target, strict });
      const [result] = conversion.results;
      expect(result?.ok).toBe(true);
      if (!result?.ok) return;
      const limit = Math.max(MIN_INLINE_LIMIT_BYTES, MAX_INLINE_GROWTH * bytes(inputSchema));
      // The wire schema: what inlining wrote, plus the tool's own text and the notes.
      expect(result.outputBytes).toBeLessThan(limit + 2 * bytes(inputSchema));
    },
  );

  test('Gemini parameters say what they did not inline, in a change and a warning', () => {
    const conversion = convertMcpTools([{ name: 'diamond', inputSchema: refDiamond(16) }], { target: 'gemini' });
    const [result] = conversion.results;
    if (!result?.ok) throw new Error('expected a converted tool');
    expect(
      result.changes.some((change) => change.kind === 'encoded_json_text' && /not inlined/.test(change.message)),
    ).toBe(true);
    expect(result.warnings.map((warning) => warning.message).join('\n')).toMatch(/refs are sent as JSON text/);
  });

  test('a cut subtree is still restored: the model sends it as JSON text, the tool gets the value', () => {
    const conversion = convertMcpTools([{ name: 'diamond', inputSchema: refDiamond(16) }], { target: 'gemini' });
    // Walk down the right branch (converted last, so cut first) while the wire spells it out;
    // the first JSON-text field takes the rest of the value as text.
    const [result] = conversion.results;
    if (!result?.ok) throw new Error('expected a converted tool');
    let wire = (result.tool as unknown as { parameters: JsonObject }).parameters.properties as JsonObject;
    const args: JsonObject = {};
    let holder = args;
    let depth = 0;
    for (;;) {
      const root = (wire.root ?? wire.right) as JsonObject;
      const key = wire.root === undefined ? 'right' : 'root';
      // Gemini's parameters spell types in capitals.
      const type = String(root.type).toLowerCase();
      if (type === 'string' && root.enum === undefined) {
        holder[key] = JSON.stringify(depth === 16 ? 'v1' : {});
        break;
      }
      if (type === 'string') {
        holder[key] = 'v1';
        break;
      }
      const next: JsonObject = {};
      holder[key] = next;
      holder = next;
      wire = root.properties as JsonObject;
      depth++;
      expect(depth).toBeLessThan(17);
    }
    expect(depth).toBeLessThan(16);
    const resolved = conversion.resolveToolCall('diamond', args);
    expect(resolved).toMatchObject({ ok: true, validated: true });
    // The text came back as the value the tool's own schema describes.
    let restored = resolved.ok ? (resolved.arguments.root as JsonObject) : {};
    for (let level = 0; level < depth; level++) restored = restored.right as JsonObject;
    expect(restored).toStrictEqual({});
  });

  test('diamonds through refs into properties (not $defs) are bounded on strict targets too', () => {
    const inputSchema = refDiamond(16, 380, 'properties');
    for (const target of ['openai-responses', 'anthropic'] as const) {
      const [result] = convertMcpTools([{ name: 'diamond', inputSchema }], { target, strict: true }).results;
      expect(result?.ok).toBe(true);
      if (result?.ok) expect(result.outputBytes).toBeLessThan(MIN_INLINE_LIMIT_BYTES + 3 * bytes(inputSchema));
    }
  });

  test('sixteen diamonds in one listing stay within a few megabytes on Gemini', () => {
    const tools = Array.from({ length: 16 }, (_, i) => ({ name: `diamond_${i}`, inputSchema: refDiamond(16) }));
    const conversion = convertMcpTools(tools, { target: 'gemini' });
    expect(conversion.summary.failed).toBe(0);
    expect(conversion.summary.bytesAfter).toBeLessThan(16 * (MIN_INLINE_LIMIT_BYTES + 2 * bytes(refDiamond(16))));
  });
});

// allOf merging inlines the refs of its members (OpenAI strict, Gemini, Anthropic strict, any
// root): it is bounded as ref inlining is, and a described ref is kept a ref.
describe('refs reached through allOf are bounded as inlined refs are', () => {
  /** A JSON value as zod v4 writes it for draft 7: every recursive use is `allOf: [{$ref}]`. */
  const jsonValueTool: JsonObject = {
    type: 'object',
    properties: {
      key: { type: 'string' },
      value: { description: 'Any JSON value', allOf: [{ $ref: '#/definitions/__schema0' }] },
    },
    required: ['key', 'value'],
    additionalProperties: false,
    definitions: {
      __schema0: {
        anyOf: [
          { type: 'string' },
          { type: 'number' },
          { type: 'boolean' },
          { type: 'null' },
          { type: 'array', items: { allOf: [{ $ref: '#/definitions/__schema0' }] } },
          {
            type: 'object',
            propertyNames: { type: 'string' },
            additionalProperties: { allOf: [{ $ref: '#/definitions/__schema0' }] },
          },
        ],
      },
    },
  };

  /** The same recursion through allOf members that are more than a ref, so they must be merged. */
  const mergedRecursion: JsonObject = {
    type: 'object',
    properties: { value: { allOf: [{ $ref: '#/$defs/Node' }, { title: 'a node' }] } },
    $defs: {
      Node: {
        type: 'object',
        properties: {
          left: { allOf: [{ $ref: '#/$defs/Node' }, { title: 'left' }] },
          right: { allOf: [{ $ref: '#/$defs/Node' }, { title: 'right' }] },
        },
      },
    },
  };

  /** {@link refDiamond} with every ref an allOf member beside a title: no ref is left to share. */
  function allOfDiamond(levels: number): JsonObject {
    const defs: JsonObject = {};
    for (let level = 0; level < levels; level++) {
      const next: JsonObject = { allOf: [{ $ref: `#/$defs/d${level + 1}` }, { title: `level ${level + 1}` }] };
      defs[`d${level}`] = { type: 'object', properties: { left: next, right: next } };
    }
    defs[`d${levels}`] = { type: 'string', enum: Array.from({ length: 380 }, (_, i) => `v${i}`) };
    return {
      type: 'object',
      properties: { root: { allOf: [{ $ref: '#/$defs/d0' }, { title: 'root' }] } },
      $defs: defs,
    };
  }

  /** A definition that is the conjunction of itself, three times over, at the root and below. */
  const selfConjunction: JsonObject = {
    allOf: [{ $ref: '#/$defs/X' }, { $ref: '#/$defs/X' }],
    properties: { below: { allOf: [{ $ref: '#/$defs/X' }, { title: 'below' }] } },
    $defs: {
      X: {
        type: 'object',
        properties: { q: { type: 'string' } },
        allOf: [{ $ref: '#/$defs/X' }, { $ref: '#/$defs/X' }, { $ref: '#/$defs/X' }],
      },
    },
  };

  /** The same, each ref with a keyword beside it: the member is more than its ref. */
  const selfConjunctionWithSiblings: JsonObject = {
    type: 'object',
    properties: { a: { allOf: [{ $ref: '#/$defs/X', title: 'r' }] } },
    $defs: {
      X: {
        type: 'object',
        properties: { q: { type: 'string' } },
        allOf: ['a', 'b', 'c'].map((title) => ({ $ref: '#/$defs/X', title })),
      },
    },
  };

  test('a member whose ref is merged already keeps only its own keywords, and its schema is merged once', () => {
    const schema: JsonObject = {
      allOf: [
        { $ref: '#/$defs/X', description: 'first' },
        { $ref: '#/$defs/X', minProperties: 1 },
      ],
    };
    const followed: FollowedRef[] = [];
    expect(mergeAllOf(schema, selfConjunctionWithSiblings, 0, followed)).toStrictEqual({
      type: 'object',
      properties: { q: { type: 'string' } },
      title: 'a',
      description: 'first',
      minProperties: 1,
    });
    expect(followed.map((ref) => ref.ref)).toStrictEqual(['#/$defs/X']);
  });

  test('a member that is only a ref merged already, or being merged around it, is merged once', () => {
    const before = structuredClone(selfConjunction);
    const schema = { type: 'object', allOf: [{ $ref: '#/$defs/X' }, { $ref: '#/$defs/X' }] };
    const followed: FollowedRef[] = [];
    expect(mergeAllOf(schema, selfConjunction, 0, followed)).toStrictEqual({
      type: 'object',
      properties: { q: { type: 'string' } },
    });
    // Followed once: a merge that expanded each member again was 3^16 merges for this input.
    expect(followed.map((ref) => ref.ref)).toStrictEqual(['#/$defs/X']);
    expect(selfConjunction).toStrictEqual(before);
  });

  const everyTarget = PROVIDER_TARGETS.flatMap((target) => [[target, false] as const, [target, true] as const]);

  test.each(everyTarget)(
    'a recursive zod JSON value, a self-merging node, an allOf diamond and a self-conjunction convert within the limit on %s (strict: %s)',
    (target, strict) => {
      const inputs = [jsonValueTool, mergedRecursion, allOfDiamond(16), selfConjunction, selfConjunctionWithSiblings];
      for (const inputSchema of inputs) {
        const conversion = convertMcpTools([{ name: 'recursive', inputSchema }], { target, strict });
        const [result] = conversion.results;
        expect(result?.ok).toBe(true);
        if (!result?.ok) return;
        const limit = Math.max(MIN_INLINE_LIMIT_BYTES, MAX_INLINE_GROWTH * bytes(inputSchema));
        expect(result.outputBytes).toBeLessThan(limit + 2 * bytes(inputSchema));
      }
    },
  );

  test('OpenAI strict keeps a described recursive ref a ref under $defs, its description beside it', () => {
    const conversion = convertMcpTools([{ name: 'store', inputSchema: jsonValueTool }], {
      target: 'openai-responses',
      strict: true,
    });
    const [result] = conversion.results;
    if (!result?.ok) throw new Error('expected a converted tool');
    expect(result.strict).toBe(true);
    const parameters = (result.tool as unknown as { parameters: JsonObject }).parameters;
    expect((parameters.properties as JsonObject).value).toStrictEqual({
      $ref: '#/$defs/__schema0',
      description: 'Any JSON value',
    });
    const variants = ((parameters.$defs as JsonObject).__schema0 as JsonObject).anyOf as JsonObject[];
    expect(variants[4]).toStrictEqual({ type: 'array', items: { $ref: '#/$defs/__schema0' } });
  });

  test('a value the model sends for the recursive ref is restored to what the tool expects', () => {
    const conversion = convertMcpTools([{ name: 'store', inputSchema: jsonValueTool }], {
      target: 'openai-responses',
      strict: true,
    });
    const value = ['a', 1, null, ['nested']];
    const resolved = conversion.resolveToolCall('store', JSON.stringify({ key: 'k', value }));
    expect(resolved).toMatchObject({ ok: true, arguments: { key: 'k', value } });
  });

  test('a merge that meets its own ref again cuts it into JSON text and says so', () => {
    const conversion = convertMcpTools([{ name: 'tree', inputSchema: mergedRecursion }], {
      target: 'openai-responses',
      strict: true,
    });
    const [result] = conversion.results;
    if (!result?.ok) throw new Error('expected a converted tool');
    expect(result.changes.some((change) => /recursive #\/\$defs\/Node merged here/.test(change.message))).toBe(true);
  });
});
