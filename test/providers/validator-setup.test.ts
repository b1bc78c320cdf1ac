// The Ajv setup every validator is compiled with (src/json-schema-ajv.ts): compiled without Ajv's
// code optimization pass, which was half of a tool's first call and changes nothing it checks.
import { describe, expect, test } from 'vitest';
import { compileSchema, createAjv } from '../../src/json-schema-ajv.js';
import { readCorpusTools } from '../helpers/corpus.js';

/** Arguments of every property's type, and the same with each value of the wrong type. */
function argumentsFor(schema: unknown, wrong: boolean): unknown {
  if (typeof schema !== 'object' || schema === null) return wrong ? 1 : 'x';
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.enum)) return wrong ? { not: 'listed' } : node.enum[0];
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (type === 'string') return wrong ? 7 : 'text';
  if (type === 'integer' || type === 'number') return wrong ? 'seven' : 1;
  if (type === 'boolean') return wrong ? 'yes' : true;
  if (type === 'array') return wrong ? {} : [argumentsFor(node.items, false)];
  const value: Record<string, unknown> = wrong ? { unexpected_key: 1 } : {};
  if (typeof node.properties === 'object' && node.properties !== null)
    for (const [name, property] of Object.entries(node.properties)) value[name] = argumentsFor(property, wrong);
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
      for (const value of [argumentsFor(schema, false), argumentsFor(schema, true), {}]) {
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
