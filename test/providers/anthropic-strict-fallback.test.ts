// Anthropic strict: how many conversions the request budget costs (issue 25). A list of 20 tools
// or fewer is converted strict, and only the tools the budget leaves out again non-strict, unless
// the optional parameters counted before converting make it sure not to fit whole (then the
// cheapest by that count are converted strict, the others non-strict); in a
// longer list, a budget candidate strict mode cannot express falls back to the non-strict
// conversion made for the budget, not to a third conversion, and tools sure to cost nothing of
// the budget are converted strict at once.
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import type { McpToolLike } from '../../src/tools/mcp.js';

const conversions = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../src/providers/convert-schema.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/providers/convert-schema.js')>();
  return {
    ...original,
    convertSchemaForTarget: (...args: Parameters<typeof original.convertSchemaForTarget>) => {
      conversions.count++;
      return original.convertSchemaForTarget(...args);
    },
  };
});

/** A tree whose nodes refer to themselves: Anthropic strict cannot express recursion. */
const recursiveTool = {
  name: 'tree',
  description: 'Walks a tree.',
  inputSchema: {
    type: 'object',
    properties: {
      root: { $ref: '#/$defs/Node' },
      // A keyword the target drops: the fallback keeps that change.
      depth: { type: 'integer', minimum: 1, 'x-internal': true },
    },
    required: ['root'],
    $defs: {
      Node: {
        type: 'object',
        properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
      },
    },
  },
};

const flatTool = {
  name: 'flat',
  description: 'Takes a name.',
  inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
};

beforeEach(() => {
  conversions.count = 0;
});

/** A tool of `optional` optional string parameters (each counts against Anthropic's budget of 24). */
function optionalTool(name: string, optional: number) {
  return {
    name,
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: optional }, (_, i) => [`o${i}`, { type: 'string' }])),
    },
  };
}

/** A tool of `unions` required parameters that are each a string or a number (each a union in strict). */
function unionTool(name: string, unions: number) {
  const names = Array.from({ length: unions }, (_, i) => `u${i}`);
  return {
    name,
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(names.map((key) => [key, { type: ['string', 'number'] }])),
      required: names,
    },
  };
}

/** A list longer than the 20 tools Anthropic takes strict: converted non-strict first. */
const longList = (tools: McpToolLike[]) => [
  ...tools,
  ...Array.from({ length: 21 }, (_, i) => optionalTool(`pad${i}`, 3)),
];

describe('Anthropic strict falls back to the conversion made for the request budget', () => {
  test('a tool whose refs surely recur in strict is converted once (non-strict), not a strict attempt more', () => {
    const conversion = convertMcpTools([recursiveTool], { target: 'anthropic', strict: true });
    expect(conversion.results[0]?.ok && conversion.results[0].strict).toBe(false);
    expect(conversions.count).toBe(1);
  });

  test('in a list longer than 20, the recursive tool takes the conversion made for the budget: one per tool, one more per strict tool', () => {
    const tools = longList([recursiveTool]);
    const conversion = convertMcpTools(tools, { target: 'anthropic', strict: true });
    const [tree] = conversion.results;
    expect(tree?.ok && tree.strict).toBe(false);
    expect(tree?.ok ? tree.warnings[0]?.message : undefined).toMatch(/a recursive definition \(Node\)/);
    // 24 optional parameters: eight of the padding tools (3 each) are strict.
    expect(conversion.summary.strict).toBe(8);
    expect(conversions.count).toBe(tools.length + 8);
  });

  test('a recursion only the strict conversion shows (through a map of entries) is converted twice, not three times', () => {
    // `additionalProperties` is where the walk does not look: strict writes it as a list of
    // {key, value} entries whose value refers back. The strict attempt finds the recursion.
    const mapTool = {
      name: 'map',
      inputSchema: {
        type: 'object',
        properties: { root: { $ref: '#/$defs/Node' } },
        required: ['root'],
        $defs: { Node: { type: 'object', additionalProperties: { $ref: '#/$defs/Node' } } },
      },
    };
    const [result] = convertMcpTools([mapTool], { target: 'anthropic', strict: true }).results;
    expect(result?.ok && result.strict).toBe(false);
    expect(result?.ok ? result.warnings[0]?.message : undefined).toBe(
      'sent non-strict: strict mode cannot express recursive definitions (Node)',
    );
    expect(conversions.count).toBe(2);
  });

  test('a ref back only under a keyword strict does not write (a vendor extension, a not) is no recursion', () => {
    const selfOnPaper = {
      name: 'paper',
      inputSchema: {
        type: 'object',
        properties: { root: { $ref: '#/$defs/Node' } },
        required: ['root'],
        $defs: {
          Node: {
            type: 'object',
            properties: { label: { type: 'string' } },
            required: ['label'],
            'x-self': { $ref: '#/$defs/Node' },
            not: { $ref: '#/$defs/Node' },
          },
        },
      },
    };
    const [result] = convertMcpTools([selfOnPaper], { target: 'anthropic', strict: true }).results;
    expect(result?.ok && result.strict).toBe(true);
    expect(conversions.count).toBe(1);
  });

  test('in a list of 20 tools or fewer, a tool strict mode serves is converted once, strict', () => {
    const tools = Array.from({ length: 20 }, (_, i) => ({ ...flatTool, name: `flat${i}` }));
    const conversion = convertMcpTools(tools, { target: 'anthropic', strict: true });
    expect(conversion.summary.strict).toBe(20);
    expect(conversions.count).toBe(20);
  });

  test('in a list longer than 20, each tool is converted non-strict, then the cheapest strict', () => {
    // One optional parameter each: nothing vouches that they cost nothing of the budget.
    const tools = Array.from({ length: 21 }, (_, i) => optionalTool(`one${i}`, 1));
    const conversion = convertMcpTools(tools, { target: 'anthropic', strict: true });
    expect(conversion.summary.strict).toBe(20);
    expect(conversions.count).toBe(21 + 20);
  });

  test('in a list longer than 20, a oneOf of a non-strict conversion counts as the union strict makes of it: no tool is converted strict only to be over the budget', () => {
    // One required oneOf each: strict writes it as anyOf, a union; 16 fit the budget of 16.
    const tools = Array.from({ length: 21 }, (_, i) => ({
      name: `choice${i}`,
      inputSchema: {
        type: 'object',
        properties: { pick: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
        required: ['pick'],
      },
    }));
    const conversion = convertMcpTools(tools, { target: 'anthropic', strict: true });
    expect(conversion.summary.strict).toBe(16);
    expect(conversions.count).toBe(21 + 16);
    const left = conversion.results[20];
    if (!left?.ok) throw new Error('the tool should convert');
    expect(left.warnings).toStrictEqual([
      {
        path: '/inputSchema',
        message:
          'sent non-strict: Anthropic allows 20 strict tools, 24 optional and 16 union parameters per request, and cheaper tools use them (this one has 0 optional, 1 union)',
      },
    ]);
  });

  test('in a list longer than 20, tools sure to cost nothing of the budget are converted strict at once, the first 20 of them', () => {
    const tools = Array.from({ length: 25 }, (_, i) => ({ ...flatTool, name: `flat${i}` }));
    const conversion = convertMcpTools(tools, { target: 'anthropic', strict: true });
    expect(conversion.results.map((result) => result.ok && result.strict)).toStrictEqual(
      Array.from({ length: 25 }, (_, i) => i < 20),
    );
    expect(conversions.count).toBe(25);
  });

  test('in a short list, a tool the budget leaves out is converted again non-strict: the non-strict tool, its changes, then the budget change', () => {
    // 6 union parameters each, all required: two fit the 16, the third (last in list order) does
    // not. Nothing counted before converting sees unions: the list is converted strict whole.
    const tools = [unionTool('a', 6), unionTool('b', 6), { ...unionTool('c', 6), description: 'C.' }];
    const conversion = convertMcpTools(tools, { target: 'anthropic', strict: true });
    expect(conversions.count).toBe(4);
    expect(conversion.results.map((result) => result.ok && result.strict)).toStrictEqual([true, true, false]);
    const [, , left] = conversion.results;
    const [, , loose] = convertMcpTools(tools, { target: 'anthropic' }).results;
    if (!left?.ok || !loose?.ok) throw new Error('both conversions should succeed');
    expect(left.tool).toStrictEqual(loose.tool);
    const message =
      'sent non-strict: Anthropic allows 20 strict tools, 24 optional and 16 union parameters per request, and cheaper tools use them (this one has 0 optional, 6 union)';
    expect(left.warnings).toStrictEqual([{ path: '/inputSchema', message }]);
    expect(left.changes).toStrictEqual([...loose.changes, { kind: 'strict_fallback', path: '/inputSchema', message }]);
  });

  test('in a short list sure not to fit whole, the tools past what the counted optional parameters fit are converted non-strict, once', () => {
    // 10 optional parameters each, counted before converting: the list is sure to be over the 24.
    // The first two fit by that count and are converted strict; the others rank after them and
    // stay non-strict, each converted once.
    const tools = [
      optionalTool('a', 10),
      optionalTool('b', 10),
      { ...optionalTool('c', 10), description: 'C.' },
      optionalTool('d', 10),
    ];
    const conversion = convertMcpTools(tools, { target: 'anthropic', strict: true });
    expect(conversions.count).toBe(4);
    expect(conversion.results.map((result) => result.ok && result.strict)).toStrictEqual([true, true, false, false]);
    const loose = convertMcpTools(tools, { target: 'anthropic' }).results;
    const message =
      'sent non-strict: Anthropic allows 20 strict tools, 24 optional and 16 union parameters per request, and cheaper tools use them (this one has 10 optional, 0 union)';
    for (const index of [2, 3]) {
      const [left, same] = [conversion.results[index], loose[index]];
      if (!left?.ok || !same?.ok) throw new Error('both conversions should succeed');
      expect(left.tool).toStrictEqual(same.tool);
      expect(left.warnings).toStrictEqual([{ path: '/inputSchema', message }]);
      expect(left.changes).toStrictEqual([...same.changes, { kind: 'strict_fallback', path: '/inputSchema', message }]);
    }
  });

  test('in a short list sure not to fit whole, the tools that rank cheapest by their counted optional parameters are converted strict, the others once, non-strict', () => {
    // 10, 10, 10 and 5 optional parameters: ranked 5, 10, 10, 10, the first two fit the 24. The
    // same tools are strict as when the list was converted strict whole, in 4 conversions, not 6.
    const tools = [optionalTool('a', 10), optionalTool('b', 10), optionalTool('c', 10), optionalTool('d', 5)];
    const conversion = convertMcpTools(tools, { target: 'anthropic', strict: true });
    expect(conversion.results.map((result) => result.ok && result.strict)).toStrictEqual([true, false, false, true]);
    expect(conversions.count).toBe(4);
    const loose = convertMcpTools(tools, { target: 'anthropic' }).results;
    for (const index of [1, 2]) {
      const [left, same] = [conversion.results[index], loose[index]];
      if (!left?.ok || !same?.ok) throw new Error('both conversions should succeed');
      expect(left.tool).toStrictEqual(same.tool);
    }
  });

  test('in a short list where most tools fit, only the one the budget leaves out is converted non-strict, once', () => {
    // A search server's shape: 14, 5, 10, 7 and 1 optional parameters. All but the 14 fit (23).
    const tools = [14, 5, 10, 7, 1].map((optional, index) => optionalTool(`t${index}`, optional));
    const conversion = convertMcpTools(tools, { target: 'anthropic', strict: true });
    expect(conversion.results.map((result) => result.ok && result.strict)).toStrictEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(conversions.count).toBe(5);
  });

  test('a tool converted strict at once still takes its turn: where cheaper tools earlier in the list fill the 20, it is converted again non-strict', () => {
    // Free of the budget too, but through a ref the check does not follow: converted non-strict
    // first, ranked, then strict. They come first in the list, so they take the 20 places.
    const throughRef = (name: string) => ({
      name,
      inputSchema: {
        type: 'object',
        properties: { who: { $ref: '#/$defs/Who' } },
        required: ['who'],
        $defs: { Who: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
      },
    });
    const tools = [
      ...Array.from({ length: 20 }, (_, i) => throughRef(`ref${i}`)),
      ...Array.from({ length: 3 }, (_, i) => ({ ...flatTool, name: `flat${i}` })),
    ];
    const conversion = convertMcpTools(tools, { target: 'anthropic', strict: true });
    expect(conversion.results.map((result) => result.ok && result.strict)).toStrictEqual(
      Array.from({ length: 23 }, (_, i) => i < 20),
    );
    // 20 non-strict and 20 strict; the flat ones strict at once, then again non-strict.
    expect(conversions.count).toBe(20 + 20 + 3 + 3);
    const loose = convertMcpTools(tools, { target: 'anthropic' }).results;
    const message =
      'sent non-strict: Anthropic allows 20 strict tools, 24 optional and 16 union parameters per request, and cheaper tools use them (this one has 0 optional, 0 union)';
    for (const index of [20, 21, 22]) {
      const [left, same] = [conversion.results[index], loose[index]];
      if (!left?.ok || !same?.ok) throw new Error('both conversions should succeed');
      expect(left.tool).toStrictEqual(same.tool);
      expect(left.providerName).toBe(`flat${index - 20}`);
      expect(left.warnings).toStrictEqual([{ path: '/inputSchema', message }]);
      expect(left.changes).toStrictEqual([...same.changes, { kind: 'strict_fallback', path: '/inputSchema', message }]);
    }
  });

  test.each([
    ['short', 5],
    ['long', 22],
  ])('in a %s list, a tool converted again keeps the name it was given, where names collide', (_, count) => {
    // Every name sanitizes to `a_b`: the first keeps it, the next a hash, the others numbers.
    const tools = Array.from({ length: count }, (_, i) => optionalTool('a b', i % 2 === 0 ? 12 : 1));
    const strict = convertMcpTools(tools, { target: 'anthropic', strict: true });
    const loose = convertMcpTools(tools, { target: 'anthropic' });
    expect(strict.results.some((result) => result.ok && !result.strict)).toBe(true);
    const providerNames = (conversion: typeof strict) =>
      conversion.results.map((result) => (result.ok ? result.providerName : undefined));
    expect(providerNames(strict)).toStrictEqual(providerNames(loose));
    expect(new Set(providerNames(strict)).size).toBe(count);
  });

  test('the fallback is the non-strict conversion, its changes, then the strict_fallback change and warning', () => {
    const [fallen] = convertMcpTools([recursiveTool, flatTool], { target: 'anthropic', strict: true }).results;
    const [loose] = convertMcpTools([recursiveTool, flatTool], { target: 'anthropic' }).results;
    if (!fallen?.ok || !loose?.ok) throw new Error('both conversions should succeed');
    expect(fallen.strict).toBe(false);
    expect(fallen.tool).toStrictEqual(loose.tool);
    const message = 'sent non-strict: strict mode cannot express a recursive definition (Node)';
    expect(loose.changes.length).toBeGreaterThan(0);
    expect(fallen.changes).toStrictEqual([
      ...loose.changes,
      { kind: 'strict_fallback', path: '/inputSchema', message },
    ]);
    expect(fallen.warnings).toStrictEqual([{ path: '/inputSchema', message }]);
    // The arguments are restored by the same plan.
    const call = { root: { label: 'a', children: null }, depth: 2 };
    expect(
      convertMcpTools([recursiveTool], { target: 'anthropic', strict: true }).resolveToolCall('tree', call),
    ).toStrictEqual(convertMcpTools([recursiveTool], { target: 'anthropic' }).resolveToolCall('tree', call));
  });
});
