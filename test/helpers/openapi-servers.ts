// Generated tool input schemas in the four shapes OpenAPI-generated MCP servers ship most: Microsoft
// Graph, Notion, Stripe and Salesforce. Each family follows how those servers write their schemas
// (the keywords, the nesting, the enum and description lengths), sized 3–80 KB as their tools are.
import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Obj = { [key: string]: Json };

export const nouns = [
  'chat',
  'member',
  'message',
  'team',
  'channel',
  'attachment',
  'reaction',
  'mention',
  'event',
  'calendar',
  'drive',
  'item',
  'folder',
  'contact',
  'user',
  'group',
  'task',
  'plan',
  'bucket',
  'policy',
];

/** Sentences as API references write them: what the field is, then read-only notes, formats, defaults. */
const sentences = [
  'The unique identifier for the resource.',
  'Read-only.',
  'Nullable.',
  'Supports $filter (eq, ne, not, in).',
  'The Timestamp type represents date and time information using ISO 8601 format and is always in UTC time.',
  'For example, midnight UTC on Jan 1, 2014 is 2014-01-01T00:00:00Z.',
  'Returned only on $select.',
  'This property is used when the client does not provide a value.',
  'The display name shown to users in the client.',
  'Set of key-value pairs that you can attach to an object.',
  'This can be useful for storing additional information about the object in a structured format.',
  'Only returned when expanded.',
  'Defaults to the value set on the parent when omitted.',
];

const docText = (count: number, seed: number) =>
  Array.from({ length: count }, (_, index) => sentences[(seed * 7 + index * 3) % sentences.length]).join(' ');

/** A description of 1–4 sentences (how long Graph and Stripe descriptions run). */
export const description = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.nat(1000))
  .map(([count, seed]) => docText(count, seed));

const nullable = (schema: Obj): Obj => ({ anyOf: [schema, { type: 'null' }] });

const camel = (index: number, suffix: string) =>
  `${nouns[index % nouns.length]}${suffix}${index >= nouns.length ? index : ''}`;

/** Graph: `#/$defs/microsoft.graph.*` entities, nullable date-times and refs, short enums ending in unknownFutureValue. */
export const graphLeaf = fc.oneof(
  description.map((text): Json => ({ type: 'string', description: text })),
  description.map(
    (text): Json => ({
      description: text,
      ...nullable({
        type: 'string',
        format: 'date-time',
        pattern:
          '^[0-9]{4,}-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]{1,12})?(Z|[+-][0-9][0-9]:[0-9][0-9])$',
      }),
    }),
  ),
  fc.tuple(description, fc.integer({ min: 2, max: 6 })).map(
    ([text, count]): Json => ({
      description: text,
      ...nullable({
        type: 'string',
        enum: [...Array.from({ length: count }, (_, index) => `kind${index}`), 'unknownFutureValue'],
      }),
    }),
  ),
  fc.constant<Json>({ type: 'boolean', description: 'Indicates whether the item is hidden. Nullable.' }),
  description.map((text): Json => ({ type: 'array', items: { type: 'string' }, description: text })),
);

export const graphToolSchema: fc.Arbitrary<Json> = fc
  .record({
    entities: fc.integer({ min: 2, max: 9 }),
    width: fc.integer({ min: 4, max: 16 }),
    leaves: fc.array(graphLeaf, { minLength: 4, maxLength: 24 }),
    body: description,
  })
  .map(({ entities, width, leaves, body }) => {
    const defs: Obj = {};
    for (let entity = 0; entity < entities; entity++) {
      const properties: Obj = {
        id: { type: 'string', description: 'The unique identifier for an entity. Read-only.' },
      };
      for (let index = 0; index < width; index++)
        properties[camel(entity * width + index, 'Name')] = leaves[(entity * 5 + index) % leaves.length] as Json;
      // Entities refer on to later ones, singly (nullable) and as collections, as Graph's do.
      if (entity + 1 < entities)
        properties[camel(entity + 1, 's')] = {
          type: 'array',
          items: { $ref: `#/$defs/microsoft.graph.${nouns[(entity + 1) % nouns.length]}` },
          description: `The ${nouns[(entity + 1) % nouns.length]}s. Nullable.`,
        };
      if (entity + 2 < entities)
        properties[`${nouns[(entity + 2) % nouns.length]}Ref`] = nullable({
          $ref: `#/$defs/microsoft.graph.${nouns[(entity + 2) % nouns.length]}`,
        });
      defs[`microsoft.graph.${nouns[entity % nouns.length]}`] = {
        title: nouns[entity % nouns.length] as string,
        type: 'object',
        properties,
      };
    }
    return {
      type: 'object',
      properties: {
        body: { $ref: `#/$defs/microsoft.graph.${nouns[0]}`, description: body },
        'If-Match': { type: 'string', description: 'ETag' },
      },
      required: ['body'],
      $defs: defs,
    };
  });

const notionColors = [
  'default',
  'gray',
  'brown',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'red',
  'gray_background',
  'brown_background',
  'orange_background',
  'yellow_background',
  'green_background',
  'blue_background',
  'purple_background',
  'pink_background',
  'red_background',
];

const richText = (): Obj => ({
  type: 'array',
  maxItems: 100,
  items: {
    type: 'object',
    properties: {
      type: { type: 'string', enum: ['text', 'mention', 'equation'] },
      text: {
        type: 'object',
        properties: {
          content: { type: 'string', maxLength: 2000 },
          link: nullable({ type: 'object', properties: { url: { type: 'string', format: 'uri' } }, required: ['url'] }),
        },
        required: ['content'],
      },
      annotations: {
        type: 'object',
        properties: {
          bold: { type: 'boolean' },
          italic: { type: 'boolean' },
          strikethrough: { type: 'boolean' },
          underline: { type: 'boolean' },
          code: { type: 'boolean' },
          color: { type: 'string', enum: notionColors },
        },
      },
    },
    required: ['text'],
  },
});

/** Notion: block and property payloads, each a `oneOf` of typed variants around rich text. */
export const notionToolSchema: fc.Arbitrary<Json> = fc
  .record({
    blockTypes: fc.integer({ min: 2, max: 10 }),
    described: fc.boolean(),
    text: description,
  })
  .map(({ blockTypes, described, text }): Json => {
    const kinds = [
      'paragraph',
      'heading_1',
      'heading_2',
      'heading_3',
      'bulleted_list_item',
      'numbered_list_item',
      'to_do',
      'toggle',
      'quote',
      'callout',
    ];
    const variants = kinds.slice(0, blockTypes).map(
      (kind, index): Obj => ({
        type: 'object',
        ...(described ? { description: `A ${kind.replaceAll('_', ' ')} block. ${docText(1, index)}` } : {}),
        properties: {
          type: { type: 'string', enum: [kind] },
          [kind]: {
            type: 'object',
            properties: {
              rich_text: richText(),
              color: { type: 'string', enum: notionColors },
              ...(kind === 'to_do' ? { checked: { type: 'boolean' } } : {}),
            },
            required: ['rich_text'],
          },
        },
        required: [kind],
      }),
    );
    return {
      type: 'object',
      description: text,
      properties: {
        block_id: { type: 'string', description: 'Identifier for a block. Also accepts a page ID.' },
        children: { type: 'array', items: { oneOf: variants }, maxItems: 100 },
        after: {
          type: 'string',
          description: 'The ID of the existing block that the new block should be appended after.',
        },
      },
      required: ['block_id', 'children'],
    };
  });

const currencies = [
  'usd',
  'eur',
  'gbp',
  'jpy',
  'cad',
  'aud',
  'chf',
  'sek',
  'nok',
  'dkk',
  'pln',
  'czk',
  'huf',
  'inr',
  'brl',
  'mxn',
  'sgd',
  'hkd',
  'nzd',
  'zar',
];

/** Stripe: expandable `anyOf [id, object]`, `metadata` maps, `expand`, enums of 3–20, `maxLength: 5000` everywhere. */
export const stripeToolSchema: fc.Arbitrary<Json> = fc
  .record({
    groups: fc.integer({ min: 2, max: 8 }),
    width: fc.integer({ min: 3, max: 10 }),
    descriptions: description.chain((first) =>
      fc.array(description, { minLength: 8, maxLength: 8 }).map((rest) => [first, ...rest]),
    ),
  })
  .map(({ groups, width, descriptions }) => {
    const text = (index: number) => descriptions[index % descriptions.length] as string;
    const properties: Obj = {
      amount: { type: 'integer', description: text(0) },
      currency: { type: 'string', enum: currencies, description: 'Three-letter ISO currency code, in lowercase.' },
      metadata: {
        anyOf: [
          { type: 'object', additionalProperties: { type: 'string' } },
          { type: 'string', enum: [''] },
        ],
        description: text(1),
      },
      expand: {
        type: 'array',
        items: { type: 'string', maxLength: 5000 },
        description: 'Specifies which fields in the response should be expanded.',
      },
    };
    for (let group = 0; group < groups; group++) {
      const inner: Obj = {};
      for (let index = 0; index < width; index++) {
        const name = `${nouns[(group + index) % nouns.length]}_${index}`;
        inner[name] =
          index % 4 === 0
            ? {
                type: 'string',
                enum: ['automatic', 'automatic_async', 'manual'].slice(0, 2 + (index % 2)),
                description: text(index),
              }
            : index % 4 === 1
              ? {
                  anyOf: [
                    { type: 'string', maxLength: 5000 },
                    { type: 'object', properties: { id: { type: 'string' }, object: { type: 'string' } } },
                  ],
                  description: text(index + 1),
                }
              : { type: 'string', maxLength: 5000, description: text(index + 2) };
      }
      properties[`${nouns[group % nouns.length]}_data`] = {
        type: 'object',
        properties: inner,
        description: text(group),
      };
    }
    return { type: 'object', properties, required: ['amount', 'currency'] };
  });

/** Salesforce: one wide sObject of typed fields with labels as descriptions, picklists of 3–25 values. */
export const salesforceToolSchema: fc.Arbitrary<Json> = fc
  .record({
    fields: fc.integer({ min: 30, max: 160 }),
    picklistEvery: fc.integer({ min: 4, max: 12 }),
  })
  .map(({ fields, picklistEvery }) => {
    const record: Obj = {};
    for (let index = 0; index < fields; index++) {
      const name = `${nouns[index % nouns.length]?.replace(/^./, (c) => c.toUpperCase())}${index}__c`;
      record[name] =
        index % picklistEvery === 0
          ? {
              type: 'string',
              description: `Picklist: ${docText(1, index)}`,
              enum: Array.from({ length: 3 + (index % 23) }, (_, value) => `Option ${value + 1}`),
            }
          : index % 5 === 1
            ? { type: 'number', description: `Number(18, 2). ${docText(1, index)}` }
            : index % 5 === 2
              ? { type: 'boolean', description: 'Checkbox.' }
              : { type: 'string', description: `Text(255). ${docText(1, index)}`, maxLength: 255 };
    }
    return {
      type: 'object',
      properties: {
        sObjectType: { type: 'string', description: 'The API name of the object, such as Account or Case__c.' },
        record: { type: 'object', properties: record, description: 'Field values of the record, by API name.' },
      },
      required: ['sObjectType', 'record'],
    };
  });

/** One of the four families, in equal shares. */
export const openApiServerToolSchema: fc.Arbitrary<Json> = fc.oneof(
  graphToolSchema,
  notionToolSchema,
  stripeToolSchema,
  salesforceToolSchema,
);
