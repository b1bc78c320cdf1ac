// Tools as TypeScript MCP servers list them: zod 4 and zod 3 types turned into input schemas by
// the MCP SDK's own converter (test/helpers/zod-tools.ts), which neither the corpus nor the
// hand-written framework shapes hold: draft-07 under `$schema`, tuples as `items: [...]`,
// `additionalItems`, refs to places (`#/properties/a/...`) for recursion. On every target every
// tool converts and breaks no documented rule, and a call the provider's schema takes resolves to
// arguments zod itself takes, or is refused where the conversion logged a loss.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import type { ConvertedTarget } from '../../src/providers/targets/registry.js';
import {
  EVERY_TARGET_VARIANT,
  sampleArguments,
  unexplainedIssues,
  wireParametersSchema,
} from '../helpers/provider-arguments.js';
import { zodTools } from '../helpers/zod-tools.js';

const tools = zodTools(160);
const byName = new Map(tools.map((tool) => [tool.name, tool]));
const VARIANTS: readonly (readonly [ConvertedTarget, boolean])[] = [...EVERY_TARGET_VARIANT, ['portable', false]];

describe('zod tools through the MCP SDK', () => {
  test('the set holds both versions, their draft-07 tuples and their recursion', () => {
    const text = JSON.stringify(tools.map((tool) => tool.inputSchema));
    expect(new Set(tools.map((tool) => tool.version))).toStrictEqual(new Set([3, 4]));
    expect(tools.every((tool) => tool.inputSchema.$schema === 'http://json-schema.org/draft-07/schema#')).toBe(true);
    expect(text).toMatch(/"items":\[/);
    expect(text).toMatch(/"additionalItems":/);
    expect(text).toMatch(/"\$ref":"#\/properties\//);
  });

  test.each(VARIANTS)('%s, strict %s: every tool converts, breaks no rule, and round-trips', (target, strict) => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, logger: false });
    let checked = 0;
    const refusedByZod: unknown[] = [];
    const unexplained: unknown[] = [];
    // Requests of 80: OpenAI takes at most 128 tools in one.
    for (let start = 0; start < tools.length; start += 80) {
      const request = tools
        .slice(start, start + 80)
        .map(({ name, inputSchema }) => ({ name, description: 'A zod tool.', inputSchema }));
      const result = convertMcpTools(request, { target, strict });
      expect(result.results.filter((entry) => !entry.ok)).toStrictEqual([]);
      expect(checkProviderTools(target, result.tools).slice(0, 3)).toStrictEqual([]);
      for (const entry of result.results) {
        if (!entry.ok) continue;
        const wire = wireParametersSchema(target, entry.tool);
        const args = sampleArguments(wire);
        let valid: boolean;
        try {
          valid = ajv.validate(wire, args) as boolean;
        } catch {
          valid = false;
        }
        if (!valid) continue;
        checked++;
        const resolved = result.resolveToolCall(entry.providerName, JSON.stringify(args));
        if (resolved.ok) {
          // Checked against the tool's own schema: the server's zod takes it too.
          if (resolved.validated && byName.get(entry.name)?.parse(resolved.arguments) !== true)
            refusedByZod.push({ tool: entry.name, args: resolved.arguments });
          continue;
        }
        if (entry.compactionPasses.length > 0) continue;
        const issues = unexplainedIssues(entry.changes, resolved.issues);
        if (issues.length > 0) unexplained.push({ tool: entry.name, args, issues });
      }
    }
    expect(refusedByZod.slice(0, 3)).toStrictEqual([]);
    expect(unexplained.slice(0, 3)).toStrictEqual([]);
    // Formats and patterns the argument generator cannot meet leave some tools unchecked.
    expect(checked).toBeGreaterThan(tools.length / 5);
  });
});
