// The fidelity compaction policy: spend the budget where it buys the model the most, and land within it.
import { isJsonObject } from '../json.js';
import { parseLocalDefinitionRef } from '../refs.js';
import { jsonByteLength } from '../size.js';
import { DEFINITION_TABLE_KEYS, forEachSchemaObject, forEachSchemaObjectAt } from '../walk.js';
import { giveUpLeastValuable } from './least-loss.js';
import { decodeAndMeasureRawSchema, measureRawSchema } from './measure.js';
import { shareRepeatedEnums, shareRepeatedSubtrees } from './sharing.js';
/** `,"description":` in compact JSON: what a description member weighs besides its quoted text. */
const DESCRIPTION_MEMBER_BYTES = 15;
/** The shortest a description is cut to before descriptions start being dropped, in characters. */
const MIN_DESCRIPTION_CHARS = 20;
const JSON_SCHEMA_TYPE_NAMES = new Set([
    'string',
    'number',
    'boolean',
    'integer',
    'object',
    'array',
    'null',
]);
const WITHOUT_TABLES = { definitions: 'skip' };
/**
 * Calls `visit` for every schema object the model carries: the root's tree and each root
 * definition's (nested tables are not the model's), parents before children.
 */
function forEachModelSchema(root, visit) {
    const act = (node, holder, key) => {
        visit(node, holder, key);
        return true;
    };
    forEachSchemaObject(root, WITHOUT_TABLES, act);
    for (const table of DEFINITION_TABLE_KEYS) {
        const entries = root[table];
        if (isJsonObject(entries))
            for (const name of Object.keys(entries))
                forEachSchemaObjectAt(entries, name, WITHOUT_TABLES, act);
    }
}
/** Anything {@link prepareText} must look at: a character to escape or beyond ASCII, or two spaces (one scan for the common case). */
const NOT_PLAIN_OR_SPACE_RUN = /[^\x20\x21\x23-\x5b\x5d-\x7e]| {2}/;
/**
 * What folds to one space: a run of two or more whitespace characters, or one that is not a space.
 * (Replacing every `\s+` also matched each single space between words, and cost a fifth of
 * compacting a schema with long descriptions.)
 */
const FOLDED_WHITESPACE = /\s{2,}|[^\S ]/g;
function prepareText(raw) {
    const trimmed = raw.trim();
    // Most descriptions have no whitespace to fold and no character to escape: one scan says so.
    if (!NOT_PLAIN_OR_SPACE_RUN.test(trimmed))
        return { text: trimmed, bytesPerChar: 1 };
    const text = trimmed.replace(FOLDED_WHITESPACE, ' ');
    const bytesPerChar = text.length === 0 ? 1 : (jsonByteLength(text) - 2) / text.length;
    return { text, bytesPerChar };
}
/**
 * The last index in [from, to] just past a sentence end (`.`, `!` or `?` before a space or the
 * end of the text), or -1: a scan back from the cap over the part a cut may end in, where
 * finding every sentence end of a long description first was a tenth of compacting it.
 */
function lastSentenceEnd(text, from, to) {
    for (let end = Math.min(to, text.length); end >= Math.max(from, 1); end--) {
        const mark = text.charCodeAt(end - 1);
        if ((mark === 0x2e || mark === 0x21 || mark === 0x3f) && (end === text.length || text.charCodeAt(end) === 0x20))
            return end;
    }
    return -1;
}
/**
 * The JSON bytes a text cut to `maxChars` will weigh, estimated without cutting it: a cut keeps
 * at most `maxChars - 1` characters and adds an ellipsis (3 bytes), so the estimate errs high,
 * and the first cap it picks fits (one measure, where erring low took two).
 */
function estimateCutBytes(prepared, maxChars) {
    const { text, bytesPerChar } = prepared;
    if (text.length <= maxChars)
        return 2 + Math.ceil(text.length * bytesPerChar);
    return 2 + Math.ceil((maxChars - 1) * bytesPerChar) + 3;
}
function cutPrepared(prepared, maxChars) {
    const { text } = prepared;
    if (text.length <= maxChars)
        return text;
    // Whole sentences, when they fill most of the room; else whole words up to the cap.
    const end = lastSentenceEnd(text, Math.ceil(maxChars * 0.6), maxChars);
    if (end !== -1)
        return text.slice(0, end);
    const cut = text.slice(0, Math.max(1, maxChars - 1));
    // A cut that ends where a word ends keeps that word; else back to the last space.
    if (text[cut.length] === ' ')
        return `${cut}…`;
    const space = cut.lastIndexOf(' ');
    return `${space > maxChars / 2 ? cut.slice(0, space) : cut}…`;
}
/** The schema objects the model carries that have a description. */
function describedNodes(root) {
    const found = [];
    forEachModelSchema(root, (node) => {
        if (typeof node.description === 'string')
            found.push(node);
    });
    return found;
}
/**
 * A description cut to `maxChars`: whole sentences when they fill most of the room, else whole
 * words up to the cap with an ellipsis. Shorter text is returned as it is (whitespace folded).
 */
export function shortenDescription(text, maxChars) {
    return cutPrepared(prepareText(text), maxChars);
}
function hasDefinitionTables(root) {
    return DEFINITION_TABLE_KEYS.some((table) => isJsonObject(root[table]));
}
/** Whether any `$ref` under `value` starts with `prefix` (a walk: no text of the subtree is built). */
function refersInto(value, prefix) {
    if (Array.isArray(value)) {
        for (const item of value)
            if (typeof item === 'object' && item !== null && refersInto(item, prefix))
                return true;
        return false;
    }
    if (!isJsonObject(value))
        return false;
    for (const key in value) {
        if (!Object.hasOwn(value, key))
            continue;
        const member = value[key];
        if (key === '$ref' && typeof member === 'string' && member.startsWith(prefix))
            return true;
        if (typeof member === 'object' && member !== null && refersInto(member, prefix))
            return true;
    }
    return false;
}
/** Replaces each `$ref` to a root definition referenced exactly once by the definition itself. */
function inlineDefinitionsUsedOnce(root, beforeChange) {
    const uses = new Map();
    const refs = [];
    forEachModelSchema(root, (node, holder, key) => {
        if (typeof node.$ref === 'string')
            refs.push({ node, holder, key });
    });
    for (const entry of refs) {
        const ref = entry.node.$ref;
        if (typeof ref !== 'string')
            continue;
        const local = parseLocalDefinitionRef(ref);
        if (local === undefined)
            continue;
        const key = `${local.table}/${local.name}`;
        const list = uses.get(key);
        if (list === undefined)
            uses.set(key, [entry]);
        else
            list.push(entry);
    }
    let changed = false;
    for (const [key, entries] of uses) {
        const [table, ...rest] = key.split('/');
        const name = rest.join('/');
        const definitions = root[table];
        const use = entries[0];
        if (entries.length !== 1 || use === undefined || !isJsonObject(definitions) || !Object.hasOwn(definitions, name))
            continue;
        const definition = definitions[name];
        // A definition that refers to itself (directly or not) stays a definition.
        if (!isJsonObject(definition) || refersInto(definition, `#/${table}/`))
            continue;
        if (!changed)
            beforeChange();
        const { $ref: _ref, ...siblings } = use.node;
        const inlined = { ...definition, ...siblings };
        if (Array.isArray(use.holder))
            use.holder[use.key] = inlined;
        else
            use.holder[use.key] = inlined;
        delete definitions[name];
        if (Object.keys(definitions).length === 0)
            delete root[table];
        changed = true;
    }
    return changed;
}
/**
 * The collapsed form of a subtree: its type (with the empty `properties` or `items` sanitize would
 * add otherwise, so that a compacted schema parses to itself), and a short description.
 */
function collapsed(node, keepDescription = true) {
    const out = {};
    const types = Array.isArray(node.type) ? node.type : [node.type];
    // Only a type sanitize keeps on its own: alone, an invalid one would be emptied on a second parse.
    const valid = types.length > 0 && types.every((type) => typeof type === 'string' && JSON_SCHEMA_TYPE_NAMES.has(type));
    if (!valid)
        return {};
    out.type = node.type;
    if (types.includes('object'))
        out.properties = {};
    if (types.includes('array'))
        out.items = {};
    if (keepDescription && typeof node.description === 'string')
        out.description = shortenDescription(node.description, 60);
    return out;
}
/** Finds the least degradation level in [0, levels) that fits (levels are monotone); -1 if none does. */
function leastLevelThatFits(levels, apply, budgetBytes) {
    let low = 0;
    let high = levels - 1;
    let found = -1;
    while (low <= high) {
        const middle = (low + high) >> 1;
        if (apply(middle) <= budgetBytes) {
            found = middle;
            high = middle - 1;
        }
        else
            low = middle + 1;
    }
    return found;
}
/**
 * One fidelity run, as the steps see it: the root they change in place, the budget, and what
 * the last measure said. Each measure is a decoding walk that also builds the model once it
 * fits, so the last measure is the decode.
 */
class FidelityRun {
    root;
    budgetBytes;
    knownBytesWithoutDescriptions;
    beforeReshape;
    shareRepeated;
    /** The model's exact size as last measured; undefined until a step needs it (the driver's first measure may have judged by bounds alone). */
    bytes;
    /** The model built by the last measure, when it fit. */
    schema;
    /** A path or an enum value was given up. */
    structural = false;
    /** The step running changed the schema but left the size unknown, as it found it (see `compactForFidelity`). */
    changedUnmeasured = false;
    constructor(root, budgetBytes, initialBytes, 
    /** The size without descriptions, if already known or closely bounded (the first measure's). */
    knownBytesWithoutDescriptions, 
    /** Called once, with the root as it is, before the first change to anything but descriptions. */
    beforeReshape, 
    /** Whether repeated parts may be written once as definitions (see `CompactionOptions.shareRepeated`). */
    shareRepeated = true) {
        this.root = root;
        this.budgetBytes = budgetBytes;
        this.knownBytesWithoutDescriptions = knownBytesWithoutDescriptions;
        this.beforeReshape = beforeReshape;
        this.shareRepeated = shareRepeated;
        this.bytes = initialBytes;
    }
    /** Decodes and measures the root; the size, and the model if it fits, are kept. */
    measure() {
        const measured = decodeAndMeasureRawSchema(this.root, { exactText: true, buildLimitBytes: this.budgetBytes });
        this.schema = measured.lowerBytes <= this.budgetBytes ? measured.schema : undefined;
        this.bytes = measured.lowerBytes;
        return measured.lowerBytes;
    }
    /** The size as last measured, measuring now if no step has. */
    currentBytes() {
        return this.bytes ?? this.measure();
    }
    fits() {
        return this.bytes !== undefined && this.bytes <= this.budgetBytes;
    }
    /** The size without any description: known from a measure of the root as it is, or measured now (exact text). */
    bytesWithoutDescriptions() {
        this.knownBytesWithoutDescriptions ??= measureRawSchema(this.root, {
            exactText: true,
            withoutDescriptions: true,
        }).lowerBytes;
        return this.knownBytesWithoutDescriptions;
    }
    reshaped = false;
    /**
     * Repeated parts shared before the hook saw the root (they lose nothing, and most runs need
     * no hook): undone for it, then done again.
     */
    shared = [];
    /** The size without descriptions before the first sharing, if it was known then. */
    withoutDescriptionsUnshared;
    /**
     * Something but descriptions is about to change (`lossy`: a path or an enum value is about to
     * go): the caller's hook sees the root as it was before anything but descriptions changed, the
     * first time.
     */
    reshape(lossy) {
        if (!this.reshaped && this.beforeReshape !== undefined) {
            const { shared } = this;
            if (shared.length === 0)
                this.beforeReshape(this.root, this.bytesWithoutDescriptions() > this.budgetBytes);
            else {
                for (let index = shared.length - 1; index >= 0; index--)
                    shared[index]?.undo();
                const withoutDescriptions = this.withoutDescriptionsUnshared ??
                    measureRawSchema(this.root, { exactText: true, withoutDescriptions: true }).lowerBytes;
                this.beforeReshape(this.root, withoutDescriptions > this.budgetBytes);
                for (const sharing of shared)
                    sharing.redo();
            }
        }
        this.reshaped = true;
        this.shared = [];
        if (lossy)
            this.structural = true;
    }
    /** Repeated parts were shared (nothing lost): the hook, if it is ever called, sees the root without them. */
    sharedDefinitions(sharing) {
        if (this.reshaped)
            return; // the hook has seen the root already
        if (this.shared.length === 0)
            this.withoutDescriptionsUnshared = this.knownBytesWithoutDescriptions;
        this.shared.push(sharing);
    }
}
/** Step 1: inline definitions used once (their refs gain the content, the table loses the entry). */
const inlineDefinitions = {
    name: 'inline_definitions',
    canLose: [],
    sizePrediction: 'none: one measure after inlining gives the size with and without descriptions, for the next step',
    idle: (run) => !hasDefinitionTables(run.root),
    run: (run) => {
        if (!inlineDefinitionsUsedOnce(run.root, () => run.reshape(false)))
            return;
        // One measure gives both sizes, with and without descriptions, for the next step.
        const measured = measureRawSchema(run.root, { exactText: true });
        run.bytes = measured.lowerBytes;
        run.knownBytesWithoutDescriptions = measured.withoutDescriptions.lowerBytes;
        run.schema = undefined;
    },
};
/** Step 2: subtrees repeated word for word written once, as definitions (nothing is lost). */
const shareSubtrees = {
    name: 'share_subtrees',
    canLose: [],
    sizePrediction: "each subtree's model bytes (counted as it is hashed, escapes aside) against its refs' and its entry's, largest first; then one measure (undone if it saved nothing)",
    idle: (run) => !run.shareRepeated,
    run: (run) => {
        const sharing = shareRepeatedSubtrees(run.root);
        if (sharing === undefined)
            return;
        const measured = measureRawSchema(run.root, { exactText: true });
        const before = run.bytes;
        if (before !== undefined && measured.lowerBytes >= before) {
            sharing.undo(); // the estimate was wrong (text to escape, say): nothing changed
            return;
        }
        run.sharedDefinitions(sharing);
        run.bytes = measured.lowerBytes;
        run.knownBytesWithoutDescriptions = measured.withoutDescriptions.lowerBytes;
        run.schema = undefined;
    },
};
/** Step 3: lists of values repeated word for word written once, as definitions (nothing is lost). */
const shareEnums = {
    name: 'share_enums',
    canLose: [],
    sizePrediction: "exact: each use's members against its ref's, and the definition entry's (and its table's), from the lists' JSON sizes; no measure",
    idle: (run) => !run.shareRepeated,
    run: (run) => {
        const sharing = shareRepeatedEnums(run.root);
        if (sharing === undefined)
            return;
        const { delta } = sharing;
        run.sharedDefinitions(sharing);
        // The change in size is known exactly (descriptions untouched): no measure. A size unknown
        // stays unknown (the next step measures what it needs; the bound without descriptions moves).
        if (run.knownBytesWithoutDescriptions !== undefined)
            run.knownBytesWithoutDescriptions += delta;
        run.schema = undefined;
        if (run.bytes === undefined)
            run.changedUnmeasured = true;
        else
            run.bytes += delta;
    },
};
/**
 * Step 4: shorten descriptions (first sentences, then whole words): the longest cap that fits,
 * else the shortest. Skipped when the schema is over budget even without any description: no
 * cap can fit, and the next step weighs each description against the rest (a short one may cost
 * less to keep than a subtree).
 */
const shortenDescriptions = {
    name: 'shorten_descriptions',
    canLose: ['description_text'],
    sizePrediction: "the size without descriptions plus each description's JSON bytes at the cap, from its length and bytes per character (errs high); then one measure",
    idle: () => false,
    run: (run) => {
        const withoutDescriptions = run.bytesWithoutDescriptions();
        if (withoutDescriptions > run.budgetBytes)
            return;
        const { budgetBytes } = run;
        const described = describedNodes(run.root);
        const apply = (texts) => {
            described.forEach((node, index) => {
                const text = texts[index];
                if (text === undefined)
                    delete node.description;
                else
                    node.description = text;
            });
            return run.measure();
        };
        const originals = described.map((node) => prepareText(node.description));
        const longest = originals.reduce((max, prepared) => Math.max(max, prepared.text.length), MIN_DESCRIPTION_CHARS);
        // Level 0 caps at the longest description (nothing cut), the last level at the minimum.
        const levels = longest - MIN_DESCRIPTION_CHARS + 1;
        const shortenedAt = (level) => originals.map((prepared) => cutPrepared(prepared, longest - level));
        // The weights are worked out from the text, so each level of the search costs no walk of the schema.
        const estimateAt = (level) => originals.reduce((total, prepared) => total + DESCRIPTION_MEMBER_BYTES + estimateCutBytes(prepared, longest - level), withoutDescriptions);
        let level = leastLevelThatFits(levels, estimateAt, budgetBytes);
        if (level === -1)
            level = levels - 1;
        let bytes = apply(shortenedAt(level));
        // A text denser than its average (its multi-byte characters early) may still be over: step on.
        while (bytes > budgetBytes && level < levels - 1) {
            level = Math.min(levels - 1, level + Math.max(1, Math.ceil((bytes - budgetBytes) / Math.max(1, described.length))));
            bytes = apply(shortenedAt(level));
        }
    },
};
/**
 * Step 5: give up, one at a time, whatever costs the model least per byte saved: a description
 * cut or removed, an enum (the type stays: any value of it is accepted) or a whole subtree
 * collapsed to its type (`least-loss.ts`), pruning definitions no ref uses any more.
 */
const dropLeastValuable = {
    name: 'drop_least_valuable',
    canLose: ['description_text', 'descriptions', 'enum_values', 'paths', 'definitions'],
    sizePrediction: "each unit's model bytes, kept up to date as its subtree changes; enough is given up to cover the excess, then one measure",
    idle: () => false,
    run: (run) => {
        // A description is cut up to three times, each from the author's text: prepared once.
        const prepared = new Map();
        const shorten = (text, maxChars) => {
            let ready = prepared.get(text);
            if (ready === undefined) {
                ready = prepareText(text);
                prepared.set(text, ready);
            }
            return cutPrepared(ready, maxChars);
        };
        const given = giveUpLeastValuable(run.root, run.bytes, run.budgetBytes, () => run.measure(), (node) => collapsed(node), shorten, () => run.reshape(true));
        run.bytes = given.bytes;
    },
};
/** Step 6: the root itself: its properties to bare types, then optional ones out, then everything. */
const trimRoot = {
    name: 'trim_root',
    canLose: ['descriptions', 'enum_values', 'paths', 'definitions'],
    sizePrediction: 'each property removed saves its member bytes: as many go as cover the excess, then one measure (again if short)',
    idle: () => false,
    run: (run) => {
        const { root, budgetBytes } = run;
        run.reshape(true);
        for (const table of DEFINITION_TABLE_KEYS)
            delete root[table];
        const properties = isJsonObject(root.properties) ? root.properties : {};
        for (const name of Object.keys(properties)) {
            const property = properties[name];
            properties[name] = isJsonObject(property) ? collapsed(property, false) : {};
        }
        delete root.description;
        let bytes = run.measure();
        const required = new Set(Array.isArray(root.required) ? root.required : []);
        const names = Object.keys(properties).sort((a, b) => Number(required.has(a)) - Number(required.has(b)));
        // Optional ones out first, as many as their weight says the excess needs, then one measure
        // (again if short): a measure per property removed was quadratic on wide objects (4,000
        // properties took 1.6 s, a 10 MB one would have taken minutes).
        let index = 0;
        while (bytes > budgetBytes && index < names.length) {
            const need = bytes - budgetBytes;
            let saved = 0;
            while (saved < need && index < names.length) {
                const name = names[index++];
                // `"name":` and the value, and a comma.
                saved += jsonByteLength(name) + 2 + jsonByteLength(properties[name]);
                delete properties[name];
            }
            bytes = run.measure();
        }
        if (bytes > budgetBytes) {
            const bare = collapsed(root, false);
            for (const key of Object.keys(root))
                delete root[key];
            Object.assign(root, bare);
            run.measure();
        }
    },
};
/** The fidelity steps, in the order they run; each runs only while the model is over budget. */
export const FIDELITY_STEPS = [
    inlineDefinitions,
    shareSubtrees,
    shareEnums,
    shortenDescriptions,
    dropLeastValuable,
    trimRoot,
];
/**
 * Compacts a raw (sanitized, pruned) schema to the budget, in place, keeping what the model
 * needs most: the {@link FIDELITY_STEPS} in order, each while the model is over budget; the
 * final model always fits.
 * - `initialBytes`: the input's exact size if known (else the input is taken to be over budget
 *   and is measured only when a step needs it, and the first record's `bytesBefore` is 0); `onStep`
 *   is told each step that ran, with the root after it.
 * - `beforeReshape` is called once, with the root as it is, before the first change to anything
 *   but descriptions (an inlined definition, a path or an enum value given up), and whether the
 *   root is over budget even without descriptions (at least by the size given or measured).
 */
export function compactForFidelity(input, budgetBytes, options = {}) {
    const { onStep } = options;
    if (!isJsonObject(input)) {
        const bytes = options.initialBytes ?? measureRawSchema(input, { exactText: true }).lowerBytes;
        return { raw: input, steps: [], bytes, schema: undefined, structural: false };
    }
    const run = new FidelityRun(input, budgetBytes, options.initialBytes, options.bytesWithoutDescriptions, options.beforeReshape, options.shareRepeated ?? true);
    if (run.fits())
        return { raw: input, steps: [], bytes: run.bytes, schema: run.schema, structural: false };
    const steps = [];
    for (const step of FIDELITY_STEPS) {
        if (step.idle(run))
            continue;
        const before = run.bytes;
        run.changedUnmeasured = false;
        step.run(run);
        if (run.bytes !== before || before === undefined) {
            const record = { name: step.name, bytesBefore: before ?? 0, bytesAfter: run.bytes ?? 0 };
            // A step that measured nothing (it found nothing to do) is not a step that ran, unless it
            // says it changed the schema by a size it could not tell (the size was unknown before it).
            if (run.bytes !== undefined || run.changedUnmeasured) {
                steps.push(record);
                onStep?.(record, input);
            }
        }
        if (run.fits())
            break;
    }
    return { raw: input, steps, bytes: run.currentBytes(), schema: run.schema, structural: run.structural };
}
//# sourceMappingURL=fidelity.js.map