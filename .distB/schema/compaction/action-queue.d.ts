/**
 * A binary min-heap of actions by ratio (for the fidelity trade: loss per byte saved; ties: the
 * earlier pushed first, for a stable result). An action is an item, a kind, and the item's
 * version when it was valued, kept in parallel arrays (the numbers in typed ones): no object per
 * action and no ratio boxed as a heap number (an object per push made pushing a sixth of the
 * whole policy once the engine had seen other schemas first).
 * The top popped is read from {@link item}, {@link kind} and {@link version}.
 */
export declare class ActionQueue<Item, Kind extends string> {
    private items;
    private ratios;
    private orders;
    private kinds;
    private versions;
    private length;
    private pushed;
    /** The action last popped. */
    item: Item | undefined;
    kind: Kind;
    version: number;
    /**
     * `firstKind`: any kind, for {@link kind} before the first pop. `capacity`: about how many
     * actions will be queued at once (it grows past that; growing often cost more than sizing it).
     */
    constructor(firstKind: Kind, capacity?: number);
    get size(): number;
    push(item: Item, kind: Kind, version: number, ratio: number): void;
    /** Pops the top into {@link item}, {@link kind} and {@link version}; false when empty. */
    pop(): boolean;
    /** Whether the entry at `index` comes before an entry of this ratio and order. */
    private precedes;
    private move;
    private place;
    private grow;
}
//# sourceMappingURL=action-queue.d.ts.map