// Server bugs in tool schemas, repaired as what the author plainly meant (issue 22): one bad tool must not sink a server.
import { isDraft07 } from '../json-schema-ajv.js';
import { copyJsonInput } from '../schema/copy.js';
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import { BOUND_KEYWORDS, COUNT_KEYWORDS, isMalformedKeywordValue } from '../schema/keyword-values.js';
import { escapeToken } from '../schema/pointer-tokens.js';
import { forEachSchemaChild } from '../schema/walk.js';
import type { TargetChange } from './changes.js';

/** Type names servers write (Python's, Java's, upper case) → the JSON Schema type they mean. */
const TYPE_ALIASES: Readonly<Record<string, string>> = {
  string: 'string',
  str: 'string',
  text: 'string',
  integer: 'integer',
  int: 'integer',
  long: 'integer',
  number: 'number',
  float: 'number',
  double: 'number',
  decimal: 'number',
  boolean: 'boolean',
  bool: 'boolean',
  object: 'object',
  dict: 'object',
  map: 'object',
  array: 'array',
  list: 'array',
  null: 'null',
  none: 'null',
};

const JSON_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array', 'null']);

/** Keywords whose value is a number (JSON Schema's numeric bounds and counts). */
function isNumericKeyword(key: string): boolean {
  return BOUND_KEYWORDS.has(key) || COUNT_KEYWORDS.has(key);
}

/** Draft 4's (and OpenAPI 3.0's) boolean exclusive bounds, by the bound each one qualifies. */
const DRAFT_4_EXCLUSIVE: Readonly<Record<string, 'minimum' | 'maximum'>> = {
  exclusiveMinimum: 'minimum',
  exclusiveMaximum: 'maximum',
};

/** A JSON number written as a string (`"255"`, `"-1.5"`, `"1e3"`), read as that number; else undefined. */
function numberWritten(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(value.trim()))
    return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** Deepest schema nesting the repair walks (the pipeline's own copy stops at 1,000 anyway). */
const MAX_REPAIR_DEPTH = 1_000;

/** The JSON type a server's type name means, when it is not one already (undefined: no repair). */
function typeMeant(name: unknown): string | undefined {
  if (typeof name !== 'string' || JSON_TYPES.has(name)) return undefined;
  return TYPE_ALIASES[name.trim().toLowerCase()];
}

/** The JSON type a string names, valid name or alias (for a type name where a schema belongs). */
function typeNamed(value: unknown): string | undefined {
  return typeof value === 'string' ? TYPE_ALIASES[value.trim().toLowerCase()] : undefined;
}

/**
 * What is wrong at one schema node that a repair fixes, as a list of fixes to apply (none for a
 * healthy node: the common case, and then nothing is copied).
 */
/** What a repair walk found beyond its changes. */
interface RepairWalk {
  /** A draft 4 tuple was read as 2020-12's `prefixItems`. */
  tuples: boolean;
}

/** One repair of a node: it changes `target` and logs each change. */
type NodeFix = (target: JsonObject, path: string, log: TargetChange[], walk: RepairWalk) => void;

function nodeFixes(node: Record<string, unknown>): NodeFix[] {
  const fixes: NodeFix[] = [];
  const type = node.type;
  if (typeMeant(type) !== undefined || (Array.isArray(type) && type.some((entry) => typeMeant(entry) !== undefined)))
    fixes.push((target, path, log) => {
      const before = target.type as JsonValue;
      target.type = Array.isArray(before)
        ? before.map((entry) => typeMeant(entry) ?? entry)
        : (typeMeant(before) as string);
      log.push(change(`${path}/type`, `type ${JSON.stringify(before)} read as ${JSON.stringify(target.type)}`));
    });
  if (typeof node.required === 'string')
    fixes.push((target, path, log) => {
      target.required = [target.required as string];
      log.push(change(`${path}/required`, 'required was one name, not a list: read as a list of it'));
    });
  else if (isObject(node.required))
    fixes.push((target, path, log) => {
      const flags = target.required as JsonObject;
      target.required = Object.keys(flags).filter((name) => flags[name] === true);
      log.push(
        change(`${path}/required`, 'required was an object of flags: read as the list of the names set to true'),
      );
    });
  else if (Array.isArray(node.required) && node.required.some((entry) => typeof entry !== 'string'))
    fixes.push((target, path, log) => {
      const listed = target.required as JsonValue[];
      const dropped = listed.filter((entry) => typeof entry !== 'string');
      target.required = listed.filter((entry) => typeof entry === 'string');
      log.push(
        change(
          `${path}/required`,
          `required listed ${dropped.slice(0, 5).map(shown).join(', ')}${dropped.length > 5 ? ` and ${dropped.length - 5} more` : ''}, not names: dropped from the list`,
        ),
      );
    });
  if (Array.isArray(node.items) && node.prefixItems === undefined)
    fixes.push((target, path, log, walk) => {
      // Draft 4's tuple: `items` a list of schemas, `additionalItems` what may follow them.
      walk.tuples = true;
      const { items, additionalItems } = target;
      delete target.items;
      delete target.additionalItems;
      target.prefixItems = items as JsonValue;
      if (additionalItems !== undefined) target.items = additionalItems;
      log.push(
        change(
          `${path}/items`,
          `items as a list (draft 4's tuple) read as prefixItems${additionalItems === undefined ? '' : ', additionalItems as items'}`,
        ),
      );
    });
  if (Array.isArray(node.properties) && node.properties.length === 0)
    fixes.push((target, path, log) => {
      target.properties = {};
      log.push(change(`${path}/properties`, 'properties was an empty list: read as no properties'));
    });
  if (node.additionalProperties === 'true' || node.additionalProperties === 'false')
    fixes.push((target, path, log) => {
      const meant = target.additionalProperties === 'true';
      log.push(change(`${path}/additionalProperties`, `additionalProperties "${meant}" read as ${meant}`));
      target.additionalProperties = meant;
    });
  const enumValue = node.enum;
  if (enumValue !== undefined && !Array.isArray(enumValue) && (typeof enumValue !== 'object' || enumValue === null))
    fixes.push((target, path, log) => {
      target.enum = [target.enum as JsonValue];
      log.push(change(`${path}/enum`, 'enum was one value, not a list: read as a list of it'));
    });
  // Keyword values of the wrong kind (keyword-values.ts, where the copy's hint reads them too).
  for (const key in node) {
    if (!isMalformedKeywordValue(key, node[key])) continue;
    if (isNumericKeyword(key))
      fixes.push((target, path, log) => fixNumericKeyword(target, key, `${path}/${escapeToken(key)}`, log));
    else if (key === 'examples')
      fixes.push((target, path, log) => {
        target.examples = [target.examples as JsonValue];
        log.push(change(`${path}/examples`, 'examples was one value, not a list: read as a list of it'));
      });
    else if (key === 'uniqueItems')
      fixes.push((target, path, log) => {
        const before = target.uniqueItems;
        const meant = before === 'true' ? true : before === 'false' ? false : undefined;
        if (meant === undefined) delete target.uniqueItems;
        else target.uniqueItems = meant;
        log.push(
          change(
            `${path}/uniqueItems`,
            meant === undefined
              ? `uniqueItems ${shown(before)} is not a boolean: dropped`
              : `uniqueItems ${shown(before)} read as ${meant}`,
          ),
        );
      });
    // A string keyword (pattern, format, title, description).
    else
      fixes.push((target, path, log) => {
        log.push(change(`${path}/${key}`, `${key} ${shown(target[key])} is not a string: dropped`));
        delete target[key];
      });
  }
  for (const key of ['additionalProperties', 'items'] as const) {
    const meant = typeNamed(node[key]);
    if (meant !== undefined)
      fixes.push((target, path, log) => {
        log.push(change(`${path}/${key}`, `${key} ${JSON.stringify(target[key])} read as a schema of type ${meant}`));
        target[key] = { type: meant };
      });
  }
  const properties = node.properties;
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    // `required: true` on a property (Swagger 2's parameters, and many hand-written tools): the
    // object requires it. `false` is the default.
    const flagged = Object.keys(properties).filter((name) => {
      const value = (properties as Record<string, unknown>)[name];
      return isObject(value) && typeof value.required === 'boolean';
    });
    if (flagged.length > 0)
      fixes.push((target, path, log) => {
        const table = target.properties as JsonObject;
        const required = Array.isArray(target.required) ? target.required : [];
        const listed = new Set(required);
        const added: string[] = [];
        for (const name of flagged) {
          const property = table[name] as JsonObject;
          const value = property.required as boolean;
          delete property.required;
          if (value && !listed.has(name)) {
            listed.add(name);
            added.push(name);
          }
          log.push(
            change(
              `${path}/properties/${escapeToken(name)}/required`,
              value
                ? "required: true on a property (Swagger 2's spelling): listed in the object's required"
                : 'required: false on a property (the default): dropped',
            ),
          );
        }
        if (added.length > 0 || Array.isArray(target.required)) target.required = [...required, ...added];
      });
    for (const [name, value] of Object.entries(properties)) {
      if (Array.isArray(value) && name === 'required' && value.every((entry) => typeof entry === 'string'))
        fixes.push((target, path, log) => {
          const table = target.properties as JsonObject;
          const names = table.required as string[];
          delete table.required;
          const required = Array.isArray(target.required) ? target.required : [];
          const listed = new Set(required);
          target.required = [...required, ...names.filter((entry) => !listed.has(entry))];
          log.push(
            change(`${path}/properties/required`, "a required list under properties: moved to the object's required"),
          );
        });
      else if (typeNamed(value) !== undefined)
        fixes.push((target, path, log) => {
          const table = target.properties as JsonObject;
          const meant = typeNamed(table[name]) as string;
          log.push(
            change(
              `${path}/properties/${escapeToken(name)}`,
              `a type name ${JSON.stringify(table[name])} where a property schema belongs: read as a schema of type ${meant}`,
            ),
          );
          Object.defineProperty(table, name, {
            value: { type: meant },
            enumerable: true,
            writable: true,
            configurable: true,
          });
        });
    }
  }
  return fixes;
}

/** Characters of a repaired value a change message shows at most (a server's value may be megabytes). */
const SHOWN_CHARS = 60;

/** A value as JSON text, cut to {@link SHOWN_CHARS} with an ellipsis. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= SHOWN_CHARS ? text : `${text.slice(0, SHOWN_CHARS - 1)}…`;
}

function change(path: string, message: string): TargetChange {
  return { kind: 'schema_repaired', path: `/inputSchema${path}`, message };
}

/**
 * A numeric keyword whose value is not a number, read as what its author meant:
 * - draft 4's `exclusiveMinimum: true` beside `minimum: 1` is 2020-12's `exclusiveMinimum: 1`
 *   (the minimum goes); `false` is the default, and a `true` with no bound to exclude says
 *   nothing: both go;
 * - a number written as a string (`maxLength: "255"`) is that number;
 * - anything else (`"none"`, `null`, an object) is no bound at all: it goes.
 */
function fixNumericKeyword(target: JsonObject, key: string, path: string, log: TargetChange[]): void {
  const value = target[key];
  const bound = DRAFT_4_EXCLUSIVE[key];
  if (bound !== undefined && typeof value === 'boolean') {
    const limit = target[bound];
    delete target[key];
    if (value && typeof limit === 'number') {
      delete target[bound];
      target[key] = limit;
      log.push(
        change(path, `${key} true is draft 4's spelling: read as ${key} ${limit} (${bound} ${limit}, excluded)`),
      );
    } else
      log.push(
        change(
          path,
          value ? `${key} true with no ${bound} to exclude: dropped` : `${key} false is the default: dropped`,
        ),
      );
    return;
  }
  let number = typeof value === 'number' ? value : numberWritten(value);
  let dropped: string | undefined;
  if (number === undefined) dropped = 'is not a number';
  else if (COUNT_KEYWORDS.has(key)) {
    // A length is a whole number: at least 1.5 is at least 2, at most 2.5 is at most 2.
    if (number < 0) dropped = 'is not a count';
    else if (!Number.isInteger(number)) number = key.startsWith('min') ? Math.ceil(number) : Math.floor(number);
  } else if (key === 'multipleOf' && number <= 0) dropped = 'is not positive';
  if (dropped !== undefined || number === undefined) {
    delete target[key];
    log.push(change(path, `${key} ${shown(value)} ${dropped}: dropped`));
    return;
  }
  target[key] = number;
  log.push(change(path, `${key} ${shown(value)} read as the number ${number}`));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a node, or any schema under it, needs a repair: the tests of {@link nodeFixes}, made
 * while walking the node's own keys once (this runs on every node of a tool whose parse saw
 * something a repair may be for, or failed: one pass over the keys a node has, not a read of
 * every key a repair or a child could be under, cost it half its time).
 */
function subtreeNeedsRepair(node: Record<string, unknown>, depth: number, seen: Set<object>): boolean {
  // Each object once: a value written by hand that holds itself twice (or shares an object at
  // every level) was read 2^1000 ways before the depth bound stopped it.
  if (depth > MAX_REPAIR_DEPTH || seen.has(node)) return false;
  seen.add(node);
  for (const key in node) {
    const value = node[key];
    switch (key) {
      case 'type':
        if (
          typeof value === 'string'
            ? !JSON_TYPES.has(value) && typeMeant(value) !== undefined
            : Array.isArray(value) && value.some((entry) => typeMeant(entry) !== undefined)
        )
          return true;
        break;
      case 'required':
        if (typeof value === 'string' || isObject(value)) return true;
        if (Array.isArray(value) && value.some((entry) => typeof entry !== 'string')) return true;
        break;
      case 'enum':
        if (value !== undefined && !Array.isArray(value) && (typeof value !== 'object' || value === null)) return true;
        break;
      case 'additionalProperties':
      case 'items':
        if (typeof value === 'string') {
          if (typeNamed(value) !== undefined || value === 'true' || value === 'false') return true;
        } else if (isObject(value)) {
          if (subtreeNeedsRepair(value, depth + 1, seen)) return true;
        } else if (key === 'items' && Array.isArray(value) && node.prefixItems === undefined) return true;
        else if (key === 'items' && Array.isArray(value)) {
          for (const child of value) if (isObject(child) && subtreeNeedsRepair(child, depth + 1, seen)) return true;
        }
        break;
      case 'properties':
        if (Array.isArray(value) && value.length === 0) return true;
        if (isObject(value))
          for (const name in value) {
            const child = value[name];
            if (isObject(child) && typeof child.required === 'boolean') return true;
            if (typeof child === 'string') {
              if (typeNamed(child) !== undefined) return true;
            } else if (Array.isArray(child)) {
              if (name === 'required' && child.every((entry) => typeof entry === 'string')) return true;
            } else if (isObject(child) && subtreeNeedsRepair(child, depth + 1, seen)) return true;
          }
        break;
      case 'anyOf':
      case 'oneOf':
      case 'allOf':
      case 'prefixItems':
        if (Array.isArray(value))
          for (const child of value) if (isObject(child) && subtreeNeedsRepair(child, depth + 1, seen)) return true;
        break;
      case '$defs':
      case 'definitions':
        if (isObject(value))
          for (const name in value) {
            const child = value[name];
            if (isObject(child) && subtreeNeedsRepair(child, depth + 1, seen)) return true;
          }
        break;
      default:
        if (isMalformedKeywordValue(key, value)) return true;
    }
  }
  return false;
}

/** Whether any node of a (not yet copied) schema needs a repair. Unreadable input: no (the parse reports it). */
function needsRepair(root: unknown): boolean {
  if (typeof root !== 'object' || root === null || Array.isArray(root)) return false;
  try {
    return subtreeNeedsRepair(root as Record<string, unknown>, 0, new Set());
  } catch {
    return false;
  }
}

/** Every child schema a repair looks into: definitions and tuple items too. */
const CHILDREN = { definitions: 'include', prefixItems: true } as const;

/**
 * Repairs the server bugs that make real tools fail, each as what its author plainly meant, and
 * says so: a `schema_repaired` change with the path.
 * - `type: "int"`, `"float"`, `"bool"`, `"str"`, `"dict"`, `"list"` and upper-case names → the
 *   JSON Schema type (also inside a type list, and as the whole of `additionalProperties`,
 *   `items` or a property: `additionalProperties: "string"` → `{type: "string"}`);
 * - `properties.required: [...]` (a list where a property schema belongs) → the object's `required`;
 * - `required: "name"` → `["name"]`; `enum: "x"` → `["x"]`; `examples: "x"` → `["x"]`; entries of
 *   `required` that are not names → dropped; `required: {a: true}` → `["a"]`; `required: true` on
 *   a property (Swagger 2) → the name in the object's `required` (`false` → dropped);
 *   `properties: []` → `{}`;
 * - `items: [A, B]` (draft 4's tuple) → `prefixItems: [A, B]` (its `additionalItems` → `items`);
 *   `additionalProperties: "false"` → `false`;
 * - numeric keywords that are not numbers: draft 4's boolean `exclusiveMinimum`/`exclusiveMaximum`
 *   (OpenAPI 3.0 writes them) → 2020-12's numeric bound; `maxLength: "255"` → `255`; any other
 *   value (`"none"`, `null`) → no bound; a negative count (`minLength: -1`) or a `multipleOf` of
 *   0 → no bound; a fractional count → the whole number it means (`minItems: 1.5` → `2`);
 * - a `pattern`, `format`, `title` or `description` that is not a string (`pattern: 0`) → dropped;
 *   `uniqueItems: "true"` → `true`, any other value that is not a boolean → dropped.
 * - Returns undefined when nothing needs repair (the input is then not copied), or when the
 *   input cannot be read as JSON (the parse that follows reports that, for this tool alone).
 * - The input is never modified: repairs are made on a copy.
 */
export function repairServerSchema(input: unknown): { schema: JsonValue; repairs: TargetChange[] } | undefined {
  if (!needsRepair(input)) return undefined;
  let schema: JsonValue;
  try {
    schema = copyJsonInput(input);
  } catch {
    return undefined;
  }
  const repairs: TargetChange[] = [];
  const walk: RepairWalk = { tuples: false };
  const visit = (node: JsonValue, path: string, depth: number): void => {
    if (!isJsonObject(node) || depth > MAX_REPAIR_DEPTH) return;
    for (const fix of nodeFixes(node)) fix(node, path, repairs, walk);
    forEachSchemaChild(node, CHILDREN, (holder, key) => {
      const child = (holder as Record<string | number, JsonValue>)[key] as JsonValue;
      visit(child, `${path}/${slotPath(node, holder, key)}`, depth + 1);
    });
  };
  visit(schema, '', 0);
  if (walk.tuples && isJsonObject(schema) && isDraft07(schema)) readAs2020(schema, repairs);
  return { schema, repairs };
}

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/**
 * A schema that names draft-07 (or older) and had a tuple repaired is read as 2020-12, whose
 * `prefixItems` the repaired tuple is written in: calls are checked against the repaired schema
 * in the dialect its `$schema` names, and draft-07 ignores `prefixItems` (any element passed)
 * and reads the repaired `items` (what follows the tuple) as every element's schema (the tuple's
 * own elements refused). zod-to-json-schema and zod 4 write every tuple so, under draft-07's
 * `$schema`. For the rest of such a schema the two dialects check the same (refs' siblings,
 * `dependencies`, `definitions` alike in Ajv).
 */
function readAs2020(schema: JsonObject, repairs: TargetChange[]): void {
  const before = schema.$schema;
  schema.$schema = DRAFT_2020_12;
  repairs.push(
    change(
      '/$schema',
      `$schema ${shown(before)} read as 2020-12: the tuples above are written as prefixItems, which the older draft does not read`,
    ),
  );
}

/** The JSON Pointer tokens from a node to one of its child slots (`properties/a`, `anyOf/0`, `items`). */
function slotPath(node: JsonObject, holder: unknown, key: string | number): string {
  const token = escapeToken(String(key));
  if (holder === node) return token;
  for (const [name, value] of Object.entries(node)) {
    if (value === holder) return `${escapeToken(name)}/${token}`;
  }
  return token;
}
