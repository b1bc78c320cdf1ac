import type { JsonObject, JsonValue } from '../json.js';
import type { JsonSchema } from '../model.js';
import { type DefinitionSharing } from './sharing.js';
/**
 * The steps of the fidelity policy, in the order they run; each runs only while the schema is over
 * budget, and each degrades as little as it can (a binary search over its knob).
 */
export type FidelityStepName = 'inline_definitions' | 'share_subtrees' | 'share_enums' | 'shorten_descriptions' | 'drop_least_valuable' | 'trim_root';
/** One step that ran, with the size before and after (compact JSON bytes of the model). */
export interface FidelityStepRecord {
    name: FidelityStepName;
    bytesBefore: number;
    bytesAfter: number;
}
/**
 * A description cut to `maxChars`: whole sentences when they fill most of the room, else whole
 * words up to the cap with an ellipsis. Shorter text is returned as it is (whitespace folded).
 */
export declare function shortenDescription(text: string, maxChars: number): string;
/** What the model can lose to a step; a step that can lose a path or an enum value is structural. */
export type FidelityLoss = 'description_text' | 'descriptions' | 'enum_values' | 'paths' | 'definitions';
/**
 * One fidelity run, as the steps see it: the root they change in place, the budget, and what
 * the last measure said. Each measure is a decoding walk that also builds the model once it
 * fits, so the last measure is the decode.
 */
declare class FidelityRun {
    readonly root: JsonObject;
    readonly budgetBytes: number;
    /** The size without descriptions, if already known or closely bounded (the first measure's). */
    knownBytesWithoutDescriptions: number | undefined;
    /** Called once, with the root as it is, before the first change to anything but descriptions. */
    readonly beforeReshape: ((root: JsonObject, overWithoutDescriptions: boolean) => void) | undefined;
    /** Whether repeated parts may be written once as definitions (see `CompactionOptions.shareRepeated`). */
    readonly shareRepeated: boolean;
    /** The model's exact size as last measured; undefined until a step needs it (the driver's first measure may have judged by bounds alone). */
    bytes: number | undefined;
    /** The model built by the last measure, when it fit. */
    schema: JsonSchema | undefined;
    /** A path or an enum value was given up. */
    structural: boolean;
    /** The step running changed the schema but left the size unknown, as it found it (see `compactForFidelity`). */
    changedUnmeasured: boolean;
    constructor(root: JsonObject, budgetBytes: number, initialBytes: number | undefined, 
    /** The size without descriptions, if already known or closely bounded (the first measure's). */
    knownBytesWithoutDescriptions: number | undefined, 
    /** Called once, with the root as it is, before the first change to anything but descriptions. */
    beforeReshape: ((root: JsonObject, overWithoutDescriptions: boolean) => void) | undefined, 
    /** Whether repeated parts may be written once as definitions (see `CompactionOptions.shareRepeated`). */
    shareRepeated?: boolean);
    /** Decodes and measures the root; the size, and the model if it fits, are kept. */
    measure(): number;
    /** The size as last measured, measuring now if no step has. */
    currentBytes(): number;
    fits(): boolean;
    /** The size without any description: known from a measure of the root as it is, or measured now (exact text). */
    bytesWithoutDescriptions(): number;
    private reshaped;
    /**
     * Repeated parts shared before the hook saw the root (they lose nothing, and most runs need
     * no hook): undone for it, then done again.
     */
    private shared;
    /** The size without descriptions before the first sharing, if it was known then. */
    private withoutDescriptionsUnshared;
    /**
     * Something but descriptions is about to change (`lossy`: a path or an enum value is about to
     * go): the caller's hook sees the root as it was before anything but descriptions changed, the
     * first time.
     */
    reshape(lossy: boolean): void;
    /** Repeated parts were shared (nothing lost): the hook, if it is ever called, sees the root without them. */
    sharedDefinitions(sharing: DefinitionSharing): void;
}
/**
 * One step of the fidelity policy, as one table entry (as the reference's passes are in
 * `driver.ts`): what it does, what the model can lose to it, how it sizes its work before it
 * measures, and when it has nothing to do.
 * - `run` changes the root in place and leaves `run.bytes` exact (or undefined if it measured
 *   nothing); it calls `run.reshape()` before it changes anything but descriptions.
 * - `idle`: from the run's state, the step cannot change anything useful, so it does not run.
 */
export interface FidelityStep {
    name: FidelityStepName;
    canLose: readonly FidelityLoss[];
    /** How it decides how much to do without measuring after each change. */
    sizePrediction: string;
    idle: (run: FidelityRun) => boolean;
    run: (run: FidelityRun) => void;
}
/** The fidelity steps, in the order they run; each runs only while the model is over budget. */
export declare const FIDELITY_STEPS: readonly FidelityStep[];
/** What {@link compactForFidelity} did. */
export interface FidelityResult {
    raw: JsonValue;
    steps: FidelityStepRecord[];
    /** The final model's exact size (measured unless the input fit as it was). */
    bytes: number;
    /** The final model, when the last measure built it. */
    schema: JsonSchema | undefined;
    /** A path or an enum value was given up (not only descriptions): the result may keep less than the reference's. */
    structural: boolean;
}
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
export declare function compactForFidelity(input: JsonValue, budgetBytes: number, options?: {
    onStep?: (record: FidelityStepRecord, raw: JsonValue) => void;
    initialBytes?: number;
    /** The size without descriptions, if already known or closely bounded (the first measure's). */
    bytesWithoutDescriptions?: number;
    beforeReshape?: (root: JsonObject, overWithoutDescriptions: boolean) => void;
    /** Whether repeated parts may be written once as definitions (default true). */
    shareRepeated?: boolean;
}): FidelityResult;
export {};
//# sourceMappingURL=fidelity.d.ts.map