// Tools as TypeScript MCP servers list them: zod 4 and zod 3 types turned into input schemas by
// the MCP SDK's own converter (test/helpers/zod-tools.ts), which neither the corpus nor the
// hand-written framework shapes hold: draft-07 under `$schema`, tuples as `items: [...]`,
// `additionalItems`, refs to places (`#/properties/a/...`) for recursion. On every target every
// tool converts and breaks no documented rule, and a call the provider's schema takes resolves to
// arguments zod itself takes, or is refused where the conversion logged a loss.
import { describe, expect, test } from 'vitest';
import type { ConvertedTarget } from '../../src/providers/targets/registry.js';
import { EVERY_TARGET_VARIANT } from '../helpers/provider-arguments.js';
import { roundTrips } from '../helpers/round-trips.js';
import { zodTools } from '../helpers/zod-tools.js';

const tools = zodTools(160);
const byName = new Map(tools.map((tool) => [tool.name, tool]));
const mcpTools = tools.map(({ name, inputSchema }) => ({ name, description: 'A zod tool.', inputSchema }));
const VARIANTS: readonly (readonly [ConvertedTarget, boolean])[] = [...EVERY_TARGET_VARIANT, ['portable', false]];

describe('zod tools through the MCP SDK', () => {
  test('the set holds both versions, their draft-07 tuples and their recursion', () => {
    const text = JSON.stringify(tools.map((tool) => tool.inputSchema));
    expect(new Set(tools.map((tool) => tool.version))).toStrictEqual(new Set([3, 4]));
    expect(tools.every((tool) => tool.inputSchema.$schema === 'http://json-schema.org/draft-07/schema#')).toBe(true);
    expect(text).toMatch(/"items":\[/);
    expect(text).toMatch(/"additionalItems":/);
    expect(text).toMatch(/"\$ref":"#\/properties\//);
    // zod 3's `z.undefined()` and `z.never()` in unions, as zod-to-json-schema writes them.
    expect(text).toMatch(/"not":\{\}/);
  });

  test.each(VARIANTS)('%s, strict %s: every tool converts, breaks no rule, and round-trips', (target, strict) => {
    // Each union's first alternative, then its last: both ways a model may fill it.
    const found = roundTrips(mcpTools, target, strict, 80, ['first', 'last']);
    expect(found.failed).toStrictEqual([]);
    expect(found.violations.slice(0, 3)).toStrictEqual([]);
    expect(found.misnamed).toStrictEqual([]);
    expect(found.unexplained.slice(0, 3)).toStrictEqual([]);
    // Checked against the tool's own schema: the server's zod takes it too.
    const refusedByZod = found.accepted.filter(({ name, args }) => byName.get(name)?.parse(args) !== true);
    expect(refusedByZod.slice(0, 3)).toStrictEqual([]);
    // Contradictory intersections (the generator's) and patterns no sample meets leave some unchecked.
    expect(found.checked).toBeGreaterThan(tools.length / 2);
  });
});
