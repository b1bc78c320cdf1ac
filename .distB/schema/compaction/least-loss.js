// The fidelity policy's trade: give up, one at a time, whatever costs the model least per byte saved.
import { isJsonObject } from '../json.js';
import { parseLocalDefinitionRef, pruneInPlace } from '../refs.js';
import { jsonByteLength } from '../size.js';
import { ActionQueue } from './action-queue.js';
/**
 * What each kind of thing the model reads is worth, as a share of all of its kind in the schema
 * (losing 1 path of 100 costs PATH_WEIGHT / 100). An enum value lost is a value the model must
 * now guess and a path lost is a field it cannot send; a description lost still leaves the
 * field's name, type and values. Chosen on the corpus and the generated OpenAPI-style schemas
 * together (`test/schema/compaction/fidelity.test.ts` pins both): enum values at 3 and descriptions at 0.4
 * keep the most of all three on both; enum values at 1 lost a sixth of them on generated schemas.
 */
const PATH_WEIGHT = 1;
const ENUM_VALUE_WEIGHT = 3;
const DESCRIPTION_WEIGHT = 0.4;
/** Collapsing a subtree the model must send (required all the way from the root) costs this much more. */
const REQUIRED_SUBTREE_FACTOR = 3;
/**
 * A description is cut in steps (to about 120, 60, then 20 characters, whole words) before it goes:
 * its first words say most of what matters, so each cut costs a tenth of losing it.
 */
const SHORTEN_LOSS_FACTOR = 0.1;
const DESCRIPTION_CUTS = [120, 60, 20];
/** The next cut below a description's length, if any. */
function nextCut(length) {
    for (const cut of DESCRIPTION_CUTS)
        if (length > cut + 1)
            return cut;
    return undefined;
}
/** Rounds of giving back (a subtree given back lets what was given up inside it come back on the next). */
const GIVE_BACK_ROUNDS = 4;
/** `,"description":` and `,"enum":` in compact JSON: what the member weighs besides its value. */
const DESCRIPTION_MEMBER_BYTES = 15;
const ENUM_MEMBER_BYTES = 8;
/** Keys the model carries (decode drops the rest), and which of them hold schemas. */
const MODEL_VALUE_KEYS = new Set(['type', 'description', 'encrypted', 'enum', 'required', '$ref']);
const MODEL_SCHEMA_KEYS = new Set(['items', 'additionalProperties']);
const MODEL_SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);
const MODEL_SCHEMA_TABLES = new Set(['properties', '$defs', 'definitions']);
/**
 * Gives up descriptions (first cut by `shorten`, then removed), enums and whole subtrees
 * (collapsed to `collapse(node)`), cheapest loss per byte first, until `measure(root)` is within `budgetBytes` or nothing is left to give.
 * - The loss of an action is what the model can no longer read, as shares of the schema's paths,
 *   descriptions and enum values (weighted above), times the places the subtree is read from; a
 *   required subtree costs more to collapse. Its saving is the subtree's compact size now.
 * - Actions are queued once and recomputed when popped if their subtree changed since (a lazy
 *   greedy): one pass over the schema, and a walk up the parents per action taken.
 * - Definitions nothing refers to any more are pruned before each measure: no budget is spent on
 *   a table no `$ref` uses.
 * Returns the last measure (undefined if none was made or given), and whether anything but descriptions was given up; `beforeStructural`
 * is called before each path or enum value goes.
 */
export function giveUpLeastValuable(root, 
/** The model's size, if measured; else the units' own count of it is used. */
measuredBytes, budgetBytes, measure, collapse, shorten, 
/** Called before each path or enum value is given up. */
beforeStructural = () => { }) {
    const units = collectUnits(root);
    if (units.length === 0)
        return { bytes: measuredBytes, structural: false };
    return new LeastLossTrade(root, units, collapse, shorten, beforeStructural).run(measuredBytes, budgetBytes, measure);
}
/**
 * One run of {@link giveUpLeastValuable}: its state and steps as fields and methods, not closures
 * made per call. Closures made afresh on every schema were optimized (or not inlined) by what the
 * engine saw first: after compacting the corpus, the same generated schemas took a third longer.
 */
class LeastLossTrade {
    root;
    units;
    collapse;
    shorten;
    beforeStructural;
    queue;
    /** Units are in preorder, so a subtree is a range of indices: a collapse marks its range dead. */
    dead;
    /** What the model reads from the root (refs followed one hop): the whole each loss is a share of. */
    totals;
    /**
     * Enums and descriptions given up, with what they weighed: the last action taken may overshoot
     * the need by far (a whole subtree), and what then fits again is given back.
     */
    given = [];
    valuation = { loss: 0, saving: 0 };
    /** Whether a path or an enum value was given up (not only descriptions): the caller then compares with the reference. */
    structural = false;
    constructor(root, units, collapse, shorten, beforeStructural) {
        this.root = root;
        this.units = units;
        this.collapse = collapse;
        this.shorten = shorten;
        this.beforeStructural = beforeStructural;
        const top = units[0];
        this.totals = { paths: top.paths, descriptions: top.descriptions, enumValues: top.enumValues };
        this.dead = new Uint8Array(units.length);
        // About two actions a unit (a description and a collapse, say) are queued at first.
        this.queue = new ActionQueue('shorten', units.length * 2);
    }
    run(measuredBytes, budgetBytes, measure) {
        const { units, queue, root } = this;
        for (const unit of units) {
            this.enqueue(unit, 'shorten');
            this.enqueue(unit, 'description');
            this.enqueue(unit, 'enum');
            this.enqueue(unit, 'collapse');
        }
        // Unmeasured, the schema is over budget (else no step would have come here): the loop measures.
        let bytes = measuredBytes ?? Math.max(units[0].size, budgetBytes + 1);
        let measured = measuredBytes !== undefined;
        while (bytes > budgetBytes && queue.size > 0) {
            let saved = 0;
            let collapsedAny = false;
            const need = bytes - budgetBytes;
            while (saved < need && queue.size > 0) {
                queue.pop();
                const unit = queue.item;
                const kind = queue.kind;
                if (this.isDead(unit))
                    continue;
                if (queue.version !== (kind === 'collapse' ? unit.version : unit.ownVersion)) {
                    this.enqueue(unit, kind);
                    continue;
                }
                if (!this.evaluate(unit, kind))
                    continue;
                const taken = this.take(unit, kind);
                if (kind === 'collapse')
                    collapsedAny = true;
                saved += taken;
            }
            // A collapse may have taken the last ref to a definition: the table loses it before the measure.
            if (collapsedAny)
                pruneInPlace(root);
            // The last action may have saved far more than was needed (a whole subtree): what fits again
            // is given back before the measure (which says whether it all fits: if not, the loop goes on).
            const estimate = bytes - saved;
            if (estimate < budgetBytes && this.given.length > 0)
                this.giveBack(budgetBytes - estimate);
            bytes = measure(root);
            measured = true;
        }
        return { bytes: measured ? bytes : undefined, structural: this.structural };
    }
    share(count, total, weight) {
        return total === 0 ? 0 : (weight * count) / total;
    }
    /**
     * Values the action into {@link valuation}; false when there is nothing for it to give (or it
     * would save nothing).
     */
    evaluate(unit, kind) {
        const node = unit.node;
        const { totals, valuation } = this;
        switch (kind) {
            case 'shorten': {
                if (typeof node.description !== 'string')
                    return false;
                const cut = nextCut(node.description.length);
                if (cut === undefined)
                    return false;
                unit.descriptionBytes ??= DESCRIPTION_MEMBER_BYTES + jsonByteLength(node.description);
                valuation.loss = unit.weight * SHORTEN_LOSS_FACTOR * this.share(1, totals.descriptions, DESCRIPTION_WEIGHT);
                // The cut's quotes and ellipsis (3 UTF-8 bytes) besides its characters.
                valuation.saving = unit.descriptionBytes - DESCRIPTION_MEMBER_BYTES - cut - 5;
                break;
            }
            case 'description': {
                if (typeof node.description !== 'string')
                    return false;
                unit.descriptionBytes ??= DESCRIPTION_MEMBER_BYTES + jsonByteLength(node.description);
                valuation.loss = unit.weight * this.share(1, totals.descriptions, DESCRIPTION_WEIGHT);
                valuation.saving = unit.descriptionBytes;
                break;
            }
            case 'enum': {
                if (!Array.isArray(node.enum))
                    return false;
                unit.enumBytes ??= ENUM_MEMBER_BYTES + jsonByteLength(node.enum);
                valuation.loss = unit.weight * this.share(node.enum.length, totals.enumValues, ENUM_VALUE_WEIGHT);
                valuation.saving = unit.enumBytes;
                break;
            }
            case 'collapse': {
                if (unit.parent === undefined && unit.table === undefined)
                    return false; // the root
                if (!hasChildren(node))
                    return false;
                const after = estimateCollapsedBytes(node);
                const keepsDescription = typeof node.description === 'string' ? 1 : 0;
                valuation.loss =
                    unit.weight *
                        (unit.required ? REQUIRED_SUBTREE_FACTOR : 1) *
                        (this.share(unit.paths, totals.paths, PATH_WEIGHT) +
                            this.share(Math.max(0, unit.descriptions - keepsDescription), totals.descriptions, DESCRIPTION_WEIGHT) +
                            this.share(unit.enumValues, totals.enumValues, ENUM_VALUE_WEIGHT));
                valuation.saving = unit.size - after;
                break;
            }
        }
        return valuation.saving > 0;
    }
    enqueue(unit, kind) {
        if (!this.evaluate(unit, kind))
            return;
        const { valuation } = this;
        this.queue.push(unit, kind, kind === 'collapse' ? unit.version : unit.ownVersion, valuation.loss / valuation.saving);
    }
    /** Takes the action just evaluated (see {@link valuation}); returns the bytes it saved. */
    take(unit, kind) {
        const node = unit.node;
        const { loss } = this.valuation;
        let { saving } = this.valuation;
        if (kind === 'shorten') {
            unit.originalDescription ??= node.description;
            const text = this.shorten(unit.originalDescription, nextCut(node.description.length));
            const after = DESCRIPTION_MEMBER_BYTES + jsonByteLength(text);
            saving = unit.descriptionBytes - after;
            node.description = text;
            unit.descriptionBytes = after;
            unit.ownVersion++;
            settle(unit, saving, 0, 0, 0);
            this.enqueue(unit, 'shorten');
        }
        else if (kind === 'description' || kind === 'enum') {
            // The member goes whole (kept aside: it may be given back); an enum lost is structural.
            const enumValues = kind === 'enum' ? node.enum.length : 0;
            if (kind === 'enum') {
                this.beforeStructural();
                this.structural = true;
            }
            this.given.push({ unit, kind, value: node[kind], bytes: saving, worth: loss / saving });
            delete node[kind];
            unit.ownVersion++;
            settle(unit, saving, 0, kind === 'description' ? 1 : 0, enumValues);
        }
        else {
            this.beforeStructural();
            const replacement = this.collapse(node);
            setHolderValue(unit, replacement);
            const kept = typeof replacement.description === 'string' ? 1 : 0;
            saving = unit.size - jsonByteLength(replacement);
            settle(unit, saving, unit.paths, unit.descriptions - kept, unit.enumValues);
            // A subtree with no ref in it can be given back whole (a ref's definition may be pruned by now).
            if (!unit.refers)
                this.given.push({ unit, kind, value: replacement, bytes: saving, worth: loss / saving });
            this.markDead(unit);
            unit.collapsed = true;
            this.structural = true;
        }
        return saving;
    }
    markDead(unit) {
        const { units, dead } = this;
        for (let index = unit.index; index < unit.end; index++) {
            const inside = units[index];
            if (dead[index] === 1 && inside.collapsed)
                index = inside.end - 1; // already marked whole
            else
                dead[index] = 1;
        }
    }
    /** A collapsed unit given back: its range is alive again, but for subtrees in it still collapsed. */
    markAlive(unit) {
        const { units, dead } = this;
        unit.collapsed = false;
        for (let index = unit.index; index < unit.end; index++) {
            const inside = units[index];
            if (index > unit.index && inside.collapsed)
                index = inside.end - 1;
            else
                dead[index] = 0;
        }
    }
    isDead(unit) {
        if (this.dead[unit.index] === 1)
            return true;
        const top = unit.top;
        if (top.table === undefined)
            return false;
        const table = this.root[top.table];
        return !isJsonObject(table) || table[top.key] !== top.node;
    }
    /**
     * Gives back, most worth per byte first, what was given up and fits in `room` (the budget less
     * the estimated size), on nodes still in the schema. Each member is weighed with its comma and
     * a subtree as it was collapsed, so the sum errs high.
     */
    giveBack(room) {
        // A subtree given back brings its nodes back too: what was given up in them may come back on
        // the next round, so rounds repeat while something comes back.
        let waiting = [...this.given].sort((a, b) => b.worth - a.worth);
        // At most a few rounds: each walks what is waiting, and nesting could otherwise make it quadratic.
        for (let round = 0, progress = true; progress && round < GIVE_BACK_ROUNDS && waiting.length > 0; round++) {
            progress = false;
            const next = [];
            for (const item of waiting) {
                const { unit } = item;
                if (item.bytes > room) {
                    next.push(item);
                    continue;
                }
                if (item.kind === 'collapse') {
                    // Back in place of its collapsed form, if no subtree around it is collapsed.
                    if (unit.parent !== undefined && this.isDead(unit.parent)) {
                        next.push(item);
                        continue;
                    }
                    if (holderValue(unit) !== item.value)
                        continue;
                    setHolderValue(unit, unit.node);
                    this.markAlive(unit);
                }
                else {
                    if (this.isDead(unit)) {
                        next.push(item);
                        continue;
                    }
                    if (unit.node[item.kind] !== undefined)
                        continue;
                    unit.node[item.kind] = item.value;
                }
                room -= item.bytes;
                progress = true;
            }
            waiting = next;
        }
        // What did not come back may on a later round; what came back is not given up again.
        this.given = waiting;
    }
}
/** Takes `saving` bytes and the counts lost off the unit and every unit above it. */
function settle(unit, saving, paths, descriptions, enumValues) {
    for (let at = unit; at !== undefined; at = at.parent) {
        at.size -= saving;
        at.paths -= paths;
        at.descriptions -= descriptions;
        at.enumValues -= enumValues;
        at.version++;
    }
}
/**
 * Every schema object of the raw schema as a unit, the root first, parents before children, with
 * its compact size as the model carries it (only the keys decode keeps, null members left out)
 * and what it holds: one walk, sizes summed on the way back up.
 */
/** The walk behind {@link collectUnits}, as methods (see {@link LeastLossTrade} for why not closures). */
class UnitCollector {
    root;
    units = [];
    /** How many refs name each root definition (`table/name`). */
    refUses = new Map();
    constructor(root) {
        this.root = root;
    }
    unitOf(node, holder, key, required, parent, table) {
        const { units } = this;
        const unit = {
            node,
            holder,
            key,
            parent,
            table,
            weight: parent === undefined ? 1 : parent.weight,
            required,
            size: 0,
            paths: 0,
            descriptions: 0,
            enumValues: 0,
            version: 0,
            ownVersion: 0,
            collapsed: false,
            index: units.length,
            end: 0,
            top: undefined,
            refers: false,
            // Every field from the start: one shape for all units keeps the walks up the parents monomorphic.
            descriptionBytes: undefined,
            enumBytes: undefined,
            originalDescription: undefined,
        };
        unit.top = parent === undefined ? unit : parent.top;
        units.push(unit);
        unit.size = this.measureUnit(unit);
        unit.end = units.length;
        return unit;
    }
    /** A schema child: a unit of its own when it is an object, else its JSON bytes. */
    child(holder, key, required, parent) {
        const value = Array.isArray(holder) ? holder[key] : holder[key];
        if (!isJsonObject(value))
            return jsonByteLength(value ?? null);
        const unit = this.unitOf(value, holder, key, required, parent, undefined);
        parent.paths += unit.paths;
        if (unit.refers)
            parent.refers = true;
        parent.descriptions += unit.descriptions;
        parent.enumValues += unit.enumValues;
        return unit.size;
    }
    measureUnit(unit) {
        const node = unit.node;
        let total = 2;
        let members = 0;
        for (const key in node) {
            if (!Object.hasOwn(node, key))
                continue;
            const value = node[key];
            if (value === null || value === undefined)
                continue;
            let valueSize;
            if (MODEL_VALUE_KEYS.has(key)) {
                valueSize = jsonByteLength(value);
                if (key === 'description' && typeof value === 'string') {
                    unit.descriptions++;
                    unit.descriptionBytes = DESCRIPTION_MEMBER_BYTES + valueSize;
                }
                else if (key === 'enum' && Array.isArray(value)) {
                    unit.enumValues += value.length;
                    unit.enumBytes = ENUM_MEMBER_BYTES + valueSize;
                }
                else if (key === '$ref' && typeof value === 'string') {
                    unit.refers = true;
                    const local = parseLocalDefinitionRef(value);
                    if (local !== undefined) {
                        const name = `${local.table}/${local.name}`;
                        this.refUses.set(name, (this.refUses.get(name) ?? 0) + 1);
                    }
                }
            }
            else if (MODEL_SCHEMA_KEYS.has(key))
                valueSize = this.child(node, key, key === 'items' && unit.required, unit);
            else if (MODEL_SCHEMA_LISTS.has(key) && Array.isArray(value)) {
                valueSize = 2 + Math.max(0, value.length - 1);
                for (let index = 0; index < value.length; index++)
                    valueSize += this.child(value, index, unit.required, unit);
            }
            else if (key === 'properties' && isJsonObject(value)) {
                const listed = unit.required && Array.isArray(node.required) ? node.required : undefined;
                // A long list is read once into a set: searching it per property is quadratic on wide objects.
                const required = listed !== undefined && listed.length > 8 ? new Set(listed) : listed;
                valueSize = 2;
                let entries = 0;
                for (const name in value) {
                    if (!Object.hasOwn(value, name))
                        continue;
                    unit.paths++;
                    valueSize +=
                        (entries++ > 0 ? 1 : 0) +
                            jsonByteLength(name) +
                            1 +
                            this.child(value, name, required instanceof Set ? required.has(name) : required?.includes(name) === true, unit);
                }
            }
            else if (MODEL_SCHEMA_TABLES.has(key) && isJsonObject(value)) {
                // Definition tables: the root's are units of their own (below); nested ones only weigh.
                valueSize = node === this.root ? this.tableSize(value, key) : schemaTableSize(value);
            }
            else
                continue;
            total += (members++ > 0 ? 1 : 0) + jsonByteLength(key) + 1 + valueSize;
        }
        return total;
    }
    tableSize(entries, table) {
        let size = 2;
        let count = 0;
        for (const name in entries) {
            if (!Object.hasOwn(entries, name))
                continue;
            const value = entries[name];
            const entrySize = isJsonObject(value)
                ? this.unitOf(value, entries, name, false, undefined, table).size
                : jsonByteLength(value ?? null);
            size += (count++ > 0 ? 1 : 0) + jsonByteLength(name) + 1 + entrySize;
        }
        return size;
    }
}
function collectUnits(root) {
    const collector = new UnitCollector(root);
    collector.unitOf(root, { root }, 'root', true, undefined, undefined);
    const { units, refUses } = collector;
    // A definition's units weigh as many times as it is used; what the model reads through a ref is
    // lost with the subtree that holds it.
    const definitionUnits = new Map();
    for (const unit of units)
        if (unit.parent === undefined && unit.table !== undefined) {
            const name = `${unit.table}/${String(unit.key)}`;
            unit.weight = Math.max(1, refUses.get(name) ?? 0);
            definitionUnits.set(name, unit);
        }
        else if (unit.parent !== undefined)
            unit.weight = unit.parent.weight;
    // Last first: a definition that refers on to later ones (a chain) carries what it reaches.
    if (definitionUnits.size > 0)
        for (let index = units.length - 1; index >= 0; index--) {
            const unit = units[index];
            const ref = unit.node.$ref;
            if (typeof ref !== 'string')
                continue;
            const local = parseLocalDefinitionRef(ref);
            const target = local === undefined ? undefined : definitionUnits.get(`${local.table}/${local.name}`);
            if (target === undefined)
                continue;
            for (let at = unit; at !== undefined; at = at.parent) {
                at.paths += target.paths;
                at.descriptions += target.descriptions;
                at.enumValues += target.enumValues;
            }
        }
    return units;
}
function holderValue(unit) {
    return Array.isArray(unit.holder) ? unit.holder[unit.key] : unit.holder[unit.key];
}
function setHolderValue(unit, value) {
    if (Array.isArray(unit.holder))
        unit.holder[unit.key] = value;
    else
        unit.holder[unit.key] = value;
}
/**
 * About what a collapsed subtree weighs (its type, an empty `properties` or `items`, a description
 * of at most 60 characters), without building it: the queue orders by it, the step measures.
 */
function estimateCollapsedBytes(node) {
    let bytes = 2;
    const type = node.type;
    if (typeof type === 'string')
        bytes += 9 + type.length + (type === 'object' ? 14 : type === 'array' ? 9 : 0);
    else if (Array.isArray(type))
        bytes += 9 + jsonByteLength(type) + 14;
    if (typeof node.description === 'string')
        bytes += DESCRIPTION_MEMBER_BYTES + Math.min(node.description.length, 60) + 2;
    return bytes;
}
function hasChildren(node) {
    return ((isJsonObject(node.properties) && Object.keys(node.properties).length > 0) ||
        isJsonObject(node.items) ||
        isJsonObject(node.additionalProperties) ||
        Array.isArray(node.anyOf) ||
        Array.isArray(node.oneOf) ||
        Array.isArray(node.allOf) ||
        typeof node.$ref === 'string');
}
/** The compact size of a nested definition table as the model carries it (no units: nothing there is given up alone). */
function schemaTableSize(entries) {
    let size = 2;
    let count = 0;
    for (const name in entries) {
        if (!Object.hasOwn(entries, name))
            continue;
        size += (count++ > 0 ? 1 : 0) + jsonByteLength(name) + 1 + schemaSize(entries[name]);
    }
    return size;
}
function schemaSize(node) {
    if (!isJsonObject(node))
        return jsonByteLength(node ?? null);
    let total = 2;
    let members = 0;
    for (const key in node) {
        if (!Object.hasOwn(node, key))
            continue;
        const value = node[key];
        if (value === null || value === undefined)
            continue;
        let valueSize;
        if (MODEL_VALUE_KEYS.has(key))
            valueSize = jsonByteLength(value);
        else if (MODEL_SCHEMA_KEYS.has(key))
            valueSize = schemaSize(value);
        else if (MODEL_SCHEMA_LISTS.has(key) && Array.isArray(value)) {
            valueSize = 2 + Math.max(0, value.length - 1);
            for (const item of value)
                valueSize += schemaSize(item);
        }
        else if (MODEL_SCHEMA_TABLES.has(key) && isJsonObject(value))
            valueSize = schemaTableSize(value);
        else
            continue;
        total += (members++ > 0 ? 1 : 0) + jsonByteLength(key) + 1 + valueSize;
    }
    return total;
}
//# sourceMappingURL=least-loss.js.map