// Anthropic strict: a budget candidate strict mode cannot express falls back to the non-strict
// conversion made for the request budget, not to a third conversion (issue 25).
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';

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

describe('Anthropic strict falls back to the conversion made for the request budget', () => {
  test('a tool whose refs surely recur in strict is converted once (non-strict, for the budget), not a strict attempt more', () => {
    const conversion = convertMcpTools([recursiveTool], { target: 'anthropic', strict: true });
    expect(conversion.results[0]?.ok && conversion.results[0].strict).toBe(false);
    expect(conversions.count).toBe(1);
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
    expect(conversions.count).toBe(2);
  });

  test('a tool strict mode serves is converted twice too, and served strict', () => {
    const conversion = convertMcpTools([flatTool], { target: 'anthropic', strict: true });
    expect(conversion.results[0]?.ok && conversion.results[0].strict).toBe(true);
    expect(conversions.count).toBe(2);
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
