// Ajv set up once for the whole library: the dialect a schema names, formats checked, no console
// output, and validation that stays linear in the value whatever the schema says.
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { compileLinearRegExp } from './linear-regexp.js';
// ajv-formats is CommonJS: under NodeNext its default import is the module object's default.
const addFormats = addFormatsModule;
const DRAFT_07_OR_OLDER = /json-schema\.org\/(draft-0[4-7])\/schema/;
function isDraft07(schema) {
    return (typeof schema === 'object' &&
        schema !== null &&
        typeof schema.$schema === 'string' &&
        DRAFT_07_OR_OLDER.test(schema.$schema));
}
/** A canonical text of a JSON value: object keys sorted, so equal values (JSON Schema's sense) are equal texts. */
function canonicalJson(value) {
    if (Array.isArray(value))
        return `[${value.map(canonicalJson).join(',')}]`;
    if (typeof value === 'object' && value !== null) {
        const keys = Object.keys(value).sort();
        return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
    }
    return JSON.stringify(value) ?? 'null';
}
/**
 * `uniqueItems` in one pass: each item's canonical text in a map, instead of Ajv's comparison of
 * every pair of object or array items (20,000 one-element arrays took 14.6 s).
 */
const LINEAR_UNIQUE_ITEMS = {
    keyword: 'uniqueItems',
    type: 'array',
    schemaType: 'boolean',
    errors: true,
    validate: function uniqueItems(unique, data) {
        const self = uniqueItems;
        self.errors = null;
        if (!unique)
            return true;
        const seen = new Map();
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
 */
export function createAjv(schema) {
    const unchecked = new Map();
    // `code` names the engine in Ajv's standalone output, which this library never generates.
    const regExp = Object.assign((pattern) => {
        const compiled = compileLinearRegExp(pattern);
        if ('regexp' in compiled)
            return compiled.regexp;
        unchecked.set(pattern, compiled.unchecked);
        return { test: () => true, toString: () => `unchecked:${pattern}` };
    }, { code: 'toolschemaLinearRegExp' });
    const options = {
        allErrors: true,
        strict: false,
        strictNumbers: true,
        logger: false,
        validateSchema: false,
        ownProperties: true,
        code: { regExp },
    };
    const ajv = isDraft07(schema) ? new Ajv(options) : new Ajv2020(options);
    addFormats(ajv);
    ajv.removeKeyword('uniqueItems');
    ajv.addKeyword(LINEAR_UNIQUE_ITEMS);
    return { ajv, unchecked };
}
/** The pattern strings a schema holds (`pattern` values, `patternProperties` keys), anywhere in it. */
function patternsOf(schema) {
    const found = new Set();
    const stack = [schema];
    while (stack.length > 0) {
        const node = stack.pop();
        if (Array.isArray(node)) {
            for (const item of node)
                if (typeof item === 'object' && item !== null)
                    stack.push(item);
        }
        else if (typeof node === 'object' && node !== null) {
            const record = node;
            if (typeof record.pattern === 'string')
                found.add(record.pattern);
            const patternProperties = record.patternProperties;
            if (typeof patternProperties === 'object' && patternProperties !== null && !Array.isArray(patternProperties))
                for (const key of Object.keys(patternProperties))
                    found.add(key);
            for (const key of Object.keys(record)) {
                const child = record[key];
                if (typeof child === 'object' && child !== null)
                    stack.push(child);
            }
        }
    }
    return found;
}
/**
 * Compiles one schema on an instance of {@link createAjv}: the validator, and which of the
 * schema's patterns it does not check. Throws what Ajv throws for a schema it cannot compile.
 */
export function compileSchema(instance, schema) {
    const validate = instance.ajv.compile(schema);
    if (instance.unchecked.size === 0)
        return { validate, unchecked: [] };
    const unchecked = [];
    for (const pattern of patternsOf(schema)) {
        const entry = instance.unchecked.get(pattern);
        if (entry !== undefined)
            unchecked.push(entry);
    }
    return { validate, unchecked };
}
/**
 * A compiler that reuses one Ajv instance per dialect: creating an instance (and adding the
 * formats) costs milliseconds, compiling a small schema on an existing one a fraction of that.
 * - A schema whose `$id` is already known to the shared instance compiles on a fresh one.
 * - Throws what Ajv throws for a schema it cannot compile.
 */
export function createSchemaCompiler() {
    const instances = new Map();
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
export function ajvIssue(error) {
    const extra = error.keyword === 'additionalProperties'
        ? ` (${JSON.stringify(error.params.additionalProperty)})`
        : '';
    return { path: error.instancePath, message: `${error.message ?? error.keyword}${extra}`, keyword: error.keyword };
}
//# sourceMappingURL=json-schema-ajv.js.map