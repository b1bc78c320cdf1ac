// The independent checker's reading of each provider, case by case (issue 22: lint agrees with what providers take).
import { describe, expect, test } from 'vitest';
import { checkProviderTools } from '../../src/providers/check-rules.js';

const schemaWith = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

const anthropic = (inputSchema: unknown) =>
  checkProviderTools('anthropic', [{ name: 't', description: '', input_schema: inputSchema }]);
const openai = (parameters: unknown) =>
  checkProviderTools('openai-responses', [{ type: 'function', name: 't', description: '', parameters, strict: false }]);
const geminiJson = (schema: unknown) =>
  checkProviderTools('gemini-json-schema', [{ name: 't', description: '', parametersJsonSchema: schema }]);

describe('checkProviderTools', () => {
  test.each([
    ['a nested free-form object', schemaWith({ options: { type: 'object' } })],
    ['a boolean subschema', schemaWith({ anything: true })],
    ['an array without items', schemaWith({ list: { type: 'array' } })],
  ])('takes %s as valid JSON Schema for Anthropic and Gemini parametersJsonSchema', (_what, schema) => {
    expect(anthropic(schema)).toStrictEqual([]);
    expect(geminiJson(schema)).toStrictEqual([]);
  });

  test.each([
    [
      'a nested object without properties',
      schemaWith({ options: { type: 'object' } }),
      'object schema missing properties',
    ],
    ['an array without items', schemaWith({ list: { type: 'array' } }), 'array schema missing items'],
    ['a boolean subschema', schemaWith({ anything: true }), 'properties maps names to schemas'],
  ])('holds OpenAI to its own rules on top: %s', (_what, schema, rule) => {
    expect(openai(schema).map((violation) => violation.rule)).toContain(rule);
  });

  test.each([
    [
      'under patternProperties',
      { type: 'object', patternProperties: { '^p': { $ref: '#/$defs/Gone' } } },
      '#/$defs/Gone',
    ],
    ['under contains', { type: 'array', items: {}, contains: { $ref: '#/$defs/Gone' } }, '#/$defs/Gone'],
    ['in a tuple', { type: 'array', items: {}, prefixItems: [{ $ref: '#/$defs/Gone' }] }, '#/$defs/Gone'],
    ['to a place that is not there', { $ref: '#/properties/q' }, '#/properties/q'],
  ])('flags a $ref that resolves nowhere in the schema, %s, on every JSON Schema target', (_where, property, ref) => {
    const schema = schemaWith({ p: property });
    for (const found of [openai(schema), anthropic(schema), geminiJson(schema)])
      expect(found.map((violation) => violation.rule)).toContain(`$ref ${ref} resolves in the schema`);
  });

  test('takes a $ref that resolves, to a definition or a place, and a $ref key inside data', () => {
    const schema = schemaWith(
      {
        a: { $ref: '#/$defs/A' },
        b: { $ref: '#/properties/a' },
        c: { type: 'object', properties: {}, default: { $ref: '#/nowhere' }, examples: [{ $ref: '#/x' }] },
        d: { $ref: '#/$defs/a~1b' },
        e: { $ref: '#/$defs/with%20space' },
        f: { $ref: '#/$defs/50%off' },
      },
      {
        $defs: {
          A: { type: 'string' },
          'a/b': { type: 'string' },
          'with space': { type: 'string' },
          '50%off': { type: 'string' },
        },
      },
    );
    expect(openai(schema)).toStrictEqual([]);
    expect(anthropic(schema)).toStrictEqual([]);
  });

  test('takes a 2020-12 $schema for Anthropic, and flags another dialect’s once, without a contradiction', () => {
    expect(anthropic(schemaWith({}, { $schema: 'https://json-schema.org/draft/2020-12/schema' }))).toStrictEqual([]);
    const other = anthropic(schemaWith({}, { $schema: 'http://json-schema.org/draft-07/schema#' }));
    expect(other.map((violation) => violation.rule)).toStrictEqual([
      'no $schema naming another dialect than 2020-12 (safe reading)',
    ]);
    expect(JSON.stringify(other)).not.toMatch(/No errors/);
  });

  test('reads $schema as a keyword only where a schema is: a property so named, or a default’s key, is not one', () => {
    const named = schemaWith(
      { $schema: { type: 'string' }, options: { type: 'object', default: { $schema: 'draft-07' } } },
      { $defs: { $schema: { type: 'string' } } },
    );
    expect(anthropic(named)).toStrictEqual([]);
    const nested = schemaWith({
      a: { type: 'object', properties: {}, $schema: 'http://json-schema.org/draft-07/schema#' },
    });
    expect(anthropic(nested).map((violation) => violation.rule)).toContain(
      'no $schema naming another dialect than 2020-12 (safe reading)',
    );
    // Gemini's parametersJsonSchema takes no $schema key anywhere: a property's name included.
    expect(geminiJson(named).map((violation) => violation.rule)).toContain('no $schema key anywhere');
  });
});
