// Compaction of oversized schemas: the budget, the ordered passes and their report (SPEC §1.5, seed §5).
import { optionsObject, ToolSchemaError } from '../../errors.js';
import { copyJsonInput } from '../copy.js';
import { decodeObserved, decodeRawSchema } from '../decode.js';
import { isJsonObject } from '../json.js';
import { compactForFidelity } from './fidelity.js';
import { countSchemaInventory, keepsAtLeast } from './inventory.js';
import { boundsWithoutDescriptions, fitsByScanningBoundedText, measureRawSchema, SchemaSizeTally, } from './measure.js';
import { COLLAPSE_SCHEMA_DEPTH, collapseDeepSchemaObjectsInPlace, copyAfterDefinitionsDropped, copyWithoutDescriptions, dropDefinitionRefsInPlace, pruneCompositionsInPlace, removeStrippedDescriptions, stripDescriptionsByCopying, stripDescriptionsInPlace, stripDescriptionsOutsideRootTablesInPlace, } from './reference-passes.js';
/** The byte budget a schema must fit in before compaction stops (compact JSON, UTF-8). */
export const MAX_COMPACT_SCHEMA_BYTES = 5_000;
/** The compaction policies, for validation and help texts. */
export const COMPACTION_POLICIES = ['reference', 'fidelity'];
/** A build limit that builds no model at all: a measure validates and counts only. */
const NO_MODEL = -1;
/**
 * The passes, in order (SPEC §1.5); each runs only while the schema is over budget.
 * 1. strip descriptions, definition tables included at every level;
 * 2. replace local-definition refs by `{}` and drop the root tables;
 * 3. collapse objects with children at depth ≥ the collapse depth;
 * 4. replace every composition by `{}`.
 */
export const LARGE_SCHEMA_COMPACTION_PASSES = [
    {
        name: 'strip_descriptions',
        run: (root, _collapseDepth, context) => {
            const leaveRootTables = context?.rootTablesDroppedNext === true;
            if (context?.removeKeys === true)
                return stripDescriptionsByCopying(root, leaveRootTables);
            return leaveRootTables ? stripDescriptionsOutsideRootTablesInPlace(root) : stripDescriptionsInPlace(root);
        },
        idle: () => false,
        // The measure before it also weighed the descriptions.
        predict: {
            bounds: boundsWithoutDescriptions,
            decode: (raw, observer, buildLimitBytes) => decodeObserved(raw, observer, buildLimitBytes !== NO_MODEL, buildLimitBytes, true),
        },
    },
    {
        name: 'drop_definitions',
        run: dropDefinitionRefsInPlace,
        idle: (facts, raw) => facts.refs === 0 && !hasRootDefinitionTables(raw),
        dropsRootTables: true,
    },
    {
        name: 'collapse_deep_objects',
        run: collapseDeepSchemaObjectsInPlace,
        idle: (facts, _raw, collapseDepth) => facts.maxDepth < collapseDepth,
    },
    { name: 'prune_compositions', run: pruneCompositionsInPlace, idle: (facts) => facts.compositions === 0 },
];
function hasRootDefinitionTables(raw) {
    return isJsonObject(raw) && (raw.$defs !== undefined || raw.definitions !== undefined);
}
/** Whether the bounds alone say the schema fits; undefined when only an exact measure can tell. */
function fitsByBounds(lowerBytes, textUnits, budgetBytes) {
    if (lowerBytes + 5 * textUnits <= budgetBytes)
        return true;
    if (lowerBytes > budgetBytes)
        return false;
    return undefined;
}
function asAttemptError(error) {
    if (error instanceof ToolSchemaError)
        return { error, bytes: 0, fits: true };
    throw error;
}
/**
 * Validates and judges the size in one decoding walk, which builds the model only while the
 * bytes counted stay within `buildLimitBytes` (past it, `schema` is undefined). The limit is
 * never below `budgetBytes`: a schema that may fit is always built (its exact size needs it),
 * unless it is {@link NO_MODEL} (the caller wants no model: a size the bounds leave undecided is
 * then measured exactly, in a second walk that builds nothing).
 * - `exactSizes` measures every string; else the scan-free bounds decide when they can (far
 *   under or over budget, the common cases), and otherwise the built model's strings are scanned
 *   until the verdict is sure (the size stays unknown then).
 * - `plainText`: the caller knows every string of the raw value (keys included) is plain
 *   printable ASCII with nothing to escape (it scanned them as it copied), so the bounded text
 *   counts exactly `length + 2` and the bounds are the exact size.
 */
function measureAndDecode(raw, budgetBytes, exactSizes, buildLimitBytes, plainText = false) {
    try {
        const tally = new SchemaSizeTally(exactSizes, !exactSizes && !plainText);
        const schema = decodeObserved(raw, tally, buildLimitBytes !== NO_MODEL, buildLimitBytes, false);
        const { bytes: lowerBytes, textUnits } = tally;
        // No object per verdict: this runs once per schema, and each allocation here showed.
        let bytes;
        let fits;
        if (textUnits === 0 || plainText) {
            bytes = lowerBytes;
            fits = lowerBytes <= budgetBytes;
        }
        else {
            fits = fitsByBounds(lowerBytes, textUnits, budgetBytes);
            if (fits === undefined && schema === undefined) {
                // No model to scan (NO_MODEL): measured exactly instead.
                bytes = measureRawSchema(raw, { exactText: true }).lowerBytes;
                fits = bytes <= budgetBytes;
            }
            // Undecided means the bounded size is within budget, and the build limit is never below
            // the budget, so the walk built the whole model: scanning its strings is faster than
            // decoding again, and only until the verdict is sure.
            fits ??= fitsByScanningBoundedText(schema, lowerBytes, textUnits, budgetBytes, tally.longDescriptions);
        }
        return { schema, bytes, fits, facts: tally.facts, tally, plainText };
    }
    catch (error) {
        return asAttemptError(error);
    }
}
/**
 * `parseToolInputSchema`'s common case, the default options and only the model wanted: a schema
 * that fits (nearly all of them) returns from the first measure, without the driver's records;
 * one that does not goes on to the driver with that measure. Throws the decode's error.
 */
export function decodeWithinDefaultBudget(raw) {
    const { budgetBytes } = DEFAULT_COMPACTION_OPTIONS;
    const first = measureAndDecode(raw, budgetBytes, false, budgetBytes);
    if ('error' in first)
        throw first.error;
    if (first.fits)
        return first.schema;
    const { attempt } = compactAndDecode(raw, DEFAULT_COMPACTION_OPTIONS, MODEL_ONLY, first);
    if ('error' in attempt)
        throw attempt.error;
    return attempt.schema;
}
const MODEL_ONLY = Object.freeze({ keepRaw: false });
/** Decodes (building the whole model) and judges the size. */
export function decodeAndMeasure(raw, budgetBytes, exactSizes) {
    const measured = measureAndDecode(raw, budgetBytes, exactSizes, Number.POSITIVE_INFINITY);
    if ('error' in measured)
        return measured;
    const { schema, bytes, fits, facts } = measured;
    return { schema: schema, bytes, fits, facts };
}
/**
 * The verdict after a pass that predicts its result, without running it: the bounds when they
 * decide (always, when they are exact), else one exact decoding walk as if the pass had run,
 * which also builds the model while within `buildLimit` ({@link NO_MODEL}: never).
 */
function predictVerdict(raw, before, prediction, budgetBytes, buildLimit) {
    const { facts } = before;
    const { lowerBytes, textUnits } = prediction.bounds(before.tally, before.plainText);
    const fits = fitsByBounds(lowerBytes, textUnits, budgetBytes);
    if (fits !== undefined) {
        const bytes = textUnits === 0 ? lowerBytes : undefined;
        return { schema: undefined, bytes, fits, facts, tally: undefined, plainText: false };
    }
    const exact = new SchemaSizeTally(true);
    const schema = prediction.decode(raw, exact, buildLimit);
    const bytes = exact.bytes;
    return { schema, bytes, fits: bytes <= budgetBytes, facts, tally: undefined, plainText: false };
}
/** The defaults, resolved once: most calls pass no options, and this runs once per schema. */
const DEFAULT_COMPACTION_OPTIONS = Object.freeze({
    budgetBytes: MAX_COMPACT_SCHEMA_BYTES,
    collapseDepth: COLLAPSE_SCHEMA_DEPTH,
    compactionPolicy: 'reference',
    shareRepeated: true,
});
/** Validates the options and fills in the defaults. */
export function resolveCompactionOptions(input) {
    if (input === undefined)
        return DEFAULT_COMPACTION_OPTIONS;
    const options = optionsObject(input);
    const budgetBytes = options.budgetBytes ?? MAX_COMPACT_SCHEMA_BYTES;
    const collapseDepth = options.collapseDepth ?? COLLAPSE_SCHEMA_DEPTH;
    const compactionPolicy = options.compactionPolicy ?? 'reference';
    if (!COMPACTION_POLICIES.includes(compactionPolicy)) {
        throw new ToolSchemaError('invalid_option', ['compactionPolicy'], `expected ${COMPACTION_POLICIES.map((policy) => JSON.stringify(policy)).join(' or ')}, found ${JSON.stringify(compactionPolicy)}`);
    }
    for (const [name, value] of [
        ['budgetBytes', budgetBytes],
        ['collapseDepth', collapseDepth],
    ]) {
        if (!Number.isSafeInteger(value) || value < 0) {
            throw new ToolSchemaError('invalid_option', [name], `expected a non-negative integer, found ${String(value)}`);
        }
    }
    const shareRepeated = options.shareRepeated ?? true;
    if (typeof shareRepeated !== 'boolean')
        throw new ToolSchemaError('invalid_option', ['shareRepeated'], `expected true or false, found ${JSON.stringify(shareRepeated)}`);
    return { budgetBytes, collapseDepth, compactionPolicy, shareRepeated };
}
/**
 * Runs the passes over a raw schema (in place) while it is over budget.
 * - Each measure also decodes, but stops building the model once the bytes counted pass the
 *   budget: a schema that fits (the common case) is decoded in that one walk, and an oversized
 *   one costs no model that compaction would throw away. If no measure ended within budget,
 *   the model is built once at the end.
 * - A pass that predicts its result (pass 1: see {@link PassPrediction}) is not measured after
 *   it runs. So with `keepRaw: false` (the parse functions, which want only the model) and
 *   nothing left for the later passes to do, the model is decoded as if it had run and its walk
 *   is skipped (`raw` is then left uncompacted); and when the next pass is sure to drop the root
 *   definition tables, it is told it may leave them alone.
 * - A pass that changed nothing needs no new measure; one the facts prove cannot change
 *   anything is not walked.
 * - No check after the fourth pass: the result may still be over budget (best effort).
 * - `exactSizes` measures every size exactly for the report (explain), and takes no shortcut:
 *   explain shows the raw value after each pass.
 * - `onPass` sees each pass that ran and can take a snapshot of the raw value after it (explain).
 * - The driver owns the undo of pass 1's nulled descriptions: the raw value it returns (with
 *   `keepRaw`) and its snapshots have them removed.
 */
export function compactAndDecode(raw, options, flags = {}, 
/** The first measure, when the caller took it already (see {@link decodeWithinDefaultBudget}). */
measured) {
    // With the model wanted, every attempt that decodes carries one: `finish` decodes the raw
    // value whenever no measure built it.
    return compact(raw, options, flags, measured, true);
}
/**
 * {@link compactAndDecode} for a caller that wants the compacted raw value and decodes the model
 * only if it is asked for (a provider conversion starts from the raw value): the measures
 * validate and count, and build no model that nobody may read. The attempt's schema is
 * undefined unless a step needed the model anyway (the fidelity policy compares models).
 */
export function compactWithoutModel(raw, options, flags = {}) {
    return compact(raw, options, flags, undefined, false);
}
function compact(raw, options, { exactSizes = false, keepRaw = true, plainText = false, onPass, passesDone = 0 }, measured, buildModel) {
    const { budgetBytes, collapseDepth } = options;
    // The measures build the model while within budget, or (without one wanted) never.
    const buildLimit = buildModel ? budgetBytes : NO_MODEL;
    // Only the first measure sees the raw value as the caller scanned it; passes may write text.
    const first = measured ?? measureAndDecode(raw, budgetBytes, exactSizes, buildLimit, plainText);
    if (!exactSizes && ('error' in first || first.fits)) {
        // The common case, kept free of the closures below (they cost ~3% on the MCP corpus). A
        // schema that fits never passed the build limit (the budget), so its model is whole (or,
        // without one wanted, absent).
        const attempt = 'error' in first ? first : { schema: first.schema, bytes: first.bytes, fits: true, facts: first.facts };
        return { raw, attempt, passes: [], report: undefined };
    }
    const passes = [];
    const records = [];
    // Pass 1 removes descriptions as it goes where nothing but the result sees the raw value.
    const removeKeys = keepRaw && !exactSizes;
    const finish = (state, decode) => {
        let attempt;
        if ('error' in state)
            attempt = state;
        else {
            const { bytes, fits, facts } = state;
            try {
                attempt = { schema: state.schema ?? (buildModel ? decode() : undefined), bytes, fits, facts };
            }
            catch (error) {
                attempt = asAttemptError(error);
            }
        }
        const report = exactSizes
            ? {
                budgetBytes,
                initialBytes: first.bytes ?? 0,
                finalBytes: attempt.bytes ?? 0,
                fits: attempt.fits,
                passes: records,
            }
            : undefined;
        // Pass 1 nulls descriptions (faster than deleting them); the raw JSON that leaves the driver
        // has them removed, as the reference's JSON has.
        if (keepRaw && !removeKeys && passes.includes('strip_descriptions'))
            raw = removeStrippedDescriptions(raw);
        return { raw, attempt, passes, report };
    };
    // A copy of the raw value as it stands, descriptions stripped as removed keys (for explain's diffs).
    const snapshot = () => removeStrippedDescriptions(copyJsonInput(raw));
    const ran = (name, bytesBefore, after) => {
        passes.push(name);
        if (!exactSizes)
            return;
        const record = { name, bytesBefore: bytesBefore ?? 0, bytesAfter: after.bytes ?? 0 };
        records.push(record);
        onPass?.(record, snapshot);
    };
    if ('error' in first || first.fits)
        return finish(first, () => decodeRawSchema(raw));
    if (options.compactionPolicy === 'fidelity') {
        // A policy of its own, only ever for a schema over budget: the reference's path stays as it is.
        // Never worse than the reference, by construction: the input is kept for the comparison (and
        // explain's snapshots wait for its verdict), below. Only a report of sizes needs it as it came;
        // else it is copied only if something but descriptions is about to change, descriptions
        // stripped: the reference's first pass strips them all, so its result is the same from there.
        let before = exactSizes ? copyJsonInput(raw) : undefined;
        // The reference's passes already done on `before` (none when it is the input as it came).
        let referenceStart = [];
        const snapshots = [];
        const result = compactForFidelity(raw, budgetBytes, {
            shareRepeated: options.shareRepeated,
            onStep: exactSizes
                ? (step, after) => {
                    records.push(step);
                    if (onPass !== undefined)
                        snapshots.push({ record: step, snapshot: copyJsonInput(after) });
                }
                : undefined,
            initialBytes: first.bytes,
            bytesWithoutDescriptions: boundsWithoutDescriptions(first.tally).lowerBytes,
            beforeReshape: exactSizes
                ? undefined
                : (root, overWithoutDescriptions) => {
                    // Over budget without descriptions, the reference's second pass is sure to run too:
                    // the copy is of what it leaves, smaller where definitions are most of the schema.
                    before = overWithoutDescriptions ? copyAfterDefinitionsDropped(root) : copyWithoutDescriptions(root);
                    referenceStart = overWithoutDescriptions
                        ? ['strip_descriptions', 'drop_definitions']
                        : ['strip_descriptions'];
                },
        });
        for (const step of result.steps)
            passes.push(step.name);
        raw = result.raw;
        // No dead weight: the step that collapses subtrees prunes the tables they stopped referring
        // to before it measures, so the result is never pruned again here.
        const measured = result.schema !== undefined && !exactSizes
            ? {
                schema: result.schema,
                bytes: result.bytes,
                fits: true,
                facts: first.facts,
                tally: undefined,
                plainText: false,
            }
            : measureAndDecode(raw, budgetBytes, exactSizes, Number.POSITIVE_INFINITY);
        const fidelity = finish(measured, () => decodeRawSchema(raw));
        // Only descriptions given up: every path and enum value is kept, and no reference result can
        // keep more of them (its first pass strips every description), so it is not run.
        const reference = result.structural && before !== undefined
            ? referenceIfBetter(fidelity, before, options, { exactSizes, keepRaw, onPass }, referenceStart)
            : undefined;
        if (reference !== undefined)
            return reference;
        for (const { record, snapshot } of snapshots)
            onPass?.(record, () => snapshot);
        return fidelity;
    }
    // The passes in order, each while still over budget.
    let state = first;
    for (let index = passesDone; index < LARGE_SCHEMA_COMPACTION_PASSES.length; index++) {
        if (state.fits)
            break;
        const pass = LARGE_SCHEMA_COMPACTION_PASSES[index];
        const bytesBefore = state.bytes;
        if (pass.idle(state.facts, raw, collapseDepth)) {
            ran(pass.name, bytesBefore, state);
            continue;
        }
        const { predict } = pass;
        const later = LARGE_SCHEMA_COMPACTION_PASSES.slice(index + 1);
        let predicted;
        if (predict !== undefined && state.tally !== undefined) {
            predicted = predictVerdict(raw, state, predict, budgetBytes, buildLimit);
            // A caller that wants only the model, with nothing left for a later pass to do, gets the
            // model as if the pass had run: the pass's walk and the raw value it would write are skipped.
            const { facts } = state;
            if (!keepRaw && !exactSizes && (predicted.fits || later.every((next) => next.idle(facts, raw, collapseDepth)))) {
                passes.push(pass.name);
                if (!predicted.fits)
                    for (const next of later)
                        passes.push(next.name);
                return finish(predicted, () => predict.decode(raw, undefined, Number.POSITIVE_INFINITY));
            }
        }
        // Explain shows the raw value after each pass, so there it always does all its work.
        const rootTablesDroppedNext = !exactSizes &&
            predicted !== undefined &&
            !predicted.fits &&
            later[0]?.dropsRootTables === true &&
            hasRootDefinitionTables(raw);
        const result = pass.run(raw, collapseDepth, { rootTablesDroppedNext, removeKeys });
        raw = result.root;
        const after = predicted ?? (result.changed ? measureAndDecode(raw, budgetBytes, exactSizes, buildLimit) : state);
        ran(pass.name, bytesBefore, after);
        if ('error' in after)
            return finish(after, () => decodeRawSchema(raw));
        state = after;
    }
    return finish(state, () => decodeRawSchema(raw));
}
/**
 * The reference's result for the same input, when it lands within the budget and the fidelity
 * result tells the model less than it on any count (paths, descriptions, enum values: see
 * `countSchemaInventory`); undefined when the fidelity result keeps at least as much on every count.
 * - Called only when the fidelity policy gave up a path or an enum value: the reference's first
 *   pass strips every description (its description count is 0), so a fidelity result that gave
 *   up descriptions alone cannot be worse, and the reference is not run (nor the input counted).
 */
function referenceIfBetter(fidelity, input, options, run, 
/** The reference's first passes, already done on `input` (see the caller). */
alreadyRun = []) {
    if ('error' in fidelity.attempt || fidelity.attempt.schema === undefined)
        return undefined;
    const fidelitySchema = fidelity.attempt.schema;
    // The reference's passes are told only if its result is the one returned (explain would
    // otherwise list both policies' changes, and diff the fidelity steps against the reference's end).
    const told = [];
    const onPass = run.onPass === undefined
        ? undefined
        : (record, snapshot) => told.push({ record, snapshot: snapshot() });
    const reference = compactAndDecode(input, { ...options, compactionPolicy: 'reference' }, { ...run, onPass, passesDone: alreadyRun.length });
    // From an input on which its first passes were done, they are not run again: they are listed
    // as the passes that did it.
    alreadyRun.forEach((name, index) => {
        if (reference.passes[index] !== name)
            reference.passes.splice(index, 0, name);
    });
    if (alreadyRun.length > 0 && run.keepRaw)
        reference.raw = removeStrippedDescriptions(reference.raw);
    // The reference's result is best effort and may stay over budget; the fidelity policy never does.
    if ('error' in reference.attempt || reference.attempt.schema === undefined || !reference.attempt.fits)
        return undefined;
    // The fidelity result is counted only as far as the reference's counts: it usually passes them early.
    const referenceKeeps = countSchemaInventory(reference.attempt.schema);
    if (keepsAtLeast(countSchemaInventory(fidelitySchema, referenceKeeps), referenceKeeps))
        return undefined;
    for (const { record, snapshot } of told)
        run.onPass?.(record, () => snapshot);
    return reference;
}
/**
 * Returns a compacted copy of a raw (sanitized, pruned) schema; the input is not modified.
 * - Runs {@link LARGE_SCHEMA_COMPACTION_PASSES} in order while the decoded size is over budget.
 * - A value that does not decode measures 0 bytes and is returned as it is.
 */
export function compactLargeToolSchema(input, options) {
    return compactAndDecode(copyJsonInput(input), resolveCompactionOptions(options)).raw;
}
//# sourceMappingURL=driver.js.map