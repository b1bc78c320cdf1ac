// explainToolInputSchema: runs the pipeline's stages once and reports what each one changed, by JSON path.
import { optionsObject, ToolSchemaError, toJsonPointer } from '../errors.js';
import { compactAndDecode, decodeAndMeasure, resolveCompactionOptions } from './compaction/driver.js';
import { copyJsonInput } from './copy.js';
import { diffJson } from './diff.js';
import { getOwn, isJsonObject } from './json.js';
import { JSON_SCHEMA_KEYS } from './model.js';
import { budgetBytesForTokens } from './pipeline.js';
import { pruneInPlace } from './refs.js';
import { sanitizeJsonSchema } from './sanitize.js';
import { jsonByteLength } from './size.js';
import { DEFINITION_TABLE_KEYS, SCHEMA_CHILD_KEYS } from './walk.js';
import { findSchemaWarnings } from './warnings.js';
const MODEL_KEYS = new Set(JSON_SCHEMA_KEYS);
/**
 * Runs the same stages as {@link parseToolInputSchema} (or the no-compaction entry) once and
 * returns each stage's output, the compaction passes with their sizes, and the changes by path.
 * - Never throws for bad input: the error that the parse function would throw is in `error`.
 * - `final` is equal to the parse function's result for the same input and options.
 */
export function explainToolInputSchema(input, options) {
    const explanation = {
        ok: false,
        input: undefined,
        sanitized: undefined,
        pruned: undefined,
        prunedDefinitions: [],
        compaction: undefined,
        decoded: undefined,
        final: undefined,
        finalBytes: undefined,
        error: undefined,
        changes: [],
        counts: {},
        warnings: [],
    };
    const { changes } = explanation;
    try {
        const tokenBudgetBytes = optionsObject(options).compaction === false ? undefined : budgetBytesForTokens(input, options);
        const resolved = resolveCompactionOptions(tokenBudgetBytes === undefined ? options : { ...options, budgetBytes: tokenBudgetBytes });
        const compaction = optionsObject(options).compaction !== false;
        const copied = copyJsonInput(input);
        explanation.input = copied;
        const sanitized = sanitizeJsonSchema(copied);
        explanation.sanitized = sanitized;
        for (const change of describeSanitizeChanges(diffJson(copied, sanitized)))
            changes.push(change);
        const pruned = pruneInPlace(copyJsonInput(sanitized), { removed: explanation.prunedDefinitions });
        explanation.pruned = pruned;
        for (const ref of explanation.prunedDefinitions) {
            const table = isJsonObject(sanitized) ? sanitized[ref.table] : undefined;
            changes.push({
                stage: 'prune',
                kind: 'definition_pruned',
                path: toJsonPointer([ref.table, ref.name]),
                ...(isJsonObject(table) ? { before: getOwn(table, ref.name) } : {}),
                message: `definition ${JSON.stringify(ref.name)} is not referenced from the schema; removed`,
            });
        }
        let raw;
        let attempt;
        if (compaction) {
            // `pruned` is a snapshot nothing mutates: the first diff starts from it, compaction works on a copy.
            let previous = pruned;
            const compacted = compactAndDecode(copyJsonInput(pruned), resolved, {
                exactSizes: true,
                onPass: (record, snapshot) => {
                    const current = snapshot();
                    for (const change of describeCompactionChanges(record.name, diffJson(previous, current)))
                        changes.push(change);
                    previous = current;
                },
            });
            raw = compacted.raw;
            attempt = compacted.attempt;
            explanation.compaction = compacted.report;
        }
        else {
            // Without compaction the decoded JSON is the pruned JSON (decode does not mutate it).
            raw = pruned;
            attempt = decodeAndMeasure(pruned, resolved.budgetBytes, true);
        }
        explanation.decoded = raw;
        if ('error' in attempt)
            throw attempt.error;
        explanation.final = attempt.schema;
        explanation.finalBytes = attempt.bytes ?? jsonByteLength(attempt.schema);
        explanation.warnings = findSchemaWarnings(attempt.schema);
        explanation.ok = true;
        const decodeChanges = describeDecodeChanges(diffJson(raw, attempt.schema, { collapseEmptied: false }));
        for (const change of decodeChanges)
            changes.push(change);
    }
    catch (error) {
        if (!(error instanceof ToolSchemaError))
            throw error;
        explanation.error = error;
    }
    for (const change of changes)
        explanation.counts[change.kind] = (explanation.counts[change.kind] ?? 0) + 1;
    return explanation;
}
function lastSegment(difference) {
    return difference.path[difference.path.length - 1];
}
/** Keywords whose value is a map of names to schemas. */
const NAMED_SCHEMA_KEYWORDS = new Set(['properties', ...DEFINITION_TABLE_KEYS]);
/** Keywords whose value is a schema or a list of schemas (sanitize also visits prefixItems). */
const SCHEMA_KEYWORDS = new Set([...SCHEMA_CHILD_KEYS, 'prefixItems']);
/** Reads a path by the schema's structure, so a property named `type` is not the `type` keyword. */
function positionOf(path) {
    let state = 'schema';
    let keyword;
    let insideValue = false;
    for (const segment of path) {
        if (state === 'schema') {
            if (typeof segment === 'number')
                continue; // an element of a schema list
            keyword = segment;
            insideValue = false;
            state = NAMED_SCHEMA_KEYWORDS.has(segment) ? 'name' : SCHEMA_KEYWORDS.has(segment) ? 'schema' : 'value';
        }
        else if (state === 'name') {
            keyword = undefined;
            state = 'schema';
        }
        else {
            insideValue = true;
        }
    }
    return { onSchema: state === 'schema', keyword, insideValue };
}
function describeSanitizeChanges(differences) {
    const changes = [];
    const normalizedTypes = new Set();
    for (const difference of differences) {
        const position = positionOf(difference.path);
        const path = toJsonPointer(difference.path);
        const base = { stage: 'sanitize', path };
        if (position.onSchema && difference.op === 'replaced') {
            if (typeof difference.before === 'boolean') {
                changes.push({
                    ...base,
                    kind: 'boolean_schema_replaced',
                    ...beforeAfter(difference),
                    message: `boolean schema ${String(difference.before)} became {"type":"string"}`,
                });
            }
            else {
                changes.push({
                    ...base,
                    kind: 'schema_emptied',
                    ...beforeAfter(difference),
                    message: 'no type could be inferred from its keywords; it became the empty schema {}',
                });
            }
        }
        else if (position.keyword === 'const' && difference.op === 'removed') {
            const value = difference.before;
            changes.push({
                ...base,
                kind: 'const_to_enum',
                before: value,
                after: [value],
                message: `const ${JSON.stringify(value)} became enum [${JSON.stringify(value)}]`,
            });
        }
        else if (position.keyword === 'enum') {
            // The enum half of const → enum, reported with the const.
        }
        else if (position.keyword === 'type' && difference.op === 'added') {
            changes.push({
                ...base,
                kind: 'type_inferred',
                after: difference.after,
                message: `type ${JSON.stringify(difference.after)} inferred from its keywords`,
            });
        }
        else if (position.keyword === 'type') {
            const typePath = toJsonPointer(difference.path.slice(0, position.insideValue ? -1 : undefined));
            if (normalizedTypes.has(typePath))
                continue;
            normalizedTypes.add(typePath);
            changes.push({
                ...base,
                path: typePath,
                kind: 'type_normalized',
                ...beforeAfter(difference),
                message: 'type normalized to its valid type names',
            });
        }
        else if (difference.op === 'added') {
            changes.push({
                ...base,
                kind: 'default_added',
                after: difference.after,
                message: `${String(position.keyword)} ${JSON.stringify(difference.after)} added as the default`,
            });
        }
        else {
            changes.push({
                ...base,
                kind: 'key_dropped',
                ...beforeAfter(difference),
                message: `${String(position.keyword)} is not an object of definitions; removed`,
            });
        }
    }
    return changes;
}
function describeCompactionChanges(pass, differences) {
    return differences.map((difference) => {
        const path = toJsonPointer(difference.path);
        const base = { stage: 'compact', pass, path, ...beforeAfter(difference) };
        switch (pass) {
            case 'strip_descriptions':
                return { ...base, kind: 'description_stripped', message: 'description stripped to fit the budget' };
            case 'drop_definitions':
                return difference.op === 'removed'
                    ? { ...base, kind: 'definitions_dropped', message: 'definition table dropped to fit the budget' }
                    : { ...base, kind: 'ref_dropped', message: 'definition ref replaced by {} to fit the budget' };
            case 'collapse_deep_objects':
                return { ...base, kind: 'subtree_collapsed', message: 'deep subtree collapsed to {} to fit the budget' };
            case 'prune_compositions':
                return { ...base, kind: 'composition_pruned', message: 'composition replaced by {} to fit the budget' };
            case 'inline_definitions':
                return {
                    ...base,
                    kind: 'definition_inlined',
                    message: 'definition used once inlined where it is used (fidelity policy)',
                };
            case 'share_subtrees':
                return {
                    ...base,
                    kind: 'subtree_shared',
                    message: 'a subtree other schemas repeat, written once as a definition and referred to (fidelity policy)',
                };
            case 'share_enums':
                return {
                    ...base,
                    kind: 'enum_shared',
                    message: 'a list of values other schemas repeat, written once as a definition and referred to (fidelity policy)',
                };
            case 'shorten_descriptions':
                return { ...base, kind: 'description_shortened', message: 'description shortened to fit the budget' };
            case 'drop_least_valuable': {
                // One step gives up three kinds of thing: each difference says which it was.
                const key = lastSegment(difference);
                const parent = difference.path[difference.path.length - 2];
                if (difference.path.length === 2 && DEFINITION_TABLE_KEYS.includes(String(parent)))
                    return {
                        ...base,
                        kind: 'definitions_dropped',
                        message: 'definition no ref uses any more removed (fidelity policy)',
                    };
                if (key === 'description' && difference.op === 'replaced')
                    return { ...base, kind: 'description_shortened', message: 'description shortened to fit the budget' };
                if (key === 'description' && difference.op === 'removed')
                    return { ...base, kind: 'description_stripped', message: 'description removed to fit the budget' };
                if (key === 'enum' && difference.op === 'removed')
                    return { ...base, kind: 'enum_dropped', message: 'enum dropped to fit the budget (the type stays)' };
                return { ...base, kind: 'subtree_collapsed', message: 'subtree collapsed to its type to fit the budget' };
            }
            case 'trim_root':
                return { ...base, kind: 'property_dropped', message: 'root trimmed to fit the budget' };
            default:
                return pass;
        }
    });
}
function describeDecodeChanges(differences) {
    return differences.map((difference) => {
        const key = String(lastSegment(difference));
        const known = MODEL_KEYS.has(key) && difference.op === 'removed' && difference.before === null;
        return {
            stage: 'decode',
            kind: known ? 'null_dropped' : 'keyword_dropped',
            path: toJsonPointer(difference.path),
            ...beforeAfter(difference),
            message: known ? `${key} is null; dropped` : `${key} is not a keyword the model carries; dropped`,
        };
    });
}
function beforeAfter(difference) {
    switch (difference.op) {
        case 'added':
            return { after: difference.after };
        case 'removed':
            return { before: difference.before };
        case 'replaced':
            return { before: difference.before, after: difference.after };
    }
}
//# sourceMappingURL=explain.js.map