// Synthetic schemas of a target size, in nine shapes, and nesting chains, for the scaling series.

/** The shapes of the size series. */
export const SHAPES = [
  'wide',
  'deep',
  'ref-heavy',
  'description-heavy',
  'nested-lists',
  'optional-unions',
  'shared-refs',
  'allof-models',
  'const-unions',
] as const;
export type Shape = (typeof SHAPES)[number];

const LEAF_DESCRIPTION = 'A short parameter description of average length.';

function leaf(index: number): Record<string, unknown> {
  return { type: index % 3 === 0 ? 'integer' : 'string', description: LEAF_DESCRIPTION, minLength: 1 };
}

/** One property's share of the JSON size, roughly, for sizing. */
const LEAF_BYTES = 110;

/** A schema of about `bytes` bytes of compact JSON, in the given shape. */
export function syntheticSchema(shape: Shape, bytes: number): Record<string, unknown> {
  const count = Math.max(1, Math.round(bytes / LEAF_BYTES));
  switch (shape) {
    case 'wide': {
      const properties: Record<string, unknown> = {};
      for (let index = 0; index < count; index++) properties[`field_${index}`] = leaf(index);
      return { type: 'object', properties, required: ['field_0'] };
    }
    case 'deep': {
      // A chain of nested objects (at most 500 levels), the leaves spread over the levels.
      const levels = Math.min(500, Math.max(1, Math.round(Math.sqrt(count))));
      const perLevel = Math.max(1, Math.round(count / levels));
      let schema: Record<string, unknown> = { type: 'object', properties: {} };
      for (let level = 0; level < levels; level++) {
        const properties: Record<string, unknown> = { child: schema };
        for (let index = 0; index < perLevel; index++) properties[`f${level}_${index}`] = leaf(index);
        schema = { type: 'object', properties };
      }
      return schema;
    }
    case 'ref-heavy': {
      // Every definition refers to the next (and back to the first): reachability is all refs.
      const $defs: Record<string, unknown> = {};
      const properties: Record<string, unknown> = {};
      const definitions = Math.max(1, Math.round(count / 2));
      for (let index = 0; index < definitions; index++) {
        $defs[`Def${index}`] = {
          type: 'object',
          properties: { next: { $ref: `#/$defs/Def${(index + 1) % definitions}` }, value: leaf(index) },
        };
        if (index % 4 === 0) properties[`use_${index}`] = { $ref: `#/$defs/Def${index}` };
      }
      $defs.Unused = { type: 'object', properties: { x: leaf(0) } };
      return { type: 'object', properties, $defs };
    }
    case 'nested-lists': {
      // Lists of objects that hold lists (rows of numbers, tags): deeper than the collapse depth
      // below every property, so compaction's third pass meets them at every size past the budget.
      const properties: Record<string, unknown> = {};
      const lists = Math.max(1, Math.round(count / 3));
      for (let index = 0; index < lists; index++) {
        const tags = { type: 'array', items: { type: 'string', description: LEAF_DESCRIPTION } };
        const rows = { type: 'array', items: { type: 'array', items: { type: 'number' } } };
        properties[`list_${index}`] = {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'string' }, tags, rows }, required: ['id'] },
        };
      }
      return { type: 'object', properties };
    }
    case 'optional-unions': {
      // Every property optional as pydantic writes `Optional[X] = None`: a union with null, a
      // title and a null default (compaction's fourth pass prunes the unions past the budget).
      const properties: Record<string, unknown> = {};
      const fields = Math.max(1, Math.round(count / 1.6));
      for (let index = 0; index < fields; index++) {
        properties[`field_${index}`] = {
          anyOf: [leaf(index), { type: 'null' }],
          default: null,
          title: `Field ${index}`,
        };
      }
      return { type: 'object', properties, required: [] };
    }
    case 'shared-refs': {
      // An OpenAPI client's request body: every property a described ref to one of a few shared
      // models (User, Address, ...), the models a handful of fields each. Definitions are a small
      // part of the schema and pass 2 empties every use.
      const $defs: Record<string, unknown> = {};
      const models = 4;
      for (let model = 0; model < models; model++) {
        const fields: Record<string, unknown> = {};
        for (let index = 0; index < 2; index++) fields[`field_${index}`] = leaf(index + model);
        $defs[`Model${model}`] = { type: 'object', description: `Shared model ${model}.`, properties: fields };
      }
      const properties: Record<string, unknown> = {};
      // The models take about 1 KB; a use about 55 bytes.
      const uses = Math.max(1, Math.round((bytes - 1_000) / 55));
      for (let index = 0; index < uses; index++)
        properties[`use_${index}`] = { $ref: `#/$defs/Model${index % models}`, description: 'A use.' };
      return { type: 'object', properties, $defs };
    }
    case 'allof-models': {
      // Models that extend a base by allOf, as OpenAPI generators write inheritance (a ref to the
      // base, then the model's own fields), each used once from the root.
      const $defs: Record<string, unknown> = {
        Base: { type: 'object', properties: { id: { type: 'string' }, created: { type: 'string' } }, required: ['id'] },
      };
      const properties: Record<string, unknown> = {};
      const models = Math.max(1, Math.round(count / 2.2));
      for (let index = 0; index < models; index++) {
        $defs[`Model${index}`] = {
          allOf: [
            { $ref: '#/$defs/Base' },
            { type: 'object', properties: { [`value_${index}`]: leaf(index) }, required: [`value_${index}`] },
          ],
        };
        properties[`model_${index}`] = { $ref: `#/$defs/Model${index}` };
      }
      return { type: 'object', properties, $defs };
    }
    case 'const-unions': {
      // Documented choices, as TypeBox's literal unions and OpenAPI's documented enums write
      // them: each property a oneOf of consts, each with a title and a description.
      const properties: Record<string, unknown> = {};
      const fields = Math.max(1, Math.round(count / 6));
      for (let index = 0; index < fields; index++) {
        properties[`choice_${index}`] = {
          description: LEAF_DESCRIPTION,
          oneOf: Array.from({ length: 6 }, (_, option) => ({
            const: `option_${option}`,
            title: `Option ${option}`,
            description: `Means option ${option}.`,
          })),
        };
      }
      return { type: 'object', properties, required: ['choice_0'] };
    }
    case 'description-heavy': {
      const properties: Record<string, unknown> = {};
      const fields = Math.max(1, Math.round(count / 20));
      const text = 'Long prose that explains the parameter in detail, as generated documentation does. ';
      for (let index = 0; index < fields; index++) {
        properties[`field_${index}`] = {
          type: 'string',
          description: text.repeat(Math.max(1, Math.round((bytes / fields - 60) / text.length))),
        };
      }
      return { type: 'object', description: text, properties };
    }
  }
}

/** `{"type":"object","properties":{"p":…}}` nested `levels` deep (each level adds two JSON levels). */
export function nestedSchema(levels: number): unknown {
  let schema: unknown = { type: 'string' };
  for (let level = 0; level < levels; level++) schema = { type: 'object', properties: { p: schema } };
  return schema;
}
