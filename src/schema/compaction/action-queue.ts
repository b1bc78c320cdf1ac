// A min-heap of queued actions for the fidelity trade (least-loss.ts), in parallel arrays.

/**
 * A binary min-heap of actions by ratio (for the fidelity trade: loss per byte saved; ties: the
 * earlier pushed first, for a stable result). An action is an item, a kind, and the item's
 * version when it was valued, kept in parallel arrays (the numbers in typed ones): no object per
 * action and no ratio boxed as a heap number (an object per push made pushing a sixth of the
 * whole policy once the engine had seen other schemas first).
 * The top popped is read from {@link item}, {@link kind} and {@link version}.
 */
export class ActionQueue<Item, Kind extends string> {
  private items: Item[] = [];
  private ratios: Float64Array<ArrayBuffer>;
  private orders: Float64Array<ArrayBuffer>;
  private kinds: Kind[] = [];
  private versions: Float64Array<ArrayBuffer>;
  private length = 0;
  private pushed = 0;
  /** The action last popped. */
  item: Item | undefined;
  kind: Kind;
  version = 0;

  /**
   * `firstKind`: any kind, for {@link kind} before the first pop. `capacity`: about how many
   * actions will be queued at once (it grows past that; growing often cost more than sizing it).
   */
  constructor(firstKind: Kind, capacity = 64) {
    this.kind = firstKind;
    const size = Math.max(16, capacity);
    this.ratios = new Float64Array(size);
    this.orders = new Float64Array(size);
    this.versions = new Float64Array(size);
  }

  get size(): number {
    return this.length;
  }

  push(item: Item, kind: Kind, version: number, ratio: number): void {
    if (this.length === this.ratios.length) this.grow();
    const order = this.pushed++;
    let index = this.length++;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (this.precedes(parent, ratio, order)) break;
      this.move(index, parent);
      index = parent;
    }
    this.place(index, item, kind, version, ratio, order);
  }

  /** Pops the top into {@link item}, {@link kind} and {@link version}; false when empty. */
  pop(): boolean {
    if (this.length === 0) return false;
    this.item = this.items[0];
    this.kind = this.kinds[0] as Kind;
    this.version = this.versions[0] as number;
    const length = --this.length;
    if (length === 0) return true;
    const lastItem = this.items[length] as Item;
    const lastKind = this.kinds[length] as Kind;
    const lastVersion = this.versions[length] as number;
    const lastRatio = this.ratios[length] as number;
    const lastOrder = this.orders[length] as number;
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      if (left >= length) break;
      const right = left + 1;
      const child =
        right < length && this.precedes(right, this.ratios[left] as number, this.orders[left] as number) ? right : left;
      if (!this.precedes(child, lastRatio, lastOrder)) break;
      this.move(index, child);
      index = child;
    }
    this.place(index, lastItem, lastKind, lastVersion, lastRatio, lastOrder);
    return true;
  }

  /** Whether the entry at `index` comes before an entry of this ratio and order. */
  private precedes(index: number, ratio: number, order: number): boolean {
    const at = this.ratios[index] as number;
    return at < ratio || (at === ratio && (this.orders[index] as number) < order);
  }

  private move(to: number, from: number): void {
    this.place(
      to,
      this.items[from] as Item,
      this.kinds[from] as Kind,
      this.versions[from] as number,
      this.ratios[from] as number,
      this.orders[from] as number,
    );
  }

  private place(index: number, item: Item, kind: Kind, version: number, ratio: number, order: number): void {
    this.items[index] = item;
    this.kinds[index] = kind;
    this.versions[index] = version;
    this.ratios[index] = ratio;
    this.orders[index] = order;
  }

  private grow(): void {
    const capacity = this.ratios.length * 2;
    const widen = (from: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> => {
      const to = new Float64Array(capacity);
      to.set(from);
      return to;
    };
    this.ratios = widen(this.ratios);
    this.orders = widen(this.orders);
    this.versions = widen(this.versions);
  }
}
