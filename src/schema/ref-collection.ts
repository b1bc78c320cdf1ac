// The refs the sanitizing copy notes on its way, so that pruning (SPEC §1.4) need not walk the schema again.

/** Where the copy is, as pruning's walks would see it. */
export const REF_CONTEXT_NONE = 0;
/** Schema positions from the root, outside every table: pruning's seed walk (SPEC §1.4 step 1). */
export const REF_CONTEXT_SEED = 1;
/** Inside an entry of a root definition table: searched whole (SPEC §1.4 step 2). */
export const REF_CONTEXT_ENTRY = 2;

export type RefContext = typeof REF_CONTEXT_NONE | typeof REF_CONTEXT_SEED | typeof REF_CONTEXT_ENTRY;

/**
 * The `$ref` strings of one sanitized schema, as pruning would find them.
 * - `seeds`: the refs of the schema objects pruning's seed walk visits: from the root through
 *   `properties` values, `items`, compositions and `additionalProperties` (not booleans), tables
 *   skipped at every level.
 * - Each root table entry's refs: every `$ref` string anywhere inside it (enum literals, `not`,
 *   unknown keywords and nested tables included), as the sanitized entry has them: the refs of
 *   an object sanitize empties go with it.
 * - `exact` false: the copy met what it does not follow (a table that is not an object, which
 *   sanitize removes, inside an entry); pruning then walks the schema as before.
 * Valid for the value the copy returned until anything changes it: pruning runs right after.
 */
export class CollectedRefs {
  context: RefContext = REF_CONTEXT_SEED;
  /** The next schema object the copy meets is the root (its tables are the ones pruned). */
  awaitingRoot = true;
  exact = true;
  /** The root table whose entries the copy is reading (the root has at most two). */
  table: '$defs' | 'definitions' = '$defs';
  readonly seeds: string[] = [];
  readonly entryRefs: string[] = [];
  /** Per root table, each entry's slot in `bounds`: its refs are `entryRefs[bounds[2i]…bounds[2i+1])`. */
  private readonly slots: { $defs?: Map<string, number>; definitions?: Map<string, number> } = {};
  private readonly bounds: number[] = [];

  /** Empties the collector for the next copy (the pipeline reuses one: most schemas are small). */
  reset(): void {
    this.context = REF_CONTEXT_SEED;
    this.awaitingRoot = true;
    this.exact = true;
    // Most schemas have no definitions and leave these empty: nothing to write then.
    if (this.seeds.length !== 0) this.seeds.length = 0;
    if (this.entryRefs.length !== 0) this.entryRefs.length = 0;
    if (this.bounds.length !== 0) {
      this.bounds.length = 0;
      this.slots.$defs = undefined;
      this.slots.definitions = undefined;
    }
  }

  /** Records that the entry `name` of a root table holds `entryRefs[start…end)`. */
  addEntry(table: '$defs' | 'definitions', name: string, start: number, end: number): void {
    let slots = this.slots[table];
    if (slots === undefined) {
      slots = new Map();
      this.slots[table] = slots;
    }
    slots.set(name, this.bounds.length >> 1);
    this.bounds.push(start, end);
  }

  /**
   * The names of a root table's entries in the copy's order: the table's own keys, as the copy
   * wrote them (sanitize never removes an entry), without listing a table that may be large.
   */
  entryNames(table: '$defs' | 'definitions'): IterableIterator<string> | undefined {
    return this.slots[table]?.keys();
  }

  /** Calls `note` with each ref of a root table entry; false when the copy met no such entry. */
  forEachEntryRef(table: '$defs' | 'definitions', name: string, note: (ref: string) => void): boolean {
    const slot = this.slots[table]?.get(name);
    if (slot === undefined) return false;
    const end = this.bounds[2 * slot + 1] as number;
    for (let index = this.bounds[2 * slot] as number; index < end; index++) note(this.entryRefs[index] as string);
    return true;
  }
}

/** The collector {@link acquireRefCollector} lends; undefined while a call has it. */
let idleCollector: CollectedRefs | undefined = new CollectedRefs();

/**
 * An empty collector for one sanitizing copy; give it back with {@link releaseRefCollector}
 * (in a `finally`). One is reused: most schemas are small, and a new one per call allocated more
 * than their copy. A call made while it is lent (a getter of the input that parses) gets its own.
 */
export function acquireRefCollector(): CollectedRefs {
  const refs = idleCollector ?? new CollectedRefs();
  idleCollector = undefined;
  return refs;
}

/** Empties a collector {@link acquireRefCollector} lent and keeps it for the next call. */
export function releaseRefCollector(refs: CollectedRefs): void {
  refs.reset();
  idleCollector = refs;
}
