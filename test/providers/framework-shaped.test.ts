// Tools in the shapes the server frameworks emit (zod, pydantic, Kubernetes, Stripe, long enums,
// Hasura filters; test/helpers/framework-shaped.ts), which the corpus holds few of: every one
// converts on every target, strict and not, breaks no documented rule, and parses.
import { describe, expect, test } from 'vitest';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { type ConvertedTarget, PROVIDER_TARGETS } from '../../src/providers/targets/registry.js';
import { parseToolInputSchema } from '../../src/schema/pipeline.js';
import { FRAMEWORK_FAMILIES, frameworkShapedEntries } from '../helpers/framework-shaped.js';

/** Every target the registry converts to (all but codex, the reference's own path). */
const TARGETS = PROVIDER_TARGETS.filter((target): target is ConvertedTarget => target !== 'codex');

/** Twenty tools of each family, as MCP tools. */
const tools = frameworkShapedEntries(20).map(({ family, schema }, index) => ({
  name: `${family}_tool_${index}`,
  description: `A ${family}-shaped tool.`,
  inputSchema: schema,
}));

describe('framework-shaped tools', () => {
  test('the set holds every family', () => {
    const families = new Set(tools.map((tool) => tool.name.replace(/_tool_\d+$/, '')));
    expect([...families]).toStrictEqual(Object.keys(FRAMEWORK_FAMILIES));
  });

  test.each(TARGETS.flatMap((target) => [false, true].map((strict) => [target, strict] as const)))(
    '%s, strict %s: every tool converts and breaks no documented rule',
    (target, strict) => {
      // Anthropic strict is a per-request budget of 20 tools: one request per family.
      const requests = target === 'anthropic' && strict ? chunks(tools, 20) : [tools];
      for (const request of requests) {
        const result = convertMcpTools(request, { target, strict });
        expect(result.results.filter((entry) => !entry.ok)).toStrictEqual([]);
        expect(result.summary.converted).toBe(request.length);
        expect(checkProviderTools(target, result.tools).slice(0, 3)).toStrictEqual([]);
        if (strict && target.startsWith('openai'))
          expect(result.summary.strict + result.summary.strictFallbacks).toBe(request.length);
      }
    },
  );

  test('every schema parses, and refs that repeat a few names reach each one', () => {
    for (const { inputSchema } of tools) expect(() => parseToolInputSchema(inputSchema)).not.toThrow();
    // Hasura filters: every column refers to one of three comparison definitions, hundreds of
    // times in all; each referred definition is kept, any that nothing refers to is not.
    const filter = tools.find((tool) => tool.name.startsWith('hasura'))?.inputSchema as Record<string, unknown>;
    const kept = parseToolInputSchema(filter, { budgetBytes: 1_000_000 }) as { $defs?: Record<string, unknown> };
    const referred = new Set(
      JSON.stringify(filter)
        .match(/#\/\$defs\/[A-Za-z0-9_]+/g)
        ?.map((ref) => ref.slice(8)),
    );
    expect(new Set(Object.keys(kept.$defs ?? {}))).toStrictEqual(referred);
  });
});

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < list.length; index += size) out.push(list.slice(index, index + size));
  return out;
}
