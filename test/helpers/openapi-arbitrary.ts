// Generated schemas of the shapes OpenAPI-generated MCP servers ship (Graph, Notion, Stripe, Salesforce tools).
import fc from 'fast-check';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const words = ['user', 'message', 'chat', 'team', 'file', 'page', 'block', 'invoice', 'account', 'owner', 'status'];

/** A sentence or a paragraph, as generators write them from API docs. */
const description = fc.oneof(
  fc.constantFrom(...words).map((word) => `The ${word} identifier.`),
  fc
    .integer({ min: 1, max: 12 })
    .map((count) => `${'Lorem ipsum dolor sit amet, consectetur adipiscing. '.repeat(count)}`),
);

/** A leaf: a string with a format, a nullable date-time union, a number, a long enum. */
const leaf: fc.Arbitrary<Json> = fc.oneof(
  description.map((text) => ({ type: 'string', description: text })),
  fc.constant<Json>({ anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] }),
  fc.constant<Json>({ type: 'integer', format: 'int32', minimum: 0 }),
  fc.integer({ min: 3, max: 60 }).map((count) => ({
    type: 'string',
    enum: Array.from({ length: count }, (_, index) => `value_${index}`),
  })),
  fc.constant<Json>({ type: 'boolean', description: 'Whether it is so.' }),
);

/**
 * An OpenAPI-style tool input schema: a `$defs` chain (each definition refers to the next), wide
 * objects of leaves and refs, nullable unions of refs, long descriptions, long enums.
 */
export const openApiToolSchema: fc.Arbitrary<Json> = fc
  .record({
    depth: fc.integer({ min: 1, max: 6 }),
    width: fc.integer({ min: 2, max: 30 }),
    leaves: fc.array(leaf, { minLength: 2, maxLength: 30 }),
    rootDescription: description,
    required: fc.integer({ min: 0, max: 4 }),
  })
  .map(({ depth, width, leaves, rootDescription, required }) => {
    const defs: Record<string, Json> = {};
    for (let level = 0; level < depth; level++) {
      const properties: Record<string, Json> = {};
      for (let index = 0; index < width; index++) {
        const leafValue = leaves[(level * width + index) % leaves.length] as Json;
        properties[`${words[index % words.length]}_${index}`] =
          index === 0 && level + 1 < depth
            ? { anyOf: [{ $ref: `#/$defs/Level${level + 1}` }, { type: 'null' }], description: 'The next level.' }
            : leafValue;
      }
      defs[`Level${level}`] = { type: 'object', description: `Level ${level} of the resource.`, properties };
    }
    const names = Object.keys((defs.Level0 as { properties: Record<string, Json> }).properties);
    return {
      type: 'object',
      description: rootDescription,
      properties: {
        body: { $ref: '#/$defs/Level0' },
        ...Object.fromEntries(leaves.slice(0, 4).map((value, i) => [`param_${i}`, value])),
      },
      required: ['body', ...names.slice(0, required).map((name) => `param_${name.length % 4}`)].slice(0, 1 + required),
      $defs: defs,
    };
  });
