// Generated tool input schemas in the shape of OpenAPI inheritance, as Microsoft Graph's API
// writes it and the MCP servers generated from it carry over: every type is the `allOf` of its
// base type's ref and an object of its own (entity → directoryObject → user, group, …), in draft-7
// `definitions` or in `$defs`, and navigation properties refer to other types singly (nullable,
// by `allOf` or `anyOf`) or as collections. Strict targets merge every `allOf` (issue 25): the
// sets built from openapi-servers.ts held no `allOf` at all, while 27 of the 1,556 captured tools do.
import fc from 'fast-check';
import { description, graphLeaf, type Json, nouns, type Obj } from './openapi-servers.js';

/** How a navigation property to another type is written. */
const navigationKind = fc.constantFrom('collection', 'allOf', 'anyOf', 'ref');

export const openApiInheritanceToolSchema: fc.Arbitrary<Json> = fc
  .record({
    table: fc.constantFrom('definitions', '$defs'),
    types: fc.integer({ min: 2, max: 8 }),
    width: fc.integer({ min: 3, max: 14 }),
    leaves: fc.array(graphLeaf, { minLength: 4, maxLength: 20 }),
    navigations: fc.array(fc.tuple(navigationKind, fc.nat(7)), { minLength: 1, maxLength: 4 }),
    body: description,
  })
  .map(({ table, types, width, leaves, navigations, body }) => {
    const ref = (name: string) => `#/${table}/microsoft.graph.${name}`;
    const definitions: Obj = {
      'microsoft.graph.entity': {
        title: 'entity',
        type: 'object',
        properties: { id: { type: 'string', description: 'The unique identifier for an entity. Read-only.' } },
      },
      'microsoft.graph.directoryObject': {
        allOf: [
          { $ref: ref('entity') },
          {
            title: 'directoryObject',
            type: 'object',
            properties: {
              deletedDateTime: {
                type: 'string',
                format: 'date-time',
                nullable: true,
                description:
                  'Date and time when this object was deleted. Always null when the object has not been deleted.',
              },
            },
          },
        ],
      },
    };
    for (let type = 0; type < types; type++) {
      const name = nouns[type % nouns.length] as string;
      const properties: Obj = {};
      for (let index = 0; index < width; index++)
        properties[`${name}Field${index}`] = leaves[(type * 3 + index) % leaves.length] as Json;
      navigations.forEach(([kind, offset], index) => {
        const other = nouns[(type + offset + 1) % types] as string;
        const text = `The ${other} this ${name} relates to. Read-only. Nullable.`;
        properties[`${other}Nav${index}`] =
          kind === 'collection'
            ? { type: 'array', items: { $ref: ref(other) }, description: text }
            : kind === 'allOf'
              ? { allOf: [{ $ref: ref(other) }], nullable: true, description: text }
              : kind === 'anyOf'
                ? { anyOf: [{ $ref: ref(other) }, { type: 'object', nullable: true }], description: text }
                : { $ref: ref(other), description: text };
      });
      definitions[`microsoft.graph.${name}`] = {
        allOf: [{ $ref: ref('directoryObject') }, { title: name, type: 'object', properties }],
      };
    }
    return {
      type: 'object',
      properties: {
        body: { $ref: ref(nouns[0] as string), description: body },
        'If-Match': { type: 'string', description: 'ETag' },
      },
      required: ['body'],
      [table]: definitions,
    };
  });
