// `parseToolInputSchema` with options (a budget, a collapse depth) under the reference's passes
// takes the default entry's way: one model-shaped copy that measures as it goes, and a schema
// within budget is that copy, not decoded again. Before, any options object (even `{}`) took
// a plain copy and a decoding walk after it: 0.69–0.86x a round trip against the default's
// 0.43–0.57x on the four benchmark sets.
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type * as DecodeModule from '../../src/schema/decode.js';
import type * as SanitizeModule from '../../src/schema/sanitize.js';

/** The decoding walks made after the copy, and the sanitizing copies of the input. */
const walks = vi.hoisted(() => ({ decodes: 0, copies: 0 }));

vi.mock('../../src/schema/sanitize.js', async (importOriginal) => {
  const original = await importOriginal<typeof SanitizeModule>();
  return {
    ...original,
    sanitizeCollectingRefs: (...args: Parameters<typeof original.sanitizeCollectingRefs>) => {
      walks.copies++;
      return original.sanitizeCollectingRefs(...args);
    },
  };
});

vi.mock('../../src/schema/decode.js', async (importOriginal) => {
  const original = await importOriginal<typeof DecodeModule>();
  return {
    ...original,
    decodeRawSchema: (...args: Parameters<typeof original.decodeRawSchema>) => {
      walks.decodes++;
      return original.decodeRawSchema(...args);
    },
    decodeObserved: (...args: Parameters<typeof original.decodeObserved>) => {
      walks.decodes++;
      return original.decodeObserved(...args);
    },
  };
});

const { explainToolInputSchema } = await import('../../src/schema/explain.js');
const { budgetBytesForTokens, parseToolInputSchema } = await import('../../src/schema/pipeline.js');
const { ToolSchemaError } = await import('../../src/errors.js');

/** A tool schema of `count` described string properties, with a title and examples decode drops. */
function describedProperties(count: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < count; index++)
    properties[`p${index}`] = { type: 'string', description: `property ${index}`, examples: ['x'] };
  return { type: 'object', title: 'Tool', properties, required: ['p0'] };
}

beforeEach(() => {
  walks.decodes = 0;
  walks.copies = 0;
});

/** The code and path of the ToolSchemaError `run` throws, or `returned`. */
function thrown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolSchemaError) return `${error.code} ${error.path}`;
    throw error;
  }
  return 'returned';
}

describe('options under the reference policy', () => {
  test.each([
    ['no options', undefined],
    ['an empty options object', {}],
    ['the default budget spelled out', { budgetBytes: 5_000 }],
    ['a larger budget', { budgetBytes: 50_000 }],
    ['a collapse depth', { collapseDepth: 1 }],
    ['the reference policy named', { compactionPolicy: 'reference' as const, budgetBytes: 2_000 }],
  ])('a schema within budget is the copy itself, with %s', (_name, options) => {
    const input = describedProperties(5);
    const before = structuredClone(input);
    const schema = parseToolInputSchema(input, options);
    expect(walks.decodes).toBe(0);
    expect(schema).toStrictEqual(explainToolInputSchema(input, options).final);
    expect(input).toStrictEqual(before);
  });

  test.each([
    ['a small budget', { budgetBytes: 300 }],
    ['no budget at all', { budgetBytes: 0 }],
    ['a small budget and depth', { budgetBytes: 600, collapseDepth: 1 }],
  ])('a schema over %s is compacted as explain compacts it', (_name, options) => {
    const input = describedProperties(40);
    expect(parseToolInputSchema(input, options)).toStrictEqual(explainToolInputSchema(input, options).final);
  });

  test('options that do not resolve are reported after the input’s own errors, as before', () => {
    const notJson = { type: 'object', properties: { a: { default: () => 1 } } };
    expect(thrown(() => parseToolInputSchema(notJson, { budgetBytes: -1 }))).toBe('not_json /properties/a/default');
    expect(thrown(() => parseToolInputSchema({ type: 'object' }, { budgetBytes: -1 }))).toBe(
      'invalid_option /budgetBytes',
    );
    expect(thrown(() => parseToolInputSchema({ type: 'object' }, { compactionPolicy: 'other' as 'reference' }))).toBe(
      'invalid_option /compactionPolicy',
    );
  });
});

describe('a token budget', () => {
  /** About four characters a token, as a stand-in for a real tokenizer. */
  const countTokens = (text: string) => Math.ceil(text.length / 4);

  test.each([
    ['within it at once', 100_000],
    ['reached by compacting', 300],
  ])('%s: the model is the search’s last try, not parsed again', (_name, budgetTokens) => {
    const input = describedProperties(40);
    const schema = parseToolInputSchema(input, { budgetTokens, countTokens });
    // One sanitizing copy for the search; the parse at the budget found is its last try.
    expect(walks.copies).toBe(1);
    const budgetBytes = budgetBytesForTokens(input, { budgetTokens, countTokens }) as number;
    expect(schema).toStrictEqual(explainToolInputSchema(input, { budgetBytes }).final);
    expect(countTokens(JSON.stringify(schema))).toBeLessThanOrEqual(budgetTokens);
  });

  test('a schema every try rejects is parsed once more, for its error', () => {
    expect(thrown(() => parseToolInputSchema({ type: 'null' }, { budgetTokens: 100, countTokens }))).toBe(
      'null_root_type ',
    );
    expect(walks.copies).toBe(2);
  });
});
