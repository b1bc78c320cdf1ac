// Tool schemas as the libraries most MCP servers are written with emit them, which neither the
// OpenAPI-style generated set nor the captured servers hold in number (the benchmark's
// framework-shaped set, bench/framework-shaped.ts, and test/providers/framework-shaped.test.ts).
// Six families, deterministic (a fixed seed):
// - zod-to-json-schema (the TypeScript SDK): closed objects, discriminated unions of `const`
//   kinds, `exclusiveMinimum`, formats, and refs by path (`#/properties/a`) to a schema reused;
// - pydantic (FastMCP, the Python SDK): `$defs` models with `title` on every field,
//   `anyOf: [X, {type: null}]` with `default: null`, enums as their own definitions;
// - Kubernetes custom resources: deep nesting, string maps, `x-kubernetes-*` extensions,
//   int-or-string unions;
// - Stripe's expandable fields: `anyOf: [{type: string}, {$ref}]` under a ring of resources;
// - long enums (time zones, countries, locales);
// - Hasura-style filters: recursive `_bool_exp` definitions whose every column refers to one of
//   a few comparison definitions (a few names referred to hundreds of times).
import { type SeededRandom, seededRandom } from './seeded-random.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

type Random = SeededRandom;

const WORDS = [
  'account',
  'user',
  'order',
  'item',
  'price',
  'region',
  'status',
  'label',
  'owner',
  'project',
  'metric',
  'window',
  'token',
  'scope',
  'channel',
  'payload',
  'target',
  'source',
  'filter',
  'limit',
] as const;

const sentence = (random: Random) =>
  `The ${random.pick(WORDS)} of the ${random.pick(WORDS)} used when the ${random.pick(WORDS)} is ${random.pick(['set', 'omitted', 'expanded', 'null'])}.`;

const titled = (name: string) =>
  name.replace(/(^|_)(\w)/g, (_, __, letter: string) => ` ${letter.toUpperCase()}`).trim();

function zodObject(random: Random, depth: number): JsonObject {
  const properties: JsonObject = {};
  const required: Json[] = [];
  const count = random.int(2, 8);
  for (let index = 0; index < count; index++) {
    const name = `${random.pick(WORDS)}${index}`;
    const roll = random.next();
    let schema: JsonObject;
    if (roll < 0.3)
      schema = {
        type: 'string',
        description: sentence(random),
        ...(random.next() < 0.3 ? { format: random.pick(['uri', 'email', 'date-time']) } : {}),
      };
    else if (roll < 0.45) schema = { type: 'number', exclusiveMinimum: 0, maximum: 100 };
    else if (roll < 0.6 && depth < 4) schema = zodObject(random, depth + 1);
    else if (roll < 0.7) schema = { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, maxItems: 10 };
    else if (roll < 0.85 && depth < 3)
      schema = {
        anyOf: ['text', 'count'].map((kind) => ({
          type: 'object',
          properties: {
            kind: { type: 'string', const: kind },
            value: { type: kind === 'text' ? 'string' : 'integer' },
          },
          required: ['kind', 'value'],
          additionalProperties: false,
        })),
      };
    else schema = { type: 'boolean', default: false };
    properties[name] = schema;
    if (random.next() < 0.6) required.push(name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

function zod(random: Random): JsonObject {
  const root = zodObject(random, 0);
  const properties = root.properties as JsonObject;
  const names = Object.keys(properties);
  // zod-to-json-schema writes a schema used twice as a ref to where it was first written.
  if (random.next() < 0.5) properties.again = { $ref: `#/properties/${names[0]}` };
  if (random.next() < 0.3) properties.list = { type: 'array', items: { $ref: `#/properties/${names.at(-1)}` } };
  root.$schema = 'http://json-schema.org/draft-07/schema#';
  return root;
}

function pydantic(random: Random): JsonObject {
  const $defs: JsonObject = {};
  const models = random.int(1, 8);
  for (let model = 0; model < models; model++) {
    const properties: JsonObject = {};
    const required: Json[] = [];
    const next = model + 1 < models ? `#/$defs/Model${model + 1}` : undefined;
    const count = random.int(2, 12);
    for (let index = 0; index < count; index++) {
      const name = `${random.pick(WORDS)}_${index}`;
      const roll = random.next();
      let schema: JsonObject;
      if (roll < 0.3) schema = { title: titled(name), type: random.pick(['string', 'integer', 'number', 'boolean']) };
      else if (roll < 0.55)
        schema = {
          anyOf: [{ type: random.pick(['string', 'integer']) }, { type: 'null' }],
          default: null,
          title: titled(name),
          description: sentence(random),
        };
      else if (roll < 0.65 && next !== undefined) schema = { $ref: next };
      else if (roll < 0.75 && next !== undefined)
        schema = { items: { $ref: next }, type: 'array', title: titled(name) };
      else if (roll < 0.85 && next !== undefined) schema = { anyOf: [{ $ref: next }, { type: 'null' }], default: null };
      else schema = { $ref: '#/$defs/Kind' };
      properties[name] = schema;
      if (random.next() < 0.5) required.push(name);
    }
    $defs[`Model${model}`] = {
      properties,
      required,
      title: `Model${model}`,
      type: 'object',
      ...(random.next() < 0.5 ? { description: sentence(random) } : {}),
    };
  }
  $defs.Kind = { enum: ['create', 'update', 'delete', 'archive'], title: 'Kind', type: 'string' };
  return {
    $defs,
    properties: {
      params: { $ref: '#/$defs/Model0' },
      context: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, title: 'Context' },
    },
    required: ['params'],
    title: 'toolArguments',
    type: 'object',
  };
}

function kubernetes(random: Random, depth = 0): JsonObject {
  const properties: JsonObject = {};
  const count = random.int(3, depth < 2 ? 14 : 6);
  for (let index = 0; index < count; index++) {
    const name = `${random.pick(WORDS)}${titled(random.pick(WORDS))}${index}`;
    const roll = random.next();
    if (roll < 0.25 && depth < 5)
      properties[name] = { ...kubernetes(random, depth + 1), description: `${sentence(random)} ${sentence(random)}` };
    else if (roll < 0.35)
      properties[name] = { type: 'object', additionalProperties: { type: 'string' }, description: sentence(random) };
    else if (roll < 0.45 && depth < 5)
      properties[name] = {
        type: 'array',
        items: kubernetes(random, depth + 2),
        'x-kubernetes-list-type': 'atomic',
        description: sentence(random),
      };
    else if (roll < 0.55)
      properties[name] = {
        anyOf: [{ type: 'integer' }, { type: 'string' }],
        'x-kubernetes-int-or-string': true,
        description: sentence(random),
      };
    else if (roll < 0.6) properties[name] = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
    else
      properties[name] = {
        type: random.pick(['string', 'integer', 'boolean']),
        description: sentence(random),
        ...(random.next() < 0.2 ? { format: 'int32' } : {}),
      };
  }
  return { type: 'object', properties, required: Object.keys(properties).slice(0, 1) };
}

function stripe(random: Random): JsonObject {
  const $defs: JsonObject = {};
  const resources = random.int(3, 20);
  for (let resource = 0; resource < resources; resource++) {
    const properties: JsonObject = {
      id: { type: 'string', maxLength: 5000, description: 'Unique identifier for the object.' },
      object: { type: 'string', enum: [`resource_${resource}`] },
      metadata: {
        type: 'object',
        additionalProperties: { type: 'string', maxLength: 500 },
        description: sentence(random),
      },
    };
    const count = random.int(3, 15);
    for (let index = 0; index < count; index++) {
      const other = `#/$defs/resource_${(resource + random.int(1, 3)) % resources}`;
      properties[`${random.pick(WORDS)}_${index}`] =
        random.next() < 0.4
          ? {
              anyOf: [{ type: 'string', maxLength: 5000 }, { $ref: other }],
              description: sentence(random),
              'x-expansionResources': { oneOf: [{ $ref: other }] },
            }
          : {
              type: random.pick(['string', 'integer', 'boolean']),
              description: sentence(random),
              nullable: random.next() < 0.3,
            };
    }
    $defs[`resource_${resource}`] = {
      type: 'object',
      title: `Resource ${resource}`,
      properties,
      required: ['id', 'object'],
      'x-resourceId': `resource_${resource}`,
    };
  }
  return {
    type: 'object',
    properties: {
      expand: { type: 'array', items: { type: 'string', maxLength: 5000 } },
      body: { $ref: '#/$defs/resource_0' },
    },
    $defs,
  };
}

const TIME_ZONES = Array.from({ length: 450 }, (_, index) => `Region${index % 17}/City_${index}`);
const COUNTRIES = Array.from({ length: 250 }, (_, index) => `C${index}`);
const LOCALES = Array.from({ length: 120 }, (_, index) => `l${index}-X`);

function longEnums(random: Random): JsonObject {
  return {
    type: 'object',
    properties: {
      timeZone: { type: 'string', enum: TIME_ZONES.slice(random.int(0, 50)), description: 'An IANA time zone.' },
      country: { type: 'string', enum: COUNTRIES },
      locale: { enum: LOCALES },
      when: { type: 'string', format: 'date-time' },
    },
    required: ['timeZone'],
  };
}

const COMPARISONS = ['String_comparison_exp', 'Int_comparison_exp', 'timestamptz_comparison_exp'] as const;
const OPERATORS = ['_eq', '_neq', '_gt', '_gte', '_lt', '_lte', '_is_null', '_like', '_ilike'] as const;

function hasura(random: Random): JsonObject {
  const $defs: JsonObject = {};
  for (const comparison of COMPARISONS) {
    const properties: JsonObject = {};
    for (const operator of OPERATORS) properties[operator] = { type: operator === '_is_null' ? 'boolean' : 'string' };
    properties._in = { type: 'array', items: { type: 'string' } };
    $defs[comparison] = {
      type: 'object',
      properties,
      description: `Boolean expression to compare columns of type "${comparison}". All fields are combined with logical 'AND'.`,
    };
  }
  const tables = random.int(2, 10);
  for (let table = 0; table < tables; table++) {
    const self = `#/$defs/t${table}_bool_exp`;
    const properties: JsonObject = {
      _and: { type: 'array', items: { $ref: self } },
      _or: { type: 'array', items: { $ref: self } },
      _not: { $ref: self },
    };
    const columns = random.int(4, 20);
    for (let column = 0; column < columns; column++)
      properties[`${random.pick(WORDS)}_${column}`] = { $ref: `#/$defs/${random.pick(COMPARISONS)}` };
    if (table + 1 < tables) properties[`related_${table + 1}`] = { $ref: `#/$defs/t${table + 1}_bool_exp` };
    $defs[`t${table}_bool_exp`] = {
      type: 'object',
      properties,
      description: `Boolean expression to filter rows from the table "t${table}".`,
    };
  }
  return {
    type: 'object',
    properties: { where: { $ref: '#/$defs/t0_bool_exp' }, limit: { type: 'integer' }, offset: { type: 'integer' } },
    required: ['where'],
    $defs,
  };
}

/** The families, in the set's order. */
export const FRAMEWORK_FAMILIES = {
  zod,
  pydantic,
  kubernetes: (random: Random) => kubernetes(random),
  stripe,
  'long-enums': longEnums,
  hasura,
} as const;

export type FrameworkFamily = keyof typeof FRAMEWORK_FAMILIES;

/** `perFamily` schemas of each family, family after family, each with its family. */
export function frameworkShapedEntries(perFamily: number): { family: FrameworkFamily; schema: JsonObject }[] {
  const random = seededRandom(2027);
  const entries: { family: FrameworkFamily; schema: JsonObject }[] = [];
  for (const [family, make] of Object.entries(FRAMEWORK_FAMILIES) as [
    FrameworkFamily,
    (random: Random) => JsonObject,
  ][])
    for (let index = 0; index < perFamily; index++) entries.push({ family, schema: make(random) });
  return entries;
}
