// What lint says beside each finding (issue 26): the provider's answer and the fix, for every rule the checker has.
import { describe, expect, test } from 'vitest';
import { checkProviderTools } from '../../src/providers/check-rules.js';
import { adviseOnRule } from '../../src/providers/rule-advice.js';
import { PROVIDER_TARGETS } from '../../src/providers/targets/registry.js';
import { wireEnvelope } from '../../src/providers/wire.js';
import { readCorpusTools } from '../helpers/corpus.js';

const GENERIC = /^a 400 naming the rule/;

describe('adviseOnRule', () => {
  test('every rule the checker finds on the corpus tools as they are has its own answer and fix', () => {
    const tools = readCorpusTools();
    const unadvised = new Set<string>();
    let findings = 0;
    for (const target of PROVIDER_TARGETS) {
      if (target === 'codex') continue;
      for (const strict of [false, true]) {
        const wire = tools.map((tool) =>
          wireEnvelope(target, tool.name, tool.description ?? '', tool.inputSchema as never, strict),
        );
        for (const violation of checkProviderTools(target, wire)) {
          findings++;
          const advice = adviseOnRule(violation.rule, violation.tool, target);
          if (GENERIC.test(advice.answer)) unadvised.add(violation.rule.replace(/'[^']*'|"[^"]*"/g, '…'));
          expect(advice.fix.length).toBeGreaterThan(10);
        }
      }
    }
    expect(findings).toBeGreaterThan(100);
    expect([...unadvised]).toStrictEqual([]);
  });

  test.each([
    ['array schema missing items', 'openai-responses', /"array schema missing items"/, /add "items"/],
    ['Unknown name "const": Cannot find field', 'gemini', /Unknown name "const"/, /no const/],
    [
      "strict: 'required' is required to be supplied and to be an array including every key in properties",
      'openai-responses',
      /every key in properties/,
      /null/,
    ],
    ['at most 128 tools', 'openai-chat', /maximum length 128/, /fewer tools/],
    [
      'input_schema does not support oneOf, allOf, or anyOf at the top level',
      'anthropic',
      /at the top level/,
      /property/,
    ],
  ])('%s (%s): the answer quotes the provider, the fix says what to change', (rule, target, answer, fix) => {
    const advice = adviseOnRule(rule, 'tool_a', target);
    expect(advice.provider).toBe(target);
    expect(advice.answer).toMatch(answer);
    expect(advice.fix).toMatch(fix);
  });

  test('a portable finding is answered by the provider it is about', () => {
    const advice = adviseOnRule('gemini: items: missing field', 'tool_a', 'portable');
    expect(advice.provider).toBe('gemini');
    expect(advice.answer).toBe('"items: missing field"');
  });

  test('a rule it does not know still gets a fix: the conversion', () => {
    const advice = adviseOnRule('some future rule', 'tool_a', 'anthropic');
    expect(advice.answer).toMatch(GENERIC);
    expect(advice.fix).toBe('toolschema mcp --target anthropic sends it converted');
  });
});
