// What a provider answers when a tool breaks one of its rules, and what to do about it: the words
// `toolschema lint` and the playground put beside each finding of the checker (check-rules.ts).
// The checker says which rule; this table says it as the provider would, then the fix. Answers
// in quotes are the providers' own error texts (../shared/PROVIDERS.md); the others say "a 400".
const CONVERT = (target) => `toolschema mcp --target ${target} sends it converted`;
/** The rules in the order they are tried; the first that matches the checker's rule text wins. */
const ADVICE = [
    {
        test: /^schema must have type 'object' with properties$/,
        advise: (_m, tool) => ({
            answer: `"Invalid schema for function '${tool}': schema must be a JSON Schema of 'type: "object"'"`,
            fix: 'give the root "type": "object" and "properties" (no anyOf, oneOf, allOf, enum or not there)',
        }),
    },
    {
        test: /^no (\w+) at the top level$/,
        advise: (m) => ({
            answer: `"schema must have type 'object' and not have '${m[1]}' at the top level"`,
            fix: `move ${m[1]} into a property, or describe the alternatives in the description`,
        }),
    },
    {
        test: /^array schema missing items$/,
        advise: () => ({
            answer: '"array schema missing items"',
            fix: 'add "items": the schema of the elements ({} for any value)',
        }),
    },
    {
        test: /^object schema missing properties$/,
        advise: () => ({
            answer: '"object schema missing properties" (inferred from the array case)',
            fix: 'add "properties" ({} when the object takes any key)',
        }),
    },
    {
        test: /^properties maps names to schemas$/,
        advise: () => ({
            answer: 'a 400: a property whose schema is not an object',
            fix: 'make each entry a schema object: "string" → {"type": "string"}; a list under properties belongs in "required"',
        }),
    },
    {
        test: /^(type|required|enum|items|anyOf|oneOf|allOf|additionalProperties|description|pattern|format|\$ref|title|minimum|maximum|exclusiveMinimum|exclusiveMaximum|multipleOf|minLength|maxLength|minItems|maxItems) is (.+)$/,
        advise: (m) => ({
            answer: `a 400: ${m[1]} must be ${m[2]}`,
            fix: m[1] === 'type'
                ? 'use a JSON type name: "int" → "integer", "str" → "string", "dict" → "object"'
                : `write ${m[1]} as ${m[2]}`,
        }),
    },
    {
        test: /^name matches /,
        advise: (_m, tool) => ({
            answer: `"Invalid 'tools[].name': string does not match pattern" for ${JSON.stringify(tool)}`,
            fix: 'a name of letters, digits, _ and - (Gemini: starting with a letter or _), at most 64 characters',
        }),
    },
    {
        test: /^tool names are unique within one request$/,
        advise: () => ({ answer: 'a 400: duplicate tool names', fix: 'rename one of them, or namespace them per server' }),
    },
    {
        test: /^Chat: description at most ([\d,]+) characters$/,
        advise: (m) => ({
            answer: `"Invalid 'tools[].function.description': string too long. Expected a string with maximum length ${m[1]}"`,
            fix: `shorten the description to ${m[1]} characters (toolschema keeps its first sentences)`,
        }),
    },
    {
        test: /^at most ([\d,]+) tools$/,
        advise: (m) => ({
            answer: `"Invalid 'tools': array too long. Expected an array with maximum length ${m[1]}"`,
            fix: 'send fewer tools per request: --include/--exclude, or toolschema search to pick the relevant ones',
        }),
    },
    {
        test: /^strict: '([^']+)' is not permitted$/,
        advise: (m, _tool, target) => ({
            answer: `"'${m[1]}' is not permitted" (strict)`,
            fix: `drop ${m[1]} under strict and say it in the description (${CONVERT(`${target} --strict`)})`,
        }),
    },
    {
        test: /^strict: every schema has type, anyOf or \$ref$/,
        advise: () => ({ answer: '"schema must have a \'type\' key" (strict)', fix: 'give every schema a type' }),
    },
    {
        test: /^strict: 'additionalProperties' is required to be supplied and to be false$/,
        advise: () => ({
            answer: '"\'additionalProperties\' is required to be supplied and to be false"',
            fix: 'add "additionalProperties": false to every object',
        }),
    },
    {
        test: /^strict: 'required' is required/,
        advise: () => ({
            answer: '"\'required\' is required to be supplied and to be an array including every key in properties"',
            fix: 'list every property in required, and let the optional ones be null (type [T, "null"])',
        }),
    },
    {
        test: /^strict: '([^']+)' is not a valid format$/,
        advise: (m) => ({
            answer: `"'${m[1]}' is not a valid format" (strict)`,
            fix: 'use date-time, time, date, duration, email, hostname, ipv4, ipv6 or uuid, or drop format and describe it',
        }),
    },
    {
        test: /^strict: \$ref is # or #\/\$defs\/… and resolves$/,
        advise: () => ({
            answer: 'a 400: the $ref does not resolve (strict takes # and #/$defs/… only)',
            fix: 'point each $ref at # or an entry of the root $defs',
        }),
    },
    {
        test: /^strict: at most (.+)$/,
        advise: (m, _tool, target) => ({
            answer: `a 400: strict mode takes at most ${m[1]}`,
            fix: `flatten or split the tool, or send it non-strict (${CONVERT(`${target} --strict`)} falls back for it)`,
        }),
    },
    {
        test: /^strict: a string enum over 250 values/,
        advise: () => ({
            answer: 'a 400: a string enum of over 250 values has at most 15,000 characters in strict mode',
            fix: 'shorten the enum (or take the value as a plain string and list the values in the description)',
        }),
    },
    {
        test: /^strict: every object has additionalProperties: false$/,
        advise: () => ({
            answer: 'a 400: every object needs additionalProperties: false (strict)',
            fix: 'add "additionalProperties": false to every object',
        }),
    },
    {
        test: /^strict: (\w+) is not supported$/,
        advise: (m, _tool, target) => ({
            answer: `a 400: ${m[1]} is not supported in strict mode`,
            fix: `drop ${m[1]} under strict and say it in the description (${CONVERT(`${target} --strict`)})`,
        }),
    },
    {
        test: /^strict: minItems only 0 or 1$/,
        advise: () => ({
            answer: 'a 400: minItems above 1 is not supported in strict mode',
            fix: 'drop minItems (say it in the description)',
        }),
    },
    {
        test: /^strict: format not supported$/,
        advise: () => ({
            answer: 'a 400: this format is not supported in strict mode',
            fix: 'use date-time, time, date, duration, email, hostname, uri, ipv4, ipv6 or uuid, or drop it',
        }),
    },
    {
        test: /^strict: pattern without backreferences, lookaround or word boundaries$/,
        advise: () => ({
            answer: 'a 400: the pattern is outside the regex subset strict mode compiles',
            fix: 'remove backreferences, lookaround and \\b, or drop the pattern and describe it',
        }),
    },
    {
        test: /^strict: (.+)$/,
        advise: (m, _tool, target) => ({
            answer: `a 400 naming the rule: ${m[1]} (strict)`,
            fix: `keep to it, or send this tool non-strict (${CONVERT(`${target} --strict`)}, falling back per tool)`,
        }),
    },
    {
        test: /^Too many strict tools/,
        advise: () => ({
            answer: '"Too many strict tools"',
            fix: 'at most 20 tools strict per request; send the rest non-strict',
        }),
    },
    {
        test: /^at most (\d+) (optional|union-typed) parameters across strict schemas$/,
        advise: (m) => ({
            answer: '"Too many strict tools" (the request\'s strict budget)',
            fix: `at most ${m[1]} ${m[2]} parameters across the strict tools of a request; send some tools non-strict`,
        }),
    },
    {
        test: /^input_schema is an object schema$/,
        advise: () => ({
            answer: '"input_schema: Input should be an object with type: object"',
            fix: 'give the root "type": "object"',
        }),
    },
    {
        test: /^input_schema does not support oneOf, allOf, or anyOf at the top level$/,
        advise: () => ({
            answer: '"input_schema does not support oneOf, allOf, or anyOf at the top level"',
            fix: 'move the alternatives into a property, or merge them into one object schema',
        }),
    },
    {
        test: /^JSON schema is invalid/,
        advise: (_m, _tool, target) => ({
            answer: '"JSON schema is invalid. It must match JSON Schema draft 2020-12"',
            fix: `write it in 2020-12 (tuple items: [...] is prefixItems) — ${CONVERT(target)}`,
        }),
    },
    {
        test: /^no \$schema naming another dialect/,
        advise: () => ({
            answer: 'disputed: draft-07 and older may be rejected as "JSON schema is invalid"',
            fix: 'leave $schema out (or name 2020-12)',
        }),
    },
    {
        test: /^Unknown name "(.+)": Cannot find field$/,
        advise: (m, _tool, target) => ({
            answer: `"Invalid JSON payload received. Unknown name "${m[1]}": Cannot find field."`,
            fix: `Gemini's Schema has no ${m[1]}: drop it or say it in the description (${CONVERT(target)})`,
        }),
    },
    {
        test: /^Proto field is not repeating/,
        advise: () => ({
            answer: '"Proto field is not repeating, cannot start list"',
            fix: 'one type name; for null, "nullable": true (or use parametersJsonSchema)',
        }),
    },
    {
        test: /^parameters schema should be of type OBJECT$/,
        advise: () => ({ answer: '"parameters schema should be of type OBJECT"', fix: 'give the root "type": "object"' }),
    },
    {
        test: /^enum only with type string$|^enum values are non-empty strings$/,
        advise: (_m, _tool, target) => ({
            answer: 'a 400: Gemini takes enums of non-empty strings only',
            fix: `type string with string values (${CONVERT(target)}, and numbers come back as numbers)`,
        }),
    },
    {
        test: /^format only enum or date-time$/,
        advise: () => ({
            answer: 'a 400 on the Gemini Developer API (string formats: only enum or date-time)',
            fix: 'drop format (say it in the description)',
        }),
    },
    {
        test: /^items: missing field$/,
        advise: () => ({ answer: '"items: missing field"', fix: 'add "items" to the array' }),
    },
    {
        test: /^object schemas have non-empty properties$/,
        advise: (_m, _tool, target) => ({
            answer: 'a 400: an OBJECT schema needs properties',
            fix: `give it properties, or send a free-form object as JSON text (${CONVERT(target)})`,
        }),
    },
    {
        test: /^property names: /,
        advise: (_m, _tool, target) => ({
            answer: 'a 400: invalid parameter name',
            fix: `letters, digits and _, starting with a letter or _ (${CONVERT(target)}: renamed, and restored in the call)`,
        }),
    },
    {
        test: /^(\w+) is a count$/,
        advise: (m) => ({ answer: `a 400: ${m[1]} must be an integer`, fix: `write ${m[1]} as a whole number` }),
    },
    {
        test: /^never both parameters and parametersJsonSchema$/,
        advise: () => ({ answer: 'a 400: parameters and parametersJsonSchema together', fix: 'send one of them' }),
    },
    {
        test: /^the root is an object schema$|^MCP: inputSchema is an object schema$/,
        advise: () => ({
            answer: 'the MCP SDK\'s client rejects the whole tools/list page ("expected object")',
            fix: 'give inputSchema "type": "object" (and "properties")',
        }),
    },
    {
        test: /^no \$schema key anywhere$/,
        advise: () => ({
            answer: 'a 400: $schema is not accepted in parametersJsonSchema',
            fix: 'remove every $schema key',
        }),
    },
];
/**
 * The provider's answer and the fix for one finding of the checker. `rule` is the checker's rule
 * text (for the portable target, prefixed by the provider it is about: `gemini: …`).
 */
export function adviseOnRule(rule, tool, target) {
    const provider = /^(openai-responses|openai-chat|anthropic|gemini-json-schema|gemini|MCP): (.*)$/.exec(rule);
    const text = provider !== null && provider[1] !== 'MCP' ? provider[2] : rule;
    const about = provider !== null && provider[1] !== 'MCP' ? provider[1] : target;
    const who = provider !== null && provider[1] === 'MCP' ? 'an MCP client' : about.replace(/ --strict$/, ' (strict)');
    for (const { test, advise } of ADVICE) {
        const match = test.exec(text);
        if (match !== null)
            return { provider: who, ...advise(match, tool, about) };
    }
    return { provider: who, answer: `a 400 naming the rule: ${text}`, fix: CONVERT(about) };
}
//# sourceMappingURL=rule-advice.js.map