// A min-heap of queued actions for the fidelity trade (least-loss.ts), in parallel arrays.
/**
 * A binary min-heap of actions by ratio (for the fidelity trade: loss per byte saved; ties: the
 * earlier pushed first, for a stable result). An action is an item, a kind, and the item's
 * version when it was valued, kept in parallel arrays (the numbers in typed ones): no object per
 * action and no ratio boxed as a heap number (an object per push made pushing a sixth of the
 * whole policy once the engine had seen other schemas first).
 * The top popped is read from {@link item}, {@link kind} and {@link version}.
 */
export class ActionQueue {
    items = [];
    ratios;
    orders;
    kinds = [];
    versions;
    length = 0;
    pushed = 0;
    /** The action last popped. */
    item;
    kind;
    version = 0;
    /**
     * `firstKind`: any kind, for {@link kind} before the first pop. `capacity`: about how many
     * actions will be queued at once (it grows past that; growing often cost more than sizing it).
     */
    constructor(firstKind, capacity = 64) {
        this.kind = firstKind;
        const size = Math.max(16, capacity);
        this.ratios = new Float64Array(size);
        this.orders = new Float64Array(size);
        this.versions = new Float64Array(size);
    }
    get size() {
        return this.length;
    }
    push(item, kind, version, ratio) {
        if (this.length === this.ratios.length)
            this.grow();
        const order = this.pushed++;
        let index = this.length++;
        while (index > 0) {
            const parent = (index - 1) >> 1;
            if (this.precedes(parent, ratio, order))
                break;
            this.move(index, parent);
            index = parent;
        }
        this.place(index, item, kind, version, ratio, order);
    }
    /** Pops the top into {@link item}, {@link kind} and {@link version}; false when empty. */
    pop() {
        if (this.length === 0)
            return false;
        this.item = this.items[0];
        this.kind = this.kinds[0];
        this.version = this.versions[0];
        const length = --this.length;
        if (length === 0)
            return true;
        const lastItem = this.items[length];
        const lastKind = this.kinds[length];
        const lastVersion = this.versions[length];
        const lastRatio = this.ratios[length];
        const lastOrder = this.orders[length];
        let index = 0;
        for (;;) {
            const left = index * 2 + 1;
            if (left >= length)
                break;
            const right = left + 1;
            const child = right < length && this.precedes(right, this.ratios[left], this.orders[left]) ? right : left;
            if (!this.precedes(child, lastRatio, lastOrder))
                break;
            this.move(index, child);
            index = child;
        }
        this.place(index, lastItem, lastKind, lastVersion, lastRatio, lastOrder);
        return true;
    }
    /** Whether the entry at `index` comes before an entry of this ratio and order. */
    precedes(index, ratio, order) {
        const at = this.ratios[index];
        return at < ratio || (at === ratio && this.orders[index] < order);
    }
    move(to, from) {
        this.place(to, this.items[from], this.kinds[from], this.versions[from], this.ratios[from], this.orders[from]);
    }
    place(index, item, kind, version, ratio, order) {
        this.items[index] = item;
        this.kinds[index] = kind;
        this.versions[index] = version;
        this.ratios[index] = ratio;
        this.orders[index] = order;
    }
    grow() {
        const capacity = this.ratios.length * 2;
        const widen = (from) => {
            const to = new Float64Array(capacity);
            to.set(from);
            return to;
        };
        this.ratios = widen(this.ratios);
        this.orders = widen(this.orders);
        this.versions = widen(this.versions);
    }
}
//# sourceMappingURL=action-queue.js.map