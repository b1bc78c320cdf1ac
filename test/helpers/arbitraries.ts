// fast-check arbitraries: schema-shaped values built from the keywords of SPEC §1, and run counts.
import fc from 'fast-check';

/** Runs per property: bounded in `npm test`, 100,000 with `npm run fuzz` (FUZZ_RUNS). */
export const PROPERTY_RUNS = Number(process.env.FUZZ_RUNS ?? 200);

const TYPE_NAMES = ['string', 'number', 'boolean', 'integer', 'object', 'array', 'null'] as const;
const DEFINITION_NAMES = ['A', 'B', 'User', 'a/b', 'a~b', 'é', '', '__proto__', 'constructor', 'x y'] as const;

/** A `$ref`: local and valid, dangling, percent-encoded, `~`-escaped, into a definition, malformed or external. */
const ref = fc.oneof(
  fc.constantFrom(...DEFINITION_NAMES).map((name) => `#/$defs/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`),
  fc.constantFrom(...DEFINITION_NAMES).map((name) => `#/definitions/${encodeURIComponent(name)}`),
  fc.constantFrom(
    '#/$defs/Missing',
    '#/$defs/A/properties/x',
    '#/$defs/',
    '#',
    '#/properties/a',
    '#/$defs/%FF',
    '#/$defs/a~2',
  ),
  fc.constantFrom('https://example.com/schema.json#/$defs/A', 'file:///etc/passwd', 'other.json'),
);

/** A description: usually short, sometimes long enough to push the schema over budget. */
const description = fc.oneof(
  { weight: 5, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.nat({ max: 6_000 }).map((length) => 'd'.repeat(length)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);

const typeValue = fc.oneof(
  fc.constantFrom(...TYPE_NAMES),
  fc.array(fc.oneof(fc.constantFrom(...TYPE_NAMES), fc.constant('foo'), fc.integer()), { maxLength: 4 }),
  fc.constantFrom('foo', null, 3),
);

/** Builds an object from entries; `__proto__` is defined as data, as JSON.parse would. */
function fromEntries(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  return object;
}

const PROPERTY_NAMES = ['a', 'b', 'type', 'description', '__proto__', '0', '10'] as const;

const recursive = fc.letrec<{ schema: unknown; object: unknown; table: unknown; list: unknown[] }>((tie) => {
  const keyword = fc.oneof(
    fc.tuple(fc.constant('type'), typeValue),
    fc.tuple(fc.constant('description'), description),
    fc.tuple(fc.constant('title'), fc.string({ maxLength: 10 })),
    fc.tuple(
      fc.constant('properties'),
      fc.oneof(
        fc.array(fc.tuple(fc.constantFrom(...PROPERTY_NAMES), tie('schema')), { maxLength: 3 }).map(fromEntries),
        fc.constant(null),
      ),
    ),
    fc.tuple(
      fc.constant('required'),
      fc.oneof(fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }), fc.constant('a')),
    ),
    fc.tuple(fc.constant('items'), fc.oneof(tie('schema'), tie('list'), fc.constant(null))),
    fc.tuple(fc.constant('prefixItems'), tie('list')),
    fc.tuple(fc.constant('additionalProperties'), fc.oneof(fc.boolean(), tie('schema'), fc.constant(null))),
    fc.tuple(fc.constant('enum'), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 })),
    fc.tuple(fc.constant('const'), fc.jsonValue({ maxDepth: 2 })),
    fc.tuple(fc.constantFrom('format', 'minimum', 'pattern'), fc.oneof(fc.string({ maxLength: 5 }), fc.integer())),
    fc.tuple(fc.constant('anyOf'), fc.oneof(tie('list'), fc.constant(null))),
    fc.tuple(fc.constantFrom('oneOf', 'allOf'), tie('list')),
    fc.tuple(fc.constant('not'), tie('schema')),
    fc.tuple(fc.constant('$ref'), fc.oneof(ref, fc.constant(null))),
    fc.tuple(fc.constantFrom('$defs', 'definitions'), tie('table')),
  );
  return {
    schema: fc.oneof(
      { maxDepth: 5, depthIdentifier: 'schema', depthSize: 'medium' },
      { weight: 1, arbitrary: fc.boolean() },
      { weight: 6, arbitrary: tie('object') },
    ),
    object: fc
      .array(keyword, { minLength: 1, maxLength: 5 })
      .map((entries) => fromEntries(entries as [string, unknown][])),
    list: fc.array(tie('schema'), { maxLength: 3 }),
    table: fc.oneof(
      {
        weight: 5,
        arbitrary: fc
          .array(fc.tuple(fc.constantFrom(...DEFINITION_NAMES), tie('schema')), { maxLength: 4 })
          .map(fromEntries),
      },
      { weight: 1, arbitrary: fc.constantFrom('bad', [1], null, 7) },
    ),
  };
});

/**
 * Schema-shaped values: objects of one to five SPEC §1 keywords, nested up to five levels, with
 * boolean schemas, definition tables (valid and malformed) and every kind of `$ref`. The root is
 * mostly an object (the recursive arbitrary favours leaves as it nests).
 */
export const schemaShaped: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 12, arbitrary: recursive.object },
);

/** Arbitrary JSON, and schema-shaped JSON. */
export const anyInput: fc.Arbitrary<unknown> = fc.oneof(fc.jsonValue({ maxDepth: 4 }), schemaShaped);

/** Characters of every JSON weight: 1 byte, escaped (2 or 6), 2, 3 and 4 bytes of UTF-8, a lone surrogate. */
export const anyWeightCharacter: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('a', ' ', '"', '\\', '\n', '\u0001', '\u001f', 'é', '€', '😀', '\ud800', '\udfff'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);

const anyWeightText = fc.string({ unit: anyWeightCharacter, maxLength: 12 });

/**
 * Valid schemas with text of any weight in every place the budget's measure counts text without
 * reading it: property and definition names, `required`, `enum` (strings, keys, nested lists),
 * `$ref`s, and short and long descriptions. The root always has a description.
 */
export const textEverywhere: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    description: fc.oneof(
      anyWeightText,
      fc.string({ unit: fc.constantFrom('a', ' ', '.'), minLength: 16, maxLength: 40 }),
    ),
    names: fc.uniqueArray(anyWeightText, { maxLength: 4 }),
    required: fc.array(anyWeightText, { maxLength: 3 }),
    enumValues: fc.array(
      fc.oneof(
        anyWeightText,
        fc.integer(),
        fc.array(anyWeightText, { maxLength: 2 }),
        fc.dictionary(anyWeightText, anyWeightText, { maxKeys: 2 }),
      ),
      { minLength: 1, maxLength: 4 },
    ),
    definitions: fc.uniqueArray(fc.tuple(anyWeightText, anyWeightText), { maxLength: 3, selector: ([name]) => name }),
  })
  .map(({ description, names, required, enumValues, definitions }) => {
    const properties: Record<string, unknown> = {};
    names.forEach((name, index) => {
      Object.defineProperty(properties, name, {
        value: index % 2 === 0 ? { description: name } : { type: 'string', enum: enumValues },
        writable: true,
        enumerable: true,
        configurable: true,
      });
    });
    const $defs: Record<string, unknown> = {};
    definitions.forEach(([name, text], index) => {
      Object.defineProperty($defs, name, {
        value: { type: 'string', description: text },
        writable: true,
        enumerable: true,
        configurable: true,
      });
      // A ref by its name as written (reached, or not when the name needs escaping), and one to nothing.
      properties[`ref${index}`] = { $ref: `#/$defs/${name}` };
      properties[`dangling${index}`] = { $ref: `#/$defs/${text}` };
    });
    return { type: 'object', description, properties, required, $defs };
  });
