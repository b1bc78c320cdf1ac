// Ajv set up once for the whole library: the dialect a schema names, formats checked, no console
// output, and validation that stays linear in the value whatever the schema says.
import { Ajv, type ErrorObject, type KeywordDefinition, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import addFormatsModule from 'ajv-formats';
import { compileLinearRegExp, type LinearRegExp, type UncheckedPattern } from './linear-regexp.js';

// ajv-formats is CommonJS: under NodeNext its default import is the module object's default.
const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => void;

const DRAFT_07_OR_OLDER = /json-schema\.org\/(draft-0[4-7])\/schema/;

export type { UncheckedPattern } from './linear-regexp.js';

/** One reason a value does not match, at a JSON Pointer into the value. */
export interface JsonSchemaIssue {
  path: string;
  message: string;
  /** The schema keyword the value fails (`minimum`, `required`, `type`, …), when known. */
  keyword?: string;
}

/** A compiled schema, with the patterns in it that could not be checked (see {@link compileLinearRegExp}). */
export interface CompiledSchema {
  validate: ValidateFunction;
  /** Patterns of the schema no linear engine can run: treated as matching anything. */
  unchecked: UncheckedPattern[];
}

/** Whether a schema's `$schema` names draft-07 or an older draft: validated as that dialect (else 2020-12). */
export function isDraft07(schema: unknown): boolean {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    typeof (schema as { $schema?: unknown }).$schema === 'string' &&
    DRAFT_07_OR_OLDER.test((schema as { $schema: string }).$schema)
  );
}

/** A canonical text of a JSON value: object keys sorted, so equal values (JSON Schema's sense) are equal texts. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * `uniqueItems` in one pass: each item's canonical text in a map, instead of Ajv's comparison of
 * every pair of object or array items (20,000 one-element arrays took 14.6 s).
 */
const LINEAR_UNIQUE_ITEMS: KeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  errors: true,
  validate: function uniqueItems(this: unknown, unique: boolean, data: unknown[]): boolean {
    const self = uniqueItems as unknown as { errors: Partial<ErrorObject>[] | null };
    self.errors = null;
    if (!unique) return true;
    const seen = new Map<string, number>();
    for (let i = 0; i < data.length; i++) {
      const key = canonicalJson(data[i]);
      const j = seen.get(key);
      if (j !== undefined) {
        self.errors = [
          {
            keyword: 'uniqueItems',
            message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
            params: { i, j },
          },
        ];
        return false;
      }
      seen.set(key, i);
    }
    return true;
  },
};

/**
 * An Ajv instance for a schema, and the record of patterns it could not run.
 * - Draft-07 (or older) when its `$schema` says so, else 2020-12; every error collected.
 * - `strict: false` accepts the unknown keywords and formats real schemas carry, silently
 *   (`logger: false`); `validateSchema: false`, so an unknown `$schema` URI or a keyword of the
 *   wrong shape elsewhere does not keep the rest of the schema from being checked.
 * - `strictNumbers` stays on, so Infinity and NaN are no numbers — what `serde_json` and every
 *   provider reject. `ownProperties`: `constructor`, `toString`, `__proto__` are names like any other.
 * - Every `pattern`, `patternProperties` key and `propertyNames` pattern runs on RE2 (linear
 *   time); `uniqueItems` is one pass. A pattern RE2 cannot run is recorded in `unchecked`.
 * - No optimization pass over the generated code (`code.optimize: false`): the pass renames and
 *   inlines, it does not change what the code checks. It was about half of compiling (6.4 ms →
 *   3.0–3.9 ms a schema over real tools, 4.4 s → 2.6 s for 16,000 properties) and saves 1–2 µs
 *   a validation: a tool is compiled on its first call and checked a few times in a session.
 */
export function createAjv(
  schema: unknown,
  /** Ajv's optimization pass on (its default): only for measuring and testing what skipping it changes. */
  { optimizeCode = false }: { optimizeCode?: boolean } = {},
): { ajv: Ajv | Ajv2020; unchecked: Map<string, UncheckedPattern> } {
  const unchecked = new Map<string, UncheckedPattern>();
  // `code` names the engine in Ajv's standalone output, which this library never generates.
  const regExp: RegExpEngine = Object.assign(
    (pattern: string): LinearRegExp => {
      const compiled = compileLinearRegExp(pattern);
      if ('regexp' in compiled) return compiled.regexp;
      unchecked.set(pattern, compiled.unchecked);
      return { test: () => true, toString: () => `unchecked:${pattern}` };
    },
    { code: 'toolschemaLinearRegExp' },
  );
  const options = {
    allErrors: true,
    strict: false,
    strictNumbers: true,
    logger: false,
    validateSchema: false,
    ownProperties: true,
    code: { regExp, optimize: optimizeCode ? 1 : 0 },
  } as const;
  const ajv = isDraft07(schema) ? new Ajv(options) : new Ajv2020(options);
  addFormats(ajv);
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword(LINEAR_UNIQUE_ITEMS);
  return { ajv, unchecked };
}

/** The pattern strings a schema holds (`pattern` values, `patternProperties` keys), anywhere in it. */
function patternsOf(schema: unknown): Set<string> {
  const found = new Set<string>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === 'object' && item !== null) stack.push(item);
    } else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      if (typeof record.pattern === 'string') found.add(record.pattern);
      const patternProperties = record.patternProperties;
      if (typeof patternProperties === 'object' && patternProperties !== null && !Array.isArray(patternProperties))
        for (const key of Object.keys(patternProperties)) found.add(key);
      for (const key of Object.keys(record)) {
        const child = record[key];
        if (typeof child === 'object' && child !== null) stack.push(child);
      }
    }
  }
  return found;
}

/**
 * Compiles one schema on an instance of {@link createAjv}: the validator, and which of the
 * schema's patterns it does not check. Throws what Ajv throws for a schema it cannot compile.
 */
export function compileSchema(
  instance: { ajv: Ajv | Ajv2020; unchecked: Map<string, UncheckedPattern> },
  schema: unknown,
): CompiledSchema {
  const validate = instance.ajv.compile(schema as object);
  if (instance.unchecked.size === 0) return { validate, unchecked: [] };
  const unchecked: UncheckedPattern[] = [];
  for (const pattern of patternsOf(schema)) {
    const entry = instance.unchecked.get(pattern);
    if (entry !== undefined) unchecked.push(entry);
  }
  return { validate, unchecked };
}

/**
 * A compiler that reuses one Ajv instance per dialect: creating an instance (and adding the
 * formats) costs milliseconds, compiling a small schema on an existing one a fraction of that.
 * - A schema whose `$id` is already known to the shared instance compiles on a fresh one.
 * - Throws what Ajv throws for a schema it cannot compile.
 */
export function createSchemaCompiler(): (schema: unknown) => CompiledSchema {
  const instances = new Map<boolean, ReturnType<typeof createAjv>>();
  return (schema) => {
    const draft07 = isDraft07(schema);
    let instance = instances.get(draft07);
    if (instance === undefined) {
      instance = createAjv(schema);
      instances.set(draft07, instance);
    }
    const hasId = typeof schema === 'object' && schema !== null && '$id' in schema;
    return compileSchema(hasId ? createAjv(schema) : instance, schema);
  };
}

/** An Ajv error as an issue: its instance path, and the extra key it names when there is one. */
export function ajvIssue(error: ErrorObject): JsonSchemaIssue {
  const extra =
    error.keyword === 'additionalProperties'
      ? ` (${JSON.stringify((error.params as { additionalProperty?: string }).additionalProperty)})`
      : '';
  return { path: error.instancePath, message: `${error.message ?? error.keyword}${extra}`, keyword: error.keyword };
}
