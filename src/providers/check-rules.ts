// A checker of each provider's documented tool rules (../shared/PROVIDERS.md), for any tools as they are.
// Deliberately apart from the converters: it imports none of their code or constants, so the corpus
// test's "no violation" needs a converter bug and a checker bug to agree; `toolschema lint` runs it
// on a server's tools as they are.
import { Ajv2020 } from 'ajv/dist/2020.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

/** One broken rule: which tool, where, and the rule. */
export interface Violation {
  tool: string;
  path: string;
  rule: string;
}

const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const escapeToken = (token: string) => token.replaceAll('~', '~0').replaceAll('/', '~1');

const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const GEMINI_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;
const GEMINI_PROPERTY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];
const TOP_LEVEL_FORBIDDEN = ['oneOf', 'anyOf', 'allOf', 'enum', 'const', 'not'];

// OpenAI strict (Structured Outputs "Supported schemas").
const OPENAI_STRICT_KEYWORDS = new Set([
  'type',
  'description',
  'title',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  '$ref',
  '$defs',
  'enum',
  'const',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);
const OPENAI_STRICT_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);
// Anthropic strict tool use ("JSON Schema limitations").
const ANTHROPIC_STRICT_UNSUPPORTED = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'maxItems',
  'uniqueItems',
  'contains',
];
const ANTHROPIC_STRICT_FORMATS = new Set([...OPENAI_STRICT_FORMATS, 'uri']);
// Gemini `Schema` fields.
const GEMINI_FIELDS = new Set([
  'anyOf',
  'default',
  'description',
  'enum',
  'example',
  'format',
  'items',
  'maximum',
  'maxItems',
  'maxLength',
  'maxProperties',
  'minimum',
  'minItems',
  'minLength',
  'minProperties',
  'nullable',
  'pattern',
  'properties',
  'propertyOrdering',
  'required',
  'title',
  'type',
]);
const GEMINI_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'];

/** Every schema position under a schema (root first), with its JSON Pointer, definitions included. */
function positions(root: Json, path = ''): { node: Obj; path: string }[] {
  const found: { node: Obj; path: string }[] = [];
  const visit = (node: Json | undefined, at: string) => {
    if (!isObj(node)) return;
    found.push({ node, path: at });
    if (isObj(node.properties))
      for (const [name, child] of Object.entries(node.properties))
        visit(child, `${at}/properties/${escapeToken(name)}`);
    if (isObj(node.items)) visit(node.items, `${at}/items`);
    if (isObj(node.additionalProperties)) visit(node.additionalProperties, `${at}/additionalProperties`);
    for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
      const list = node[key];
      if (Array.isArray(list)) for (const [index, child] of list.entries()) visit(child, `${at}/${key}/${index}`);
    }
    for (const key of ['$defs', 'definitions']) {
      const table = node[key];
      if (isObj(table))
        for (const [name, child] of Object.entries(table)) visit(child, `${at}/${key}/${escapeToken(name)}`);
    }
  };
  visit(root, path);
  return found;
}

function typesOf(node: Obj): string[] {
  if (typeof node.type === 'string') return [node.type.toLowerCase()];
  if (Array.isArray(node.type)) return node.type.filter((t): t is string => typeof t === 'string');
  return [];
}

/** "keywords have valid JSON Schema shapes": the values of the common keywords. */
/**
 * Keywords of the wrong shape. `openai`: also OpenAI's own rules on top of JSON Schema (arrays
 * need `items`, objects `properties`, subschemas are objects): valid JSON Schema that Anthropic
 * and Gemini's `parametersJsonSchema` take as it is (a boolean subschema, a free-form object).
 */
function shapeViolations(root: Json, base: string, openai = false): { path: string; rule: string }[] {
  const found: { path: string; rule: string }[] = [];
  for (const { node, path } of positions(root, base)) {
    const bad = (key: string, rule: string) => found.push({ path: `${path}/${key}`, rule });
    if (node.type !== undefined) {
      const list = Array.isArray(node.type) ? node.type : [node.type];
      if (list.length === 0 || !list.every((t) => typeof t === 'string' && JSON_TYPES.includes(t)))
        bad('type', 'type is a JSON type name or an array of them');
    }
    const subschema = (value: Json | undefined) => isObj(value) || (!openai && typeof value === 'boolean');
    if (node.properties !== undefined && !(isObj(node.properties) && Object.values(node.properties).every(subschema)))
      bad('properties', 'properties maps names to schemas');
    if (
      node.required !== undefined &&
      !(Array.isArray(node.required) && node.required.every((n) => typeof n === 'string'))
    )
      bad('required', 'required is an array of strings');
    if (node.enum !== undefined && !(Array.isArray(node.enum) && node.enum.length > 0))
      bad('enum', 'enum is a non-empty array');
    if (node.items !== undefined && !subschema(node.items)) bad('items', 'items is a schema');
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      const list = node[key];
      if (list !== undefined && !(Array.isArray(list) && list.length > 0 && list.every(subschema)))
        bad(key, `${key} is a non-empty array of schemas`);
    }
    if (
      node.additionalProperties !== undefined &&
      !(typeof node.additionalProperties === 'boolean' || isObj(node.additionalProperties))
    )
      bad('additionalProperties', 'additionalProperties is a boolean or a schema');
    for (const key of ['description', 'pattern', 'format', '$ref', 'title']) {
      if (node[key] !== undefined && typeof node[key] !== 'string') bad(key, `${key} is a string`);
    }
    for (const key of [
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
      'multipleOf',
      'minLength',
      'maxLength',
      'minItems',
      'maxItems',
    ]) {
      if (node[key] !== undefined && typeof node[key] !== 'number') bad(key, `${key} is a number`);
    }
    if (!openai) continue;
    if (typesOf(node).includes('array') && node.items === undefined)
      found.push({ path, rule: 'array schema missing items' });
    if (typesOf(node).includes('object') && node.properties === undefined)
      found.push({ path, rule: 'object schema missing properties' });
  }
  for (const { path, ref } of localRefs(root, base))
    if (resolvePointer(root, ref) === undefined) found.push({ path, rule: `$ref ${ref} resolves in the schema` });
  return found;
}

/** Keywords whose value is data, not schemas: a `$ref` key in them is no reference. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);

/**
 * Every local `$ref` in a schema, wherever a keyword holds it (a provider resolves refs under
 * `not`, `if`, `contains`, `patternProperties` and `prefixItems` too), but inside data.
 */
function localRefs(root: Json, base: string): { path: string; ref: string }[] {
  const found: { path: string; ref: string }[] = [];
  const stack: { value: Json; path: string }[] = [{ value: root, path: base }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: Json; path: string };
    if (Array.isArray(value)) {
      for (const [index, element] of value.entries()) stack.push({ value: element, path: `${path}/${index}` });
      continue;
    }
    if (!isObj(value)) continue;
    for (const [key, member] of Object.entries(value)) {
      if (DATA_KEYWORDS.has(key)) continue;
      if (key === '$ref' && typeof member === 'string' && member.startsWith('#'))
        found.push({ path: `${path}/$ref`, ref: member });
      else if (typeof member === 'object' && member !== null)
        stack.push({ value: member, path: `${path}/${escapeToken(key)}` });
    }
  }
  return found;
}

/**
 * What a local ref's JSON Pointer names in `root` (`~1`/`~0` unescaped), read percent-decoded and,
 * failing that, as written (a `%` that starts no escape is a character of the name); undefined for
 * nothing.
 */
function resolvePointer(root: Json, ref: string): Json | undefined {
  const written = ref.slice(1);
  let decoded: string | undefined;
  try {
    decoded = decodeURIComponent(written);
  } catch {
    decoded = undefined;
  }
  return pointerTarget(root, decoded ?? written) ?? (decoded === written ? undefined : pointerTarget(root, written));
}

function pointerTarget(root: Json, pointer: string): Json | undefined {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let current: Json | undefined = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current)) current = /^(0|[1-9]\d*)$/.test(token) ? current[Number(token)] : undefined;
    else if (isObj(current)) current = Object.hasOwn(current, token) ? current[token] : undefined;
    else return undefined;
  }
  return current;
}

function resolveRef(root: Obj, ref: string): Json | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/$defs/')) return undefined;
  const name = ref.slice('#/$defs/'.length).replaceAll('~1', '/').replaceAll('~0', '~');
  return isObj(root.$defs) && Object.hasOwn(root.$defs, name) ? root.$defs[name] : undefined;
}

function openAiStrictViolations(root: Obj, base: string): { path: string; rule: string }[] {
  const found: { path: string; rule: string }[] = [];
  let properties = 0;
  let enumValues = 0;
  let chars = 0;
  if (isObj(root.$defs)) for (const name of Object.keys(root.$defs)) chars += name.length;
  for (const { node, path } of positions(root, base)) {
    for (const key of Object.keys(node)) {
      if (!OPENAI_STRICT_KEYWORDS.has(key))
        found.push({ path: `${path}/${key}`, rule: `strict: '${key}' is not permitted` });
    }
    if (node.type === undefined && node.anyOf === undefined && node.$ref === undefined)
      found.push({ path, rule: 'strict: every schema has type, anyOf or $ref' });
    if (typeof node.$ref === 'string' && resolveRef(root, node.$ref) === undefined)
      found.push({ path: `${path}/$ref`, rule: 'strict: $ref is # or #/$defs/… and resolves' });
    if (typesOf(node).includes('object')) {
      if (node.additionalProperties !== false)
        found.push({ path, rule: "strict: 'additionalProperties' is required to be supplied and to be false" });
      const names = isObj(node.properties) ? Object.keys(node.properties) : [];
      const required = Array.isArray(node.required) ? node.required : [];
      const listed = new Set(required);
      if (names.length !== required.length || !names.every((name) => listed.has(name)))
        found.push({
          path,
          rule: "strict: 'required' is required to be supplied and to be an array including every key in properties",
        });
    }
    if (typeof node.format === 'string' && !OPENAI_STRICT_FORMATS.has(node.format))
      found.push({ path: `${path}/format`, rule: `strict: '${node.format}' is not a valid format` });
    if (isObj(node.properties)) {
      properties += Object.keys(node.properties).length;
      for (const name of Object.keys(node.properties)) chars += name.length;
    }
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      let enumChars = 0;
      for (const value of node.enum) if (typeof value === 'string') enumChars += value.length;
      chars += enumChars;
      if (node.enum.length > 250 && enumChars > 15_000)
        found.push({
          path: `${path}/enum`,
          rule: 'strict: a string enum over 250 values has at most 15,000 characters',
        });
    }
  }
  const depth = (node: Json, seen: Set<string>): number => {
    if (!isObj(node)) return 0;
    let deepest = 0;
    if (typeof node.$ref === 'string' && !seen.has(node.$ref)) {
      const target = resolveRef(root, node.$ref);
      if (target !== undefined) deepest = depth(target, new Set([...seen, node.$ref])) - 1;
    }
    const children: Json[] = [];
    if (isObj(node.properties)) children.push(...Object.values(node.properties));
    if (node.items !== undefined) children.push(node.items);
    if (Array.isArray(node.anyOf)) children.push(...node.anyOf);
    for (const child of children) deepest = Math.max(deepest, depth(child, seen));
    return deepest + 1;
  };
  if (properties > 5_000) found.push({ path: base, rule: 'strict: at most 5,000 object properties' });
  if (depth(root, new Set()) > 10) found.push({ path: base, rule: 'strict: at most 10 levels of nesting' });
  if (enumValues > 1_000) found.push({ path: base, rule: 'strict: at most 1,000 enum values' });
  if (chars > 120_000) found.push({ path: base, rule: 'strict: at most 120,000 characters of names and values' });
  return found;
}

function refersToItself(root: Obj): boolean {
  const defs = isObj(root.$defs) ? root.$defs : {};
  const refsIn = (node: Json): string[] =>
    positions(node).flatMap(({ node: n }) => (typeof n.$ref === 'string' ? [n.$ref] : []));
  for (const name of Object.keys(defs)) {
    const start = `#/$defs/${escapeToken(name)}`;
    const seen = new Set<string>();
    const stack = refsIn(defs[name] as Json);
    while (stack.length > 0) {
      const ref = stack.pop() as string;
      if (ref === start || ref === '#') return true;
      if (seen.has(ref)) continue;
      seen.add(ref);
      const target = resolveRef(root, ref);
      if (target !== undefined) stack.push(...refsIn(target));
    }
  }
  return false;
}

function anthropicStrictViolations(root: Obj, base: string): { path: string; rule: string }[] {
  const found: { path: string; rule: string }[] = [];
  if (refersToItself(root)) found.push({ path: base, rule: 'strict: no recursive schemas' });
  for (const { node, path } of positions(root, base)) {
    if (typesOf(node).includes('object') && node.additionalProperties !== false)
      found.push({ path, rule: 'strict: every object has additionalProperties: false' });
    for (const key of ANTHROPIC_STRICT_UNSUPPORTED)
      if (node[key] !== undefined) found.push({ path: `${path}/${key}`, rule: `strict: ${key} is not supported` });
    if (typeof node.minItems === 'number' && node.minItems > 1)
      found.push({ path: `${path}/minItems`, rule: 'strict: minItems only 0 or 1' });
    if (typeof node.format === 'string' && !ANTHROPIC_STRICT_FORMATS.has(node.format))
      found.push({ path: `${path}/format`, rule: 'strict: format not supported' });
    if (Array.isArray(node.enum) && node.enum.some((value) => typeof value === 'object' && value !== null))
      found.push({ path: `${path}/enum`, rule: 'strict: enum values are primitives' });
    if (typeof node.pattern === 'string' && /\\[1-9bBk]|\(\?[=!<]/.test(node.pattern))
      found.push({
        path: `${path}/pattern`,
        rule: 'strict: pattern without backreferences, lookaround or word boundaries',
      });
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#'))
      found.push({ path, rule: 'strict: no external $ref' });
    if (Array.isArray(node.allOf) && node.allOf.some((member) => isObj(member) && member.$ref !== undefined))
      found.push({ path: `${path}/allOf`, rule: 'strict: allOf with $ref is not supported' });
  }
  return found;
}

const metaschemaAjv = new Ajv2020({ strict: false, validateFormats: false, logger: false });

function geminiSchemaViolations(root: Json, base: string): { path: string; rule: string }[] {
  const found: { path: string; rule: string }[] = [];
  if (!isObj(root) || typesOf(root)[0] !== 'object')
    found.push({ path: base, rule: 'parameters schema should be of type OBJECT' });
  for (const { node, path } of positions(root, base)) {
    for (const key of Object.keys(node))
      if (!GEMINI_FIELDS.has(key))
        found.push({ path: `${path}/${key}`, rule: `Unknown name "${key}": Cannot find field` });
    if (node.type !== undefined && (typeof node.type !== 'string' || !GEMINI_TYPES.includes(node.type.toLowerCase())))
      found.push({ path: `${path}/type`, rule: 'Proto field is not repeating, cannot start list (type is one name)' });
    if (node.enum !== undefined) {
      if (typesOf(node)[0] !== 'string') found.push({ path: `${path}/enum`, rule: 'enum only with type string' });
      if (!Array.isArray(node.enum) || !node.enum.every((value) => typeof value === 'string' && value !== ''))
        found.push({ path: `${path}/enum`, rule: 'enum values are non-empty strings' });
    }
    if (node.format !== undefined && node.format !== 'enum' && node.format !== 'date-time')
      found.push({ path: `${path}/format`, rule: 'format only enum or date-time' });
    if (typesOf(node)[0] === 'array' && !isObj(node.items)) found.push({ path, rule: 'items: missing field' });
    if (typesOf(node)[0] === 'object' && !(isObj(node.properties) && Object.keys(node.properties).length > 0))
      found.push({ path, rule: 'object schemas have non-empty properties' });
    if (isObj(node.properties))
      for (const name of Object.keys(node.properties))
        if (!GEMINI_PROPERTY.test(name))
          found.push({
            path: `${path}/properties/${escapeToken(name)}`,
            rule: 'property names: a letter or _, then [A-Za-z0-9_], at most 64',
          });
    for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'])
      if (node[key] !== undefined && !/^\d+$/.test(String(node[key])))
        found.push({ path: `${path}/${key}`, rule: `${key} is a count` });
  }
  return found;
}

/** Keywords whose members are named schemas: their names are not keywords. */
const NAMED_SCHEMAS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
/** Keywords whose values are instances, not schemas. */
const INSTANCE_VALUES = new Set(['enum', 'const', 'default', 'examples', 'example']);

/**
 * A `$schema` keyword anywhere that names a dialect other than 2020-12. A property named
 * `$schema` is a name, not the keyword (the meta-schema does not read it), and so is a key of a
 * default or an enum value.
 */
function hasOtherDialect(value: Json): boolean {
  if (Array.isArray(value)) return value.some(hasOtherDialect);
  if (!isObj(value)) return false;
  if (Object.hasOwn(value, '$schema') && !/json-schema\.org\/draft\/2020-12\/schema#?$/.test(String(value.$schema)))
    return true;
  for (const [key, child] of Object.entries(value)) {
    if (INSTANCE_VALUES.has(key)) continue;
    if (NAMED_SCHEMAS.has(key) && isObj(child) ? Object.values(child).some(hasOtherDialect) : hasOtherDialect(child))
      return true;
  }
  return false;
}

function hasKeyAnywhere(value: Json, key: string): boolean {
  if (Array.isArray(value)) return value.some((item) => hasKeyAnywhere(item, key));
  if (!isObj(value)) return false;
  return Object.hasOwn(value, key) || Object.values(value).some((item) => hasKeyAnywhere(item, key));
}

/**
 * What one request's tools break of a provider's documented rules.
 * - `target`: `openai-responses`, `openai-chat`, `anthropic`, `gemini` or `gemini-json-schema`;
 *   `tools` in that target's wire shape. A tool marked strict is held to the strict rules too.
 * - `portable`: MCP tools (`{name, description, inputSchema}`), each put as it is into every
 *   provider's every field (Responses, Chat, Anthropic, Gemini `parameters` and
 *   `parametersJsonSchema`) and held to all of their rules at once.
 * - Each violation names the tool (`*` for the request), a JSON Pointer into it, and the rule.
 */
export function checkProviderTools(target: string, tools: readonly unknown[]): Violation[] {
  if (target === 'portable') return checkPortableTools(tools);
  const violations: Violation[] = [];
  const names = new Set<string>();
  let strictTools = 0;
  let optional = 0;
  let unions = 0;
  const limit = target === 'gemini' || target === 'gemini-json-schema' ? 512 : target === 'anthropic' ? Infinity : 128;
  if (tools.length > limit) violations.push({ tool: '*', path: '', rule: `at most ${limit} tools` });
  for (const entry of tools) {
    const tool = entry as Obj;
    const fn = target === 'openai-chat' ? (tool.function as Obj) : tool;
    const name = String(fn.name);
    const add = (path: string, rule: string) => violations.push({ tool: name, path, rule });
    if (names.has(name)) add('/name', 'tool names are unique within one request');
    names.add(name);
    const pattern = target.startsWith('gemini') ? GEMINI_NAME : OPENAI_NAME;
    if (!pattern.test(name)) add('/name', `name matches ${pattern}`);
    if (typeof fn.description !== 'string') add('/description', 'description is a string');
    else if (target === 'openai-chat' && fn.description.length > 1_024)
      add('/description', 'Chat: description at most 1,024 characters');

    if (target === 'openai-responses' || target === 'openai-chat') {
      if (tool.type !== 'function') add('/type', 'type is "function"');
      const parameters = fn.parameters as Obj;
      if (!isObj(parameters) || parameters.type !== 'object' || !isObj(parameters.properties))
        add('/parameters', "schema must have type 'object' with properties");
      for (const key of TOP_LEVEL_FORBIDDEN)
        if (isObj(parameters) && parameters[key] !== undefined) add(`/parameters/${key}`, `no ${key} at the top level`);
      for (const v of shapeViolations(parameters, '/parameters', true)) add(v.path, v.rule);
      if (fn.strict === true && isObj(parameters))
        for (const v of openAiStrictViolations(parameters, '/parameters')) add(v.path, v.rule);
    } else if (target === 'anthropic') {
      const schema = tool.input_schema as Obj;
      if (!isObj(schema) || schema.type !== 'object') add('/input_schema', 'input_schema is an object schema');
      for (const key of ['oneOf', 'allOf', 'anyOf'])
        if (isObj(schema) && schema[key] !== undefined)
          add(`/input_schema/${key}`, 'input_schema does not support oneOf, allOf, or anyOf at the top level');
      // Anthropic validates against 2020-12: naming that dialect is fine; another is disputed.
      if (hasOtherDialect(schema))
        add('/input_schema', 'no $schema naming another dialect than 2020-12 (safe reading)');
      let invalid: string | undefined;
      try {
        if (!(metaschemaAjv.validateSchema(schema) as boolean)) invalid = metaschemaAjv.errorsText();
      } catch {
        // Ajv cannot check a schema naming another dialect: that is the rule above, said once
        // (not "JSON schema is invalid: No errors").
        if (!hasOtherDialect(schema)) invalid = 'its $schema names a meta-schema that cannot be checked';
      }
      if (invalid !== undefined)
        add('/input_schema', `JSON schema is invalid. It must match JSON Schema draft 2020-12: ${invalid}`);
      for (const v of shapeViolations(schema, '/input_schema')) add(v.path, v.rule);
      if (tool.strict === true && isObj(schema)) {
        strictTools++;
        for (const { node } of positions(schema)) {
          if (isObj(node.properties)) {
            const required = Array.isArray(node.required) ? node.required : [];
            const listed = new Set(required);
            optional += Object.keys(node.properties).filter((key) => !listed.has(key)).length;
          }
          if (Array.isArray(node.anyOf) || Array.isArray(node.type)) unions++;
        }
        for (const v of anthropicStrictViolations(schema, '/input_schema')) add(v.path, v.rule);
      }
    } else if (target === 'gemini') {
      if (tool.parametersJsonSchema !== undefined) add('', 'never both parameters and parametersJsonSchema');
      if (tool.parameters !== undefined)
        for (const v of geminiSchemaViolations(tool.parameters, '/parameters')) add(v.path, v.rule);
    } else if (target === 'gemini-json-schema') {
      if (tool.parameters !== undefined) add('', 'never both parameters and parametersJsonSchema');
      const schema = tool.parametersJsonSchema as Obj;
      if (!isObj(schema) || schema.type !== 'object') add('/parametersJsonSchema', 'the root is an object schema');
      if (hasKeyAnywhere(schema, '$schema')) add('/parametersJsonSchema', 'no $schema key anywhere');
      for (const v of shapeViolations(schema, '/parametersJsonSchema')) add(v.path, v.rule);
    }
  }
  if (strictTools > 20) violations.push({ tool: '*', path: '', rule: 'Too many strict tools (at most 20)' });
  if (optional > 24)
    violations.push({ tool: '*', path: '', rule: 'at most 24 optional parameters across strict schemas' });
  if (unions > 16)
    violations.push({ tool: '*', path: '', rule: 'at most 16 union-typed parameters across strict schemas' });
  return violations;
}

/**
 * Portable tools: MCP tools whose name, description and `inputSchema` every provider takes as
 * they are. Each provider's envelope is built here by hand (nothing of the converters'), and a
 * violation's rule says which provider's it is. A root without properties goes to Gemini's
 * `parameters` as no parameters at all, as the SDKs send a tool without arguments.
 */
function checkPortableTools(tools: readonly unknown[]): Violation[] {
  const violations: Violation[] = [];
  const asTools = tools.map((entry): Record<string, unknown> => (isObj(entry) ? entry : {}));
  for (const tool of asTools) {
    const schema = tool.inputSchema;
    if (!isObj(schema) || schema.type !== 'object')
      violations.push({ tool: String(tool.name), path: '/inputSchema', rule: 'MCP: inputSchema is an object schema' });
  }
  const envelopes: [string, (tool: Record<string, unknown>) => unknown, string][] = [
    [
      'openai-responses',
      (t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.inputSchema, strict: false }),
      '/parameters',
    ],
    [
      'openai-chat',
      (t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.inputSchema, strict: false },
      }),
      // The checker reports Chat's schema paths as /parameters too.
      '/parameters',
    ],
    ['anthropic', (t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema }), '/input_schema'],
    [
      'gemini',
      (t) => {
        const properties = isObj(t.inputSchema) ? t.inputSchema.properties : undefined;
        const none = !isObj(properties) || Object.keys(properties).length === 0;
        return none
          ? { name: t.name, description: t.description }
          : { name: t.name, description: t.description, parameters: t.inputSchema };
      },
      '/parameters',
    ],
    [
      'gemini-json-schema',
      (t) => ({ name: t.name, description: t.description, parametersJsonSchema: t.inputSchema }),
      '/parametersJsonSchema',
    ],
  ];
  for (const [provider, envelope, schemaPath] of envelopes) {
    for (const violation of checkProviderTools(provider, asTools.map(envelope))) {
      // Back to paths in the MCP tool: the schema is `inputSchema` whatever the provider calls it.
      const path = violation.path.startsWith(schemaPath)
        ? `/inputSchema${violation.path.slice(schemaPath.length)}`
        : violation.path.replace(/^\/function/, '');
      violations.push({ tool: violation.tool, path, rule: `${provider}: ${violation.rule}` });
    }
  }
  return violations;
}
