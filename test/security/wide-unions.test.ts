// A root union of thousands of alternatives, merged into one object for the targets that need an
// object root (issue 25: linear at every size and shape). Each alternative that defined a property
// already merged copied the merged choices and compared them by their JSON: 8,000 alternatives
// took 5–17 s on every target.
import { describe, expect, test } from 'vitest';
import { convertMcpTools, type McpToolLike } from '../../src/index.js';
import { countStringifiedCharacters } from '../helpers/count-calls.js';

/** `count` alternatives, each defining `kind` its own way (the first as integers) and a property of its own. */
function unionTool(count: number): McpToolLike {
  const alternatives = Array.from({ length: count }, (_, index) => ({
    type: 'object',
    properties: {
      kind: index === 0 ? { type: 'integer', enum: [1, 2] } : { type: 'string', enum: [`k${index}`] },
      [`value${index}`]: { type: 'string' },
    },
    required: ['kind'],
  }));
  return { name: 'union', inputSchema: { type: 'object', anyOf: alternatives } } as McpToolLike;
}

// A budget the union fits in: the default one would cut it (SPEC §1.5).
const UNCOMPACTED = { budgetBytes: 1e9 };

describe('a root union of many alternatives is merged in linear time (issue 25)', () => {
  test('JSON written while merging grows with the alternatives, not with their square', () => {
    for (const target of ['openai-responses', 'gemini'] as const) {
      const written = (count: number) =>
        countStringifiedCharacters(50_000_000, () => convertMcpTools([unionTool(count)], { target, ...UNCOMPACTED }));
      const small = written(300);
      const large = written(3_000);
      expect(large, target).toBeLessThan(20 * small);
    }
  });

  test('every definition of the shared property is one choice of its anyOf', () => {
    const [tool] = convertMcpTools([unionTool(2_000)], { target: 'openai-responses', ...UNCOMPACTED }).tools;
    const kind = tool?.parameters?.properties as Record<string, { anyOf?: unknown[] }> | undefined;
    expect(kind?.kind?.anyOf).toHaveLength(2_000);
  });

  test('past 1,000 alternatives, a value is still restored through the first definition (Gemini sends its integers as text)', () => {
    const conversion = convertMcpTools([unionTool(1_500)], { target: 'gemini', ...UNCOMPACTED });
    const resolved = conversion.resolveToolCall('union', { kind: '2' });
    expect(resolved.ok && resolved.arguments).toStrictEqual({ kind: 2 });
  });
});
