// Tools as FastMCP (the MCP Python SDK) lists them: random pydantic v2 models' JSON Schema
// (scripts/pydantic-tools.py wrote test/fixtures/pydantic-tools.jsonl), which the hand-written
// pydantic shapes of the framework-shaped set only imitate: discriminated unions with their
// mapping, tuples as `prefixItems`, sets, maps, a recursive model, IntEnum definitions. On every
// target every tool converts and breaks no documented rule, and a call the provider's schema
// takes resolves to arguments the tool's schema takes, or is refused where a loss was logged.
// (pydantic itself took every one of 6,702 such calls over 1,600 models: `scripts/pydantic-tools.py --check`.)
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { ConvertedTarget } from '../../src/providers/targets/registry.js';
import type { McpToolLike } from '../../src/tools/mcp.js';
import { EVERY_TARGET_VARIANT } from '../helpers/provider-arguments.js';
import { roundTrips } from '../helpers/round-trips.js';

const tools = readFileSync(new URL('../fixtures/pydantic-tools.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line) as McpToolLike);
const VARIANTS: readonly (readonly [ConvertedTarget, boolean])[] = [...EVERY_TARGET_VARIANT, ['portable', false]];

describe('pydantic tools as FastMCP lists them', () => {
  test('the set holds discriminated unions, tuples, sets, maps and recursion', () => {
    const text = JSON.stringify(tools.map((tool) => tool.inputSchema));
    expect(tools).toHaveLength(200);
    for (const shape of [
      '"discriminator":',
      '"prefixItems":',
      '"uniqueItems":true',
      '"additionalProperties":{',
      '"TreeNode"',
    ])
      expect(text).toContain(shape);
  });

  test.each(VARIANTS)('%s, strict %s: every tool converts, breaks no rule, and round-trips', (target, strict) => {
    const found = roundTrips(tools, target, strict);
    expect(found.failed).toStrictEqual([]);
    expect(found.violations.slice(0, 3)).toStrictEqual([]);
    expect(found.misnamed).toStrictEqual([]);
    expect(found.unexplained.slice(0, 3)).toStrictEqual([]);
    expect(found.checked).toBeGreaterThan(tools.length * 0.8);
  });
});
