// A provider conversion decodes each definition's model only when it is read (issue 25): what a
// reader sees must be what the parse builds, however it reads it.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { ConvertToolsOptions } from '../../src/providers/convert-tools.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import type { ProviderTarget } from '../../src/providers/targets/registry.js';
import type { McpToolLike } from '../../src/tools/mcp.js';
import { readCorpusTools } from '../helpers/corpus.js';
import { openApiToolSchema } from '../helpers/openapi-arbitrary.js';
import { openApiServerToolSchema } from '../helpers/openapi-servers.js';

const generated: McpToolLike[] = [
  ...fc.sample(openApiServerToolSchema, { numRuns: 60, seed: 7 }),
  ...fc.sample(openApiToolSchema, { numRuns: 60, seed: 8 }),
].map((inputSchema, index) => ({ name: `generated_${index}`, inputSchema }));

/**
 * The definitions of a provider conversion, beside the codex conversion's (which builds each
 * model as it parses), for the tools the provider target did not repair (a repaired tool's
 * definition is of the repaired schema).
 */
function definitionPairs(
  tools: readonly McpToolLike[],
  target: ProviderTarget,
  options: Partial<ConvertToolsOptions> = {},
): [provider: unknown, parsed: unknown][] {
  const provider = convertMcpTools(tools, { ...options, target });
  const codex = convertMcpTools(tools, { ...options, target: 'codex' });
  const pairs: [unknown, unknown][] = [];
  provider.results.forEach((result, index) => {
    const parsed = codex.results[index];
    if (!result.ok || parsed === undefined || !parsed.ok) return;
    if (result.changes.some((change) => change.kind === 'schema_repaired')) return;
    pairs.push([result.definition, parsed.definition]);
  });
  return pairs;
}

describe('a provider conversion’s definitions', () => {
  test.each([
    ['openai-responses', {}],
    ['gemini', { strict: false }],
    ['anthropic', { strict: true }],
    ['openai-chat', { compactionPolicy: 'fidelity', budgetBytes: 2_000 }],
    ['portable', { budgetBytes: 800 }],
  ] as const)('read on %s (%j) as the models the parse builds, compacted ones included', (target, options) => {
    for (const tools of [readCorpusTools(), generated]) {
      const pairs = definitionPairs(tools, target, options);
      expect(pairs.length).toBeGreaterThan(tools.length * 0.9);
      for (const [provider, parsed] of pairs) expect(JSON.stringify(provider)).toBe(JSON.stringify(parsed));
    }
  });

  test('are ordinary members: enumerable, in the parsed key order, decoded once, replaced by assignment', () => {
    const [result] = convertMcpTools(
      [{ name: 't', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } }],
      { target: 'openai-responses' },
    ).results;
    if (result === undefined || !result.ok) throw new Error('not converted');
    const { definition } = result;
    expect(Object.keys(definition)).toEqual(['name', 'description', 'inputSchema', 'outputSchema', 'deferLoading']);
    expect(definition.inputSchema).toBe(definition.inputSchema);
    expect({ ...definition }.inputSchema).toEqual({ type: 'object', properties: { n: { type: 'integer' } } });
    const replacement = { type: 'object' as const, properties: {} };
    definition.inputSchema = replacement;
    expect(definition.inputSchema).toBe(replacement);
  });

  test('are parsed from the tool as it is when first read, as inputBytes is measured', () => {
    const tool = { name: 't', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } };
    const [result] = convertMcpTools([tool], { target: 'gemini' }).results;
    if (result === undefined || !result.ok) throw new Error('not converted');
    tool.inputSchema.properties = { m: { type: 'string' } } as never;
    expect(result.definition.inputSchema).toEqual({ type: 'object', properties: { m: { type: 'string' } } });
    expect(result.inputBytes).toBe(JSON.stringify(tool.inputSchema).length);
  });

  test('check a call against the parsed model when the tool’s own schema does not compile, whatever was assigned', () => {
    // `contains: 5` keeps Ajv from compiling the tool's own schema (`minLength: "a"`, once used
    // here, is now repaired away); the model still has `n`'s type.
    const conversion = convertMcpTools(
      [
        {
          name: 't',
          inputSchema: {
            type: 'object',
            properties: { n: { type: 'integer' }, x: { type: 'array', items: { type: 'string' }, contains: 5 } },
          },
        },
      ],
      { target: 'openai-responses' },
    );
    const [result] = conversion.results;
    if (result === undefined || !result.ok) throw new Error('not converted');
    result.definition.inputSchema = { type: 'object', properties: {} };
    expect(conversion.resolveToolCall('t', { n: 'five' })).toMatchObject({ ok: false });
    expect(conversion.resolveToolCall('t', { n: 5 })).toMatchObject({ ok: true, validatedAgainst: 'normalized' });
  });
});
