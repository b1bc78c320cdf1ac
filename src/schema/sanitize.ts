// Sanitize: type normalization, inference, keyword downgrades and default children (SPEC §1.2, seed §3).
import {
  CopyState,
  checkJsonValue,
  copyArray,
  copyObject,
  copyValue,
  countBytes,
  countKey,
  countObject,
  enterContainer,
  readPlainObjectKeys,
  runCopy,
  withSegment,
} from './copy.js';
import type { DecodeObserver } from './decode.js';
import type { JsonObject, JsonValue } from './json.js';
import { hasAnyKey, hasOwnKey, isJsonObject, setOwn } from './json.js';
import { LARGE_OBJECT_KEYS, noteKeyList } from './key-lists.js';
import { isMalformedKeywordValue } from './keyword-values.js';
import type { JsonSchemaType } from './model.js';
import { JSON_SCHEMA_TYPE_NAMES } from './model.js';
import { isDecodableType, isNameList, tallySanitizedFields, tallyStringSchema } from './model-tally.js';
import {
  type CollectedRefs,
  REF_CONTEXT_ENTRY,
  REF_CONTEXT_NONE,
  REF_CONTEXT_SEED,
  type RefContext,
} from './ref-collection.js';
import { type DefinitionTable, isLocalDefinitionRef, isPathRef, ReachedEntries } from './refs.js';
import { COLLAPSIBLE_KEYS, DEFINITION_TABLE_KEYS } from './walk.js';

/** Key groups that infer a type when a schema has no valid `type`; first match wins (SPEC §1.2 step 5). */
export const TYPE_INFERENCE_RULES = [
  { type: 'object', keys: ['properties', 'required', 'additionalProperties'] },
  { type: 'array', keys: ['items', 'prefixItems'] },
  { type: 'string', keys: ['enum', 'format'] },
  { type: 'number', keys: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] },
] as const satisfies readonly { type: JsonSchemaType; keys: readonly string[] }[];

/** The schema a boolean schema becomes (SPEC §1.2). */
function booleanReplacement(): JsonObject {
  return { type: 'string' };
}

/**
 * Returns a sanitized copy of a raw schema; the input is not modified.
 * - A boolean at a schema position becomes `{"type":"string"}`; a boolean `additionalProperties` stays.
 * - Children first (properties values, items, prefixItems, additionalProperties, compositions,
 *   definition tables at every level); a table that is not an object is removed.
 * - `const` becomes a one-value `enum` (overwriting any `enum`).
 * - Valid types are kept (arrays filtered to valid names, one left → a string). With none, a
 *   `$ref` or composition key stops the rules; else a type is inferred from keyword presence,
 *   and a schema with nothing to infer from becomes `{}`.
 * - `object` gets `properties: {}` and `array` gets `items: {"type":"string"}` when missing.
 * - Never looks inside `not`, `if`/`then`/`else`, `patternProperties`, enum values or examples.
 * - It is also the pipeline's entry copy: one walk copies, checks (as {@link copyJsonInput}
 *   does, with the same errors) and sanitizes, each schema object as soon as its members are copied.
 */
export function sanitizeJsonSchema(input: unknown): JsonValue {
  return runCopy(input, copySchemaSlot);
}

/**
 * {@link sanitizeJsonSchema}, also noting every `$ref` as pruning would find it, so that
 * `pruneWithCollectedRefs` follows them without walking the result (see `ref-collection.ts`).
 * `state` is the caller's when it wants what the copy noted besides (its `keyLists`).
 */
export function sanitizeCollectingRefs(
  input: unknown,
  refs: CollectedRefs,
  state: CopyState = new CopyState(),
): JsonValue {
  state.refs = refs;
  return runCopy(input, copySchemaSlot, state);
}

/** {@link sanitizeJsonSchema}, also returning the compact JSON bytes of the input it read. */
export function sanitizeAndMeasureJsonSchema(input: unknown): { value: JsonValue; bytes: number } {
  const state = new CopyState();
  state.bytes = 0;
  const value = runCopy(input, copySchemaSlot, state);
  return { value, bytes: state.bytes };
}

// Which keywords a schema object has, as bits gathered while its members are copied: the rules
// below test these instead of reading keys back (a megamorphic read per key per object).
const HAS_REF = 1 << 0;
const HAS_COMPOSITION = 1 << 1; // anyOf, oneOf, allOf
const HAS_PROPERTIES = 1 << 2;
const HAS_ITEMS = 1 << 3;
const HAS_CONST = 1 << 4;
const HAS_OBJECT_HINT = 1 << 5; // required, additionalProperties (properties has its own bit)
const HAS_ARRAY_HINT = 1 << 6; // prefixItems (items has its own bit)
const HAS_STRING_HINT = 1 << 7; // enum, format
const HAS_NUMBER_HINT = 1 << 8; // minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf
const HAS_BAD_TABLE = 1 << 9; // $defs or definitions that is not an object

// The default children sanitizeFields wrote (CopyState.insertedDefaults), for the copy's measure.
const INSERTED_PROPERTIES = 1 << 0;
const INSERTED_ITEMS = 1 << 1;

/** The bit of each keyword {@link TYPE_INFERENCE_RULES} tests, by inferred type. */
const INFERENCE_BITS = {
  object: HAS_PROPERTIES | HAS_OBJECT_HINT,
  array: HAS_ITEMS | HAS_ARRAY_HINT,
  string: HAS_STRING_HINT,
  number: HAS_NUMBER_HINT,
} as const satisfies Record<(typeof TYPE_INFERENCE_RULES)[number]['type'], number>;

/** True for a value the copy turns into a JSON object (a plain object; others fail in the copy). */
function isObjectValue(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Copies the value at a schema position: a boolean becomes `{"type":"string"}`, an array's
 * elements are schema positions too, an object is a schema; other values are copied as they are.
 */
function copySchemaSlot(value: unknown, depth: number, state: CopyState, key?: string): JsonValue {
  if (typeof value === 'boolean') {
    state.booleanSchemas = true;
    countBytes(state, value ? 4 : 5);
    if (state.tally !== undefined) tallyStringSchema(state.schemaDepth + 1, state.tally);
    return booleanReplacement();
  }
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'string') state.repairHint = true; // `items: "string"`, a type name for a schema
    // Decode takes nothing but a schema object here; a null field is absent, a null member is not.
    if (state.tally !== undefined && (value !== null || key !== undefined)) state.tallyHolds = false;
    return copyValue(value, depth, state);
  }
  enterContainer(value, depth, state);
  if (Array.isArray(value)) {
    // A list as a table member (`properties.required: [...]`) is a hint for the repairs too.
    if (key !== undefined) state.repairHint = true;
    // A list where a schema belongs (a composition's own list is copied by copySchemaList).
    if (state.tally !== undefined) state.tallyHolds = false;
    return copyArray(value, depth, state, copySchemaSlot);
  }
  return copySchemaObject(value, depth, state);
}

/** `anyOf`, `oneOf`, `allOf`: a list of schema positions (anything else fails decode, as a slot's value). */
function copySchemaList(value: unknown, depth: number, state: CopyState): JsonValue {
  if (!Array.isArray(value)) return copySchemaSlot(value, depth, state);
  enterContainer(value, depth, state);
  const list = copyArray(value, depth, state, copySchemaSlot);
  if (state.tally !== undefined) {
    // A null element (or a hole, read as null) fails decode.
    for (let index = 0; index < list.length; index++) if (list[index] === null) state.tallyHolds = false;
  }
  return list;
}

/** `additionalProperties`: a schema position, except that a boolean stays a boolean. */
function copyAdditionalProperties(value: unknown, depth: number, state: CopyState): JsonValue {
  return typeof value === 'boolean' ? copyValue(value, depth, state) : copySchemaSlot(value, depth, state);
}

/** A definition table (or `properties`): each member is a schema position. */
function copySchemaTable(value: unknown, depth: number, state: CopyState): JsonValue {
  if (!isObjectValue(value)) return copyValue(value, depth, state);
  enterContainer(value, depth, state);
  return copyObject(value, depth, state, copySchemaSlot);
}

/**
 * Inserts `properties: {}` in place at a root object without `properties` (or with null), so a
 * typeless MCP root becomes an object and keeps its description (SPEC §2.3 step 1). The one
 * place this rule is written: the sanitizing copy below and the MCP explain path both call it.
 */
export function insertMcpRootProperties(inputSchema: JsonValue): JsonValue {
  if (isJsonObject(inputSchema) && (!hasOwnKey(inputSchema, 'properties') || inputSchema.properties === null)) {
    inputSchema.properties = {};
  }
  return inputSchema;
}

/**
 * The sanitizing copy of an MCP tool's `inputSchema`, for a copier of the whole tool: a root
 * object without `properties` (or with null) gets `properties: {}` first, so a typeless root
 * becomes an object and keeps its description (SPEC §2.3 step 1).
 */
export function copySanitizedMcpInputSchema(value: unknown, depth: number, state: CopyState): JsonValue {
  if (!isObjectValue(value)) return copySchemaSlot(value, depth, state);
  enterContainer(value, depth, state);
  return copySchemaObject(value, depth, state, true);
}

/**
 * A root definition table, met while the root's members are copied: its entries wait until the
 * root's refs are known (see {@link copyReachedDefinitions}).
 */
interface DeferredTable {
  key: DefinitionTable;
  source: object;
  /** The table in the copy, already at its place among the root's members; filled last. */
  output: JsonObject;
  /** The source's keys, read once when the root's members are copied. */
  names: string[];
  /** Non-zero where the entry at that position was read (and, unless undefined, copied); see {@link DESCRIBED_ENTRY}. */
  visited: Uint8Array;
  /** The copies of the entries read, by position. */
  copies: (JsonValue | undefined)[];
  /** Set once filled: no entry was copied, and the table goes (its schema object drops the key). */
  empty: boolean;
  /** With entries left out (see `copyReachedDefinitions`): the names of every entry copied, in order. */
  told?: string[];
}

/** A root table whose entries wait, its keys read now (in member order, as the copy reads them). */
function deferTable(key: DefinitionTable, source: object, output: JsonObject): DeferredTable {
  const names = readPlainObjectKeys(source);
  return {
    key,
    source,
    output,
    names,
    visited: new Uint8Array(names.length),
    copies: new Array<JsonValue | undefined>(names.length).fill(undefined),
    empty: false,
  };
}

/**
 * Copies the entries of the root tables that the root's refs reach, then the entries those
 * reach, and so on, as pruning would find them (SPEC §1.4): each reached entry is copied in the
 * entry context, which notes every ref inside it. Then each table is filled in its own order,
 * and an entry nothing reached is read and checked as the copy would read it (same errors, same
 * byte count) but never built; a table left without entries is marked `empty`, for the caller
 * to remove. `depth` is the root's.
 */
function copyReachedDefinitions(tables: DeferredTable[], depth: number, state: CopyState): void {
  const refs = state.refs as CollectedRefs;
  const outer = refs.context;
  const reach = new ReachedEntries(tables);
  for (const ref of refs.seeds) reach.note(ref);
  // The entry refs already noted: each entry's are read once, right after its copy.
  let noted = refs.entryRefs.length;
  // Once the model without descriptions outweighs the budget, compaction is sure to drop these
  // tables (see CopyState.rootTablesDroppedPast): each entry from then on is copied as it would
  // be (same checks, errors, measure and refs) and let go at once. Keeping them was most of a
  // large ref-heavy schema's copy (a table of 45,000 entries, built and promoted through garbage
  // collection, for pass 2 to drop). The measure only grows, so the verdict holds once reached.
  let leaveOut = false;
  /** Reads and copies the entry at `index` once; true when it was copied. */
  const copyEntry = (table: DeferredTable, index: number): boolean => {
    if (table.visited[index] !== 0) return false;
    table.visited[index] = 1;
    const name = table.names[index] as string;
    const value: unknown = (table.source as Record<string, unknown>)[name];
    if (value === undefined) return false;
    state.path[depth + 1] = table.source;
    refs.context = REF_CONTEXT_ENTRY;
    const copy = copySchemaSlot(value, depth + 2, state, name);
    if (copy === state.lastDescribed) table.visited[index] = DESCRIBED_ENTRY;
    if (!leaveOut) leaveOut = definitionsSureToDrop(state);
    table.copies[index] = leaveOut ? LEFT_OUT : copy;
    refs.context = outer;
    const { entryRefs } = refs;
    for (; noted < entryRefs.length; noted++) reach.note(entryRefs[noted]);
    return true;
  };
  // Sweeps in each table's order, so that refs that point forward (a table written in the order
  // its entries are used) are copied in the order the entries are written. Two sweeps, then the
  // rest from the stack of entries reached, so a table written backwards stays linear.
  let copiedInSweep = true;
  for (let sweep = 0; sweep < 2 && copiedInSweep; sweep++) {
    copiedInSweep = false;
    for (let tableIndex = 0; tableIndex < tables.length; tableIndex++) {
      const table = tables[tableIndex] as DeferredTable;
      const reached = reach.reached[tableIndex] as Uint8Array;
      for (let index = 0; index < reached.length; index++)
        if (reached[index] === 1 && copyEntry(table, index)) copiedInSweep = true;
    }
  }
  if (copiedInSweep) reach.followPending((tableIndex, index) => copyEntry(tables[tableIndex] as DeferredTable, index));
  for (const table of tables) {
    const { source, output, names, visited, copies } = table;
    state.path[depth + 1] = source;
    let members = 0;
    let copied = 0;
    // A large table's copied names, in order, for the walks that read the copy next (key-lists.ts).
    const kept = names.length >= LARGE_OBJECT_KEYS ? ([] as string[]) : undefined;
    // With entries left out, the names the measure is told (every entry copied, in order).
    const told = leaveOut ? ([] as string[]) : undefined;
    for (let index = 0; index < names.length; index++) {
      const name = names[index] as string;
      if (visited[index] !== 0) {
        const copy = copies[index];
        if (copy === undefined) continue;
        countKey(state, name);
        members++;
        copied++;
        told?.push(name);
        // The table stays, with the entries copied before the verdict, for pass 2 to drop.
        if (copy === LEFT_OUT) continue;
        setOwn(output, name, copy);
        if (visited[index] === DESCRIBED_ENTRY) state.describedHolders?.push(output, name);
        kept?.push(name);
        continue;
      }
      const value: unknown = (source as Record<string, unknown>)[name];
      if (value === undefined) continue;
      countKey(state, name);
      members++;
      checkJsonValue(value, depth + 2, state);
    }
    countObject(state, members);
    if (copied === 0) table.empty = true;
    else if (told !== undefined) {
      table.told = told;
      state.rootEntriesLeftOut = true;
    } else if (kept !== undefined) state.keyLists = noteKeyList(state.keyLists, output, kept);
  }
}

/** In `DeferredTable.visited`: the entry was read, and its copy is a described schema object (see `CopyState.describedHolders`). */
const DESCRIBED_ENTRY = 2;

/** An entry copied and let go (see `copyReachedDefinitions`): the table keeps no value for it. */
const LEFT_OUT: JsonValue = Object.freeze({}) as JsonValue;

/**
 * Whether compaction's passes 1 and 2 are sure to run on this copy, as far as it measured (see
 * `CopyState.rootTablesDroppedPast`): once so, so while the measure holds (it only grows).
 */
function definitionsSureToDrop(state: CopyState): boolean {
  // A measure that stopped holding vouches for nothing after (it never holds again).
  if (!state.tallyHolds) return false;
  if (state.definitionsSureToDrop) return true;
  const dropped = state.rootTablesDroppedPast;
  if (dropped === undefined) return false;
  const { weights, budgetBytes } = dropped;
  if (weights.bytes - weights.descriptionBytes <= budgetBytes) return false;
  state.definitionsSureToDrop = true;
  // Pass 1 is not the last pass to run, so never run alone on the copy as it stands: where its
  // described objects are is of no use (see CopyState.describedHolders).
  state.describedHolders = undefined;
  state.lastDescribed = undefined;
  return true;
}

/**
 * Whether a schema object is written as `{}`, as pass 2 leaves it (see
 * `CopyState.definitionsSureToDrop`): one whose `$ref` names a local definition, where pass 2
 * replaces it — among the root's members that hold schemas, not the root itself, nor inside a
 * definition table (pass 2 drops the root's and does not enter nested ones) or prefixItems.
 * Those places are the ones the ref collection copies in its seed context. The object was read,
 * checked and measured as it is: only the result is not built.
 */
function passTwoEmpties(state: CopyState, context: RefContext, isRoot: boolean, ref: JsonValue | undefined): boolean {
  if (context !== REF_CONTEXT_SEED || isRoot || typeof ref !== 'string') return false;
  if (!definitionsSureToDrop(state) || !isLocalDefinitionRef(ref)) return false;
  state.definitionRefsEmptied = true;
  return true;
}

/**
 * Whether compaction's pass 3 is sure to run on this copy (see `CopyState.collapseSureToRun`):
 * once the model without descriptions outweighs the budget, as far as the copy measured, with no
 * ref or root table met (pass 2 then has nothing to remove). Once so, so while the measure holds.
 */
function collapseSureToRun(state: CopyState): boolean {
  // Over budget without descriptions is the verdict that passes 1 and 2 run; with nothing for
  // pass 2 to remove, pass 3 runs too.
  if (state.refsMet || !definitionsSureToDrop(state)) return false;
  state.collapseSureToRun = true;
  return true;
}

/**
 * Whether a schema object at pass 3's depth or deeper (`CopyState.collapseFrom`, the caller's
 * test) is written as `{}`, as pass 3 leaves it: with a key pass 3 collapses (`node` as written;
 * undefined when the caller checked its members), and pass 3 sure to run. The object was read,
 * checked and measured as it is: only its copy is let go.
 */
function passThreeCollapses(state: CopyState, node: JsonObject | undefined): boolean {
  if (node !== undefined && !hasAnyKey(node, COLLAPSIBLE_KEYS)) return false;
  if (!collapseSureToRun(state)) return false;
  state.collapsedByCopy = true;
  return true;
}

/**
 * The root copied again, eagerly and noting nothing, after a failure in a root whose tables
 * waited: the error is then the one the copy reports for that input (in member order), and if
 * reading the input again succeeds, pruning walks the result (`exact` false).
 */
function copyRootEagerly(
  object: object,
  depth: number,
  state: CopyState,
  insertProperties: boolean,
  bytes: number,
  plainText: boolean,
): JsonObject {
  const refs = state.refs as CollectedRefs;
  refs.exact = false;
  state.refs = undefined;
  // What the first try measured is measured again: the caller measures by decoding.
  state.tallyHolds = false;
  // Nothing waits, so nothing is left out (and the eager copy notes no refs: none is emptied).
  state.stopLeavingOut();
  state.bytes = bytes;
  state.plainText = plainText;
  try {
    return copySchemaObject(object, depth, state, insertProperties);
  } finally {
    state.refs = refs;
    // Nothing more is noted: pruning walks what this returned.
    refs.context = REF_CONTEXT_NONE;
  }
}

/** A member pruning's seed walk skips (prefixItems, a nested table): nothing in it seeds. */
function copyOutsideSeeds(
  copy: (value: unknown, depth: number, state: CopyState) => JsonValue,
  member: unknown,
  depth: number,
  state: CopyState,
  context: RefContext,
): JsonValue {
  if (context !== REF_CONTEXT_SEED) return copy(member, depth + 1, state);
  const refs = state.refs as CollectedRefs;
  refs.context = REF_CONTEXT_NONE;
  const copied = copy(member, depth + 1, state);
  refs.context = REF_CONTEXT_SEED;
  return copied;
}

function copySchemaObject(object: object, depth: number, state: CopyState, insertProperties = false): JsonObject {
  const keys = readPlainObjectKeys(object);
  // The object as read, members in the input's order; undefined for a model-shaped copy
  // (CopyState.modelShape), which holds the model's members below and writes the object last.
  const modelShape = state.modelShape;
  const read: JsonObject | undefined = modelShape ? undefined : {};
  let has = 0;
  let key = '';
  let members = 0;
  // The model's members as copied (`const` too: sanitize turns it into the enum).
  let ref: JsonValue | undefined;
  let type: JsonValue | undefined;
  let description: JsonValue | undefined;
  let encrypted: JsonValue | undefined;
  let enumValues: JsonValue | undefined;
  let items: JsonValue | undefined;
  let properties: JsonValue | undefined;
  let required: JsonValue | undefined;
  let additional: JsonValue | undefined;
  let anyOf: JsonValue | undefined;
  let oneOf: JsonValue | undefined;
  let allOf: JsonValue | undefined;
  let defs: JsonValue | undefined;
  let definitions: JsonValue | undefined;
  let constValue: JsonValue | undefined;
  // The model's measure, told as the members are copied (see model-tally.ts): the fields told so
  // far, the ones sanitize may still change or drop, and whether a definition table was measured
  // (its entries are the model's only if this object is not emptied).
  const { tally } = state;
  let fields = 0;
  let hasTable = false;
  // `items` (HAS_ITEMS) and `additionalProperties` (HAS_OBJECT_HINT) that are described schema
  // objects, for CopyState.describedHolders once this object is written.
  let describedSlots = 0;
  state.schemaDepth++;
  // Pruning's view (ref-collection.ts): a seed object's own `$ref` seeds; its other members that
  // hold schemas keep the seed context, but for prefixItems and nested tables (copyOutsideSeeds).
  // Every other member is a plain copy, which notes refs only inside a root table entry.
  const refs = state.refs;
  let context: RefContext = REF_CONTEXT_NONE;
  let isRoot = false;
  let mark = 0;
  // The root's tables, while their entries wait for the root's refs; and the count before the
  // root, for a copy of it again (copyRootEagerly).
  let deferred: DeferredTable[] | undefined;
  let bytesAtStart = -1;
  let plainTextAtStart = true;
  if (refs !== undefined) {
    context = refs.context;
    if (refs.awaitingRoot) {
      refs.awaitingRoot = false;
      isRoot = true;
      bytesAtStart = state.bytes;
      plainTextAtStart = state.plainText;
      // Without a root table, pruning has nothing to do: nothing is noted at all.
      if (!keys.includes('$defs') && !keys.includes('definitions')) context = refs.context = REF_CONTEXT_NONE;
    }
    mark = refs.entryRefs.length;
  }
  // Pass 3's depth of this object, and of its children that pass 3 reaches (see CopyState.collapseLevel).
  const entryLevel = state.collapseLevel;
  const level = isRoot ? 0 : entryLevel;
  const childLevel = level < 0 ? -1 : level + 1;
  if (isRoot && (keys.includes('$defs') || keys.includes('definitions'))) state.refsMet = true;
  try {
    // Indexed, not for-of: a failure unwinding a for-of closes its iterator, which the optimized
    // code never saw, so every frame of a deep input deoptimized on the way out (see BENCHMARKS).
    for (let index = 0; index < keys.length; index++) {
      key = keys[index] as string;
      const member: unknown = (object as Record<string, unknown>)[key];
      if (member === undefined) continue;
      countKey(state, key);
      members++;
      let copied: JsonValue;
      // A field the copy's measure is told of as copied (see tallyCopiedField).
      let told = false;
      switch (key) {
        // The two most frequent keys first: a string switch tests its cases in order.
        case 'type':
          copied = copyValue(member, depth + 1, state);
          type = copied;
          break;
        case 'description':
          copied = copyValue(member, depth + 1, state);
          description = copied;
          break;
        case 'properties':
          has |= HAS_PROPERTIES;
          state.collapseLevel = childLevel;
          copied = copySchemaTable(member, depth + 1, state);
          properties = copied;
          told = true;
          break;
        case '$defs':
        case 'definitions':
          // Pass 3 enters no definition table (and pass 2 drops the root's first).
          state.collapseLevel = -1;
          if (isObjectValue(member) && isRoot) {
            hasTable = true;
            enterContainer(member, depth + 1, state);
            copied = {};
            deferred ??= [];
            deferred.push(deferTable(key, member, copied));
          } else {
            if (isObjectValue(member)) hasTable = true;
            else has |= HAS_BAD_TABLE;
            copied = copyOutsideSeeds(copySchemaTable, member, depth, state, context);
            told = true;
          }
          if (key === '$defs') defs = copied;
          else definitions = copied;
          break;
        case 'items':
          has |= HAS_ITEMS;
          // Draft 4's tuple (`items: [...]`), which the repairs read as prefixItems: the decode
          // fails on one the model holds, but not on one inside a prefixItems it does not.
          if (Array.isArray(member)) state.repairHint = true;
          state.collapseLevel = childLevel;
          copied = copySchemaSlot(member, depth + 1, state);
          items = copied;
          if (copied === state.lastDescribed) describedSlots |= HAS_ITEMS;
          told = true;
          break;
        case 'prefixItems': {
          has |= HAS_ARRAY_HINT;
          state.collapseLevel = -1;
          // Not the model's: nothing in it is measured.
          const tally = state.tally;
          state.tally = undefined;
          copied = copyOutsideSeeds(copySchemaSlot, member, depth, state, context);
          state.tally = tally;
          break;
        }
        case 'additionalProperties':
          has |= HAS_OBJECT_HINT;
          state.collapseLevel = childLevel;
          copied = copyAdditionalProperties(member, depth + 1, state);
          additional = copied;
          if (copied === state.lastDescribed) describedSlots |= HAS_OBJECT_HINT;
          told = true;
          break;
        case 'anyOf':
        case 'oneOf':
        case 'allOf':
          has |= HAS_COMPOSITION;
          state.collapseLevel = childLevel;
          copied = copySchemaList(member, depth + 1, state);
          if (key === 'anyOf') anyOf = copied;
          else if (key === 'oneOf') oneOf = copied;
          else allOf = copied;
          told = true;
          break;
        case '$ref':
          has |= HAS_REF;
          state.refsMet = true;
          if (context !== REF_CONTEXT_NONE && typeof member === 'string') {
            if (context === REF_CONTEXT_SEED) (refs as CollectedRefs).seeds.push(member);
            else (refs as CollectedRefs).entryRefs.push(member);
          }
          if (state.notePathRefs && typeof member === 'string' && isPathRef(member)) {
            if (state.pathRefs === undefined) state.pathRefs = [member];
            else state.pathRefs.push(member);
          }
          copied = copyValue(member, depth + 1, state);
          ref = copied;
          told = true;
          break;
        case 'const':
          has |= HAS_CONST;
          copied = copyValue(member, depth + 1, state);
          constValue = copied;
          break;
        case 'required':
          has |= HAS_OBJECT_HINT;
          if (typeof member === 'string') state.repairHint = true;
          copied = copyValue(member, depth + 1, state);
          required = copied;
          told = true;
          break;
        case 'enum':
          has |= HAS_STRING_HINT;
          if (!Array.isArray(member)) state.repairHint = true;
          copied = copyValue(member, depth + 1, state);
          enumValues = copied;
          break;
        case 'encrypted':
          copied = copyValue(member, depth + 1, state);
          encrypted = copied;
          break;
        case 'format':
          has |= HAS_STRING_HINT;
          // A value of the wrong kind (draft 4's `exclusiveMinimum: true`, `"255"`, `pattern: 0`):
          // the provider targets' repairs read them (see keyword-values.ts).
          if (isMalformedKeywordValue(key, member)) state.repairHint = true;
          copied = copyValue(member, depth + 1, state);
          break;
        case 'minimum':
        case 'maximum':
        case 'exclusiveMinimum':
        case 'exclusiveMaximum':
        case 'multipleOf':
          has |= HAS_NUMBER_HINT;
          if (isMalformedKeywordValue(key, member)) state.repairHint = true;
          copied = copyValue(member, depth + 1, state);
          break;
        case 'pattern':
        case 'title':
        case 'uniqueItems':
        case 'examples':
        case 'minLength':
        case 'maxLength':
        case 'minItems':
        case 'maxItems':
        case 'minProperties':
        case 'maxProperties':
          if (isMalformedKeywordValue(key, member)) state.repairHint = true;
          copied = copyValue(member, depth + 1, state);
          break;
        case 'not':
        case 'if':
        case 'dependentRequired':
        case 'dependentSchemas':
          // Where a schema no value matches may stand (`{"not": {}}`, which sanitize empties into
          // `{}`, any value), or conditions an emptied schema loses: the provider targets read the
          // server's own schema there.
          state.booleanSchemas = true;
          copied = copyValue(member, depth + 1, state);
          break;
        default:
          copied = copyValue(member, depth + 1, state);
      }
      if (told && tally !== undefined && copied !== null) fields += tallyCopiedField(key, copied, tally, state, isRoot);
      // A model-shaped copy writes its members last (below); the others are read and dropped.
      // `const` is never written: sanitize turns it into the enum, and deleting it after would
      // leave the object in V8's dictionary mode, slow for every walk after (a oneOf of consts
      // has one per variant).
      if (read === undefined || key === 'const') continue;
      if (key === '__proto__') {
        Object.defineProperty(read, key, { value: copied, writable: true, enumerable: true, configurable: true });
      } else {
        read[key] = copied;
      }
    }
    if (deferred !== undefined) {
      // Pass 3 does not enter the root's tables (pass 2 drops them first).
      state.collapseLevel = -1;
      copyReachedDefinitions(deferred, depth, state);
      for (const table of deferred) {
        if (!table.empty) {
          state.rootTableKept = true;
          continue;
        }
        if (read !== undefined) delete read[table.key];
        else if (table.key === '$defs') defs = undefined;
        else definitions = undefined;
      }
    }
  } catch (error) {
    if (deferred !== undefined)
      return copyRootEagerly(object, depth, state, insertProperties, bytesAtStart, plainTextAtStart);
    // A depth failure: its path is made whole at the top (see enterContainer).
    if (typeof error === 'number') throw error;
    throw withSegment(error, key);
  }
  countObject(state, members);
  // The measure of a `properties: {}` written over an absent or null one is the copy's to tell.
  let insertedRootProperties = false;
  if (insertProperties) {
    insertedRootProperties = !isJsonObject(properties);
    if (read !== undefined) insertMcpRootProperties(read);
    else if (properties == null) properties = {};
    has |= HAS_PROPERTIES;
  }
  let node: JsonObject;
  let emptied: boolean;
  if (read !== undefined) {
    node = sanitizeFields(read, has, state, constValue);
    emptied = node !== read;
    if ((has & HAS_CONST) !== 0) enumValues = read.enum;
    if (
      !emptied &&
      (passTwoEmpties(state, context, isRoot, ref) || (level >= state.collapseFrom && passThreeCollapses(state, node)))
    )
      node = {};
  } else {
    // sanitizeFields, on the members held here, then the object in the model's order.
    if ((has & HAS_BAD_TABLE) !== 0) {
      if (!isJsonObject(defs)) defs = undefined;
      if (!isJsonObject(definitions)) definitions = undefined;
    }
    if ((has & HAS_CONST) !== 0) {
      enumValues = [constValue as JsonValue];
      has |= HAS_STRING_HINT;
    }
    const written = sanitizedType(type, has, state);
    emptied = written === EMPTY_SCHEMA;
    if (written !== EMPTY_SCHEMA && written !== KEEP_TYPE) {
      type = written;
      const inserted = insertDefaultChildren(written, has, state);
      if ((inserted & INSERTED_PROPERTIES) !== 0) properties = {};
      if ((inserted & INSERTED_ITEMS) !== 0) items = booleanReplacement();
    }
    if (
      emptied ||
      passTwoEmpties(state, context, isRoot, ref) ||
      (level >= state.collapseFrom &&
        (ref !== undefined ||
          items !== undefined ||
          properties !== undefined ||
          additional !== undefined ||
          anyOf !== undefined ||
          oneOf !== undefined ||
          allOf !== undefined) &&
        passThreeCollapses(state, undefined))
    )
      node = {};
    else {
      node = modelShapedObject(
        state,
        ref,
        type,
        description,
        encrypted,
        enumValues,
        items,
        properties,
        required,
        additional,
        anyOf,
        oneOf,
        allOf,
        defs,
        definitions,
      );
      // Where pass 1 would find descriptions here (see CopyState.describedHolders): this object's
      // described slots now, its own once its holder writes it.
      const holders = state.describedHolders;
      if (holders !== undefined) {
        if ((describedSlots & HAS_ITEMS) !== 0) holders.push(node, 'items');
        if ((describedSlots & HAS_OBJECT_HINT) !== 0) holders.push(node, 'additionalProperties');
        if (description !== undefined) state.lastDescribed = node;
      }
    }
  }
  if (tally !== undefined) {
    if (!emptied) {
      if (deferred !== undefined) {
        // The root's tables, filled now (or removed, emptied).
        for (const table of deferred) {
          if (table.empty) continue;
          tally.table(table.key, table.told ?? state.keyLists?.get(table.output) ?? Object.keys(table.output));
          fields++;
        }
      }
      // The type and default children as sanitize wrote them; insertMcpRootProperties wrote
      // `properties: {}` over an absent or null one.
      const inserted = state.insertedDefaults;
      const held = tallySanitizedFields(
        tally,
        state.schemaDepth,
        fields,
        (has & HAS_COMPOSITION) !== 0,
        state.sanitizedType,
        enumValues,
        description,
        encrypted,
        (inserted & INSERTED_ITEMS) !== 0,
        (inserted & INSERTED_PROPERTIES) !== 0 || insertedRootProperties,
      );
      if (!held) state.tallyHolds = false;
    } else if (hasTable) {
      // Emptied: the entries of its tables, measured already, are not the model's after all.
      state.tallyHolds = false;
    } else {
      // Emptied: none of the fields told as copied can be here (each makes a type or stops the rules).
      tally.schemaObject(state.schemaDepth, 0, false, false);
    }
  }
  state.schemaDepth--;
  state.collapseLevel = entryLevel;
  if (context === REF_CONTEXT_ENTRY) {
    // What sanitize removes, pruning never sees: an emptied object's refs go with it. A table
    // that is not an object (removed below) is rare enough to prune by walking instead.
    if (emptied) (refs as CollectedRefs).entryRefs.length = mark;
    else if ((has & HAS_BAD_TABLE) !== 0) (refs as CollectedRefs).exact = false;
  }
  return node;
}

/**
 * A sanitized schema object as a model-shaped copy writes it: the model's keys in its order
 * (`model.ts`), each written once. A null member is kept (the compaction passes see its key), but
 * decode drops it, so the copy's objects are then not their own models.
 */
function modelShapedObject(
  state: CopyState,
  ref: JsonValue | undefined,
  type: JsonValue | undefined,
  description: JsonValue | undefined,
  encrypted: JsonValue | undefined,
  enumValues: JsonValue | undefined,
  items: JsonValue | undefined,
  properties: JsonValue | undefined,
  required: JsonValue | undefined,
  additional: JsonValue | undefined,
  anyOf: JsonValue | undefined,
  oneOf: JsonValue | undefined,
  allOf: JsonValue | undefined,
  defs: JsonValue | undefined,
  definitions: JsonValue | undefined,
): JsonObject {
  const node: JsonObject = {};
  let nulls = false;
  if (ref !== undefined) {
    node.$ref = ref;
    nulls ||= ref === null;
  }
  if (type !== undefined) {
    node.type = type;
    nulls ||= type === null;
  }
  if (description !== undefined) {
    node.description = description;
    nulls ||= description === null;
  }
  if (encrypted !== undefined) {
    node.encrypted = encrypted;
    nulls ||= encrypted === null;
  }
  if (enumValues !== undefined) {
    node.enum = enumValues;
    nulls ||= enumValues === null;
  }
  if (items !== undefined) {
    node.items = items;
    nulls ||= items === null;
  }
  if (properties !== undefined) {
    node.properties = properties;
    nulls ||= properties === null;
  }
  if (required !== undefined) {
    node.required = required;
    nulls ||= required === null;
  }
  if (additional !== undefined) {
    node.additionalProperties = additional;
    nulls ||= additional === null;
  }
  if (anyOf !== undefined) {
    node.anyOf = anyOf;
    nulls ||= anyOf === null;
  }
  if (oneOf !== undefined) {
    node.oneOf = oneOf;
    nulls ||= oneOf === null;
  }
  if (allOf !== undefined) {
    node.allOf = allOf;
    nulls ||= allOf === null;
  }
  if (defs !== undefined) {
    node.$defs = defs;
    nulls ||= defs === null;
  }
  if (definitions !== undefined) {
    node.definitions = definitions;
    nulls ||= definitions === null;
  }
  if (nulls) state.modelShapeAdoptable = false;
  return node;
}

/**
 * Tells the model's measure what a schema object's member holds, when it is a field decode keeps
 * as the copy made it (see model-tally.ts): 1 when told, 0 when not a field or not one yet (the
 * root's tables are filled last). A value decode rejects there stops the measure holding.
 */
function tallyCopiedField(
  key: string,
  copied: JsonValue,
  tally: DecodeObserver,
  state: CopyState,
  isRoot: boolean,
): number {
  switch (key) {
    case 'properties':
      if (!isJsonObject(copied)) break;
      tally.table(key, state.copiedKeys ?? Object.keys(copied));
      return 1;
    case 'items':
      if (!isJsonObject(copied)) break;
      tally.items();
      return 1;
    case '$ref':
      if (typeof copied !== 'string') break;
      tally.ref(copied);
      return 1;
    case 'required':
      if (!isNameList(copied)) break;
      tally.required(copied);
      return 1;
    case 'additionalProperties':
      if (typeof copied !== 'boolean' && !isJsonObject(copied)) break;
      tally.additionalProperties(copied);
      return 1;
    case 'anyOf':
    case 'oneOf':
    case 'allOf':
      if (!Array.isArray(copied)) break;
      tally.list(key, copied.length);
      return 1;
    case '$defs':
    case 'definitions':
      // One that is not an object is removed; the root's are told when filled.
      if (!isJsonObject(copied) || isRoot) return 0;
      tally.table(key, state.copiedKeys ?? Object.keys(copied));
      return 1;
    default:
      return 0;
  }
  state.tallyHolds = false;
  return 0;
}

/** The rules for one schema object whose children are already sanitized (SPEC §1.2 steps 2–7). */
function sanitizeFields(
  node: JsonObject,
  has: number,
  state: CopyState,
  constValue: JsonValue | undefined,
): JsonObject {
  if ((has & HAS_BAD_TABLE) !== 0) {
    for (const tableKey of DEFINITION_TABLE_KEYS) {
      const table = node[tableKey];
      if (table !== undefined && !isJsonObject(table)) delete node[tableKey];
    }
  }

  if ((has & HAS_CONST) !== 0) {
    // The copy held `const` back (see copySchemaObject): the enum takes the place a delete left.
    node.enum = [constValue as JsonValue];
    has |= HAS_STRING_HINT;
  }

  const written = sanitizedType(node.type, has, state);
  if (written === KEEP_TYPE) return node;
  if (written === EMPTY_SCHEMA) return {};
  node.type = written;
  const inserted = insertDefaultChildren(written, has, state);
  if ((inserted & INSERTED_PROPERTIES) !== 0) node.properties = {};
  if ((inserted & INSERTED_ITEMS) !== 0) node.items = booleanReplacement();
  return node;
}

/** {@link sanitizedType}: the type as it came stays (no default child either). */
const KEEP_TYPE = 0;
/** {@link sanitizedType}: nothing to infer a type from, the object becomes `{}`. */
const EMPTY_SCHEMA = 1;

/**
 * The type sanitize writes for a schema object's `type` and keywords (SPEC §1.2 steps 3–5), noted
 * in `state.sanitizedType`; or {@link KEEP_TYPE} (a `$ref` or composition stops the rules), or
 * {@link EMPTY_SCHEMA}.
 */
function sanitizedType(
  type: JsonValue | undefined,
  has: number,
  state: CopyState,
): JsonSchemaType | JsonSchemaType[] | typeof KEEP_TYPE | typeof EMPTY_SCHEMA {
  // One valid type name is by far the common case: no array is built for it.
  let single: JsonSchemaType | undefined;
  let several: JsonSchemaType[] | undefined;
  // A type name that is not JSON's (`"int"`, `"String"`) is a hint for the server-bug repairs.
  if (typeof type === 'string') {
    if (JSON_SCHEMA_TYPE_NAMES.has(type)) single = type as JsonSchemaType;
    else state.repairHint = true;
  } else if (Array.isArray(type)) {
    const valid = validTypes(type);
    if (valid.length < type.length) state.repairHint = true;
    if (valid.length === 1) single = valid[0];
    else if (valid.length > 1) several = valid;
  }
  if (single === undefined && several === undefined) {
    if ((has & (HAS_REF | HAS_COMPOSITION)) !== 0) {
      // The type stays as it came: absent, null, an empty list, or one decode rejects.
      if (state.tally !== undefined && type != null && !isDecodableType(type)) state.tallyHolds = false;
      state.sanitizedType = type;
      state.insertedDefaults = 0;
      return KEEP_TYPE;
    }
    single = inferType(has);
    if (single === undefined) return EMPTY_SCHEMA;
  }
  const written = single ?? (several as JsonSchemaType[]);
  state.sanitizedType = written;
  return written;
}

/** The default children a written type calls for (SPEC §1.2 step 7), as bits, noted in `state.insertedDefaults`. */
function insertDefaultChildren(written: JsonSchemaType | JsonSchemaType[], has: number, state: CopyState): number {
  const hasObject = written === 'object' || (Array.isArray(written) && written.includes('object'));
  const hasArray = written === 'array' || (Array.isArray(written) && written.includes('array'));
  let inserted = 0;
  if (hasObject && (has & HAS_PROPERTIES) === 0) inserted |= INSERTED_PROPERTIES;
  if (hasArray && (has & HAS_ITEMS) === 0) inserted |= INSERTED_ITEMS;
  state.insertedDefaults = inserted;
  return inserted;
}

/** The valid type names of a `type` array, in order, duplicates kept (SPEC §1.2 step 3). */
function validTypes(type: JsonValue[]): JsonSchemaType[] {
  const types: JsonSchemaType[] = [];
  for (const element of type) {
    if (typeof element === 'string' && JSON_SCHEMA_TYPE_NAMES.has(element)) types.push(element as JsonSchemaType);
  }
  return types;
}

/** The first rule of {@link TYPE_INFERENCE_RULES} whose keywords the node has (SPEC §1.2 step 5). */
function inferType(has: number): JsonSchemaType | undefined {
  for (const rule of TYPE_INFERENCE_RULES) {
    if ((has & INFERENCE_BITS[rule.type]) !== 0) return rule.type;
  }
  return undefined;
}
