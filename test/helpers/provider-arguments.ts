// Arguments a model could send for a provider-side schema: one plausible value per schema, for round trips.
// Written against JSON Schema as the providers document it, not against the converters' code.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

import type { ConvertedTarget } from '../../src/providers/targets/registry.js';

type Obj = { [key: string]: Json };

const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-05-06T07:08:09Z',
  date: '2024-05-06',
  time: '07:08:09Z',
  duration: 'P1D',
  email: 'someone@example.com',
  hostname: 'example.com',
  ipv4: '127.0.0.1',
  ipv6: '::1',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  uri: 'https://example.com/a',
  byte: 'YQ==',
};

/** Strings tried against a `pattern`, in order: the first that matches (and fits the length bounds) is used. */
const PATTERN_CANDIDATES = [
  'a',
  'abc',
  'A',
  'a1',
  '1',
  '123',
  'a-b',
  'a_b',
  'a/b',
  'a.b',
  'ab12',
  'owner/repo',
  'x@y.z',
  'AB',
  'abc123',
  '2024-05',
  'user-1',
  '123e4567-e89b-12d3-a456-426614174000',
  'someone@example.com',
  '127.0.0.1',
  // Ids of two numbers (Figma's node ids, `1234:5678`) and file names with an extension.
  '1:2',
  'a.png',
  'a.json',
];

/** Every target with each strict setting it has (Gemini's have none), for tests that try them all. */
export const EVERY_TARGET_VARIANT: readonly (readonly [ConvertedTarget, boolean])[] = [
  ['openai-responses', false],
  ['openai-responses', true],
  ['openai-chat', true],
  ['anthropic', false],
  ['anthropic', true],
  ['gemini', false],
  ['gemini-json-schema', false],
];

/** The compact JSON bytes of the parameters a wire tool carries, as sent (0 when it has none). */
export function wireParametersBytes(tool: unknown): number {
  const entry = isObj(tool) ? tool : {};
  const fn = isObj(entry.function) ? entry.function : entry;
  const parameters = fn.parameters ?? fn.input_schema ?? fn.parametersJsonSchema ?? fn.inputSchema;
  return parameters === undefined ? 0 : Buffer.byteLength(JSON.stringify(parameters));
}

/**
 * A wire tool's parameters as plain JSON Schema, wherever the target puts them (Chat: under
 * `function`; Gemini's uppercase `Schema` mapped back); a tool without parameters takes `{}` properties.
 */
export function wireParametersSchema(target: string, tool: unknown): Obj {
  const entry = isObj(tool) ? tool : {};
  const fn = target === 'openai-chat' && isObj(entry.function) ? entry.function : entry;
  const schema = (fn.parameters ??
    fn.input_schema ??
    fn.parametersJsonSchema ??
    fn.inputSchema ?? { type: 'object', properties: {} }) as Obj;
  return target === 'gemini' ? (geminiToJsonSchema(schema) as Obj) : schema;
}

/** Gemini's `Schema` spelled as JSON Schema (lower-case types, nullable as a type array, counts as numbers). */
export function geminiToJsonSchema(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(geminiToJsonSchema);
  if (!isObj(schema)) return schema;
  const out: Obj = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && typeof value === 'string') out.type = value.toLowerCase();
    else if (key === 'nullable') continue;
    else if (['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'].includes(key))
      out[key] = Number(value);
    else if (key === 'properties' && isObj(value))
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, geminiToJsonSchema(v)]));
    else if (key === 'items' || key === 'anyOf') out[key] = geminiToJsonSchema(value);
    else out[key] = value;
  }
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  return out;
}

/** Which alternative, enum value and type a sample takes where there are several. */
export type SampleChoice = 'first' | 'last';

/**
 * One value for a schema: every property present (required or not, to exercise restoring),
 * the first non-null type or alternative, the first enum value (the last of each with `last`),
 * bounds respected, a format's
 * sample, a string matching `pattern` when one of a few candidates does. A string described as
 * JSON text gets `"{}"`. Recursion stops after a few levels by choosing null or an empty value.
 */
export function sampleArguments(root: Obj, choice: SampleChoice = 'first'): Json {
  const defs = isObj(root.$defs) ? root.$defs : {};
  // `last`: the last non-null alternative, enum value and type instead of the first.
  const pickOf = <T>(list: readonly T[], ok: (entry: T) => boolean): T | undefined =>
    choice === 'first' ? list.find(ok) : list.findLast(ok);
  const sample = (schema: Json | undefined, depth: number): Json => {
    if (!isObj(schema)) return null;
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.replace('#/$defs/', '').replaceAll('~1', '/').replaceAll('~0', '~');
      return depth > 6 ? null : sample(defs[name], depth + 1);
    }
    if (Array.isArray(schema.enum) && schema.enum.length > 0)
      return (pickOf(schema.enum, (v) => v !== null) ?? schema.enum[0]) as Json;
    if (schema.const !== undefined) return schema.const;
    if (Array.isArray(schema.allOf)) {
      // Every member at once: objects merged (an intersection's members each require their own).
      const { allOf, ...own } = schema;
      const parts = [own, ...allOf].map((member) => sample(member, depth + 1));
      const objects = parts.filter(isObj);
      return objects.length > 0 ? Object.assign({}, ...objects) : (parts.find((part) => part !== null) ?? null);
    }
    const alternatives = schema.anyOf ?? schema.oneOf;
    const types =
      typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : [];
    const nonNull = types.filter((type) => type !== 'null');
    if (nonNull.length === 0 && Array.isArray(alternatives)) {
      const pick = pickOf(alternatives, (variant) => isObj(variant) && variant.type !== 'null') ?? alternatives[0];
      return sample(pick, depth + 1);
    }
    const type = choice === 'first' ? nonNull[0] : nonNull.at(-1);
    if (type === undefined) return types.includes('null') ? null : {};
    if (depth > 12 && types.includes('null')) return null;
    switch (type) {
      case 'string': {
        if (typeof schema.description === 'string' && /as JSON text/.test(schema.description)) return '{}';
        if (typeof schema.format === 'string' && FORMAT_SAMPLES[schema.format] !== undefined)
          return FORMAT_SAMPLES[schema.format] as string;
        const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
        const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
        if (typeof schema.pattern === 'string') {
          let pattern: RegExp;
          try {
            pattern = new RegExp(schema.pattern, 'u');
          } catch {
            return 'a';
          }
          return PATTERN_CANDIDATES.find((c) => pattern.test(c) && c.length >= min && c.length <= max) ?? 'a';
        }
        return 'a'.repeat(Math.max(1, Math.min(min, 64)));
      }
      case 'integer':
      case 'number': {
        let value =
          typeof schema.minimum === 'number'
            ? schema.minimum
            : typeof schema.exclusiveMinimum === 'number'
              ? schema.exclusiveMinimum + 1
              : 1;
        if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
        if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) {
          const floor =
            typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.exclusiveMaximum - 2;
          value = (floor + schema.exclusiveMaximum) / 2;
        }
        if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0)
          value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
        return type === 'integer' ? Math.ceil(value) : value;
      }
      case 'boolean':
        return true;
      case 'array': {
        const count = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 1, 1);
        const capped = typeof schema.maxItems === 'number' ? Math.min(count, schema.maxItems) : count;
        // Deep down (recursion), an array that may be empty is: a ref there would sample null.
        if (depth > 12 || (depth > 5 && !(typeof schema.minItems === 'number' && schema.minItems > 0))) return [];
        const item = sample(schema.items, depth + 1);
        // Distinct items when they must be (strings get a suffix); else the same item again (a
        // suffix would leave an enum or a pattern).
        const unique = schema.uniqueItems === true;
        const items = Array.from({ length: capped }, (_, index) =>
          unique && typeof item === 'string' && index > 0 ? `${item}${index}` : item,
        );
        // A tuple's elements first, each its own schema.
        const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
        for (const [index, element] of tuple.entries()) items[index] = sample(element, depth + 1);
        return items.slice(0, capped);
      }
      case 'object': {
        const value: Obj = {};
        const properties = isObj(schema.properties) ? schema.properties : {};
        for (const [name, child] of Object.entries(properties)) value[name] = sample(child, depth + 1);
        // Required names the properties do not list (a record keyed by an enum): a value of the map's.
        const required = Array.isArray(schema.required) ? schema.required : [];
        for (const name of required)
          if (typeof name === 'string' && !Object.hasOwn(value, name))
            value[name] = isObj(schema.additionalProperties) ? sample(schema.additionalProperties, depth + 1) : 'a';
        return value;
      }
      default:
        return null;
    }
  };
  return sample(root, 0);
}

/** Change kinds that lose a constraint the original schema checks. */
const LOSS_KINDS = new Set([
  'keyword_moved',
  'keyword_dropped',
  'encoded_json_text',
  'composition_merged',
  'root_composition_merged',
  'one_of_to_any_of',
]);

/** A change's schema path as the instance path it governs: `/inputSchema/properties/a/items/anyOf/0/format` → `/a/*`. */
function instancePath(schemaPath: string): string {
  const tokens = schemaPath.split('/').slice(2);
  const out: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as string;
    if (token === 'properties') out.push(tokens[++index] as string);
    else if (token === 'items' || token === 'additionalProperties') out.push('*');
    else if (token === 'anyOf' || token === 'oneOf' || token === 'allOf') index++;
    else if (token === '$defs' || token === 'definitions') return '';
    else break;
  }
  return out.map((token) => `/${token}`).join('');
}

/**
 * The issues of a refused call that no loss the target logged explains: a rejection is allowed
 * only where a constraint was moved or dropped, a value sent as JSON text or a composition merged,
 * on the same branch of the value.
 */
export function unexplainedIssues<Issue extends { path: string }>(
  changes: readonly { kind: string; path: string }[],
  issues: readonly Issue[],
): Issue[] {
  const losses = changes
    .filter((change) => LOSS_KINDS.has(change.kind))
    .map((change) => instancePath(change.path).split('/').slice(1));
  return issues.filter((issue) => {
    const at = issue.path.split('/').slice(1);
    return !losses.some((loss) => onOneBranch(loss, at));
  });
}

/**
 * Whether two instance paths lie on one branch (one is a prefix of the other), a loss's `*` (any
 * item, any key of a map) matching any token; a loss in a definition (`[]` from `$defs`) any path.
 */
function onOneBranch(loss: readonly string[], at: readonly string[]): boolean {
  const shared = Math.min(loss.length, at.length);
  for (let index = 0; index < shared; index++) {
    const token = loss[index] as string;
    if (token !== '*' && token !== at[index] && !(/^\d+$/.test(at[index] as string) && token === '*')) return false;
  }
  return true;
}
