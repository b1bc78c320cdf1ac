// The Ajv setup every validator is compiled with (src/json-schema-ajv.ts): compiled without Ajv's
// code optimization pass, which was half of a tool's first call and changes nothing it checks.
import { describe, expect, test } from 'vitest';
import { compileSchema, createAjv } from '../../src/json-schema-ajv.js';
import { readCorpusTools } from '../helpers/corpus.js';
import { sampleArguments } from '../helpers/provider-arguments.js';

/** Arguments with every value of the wrong type, and a key no schema lists. */
function wrongArguments(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return 1;
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.enum)) return { not: 'listed' };
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (type === 'string') return 7;
  if (type === 'integer' || type === 'number') return 'seven';
  if (type === 'boolean') return 'yes';
  if (type === 'array') return {};
  const value: Record<string, unknown> = { unexpected_key: 1 };
  if (typeof node.properties === 'object' && node.properties !== null)
    for (const [name, property] of Object.entries(node.properties)) value[name] = wrongArguments(property);
  return value;
}

describe('the validator setup', () => {
  test('compiles without Ajv’s code optimization pass', () => {
    expect(createAjv({}).ajv.opts.code.optimize).toBe(0);
    expect(createAjv({ $schema: 'http://json-schema.org/draft-07/schema#' }).ajv.opts.code.optimize).toBe(0);
    expect(createAjv({}, { optimizeCode: true }).ajv.opts.code.optimize).toBe(1);
  });

  test('without the pass, every corpus validator gives the same verdict and the same errors', () => {
    // Every fourth corpus tool (about 500), with fitting arguments, wrong ones, and none.
    const schemas = readCorpusTools()
      .filter((_, index) => index % 4 === 0)
      .map((tool) => tool.inputSchema as Record<string, unknown>);
    let compared = 0;
    let rejected = 0;
    for (const schema of schemas) {
      const ours = createAjv(schema);
      let validate: ReturnType<typeof compileSchema>['validate'];
      try {
        validate = compileSchema(ours, structuredClone(schema)).validate;
      } catch {
        // resolveToolCall falls back to the normalized schema for these; nothing to compare.
        continue;
      }
      // The same setup (formats, linear patterns and uniqueItems) with the pass on.
      const reference = compileSchema(createAjv(schema, { optimizeCode: true }), structuredClone(schema)).validate;
      for (const value of [sampleArguments(schema as never), wrongArguments(schema), {}]) {
        const verdict = validate(value);
        expect(verdict).toBe(reference(value));
        expect(validate.errors ?? null).toStrictEqual(reference.errors ?? null);
        compared++;
        if (!verdict) rejected++;
      }
    }
    // Both verdicts are exercised, on most of the sample.
    expect(compared).toBeGreaterThan(1_000);
    expect(rejected).toBeGreaterThan(300);
    expect(compared - rejected).toBeGreaterThan(300);
  });
});
