// The one copy at the pipeline's entry: reads an untrusted JS value into fresh JSON (SPEC §1.8.4, §1.9).
import { ToolSchemaError, thrownMessage } from '../errors.js';
import type { MeasuredWeights } from './compaction/measure.js';
import type { DecodeObserver } from './decode.js';
import type { JsonObject, JsonValue } from './json.js';
import { type KeyLists, noteKeyList } from './key-lists.js';
import { type CollectedRefs, REF_CONTEXT_ENTRY } from './ref-collection.js';
import { stringByteLength } from './size.js';

/**
 * How many arrays and objects may nest in an input (the root counts as 1). Deeper input, and
 * a cyclic JS value, fail with `too_deep` before any stage runs, so no stage can overflow the stack.
 */
export const MAX_INPUT_DEPTH = 1_000;

/**
 * An error on its way up from a nested value: the path is assembled while unwinding, so the
 * copy keeps no path on the (hot) success path.
 */
class CopyFailure {
  readonly reversedPath: (string | number)[] = [];
  constructor(
    readonly code: 'not_json' | 'unreadable_value' | 'too_deep',
    readonly detail: string,
    /** For a cycle: how many segments of the path lead to where it closes. */
    readonly pathLength?: number,
  ) {}
}

/**
 * Copies a JS value into a fresh JSON value the stages may mutate; the input is never touched.
 * - Objects are read through their own enumerable string keys; an `undefined` member is skipped.
 * - An `undefined` array element (or a hole) reads as null, as `JSON.stringify` does.
 * - Fails with `ToolSchemaError`, naming the path, for: undefined at the root, functions, BigInt,
 *   symbols, non-finite numbers, objects that are not plain (class instances, Dates, Maps, …),
 *   values whose reading throws (getters, Proxies), nesting past {@link MAX_INPUT_DEPTH} and cycles.
 * - `__proto__` and other prototype names are copied as data.
 */
export function copyJsonInput(input: unknown): JsonValue {
  return runCopy(input, copyValue);
}

/**
 * Reads a value as {@link copyJsonInput} does, with the same checks and errors, and builds
 * nothing: for a caller that walks a value it did not copy (its own walk has no depth limit and
 * no cycle check).
 */
export function checkJsonInput(input: unknown): void {
  runCopy(input, checkValueOnly);
}

const checkValueOnly: ValueCopier = (value, depth, state) => {
  checkJsonValue(value, depth, state);
  return null;
};

/**
 * The state of one copy, passed down the walk (never kept by the module): the containers on the
 * path to the value being copied, and the count of what it has read, when one is open.
 */
export class CopyState {
  /** `path[d]` is the container at depth d on the current path: a cycle shows up as a repeat. */
  readonly path: object[] = [];
  /**
   * The compact JSON bytes read since {@link countCopiedBytes} opened a count (-1: none open).
   * Counting in the copy spares a caller that wants the size of its input (`convertMcpTools`'
   * `inputBytes`) a second walk of it; nothing else pays more than this check.
   */
  bytes = -1;
  /** Whether every string and key counted so far is plain printable ASCII with nothing to escape. */
  plainText = true;
  /**
   * The sanitizing copy saw what a server-bug repair may be for (a type that is not a JSON type
   * name, a string where a schema or a list belongs, a list where a property schema belongs, a
   * keyword's value of the wrong type, as draft 4's `exclusiveMinimum: true` or `pattern: 0`): the
   * provider targets repair only then, instead of walking every tool for it first.
   */
  repairHint = false;
  /**
   * The sanitizing copy replaced a boolean schema (`true` or `false` at a schema position) with
   * `{"type": "string"}`, or met a `not` (where `{"not": {}}`, which no value matches, becomes
   * `{}`) or a condition (`if`, `dependentRequired`, `dependentSchemas`, which a schema sanitize
   * empties loses). Only then may a converter's bare string or empty schema be a server's
   * boolean or never-schema, or an emptied one have conditions, which it reads back from the
   * server's own schema (a forbidden property leaves the wire, a variant no value matches is
   * dropped, conditions are kept or said in words).
   */
  booleanSchemas = false;
  /** The refs a sanitizing copy notes for pruning, when its caller asked (see `ref-collection.ts`). */
  refs: CollectedRefs | undefined = undefined;
  /**
   * The key lists of the large objects built (see `key-lists.ts`), for a caller that reads the
   * copy next, before anything changes it; undefined while none was large.
   */
  keyLists: KeyLists | undefined = undefined;
  /**
   * The local refs the sanitizing copy met that point at a schema's place rather than at a root
   * definition (`#/properties/a`, `#/$defs/User/properties/name`), as written; undefined while
   * none. zod writes a schema used twice as such a ref to its first use: a provider target that
   * keeps refs under `$defs` converts that place once for both (see `convert-schema.ts`).
   */
  pathRefs: string[] | undefined = undefined;
  /** Set by a caller that reads {@link pathRefs} (a provider conversion): no other copy notes them. */
  notePathRefs = false;
  /**
   * The measure of the model the copy's result decodes to, told as the copy goes (see
   * `model-tally.ts`), for a caller that asked: the first measure of compaction is then not a
   * walk of its own. Undefined inside what the model does not hold (`prefixItems`).
   */
  tally: DecodeObserver | undefined = undefined;
  /** False once the copy met what the tally cannot vouch for: the caller measures by decoding then. */
  tallyHolds = true;
  /** The depth of the schema object being copied, as decode counts it (the root is 0). */
  schemaDepth = -1;
  /**
   * What sanitize left as the `type` of the schema object it just finished (as written, or as it
   * came when it left it), and the default children it wrote (bits): for the copy's measure.
   */
  sanitizedType: JsonValue | undefined = undefined;
  insertedDefaults = 0;
  /** The keys of the object {@link copyObject} just built, when it wrote every one (none undefined). */
  copiedKeys: readonly string[] | undefined = undefined;
  /**
   * Set by a caller that reads nothing of the sanitizing copy's schema objects but the model's
   * keys (the parse entries): each is then written with those keys only, in the model's order,
   * so that decode can keep it as its model instead of building another (see `decodeRawSchema`).
   * The other members are still read, checked, counted and their refs noted, then left out.
   */
  modelShape = false;
  /** False once a model-shaped copy wrote a model key whose value is null (decode drops it: the object is not its model). */
  modelShapeAdoptable = true;
  /**
   * Set by a caller that runs the reference compaction at this budget on the copy and wants
   * only the model (`parseToolInputSchema`), with {@link tally} measuring it: once the model
   * without descriptions outweighs the budget before the root tables' entries are copied, those
   * tables are sure to go (passes 1 and 2, SPEC §1.5), and their entries are copied (read,
   * checked, measured, their refs noted) but not kept (see `copyReachedDefinitions`). A copy
   * that left entries out and whose measure then does not hold (the schema may not decode) is
   * made again without leaving any out, by the caller. The measure vouches for everything decode
   * checks but a null root type, which decode reports after the tables' errors and is the only
   * error then.
   */
  rootTablesDroppedPast: { weights: MeasuredWeights; budgetBytes: number } | undefined = undefined;
  /** Set once the copy left out the entries of a root table (see {@link rootTablesDroppedPast}). */
  rootEntriesLeftOut = false;
  /**
   * Set once {@link rootTablesDroppedPast}'s verdict was reached: from then on, a schema object
   * outside the root's tables whose `$ref` names a local definition is written as `{}`, as
   * pass 2 (which is sure to run) leaves it, rather than built for the pass to replace. A 10 MB
   * schema of refs to shared models built 180,000 objects for pass 2 to throw away.
   */
  definitionsSureToDrop = false;
  /** Set once the copy wrote a ref as `{}` (see {@link definitionsSureToDrop}). */
  definitionRefsEmptied = false;
  /** Set when the root kept a definition table (one whose entries a ref reached), which pass 2 removes. */
  rootTableKept = false;
  /**
   * Compaction's pass-3 depth (SPEC §1.5: the root 0, a child through `properties`, `items`,
   * `additionalProperties` or a composition one more) of the schema object about to be copied;
   * -1 where pass 3 does not reach (inside `not`, `prefixItems`, a definition table, an unknown
   * keyword…). Read by that object as it starts (see {@link collapseSureToRun}).
   */
  collapseLevel = -1;
  /**
   * The collapse depth pass 3 runs at where the copy may write its objects as `{}` (see
   * {@link collapseSureToRun}); infinite where it may not (no {@link rootTablesDroppedPast}).
   */
  collapseFrom = Number.POSITIVE_INFINITY;
  /** Set once the copy met a `$ref` or a root definition table: pass 2 may then change the schema. */
  refsMet = false;
  /**
   * Set once {@link rootTablesDroppedPast}'s measure showed the model without descriptions over
   * the budget, with no ref or root table met: passes 1 and 2 cannot bring it within (pass 2 has
   * nothing to do), so pass 3 is sure to run. From then on an object pass 3 replaces (at its
   * depth or deeper, with children) is written as `{}`, read, checked and measured as it is. A
   * 10 MB schema of nested lists kept half its objects alive through the copy for pass 3 to throw
   * away (a third of the default entry's time was collecting garbage).
   */
  collapseSureToRun = false;
  /** Set once the copy wrote an object as `{}` for pass 3 (see {@link collapseSureToRun}): the driver must measure after pass 3. */
  collapsedByCopy = false;
  /**
   * Set (to `[]`) by a caller whose model-shaped copy compaction's pass 1 may strip: where each
   * described schema object was written, as pairs of holder and key (a table and a name, a list
   * and an index, a schema object and `items` or `additionalProperties`), in the order written,
   * so an object's own pair comes after the pairs of the objects inside it. Pass 1 then rebuilds
   * those objects only, instead of walking the whole copy to find them (see
   * `stripNotedDescriptions`). The root's own description is not noted: the root has no holder.
   */
  describedHolders: DescribedHolders | undefined = undefined;
  /** The described schema object a model-shaped copy built last, while it notes {@link describedHolders}. */
  lastDescribed: JsonObject | undefined = undefined;

  /**
   * From here on the copy leaves nothing out for compaction, and what it left out so far is
   * forgotten: for a caller that starts the copy over (or its root) without a measure to vouch.
   */
  stopLeavingOut(): void {
    this.rootTablesDroppedPast = undefined;
    this.rootEntriesLeftOut = false;
    this.definitionsSureToDrop = false;
    this.definitionRefsEmptied = false;
    this.rootTableKept = false;
    this.collapseSureToRun = false;
    this.collapsedByCopy = false;
    this.collapseFrom = Number.POSITIVE_INFINITY;
  }

  /**
   * Whether this copy left out what only compaction may drop and cannot be used as it is, so the
   * caller copies the input again, whole: its measure does not hold (the schema may not decode
   * without what was left out; `measureHolds` false where pruning walked), or it wrote refs as
   * `{}` with no root table left for pass 2 to remove (the pass would then seem to change
   * nothing, and the driver would keep its measure from before it).
   */
  mustCopyWhole(measureHolds = true): boolean {
    const leftOut = this.rootEntriesLeftOut || this.definitionRefsEmptied || this.collapsedByCopy;
    if (!this.tallyHolds || !measureHolds) return leftOut;
    // Objects written as `{}` for pass 3, then a ref or root table met: pass 2 may run, and the
    // driver's measure after it would see them already collapsed (a size pass 2 alone does not
    // reach), so the copy's verdict that pass 3 is sure to run could be contradicted.
    if (this.collapsedByCopy && this.refsMet) return true;
    return this.definitionRefsEmptied && !this.rootTableKept;
  }
}

/** Pairs of holder and key, flat: see `CopyState.describedHolders`. */
export type DescribedHolders = (JsonObject | JsonValue[] | string | number)[];

/**
 * Copies one value found at `depth` (the root is 0); objects and arrays record themselves in
 * `state`. `key` is the member name when the value is an object member.
 */
export type ValueCopier = (value: unknown, depth: number, state: CopyState, key?: string) => JsonValue;

/**
 * Runs a copier built from this module's parts (the plain copy, or sanitize's copy that
 * sanitizes schema positions on the way) and turns its failures into `ToolSchemaError`s.
 */
export function runCopy(input: unknown, copyRoot: ValueCopier, state: CopyState = new CopyState()): JsonValue {
  if (input === undefined) throw new ToolSchemaError('not_json', [], 'undefined is not a JSON value');
  try {
    return copyRoot(input, 0, state);
  } catch (thrown) {
    const error = typeof thrown === 'number' ? numberThrown(thrown, input, state) : thrown;
    if (error instanceof CopyFailure) {
      const path = error.reversedPath.reverse();
      throw new ToolSchemaError(error.code, path.slice(0, error.pathLength ?? path.length), error.detail);
    }
    throw error;
  }
}

/**
 * Runs a copy with a count open on `state` and returns what it read, as the byte length of
 * `JSON.stringify` of the value copied (members that are `undefined` skipped, holes as null),
 * with the copy's result. The input copied must be the part to measure: an MCP tool's copier
 * opens the count around `inputSchema`.
 */
export function countCopiedBytes(
  state: CopyState,
  copy: () => JsonValue,
): { value: JsonValue; bytes: number; plainText: boolean } {
  const outer = state.bytes;
  const outerPlain = state.plainText;
  state.bytes = 0;
  state.plainText = true;
  try {
    const value = copy();
    return { value, bytes: state.bytes, plainText: state.plainText };
  } finally {
    state.bytes = outer < 0 ? outer : outer + state.bytes;
    state.plainText = outerPlain && state.plainText;
  }
}

/** {@link copyJsonInput} that also returns the compact JSON bytes it read (see {@link countCopiedBytes}). */
export function copyAndMeasureJsonInput(input: unknown): { value: JsonValue; bytes: number } {
  const state = new CopyState();
  state.bytes = 0;
  const value = runCopy(input, copyValue, state);
  return { value, bytes: state.bytes };
}

/** Counts a string (a value or a key) into the open count. */
function countString(state: CopyState, text: string): number {
  const bytes = stringByteLength(text);
  if (bytes !== text.length + 2) state.plainText = false;
  return bytes;
}

/** Adds to the open count, if any: for the scalars and punctuation the copy's callers read. */
export function countBytes(state: CopyState, bytes: number): void {
  if (state.bytes >= 0) state.bytes += bytes;
}

/** Adds a member's key, its colon and its comma (the first member's comma pays for the braces' overhead: see callers). */
function countMemberKey(state: CopyState, key: string): void {
  state.bytes += countString(state, key) + 2;
}

/** `{` `}` of an object with `members` members, the commas being counted with the keys. */
export function countObject(state: CopyState, members: number): void {
  if (state.bytes >= 0) state.bytes += members === 0 ? 2 : 1;
}

/** A member's key, colon and comma, when a count is open. */
export function countKey(state: CopyState, key: string): void {
  if (state.bytes >= 0) countMemberKey(state, key);
}

/** The plain copy of any value: scalars checked, containers copied member by member. */
export function copyValue(value: unknown, depth: number, state: CopyState): JsonValue {
  if (typeof value === 'object' && value !== null) {
    enterContainer(value, depth, state);
    return Array.isArray(value) ? copyArray(value, depth, state, copyValue) : copyObject(value, depth, state);
  }
  return readScalar(value, state);
}

/**
 * Reads a value as {@link copyValue} does, with the same checks, errors and count, but builds
 * nothing: for a part of the input the result will not hold (a root definition nothing refers to).
 */
export function checkJsonValue(value: unknown, depth: number, state: CopyState): void {
  if (typeof value !== 'object' || value === null) {
    readScalar(value, state);
    return;
  }
  enterContainer(value, depth, state);
  if (Array.isArray(value)) {
    const length = readLength(value);
    if (state.bytes >= 0) state.bytes += length === 0 ? 2 : length + 1;
    let index = 0;
    try {
      for (; index < length; index++) {
        const element = value[index];
        if (element === undefined) countBytes(state, 4);
        else checkJsonValue(element, depth + 1, state);
      }
    } catch (error) {
      if (typeof error === 'number') throw error;
      throw withSegment(error, index);
    }
    return;
  }
  const keys = readPlainObjectKeys(value);
  let key = '';
  let members = 0;
  try {
    // Indexed, not for-of: a failure unwinding a for-of closes its iterator, which the optimized
    // code never saw, so every frame of a deep input deoptimized on the way out (see BENCHMARKS).
    for (let index = 0; index < keys.length; index++) {
      key = keys[index] as string;
      const member: unknown = (value as Record<string, unknown>)[key];
      if (member === undefined) continue;
      countKey(state, key);
      members++;
      checkJsonValue(member, depth + 1, state);
    }
  } catch (error) {
    if (typeof error === 'number') throw error;
    throw withSegment(error, key);
  }
  countObject(state, members);
}

/** A value that is not an object or array, checked and counted. */
function readScalar(value: unknown, state: CopyState): JsonValue {
  switch (typeof value) {
    case 'string':
      if (state.bytes >= 0) state.bytes += countString(state, value);
      return value;
    case 'boolean':
      if (state.bytes >= 0) state.bytes += value ? 4 : 5;
      return value;
    case 'number':
      if (Number.isFinite(value)) {
        if (state.bytes >= 0) state.bytes += String(value).length;
        return value;
      }
      throw new CopyFailure('not_json', `${String(value)} is not a JSON number`);
    case 'object':
      // null: the only object that reaches here.
      if (state.bytes >= 0) state.bytes += 4;
      return null;
    default:
      throw new CopyFailure('not_json', `${describeJsType(value)} is not a JSON value`);
  }
}

/**
 * Checks the depth limit (and, past it, for a cycle) before a container at `depth` is copied.
 * A failure is thrown as its depth, a number: every level's catch tells it by `typeof` and rethrows
 * it, and `runCopy` makes the failure and its whole path from the containers on `state.path`
 * ({@link numberThrown}). Nothing on the way needs type feedback. A catch or a branch the
 * optimized copy has never run deoptimizes at its first operation that does (a call, a property
 * read): with a failure made here and each level adding its key on the way out, a chain rejected
 * at 1,000 levels deoptimized every frame (7 ms, 190 ns per byte).
 */
export function enterContainer(value: object, depth: number, state: CopyState): void {
  state.path[depth] = value;
  if (failsAtDepth(value, depth, state.path)) throw depth;
}

/** Whether a container entered at `depth` below the containers on `path` is past the limit or closes a cycle. */
function failsAtDepth(value: object, depth: number, path: readonly object[]): boolean {
  return depth >= MAX_INPUT_DEPTH || ((depth & CYCLE_CHECK_MASK) === CYCLE_CHECK_MASK && isOnPath(value, depth, path));
}

/**
 * Every 64 levels the copy looks for the container it enters on its own path: a cycle fails
 * there, not at the depth limit. A sanitizing copy's frames are large enough that a cycle
 * through `oneOf` overflowed the JS stack before 1,000 levels, in a busy process, and failed as
 * `unreadable_value` instead of `too_deep`. Schemas nest far less: the check never runs on them.
 */
const CYCLE_CHECK_MASK = 63;

function isOnPath(value: object, depth: number, path: readonly object[]): boolean {
  for (let index = 0; index < depth; index++) if (path[index] === value) return true;
  return false;
}

/** Copies an array whose elements are copied by `copyElement`; a hole or `undefined` reads as null. */
export function copyArray(
  array: readonly unknown[],
  depth: number,
  state: CopyState,
  copyElement: ValueCopier,
): JsonValue[] {
  const length = readLength(array);
  const result: JsonValue[] = [];
  let index = 0;
  // `[` `]` and the commas between elements.
  if (state.bytes >= 0) state.bytes += length === 0 ? 2 : length + 1;
  try {
    for (; index < length; index++) {
      const element = array[index];
      if (element === undefined) {
        if (state.bytes >= 0) state.bytes += 4;
        result.push(null);
      } else {
        const copied = copyElement(element, depth + 1, state);
        // A described schema object in a list (see CopyState.describedHolders).
        if (copied === state.lastDescribed) state.describedHolders?.push(result, result.length);
        result.push(copied);
      }
    }
  } catch (error) {
    if (typeof error === 'number') throw error;
    throw withSegment(error, index);
  }
  return result;
}

/** Copies a plain object whose members are all copied by `copyMember` (a definition table, for sanitize). */
export function copyObject(
  object: object,
  depth: number,
  state: CopyState,
  copyMember: ValueCopier = copyValue,
): JsonObject {
  const keys = readPlainObjectKeys(object);
  const result: JsonObject = {};
  let key = '';
  let members = 0;
  try {
    // Indexed for the reason given in checkJsonValue.
    for (let index = 0; index < keys.length; index++) {
      key = keys[index] as string;
      const member: unknown = (object as Record<string, unknown>)[key];
      if (member === undefined) continue;
      if (state.bytes >= 0) countMemberKey(state, key);
      members++;
      if (key === '$ref') noteEntryRef(state, member);
      const copied = copyMember(member, depth + 1, state, key);
      if (key === '__proto__') {
        Object.defineProperty(result, key, { value: copied, writable: true, enumerable: true, configurable: true });
      } else {
        result[key] = copied;
      }
      // A described schema object in a table (see CopyState.describedHolders).
      if (copied === state.lastDescribed) state.describedHolders?.push(result, key);
    }
  } catch (error) {
    if (typeof error === 'number') throw error;
    throw withSegment(error, key);
  }
  countObject(state, members);
  // Every key read was written (none undefined): the result lists them in the same order.
  if (members === keys.length) state.keyLists = noteKeyList(state.keyLists, result, keys);
  state.copiedKeys = members === keys.length ? keys : undefined;
  return result;
}

/** Inside a root table entry every `$ref` string counts, wherever it stands (SPEC §1.4 step 2). */
function noteEntryRef(state: CopyState, member: unknown): void {
  const refs = state.refs;
  if (refs !== undefined && refs.context === REF_CONTEXT_ENTRY && typeof member === 'string')
    refs.entryRefs.push(member);
}

/** The own enumerable keys of an object, which must be plain (its prototype Object.prototype or null). */
export function readPlainObjectKeys(object: object): string[] {
  const prototype = readPrototype(object);
  if (prototype !== Object.prototype && prototype !== null) {
    throw new CopyFailure('not_json', `${describeInstance(object)} is not a JSON object`);
  }
  return readKeys(object);
}

/** Adds the segment of the member being read to an error coming up; a foreign throw becomes `unreadable_value`. */
export function withSegment(error: unknown, segment: string | number): CopyFailure {
  const failure =
    error instanceof CopyFailure
      ? error
      : new CopyFailure('unreadable_value', `reading the value threw: ${thrownMessage(error)}`);
  failure.reversedPath.push(segment);
  return failure;
}

/**
 * What a number thrown through the copy means: the depth of a container past the limit or closing
 * a cycle ({@link enterContainer}), with its whole path (found from the containers the copy
 * entered, or, where a level is not found there, by reading `input` again in member order, as the
 * copy did); else a number a getter or a Proxy threw, at the first read that throws again.
 */
function numberThrown(thrown: number, input: unknown, state: CopyState): CopyFailure {
  // The check enterContainer made, made again: a getter may throw any number.
  const depthFailed =
    Number.isInteger(thrown) &&
    thrown >= 0 &&
    thrown < state.path.length &&
    failsAtDepth(state.path[thrown] as object, thrown, state.path);
  let failure: CopyFailure;
  let path: (string | number)[] | undefined;
  if (depthFailed) {
    const value = state.path[thrown] as object;
    failure = depthFailure(value, thrown, state);
    path = pathOfContainers(value, thrown, state);
  } else failure = new CopyFailure('unreadable_value', `reading the value threw: ${thrownMessage(thrown)}`);
  path ??= firstFailurePath(input) ?? [];
  for (let index = path.length - 1; index >= 0; index--) failure.reversedPath.push(path[index] as string | number);
  return failure;
}

/**
 * The path to the first place, in member order, where the copy fails to read: a container past the
 * depth limit or closing a cycle, or a read that throws. For a value whose containers do not tell
 * it (a getter answering each read with a new object, a Proxy) or that threw a number. Undefined
 * when no such place is found now.
 */
function firstFailurePath(input: unknown): (string | number)[] | undefined {
  const path: (string | number)[] = [];
  const containers: object[] = [];
  const fails = (value: unknown, depth: number): boolean => {
    if (typeof value !== 'object' || value === null) return false;
    if (failsAtDepth(value, depth, containers)) return true;
    containers[depth] = value;
    let keys: string[] | undefined;
    let length: number;
    try {
      keys = Array.isArray(value) ? undefined : Object.keys(value);
      length = keys === undefined ? (value as unknown[]).length : keys.length;
    } catch {
      return true;
    }
    for (let index = 0; index < length; index++) {
      const member = keys === undefined ? index : (keys[index] as string);
      path.push(member);
      let child: unknown;
      try {
        child = (value as Record<string | number, unknown>)[member];
      } catch {
        return true;
      }
      if (fails(child, depth + 1)) return true;
      path.pop();
    }
    return false;
  };
  return fails(input, 0) ? path : undefined;
}

/**
 * The member names and indexes from the root to `value`, each found as where the container the
 * copy entered at that depth holds the next one (the first such member: the one the copy entered,
 * since it reads members in order and the same value fails the same way). Undefined when one is not
 * found or reading throws: a getter that answers with a new object, a Proxy.
 */
function pathOfContainers(value: object, depth: number, state: CopyState): (string | number)[] | undefined {
  const path: (string | number)[] = [];
  try {
    for (let level = 0; level < depth; level++) {
      const parent = state.path[level] as object;
      const child = level + 1 < depth ? state.path[level + 1] : value;
      if (Array.isArray(parent)) {
        const index = parent.indexOf(child);
        if (index < 0) return undefined;
        path.push(index);
        continue;
      }
      const key = Object.keys(parent).find((name) => (parent as Record<string, unknown>)[name] === child);
      if (key === undefined) return undefined;
      path.push(key);
    }
  } catch {
    return undefined;
  }
  return path;
}

/** Past the depth limit: a cycle if some container repeats on the path (named where it first closes), else too deep. */
function depthFailure(value: object, depth: number, state: CopyState): CopyFailure {
  const seen = new Set<object>();
  const chain = [...state.path.slice(0, depth), value];
  for (let index = 0; index < chain.length; index++) {
    const container = chain[index] as object;
    if (seen.has(container)) return new CopyFailure('too_deep', 'the value is cyclic: it contains itself', index);
    seen.add(container);
  }
  return new CopyFailure('too_deep', `input nests more than ${MAX_INPUT_DEPTH} arrays and objects; flatten the schema`);
}

function readLength(array: readonly unknown[]): number {
  try {
    return array.length;
  } catch (error) {
    throw unreadable(error);
  }
}

function readPrototype(object: object): unknown {
  try {
    return Object.getPrototypeOf(object);
  } catch (error) {
    throw unreadable(error);
  }
}

function readKeys(object: object): string[] {
  try {
    return Object.keys(object);
  } catch (error) {
    throw unreadable(error);
  }
}

function unreadable(error: unknown): CopyFailure {
  return new CopyFailure('unreadable_value', `reading the value threw: ${thrownMessage(error)}`);
}

function describeInstance(object: object): string {
  try {
    const name: unknown = (object.constructor as { name?: unknown } | undefined)?.name;
    return typeof name === 'string' && name !== '' ? `an instance of ${name}` : 'an object with a custom prototype';
  } catch {
    return 'an object with a custom prototype';
  }
}

function describeJsType(value: unknown): string {
  switch (typeof value) {
    case 'bigint':
      return `the BigInt ${String(value)}n`;
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default:
      return typeof value;
  }
}
