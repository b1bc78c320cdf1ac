// Options are checked once, at the batch's entry (issue 24): a bad one throws, it does not fail every tool.
import { describe, expect, test } from 'vitest';
import { ToolSchemaError } from '../../src/errors.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';

const TOOLS = [
  { name: 'a', inputSchema: { type: 'object' } },
  { name: 'b', inputSchema: { type: 'object' } },
];

describe('convertMcpTools options', () => {
  test.each([
    [{ compactionPolicy: 'max' }, '/compactionPolicy'],
    [{ budgetBytes: -1 }, '/budgetBytes'],
    [{ collapseDepth: 1.5 }, '/collapseDepth'],
    [{ descriptionLimit: -3 }, '/descriptionLimit'],
    [{ budgetTokens: 100 }, '/countTokens'],
    [{ budgetTokens: -1, countTokens: () => 1 }, '/budgetTokens'],
  ])('%j throws one invalid_option at %s, whatever the number of tools', (options, path) => {
    let thrown: unknown;
    try {
      convertMcpTools(TOOLS, { target: 'openai-responses', ...(options as object) });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolSchemaError);
    expect(thrown).toMatchObject({ code: 'invalid_option', path });
  });

  test('valid options convert every tool', () => {
    const result = convertMcpTools(TOOLS, {
      target: 'openai-responses',
      compactionPolicy: 'fidelity',
      budgetBytes: 1_000,
    });
    expect(result.summary.converted).toBe(2);
  });
});
