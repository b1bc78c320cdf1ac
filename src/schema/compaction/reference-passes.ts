// The four compaction passes (SPEC §1.5, seed §5.2–5.3): each mutates a raw schema it owns and says whether it changed it.
import { describeValue, ToolSchemaError } from '../../errors.js';
import { copyJsonInput, type DescribedHolders } from '../copy.js';
import type { JsonHolder, JsonObject, JsonValue } from '../json.js';
import { copyOwnedJson, hasAnyKey, isJsonObject, setChild, setOwn } from '../json.js';
import type { KeyLists } from '../key-lists.js';
import { isLocalDefinitionRef } from '../refs.js';
import {
  COLLAPSIBLE_KEYS,
  COMPOSITION_KEYS,
  DEFINITION_TABLE_KEYS,
  forEachSchemaChild,
  forEachSchemaObject,
  type SchemaChildOptions,
} from '../walk.js';

/** Schema objects at this depth or deeper that have children are collapsed by pass 3. */
export const COLLAPSE_SCHEMA_DEPTH = 3;

/** What a pass did: the (possibly replaced) root, and whether anything changed (else no re-measure is needed). */
export interface PassResult {
  root: JsonValue;
  changed: boolean;
}

const WITH_TABLES: SchemaChildOptions = { definitions: 'include' };
const WITHOUT_TABLES: SchemaChildOptions = { definitions: 'skip' };

/**
 * Pass 1 in place: clears `description` on every schema object, definition tables included.
 * - It sets the description to null rather than deleting it: decode drops null fields, so the
 *   model is the same, and `delete` would turn every object into a slow dictionary-mode object
 *   for all the walks that follow (2× slower on large schemas). {@link removeStrippedDescriptions}
 *   turns the nulls into removed keys where raw JSON leaves the library.
 */
export function stripDescriptionsInPlace(root: JsonValue): PassResult {
  let changed = false;
  const result = forEachSchemaObject(root, WITH_TABLES, (node) => {
    if (node.description != null) {
      node.description = null;
      changed = true;
    }
    return true;
  });
  return { root: result, changed };
}

/**
 * Pass 1 in place, leaving the root definition tables as they are: for when pass 2 is sure to
 * run next and drop them whole (the schema is over budget even without descriptions), so
 * stripping their entries would be wasted. Nested tables are stripped as usual.
 */
export function stripDescriptionsOutsideRootTablesInPlace(root: JsonValue): PassResult {
  if (!isJsonObject(root)) return stripDescriptionsInPlace(root);
  let changed = false;
  if (root.description != null) {
    root.description = null;
    changed = true;
  }
  forEachSchemaChild(root, WITHOUT_TABLES, (holder, key) => {
    const child = Array.isArray(holder) ? holder[key as number] : holder[key as string];
    if (child !== undefined && stripDescriptionsInPlace(child).changed) changed = true;
  });
  return { root, changed };
}

/**
 * Pass 1 for a caller that keeps the raw value: every schema object that has a `description`
 * (a null one included, as {@link removeStrippedDescriptions} would remove it) is replaced in its
 * holder by a copy without it, in the one walk; objects without one are kept, their children
 * replaced in place. The same result as {@link stripDescriptionsInPlace} and then
 * {@link removeStrippedDescriptions}, in one walk instead of two, and without their named reads
 * of every child keyword per object (for-in over each object's own keys instead).
 * - `leaveRootTables`: the root's definition tables are left as they are (see
 *   {@link stripDescriptionsOutsideRootTablesInPlace}); nested tables are stripped.
 * - `changed` is true when a description that was not null went.
 * - `keyLists`: lists that hold for `root` (see `key-lists.ts`): a listed table is read through
 *   its list. They still hold after: tables keep their keys (their members are replaced).
 */
export function stripDescriptionsByCopying(root: JsonValue, leaveRootTables = false, keyLists?: KeyLists): PassResult {
  const state: StripState = { changed: false, keyLists };
  const result = isJsonObject(root) ? strippedSchemaObject(root, state, !leaveRootTables) : root;
  return { root: result, changed: state.changed };
}

/**
 * Pass 1 by copying, on a model-shaped copy that noted where it wrote its described schema
 * objects (see `CopyState.describedHolders`): each is replaced in its holder by a copy without
 * `description`, the objects inside before the objects that hold them, then the root. The same
 * result as {@link stripDescriptionsByCopying} with the tables stripped, without walking every
 * object to find the described ones (on a schema of 45 definitions in a ring, that walk was a
 * tenth of the default entry). A pair whose object has no description (any more) is passed over.
 */
export function stripNotedDescriptions(root: JsonValue, holders: DescribedHolders): JsonValue {
  for (let index = 0; index < holders.length; index += 2) {
    const holder = holders[index] as Record<string | number, JsonValue>;
    const key = holders[index + 1] as string | number;
    const node = holder[key] as JsonValue;
    if (isJsonObject(node) && node.description !== undefined) {
      if (typeof key === 'number') holder[key] = withoutDescription(node);
      else setOwn(holder as JsonObject, key, withoutDescription(node));
    }
  }
  return isJsonObject(root) && root.description !== undefined ? withoutDescription(root) : root;
}

/** What {@link stripDescriptionsByCopying} carries down its walk. */
interface StripState {
  changed: boolean;
  readonly keyLists: KeyLists | undefined;
}

/** A schema slot's value with pass 1 done below it: an array is expanded (in place), as the walks expand it. */
function strippedSlot(value: JsonValue, state: StripState): JsonValue {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const element = value[index] as JsonValue;
      const stripped = strippedSlot(element, state);
      if (stripped !== element) value[index] = stripped;
    }
    return value;
  }
  return isJsonObject(value) ? strippedSchemaObject(value, state, true) : value;
}

/** Each member of a table (`properties`, `$defs`, `definitions`) as a schema slot, replaced in place. */
function stripTableMembers(table: JsonObject, state: StripState): void {
  replaceTableMembers(table, state, STRIP_ONLY);
}

/** The depth {@link replaceTableMembers} is given for pass 1 alone (no object is collapsed or pruned). */
const STRIP_ONLY = -1;

/**
 * Each member of a table as a schema slot, replaced in place: stripped ({@link STRIP_ONLY}), or
 * with the fused walk's passes done at `depth` (`state` is then a {@link FusedState}). A large
 * table is read through its list, rather than for-in (which lists and sorts its keys first).
 * One loop for both walks, a branch per member: a callback per table cost the 30,000-member
 * table of a 10 MB schema a quarter of the time.
 */
function replaceTableMembers(table: JsonObject, state: StripState, depth: number): void {
  const listed = state.keyLists === undefined ? undefined : state.keyLists.get(table);
  if (listed !== undefined) {
    for (const name of listed) replaceTableMember(table, name, state, depth);
    return;
  }
  for (const name in table) if (Object.hasOwn(table, name)) replaceTableMember(table, name, state, depth);
}

function replaceTableMember(table: JsonObject, name: string, state: StripState, depth: number): void {
  const member = table[name] as JsonValue;
  const done =
    depth === STRIP_ONLY ? strippedSlot(member, state) : replacedOrStrippedSlot(member, depth, state as FusedState);
  if (done !== member) setOwn(table, name, done);
}

/** The children forEachSchemaChild visits (tables with `tables`), found in one for-in. */
function strippedSchemaObject(node: JsonObject, state: StripState, tables: boolean): JsonObject {
  const described = node.description !== undefined;
  if (described && node.description !== null) state.changed = true;
  const out: JsonObject = described ? {} : node;
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    let value = node[key] as JsonValue;
    switch (key) {
      case 'description':
        continue;
      case 'properties':
        if (isJsonObject(value)) stripTableMembers(value, state);
        break;
      case '$defs':
      case 'definitions':
        if (tables && isJsonObject(value)) stripTableMembers(value, state);
        break;
      case 'additionalProperties':
      case 'items':
      case 'anyOf':
      case 'oneOf':
      case 'allOf': {
        if (typeof value === 'boolean') break; // additionalProperties: true or false
        const stripped = strippedSlot(value, state);
        if (stripped !== value && !described) node[key] = stripped;
        value = stripped;
        break;
      }
    }
    if (described) setOwn(out, key, value);
  }
  return out;
}

/** Pass 2 in place: replaces objects whose `$ref` names a local definition by `{}`, then drops the root tables. */
export function dropDefinitionRefsInPlace(root: JsonValue): PassResult {
  let changed = false;
  const result = forEachSchemaObject(root, WITHOUT_TABLES, (node, holder, key) => {
    if (typeof node.$ref === 'string' && isLocalDefinitionRef(node.$ref)) {
      setChild(holder, key, {});
      changed = true;
      return false;
    }
    return true;
  });
  if (isJsonObject(result)) {
    for (const table of DEFINITION_TABLE_KEYS) {
      if (result[table] !== undefined) {
        delete result[table];
        changed = true;
      }
    }
  }
  return { root: result, changed };
}

/** Pass 3 in place: replaces objects with children at depth ≥ `collapseDepth` (root = 0) by `{}`. */
export function collapseDeepSchemaObjectsInPlace(
  root: JsonValue,
  collapseDepth: number = COLLAPSE_SCHEMA_DEPTH,
): PassResult {
  let changed = false;
  const box: JsonObject = { root };
  const visit = (holder: JsonHolder, key: string | number, depth: number): void => {
    const node = Array.isArray(holder) ? holder[key as number] : holder[key as string];
    if (!isJsonObject(node)) return;
    if (depth >= collapseDepth && hasAnyKey(node, COLLAPSIBLE_KEYS)) {
      setChild(holder, key, {});
      changed = true;
      return;
    }
    forEachSchemaChild(node, WITHOUT_TABLES, (child, childKey) => visit(child, childKey, depth + 1));
  };
  visit(box, 'root', 0);
  return { root: box.root as JsonValue, changed };
}

/**
 * Pass 3 or pass 4, then pass 1 by copying, in one walk: what
 * {@link collapseDeepSchemaObjectsInPlace} (or {@link pruneCompositionsInPlace}) followed by
 * {@link stripDescriptionsByCopying} leave, for the driver's cases where both are sure to run
 * and the passes between have nothing to do (see `compact`). The second walk read again every
 * object the first left, and pass 1 rebuilt every described object pass 4 then threw away: on
 * 10 MB of lists of objects (4 MB left after pass 3) the two walks were a sixth of the default
 * entry.
 * - `collapseDepth`: objects at this depth or deeper that have children become `{}` (pass 3;
 *   infinite for none). `pruneCompositions`: objects with `anyOf`, `oneOf` or `allOf` become
 *   `{}`, the root included (pass 4). Every other schema object reached loses its
 *   `description` (replaced in its holder by a copy without it, as pass 1 by copying does).
 *   Definition tables, which passes 3 and 4 do not enter, are only stripped.
 * - `replaced` says whether pass 3 or 4 changed anything, `stripped` whether a description that
 *   was not null went (each pass's `changed`).
 * - `keyLists`: lists that hold for `root` (see `key-lists.ts`); they still hold after.
 */
export function replaceThenStripDescriptions(
  root: JsonValue,
  collapseDepth: number,
  pruneCompositions: boolean,
  keyLists?: KeyLists,
): { root: JsonValue; replaced: boolean; stripped: boolean } {
  const state: FusedState = {
    changed: false,
    keyLists,
    collapseDepth,
    pruneCompositions,
    dropDefinitions: false,
    replaced: false,
  };
  // The root is never expanded as a list (no pass expands it).
  const result = isJsonObject(root) ? replacedOrStripped(root, 0, state) : root;
  return { root: result, replaced: state.replaced, stripped: state.changed };
}

/**
 * Pass 1 by copying, then pass 2, in one walk: what {@link stripDescriptionsByCopying} (root
 * tables left as they are) followed by {@link dropDefinitionRefsInPlace} leave, for the driver's
 * case where the schema is over budget even without descriptions and pass 2 has refs or root
 * tables to drop. The second walk read again every object the first had just copied: on
 * `$defs`-heavy schemas over budget (OpenAPI generators' shape) it was a fifth of the default entry.
 * - Every object reached outside definition tables whose `$ref` is a local definition ref
 *   becomes `{}` (the root too), the root's `$defs` and `definitions` are removed, and every other
 *   schema object reached loses its `description`. Nested tables, which pass 2 does not enter,
 *   are only stripped.
 * - `dropped` says whether pass 2 changed anything. Whether pass 1 did is not told: the one walk
 *   never reads below an object pass 2 replaces, and the driver measures after both anyway.
 * - `keyLists`: lists that hold for `root` (see `key-lists.ts`); they still hold after for every
 *   table left (the root's tables go).
 */
export function stripDescriptionsThenDropDefinitions(
  root: JsonValue,
  keyLists?: KeyLists,
): { root: JsonValue; dropped: boolean } {
  const state: FusedState = {
    changed: false,
    keyLists,
    collapseDepth: Number.POSITIVE_INFINITY,
    pruneCompositions: false,
    dropDefinitions: true,
    replaced: false,
  };
  const result = isJsonObject(root) ? replacedOrStripped(root, 0, state) : root;
  return { root: result, dropped: state.replaced };
}

/** What {@link replaceThenStripDescriptions} and {@link stripDescriptionsThenDropDefinitions} carry down their walk. */
interface FusedState extends StripState {
  readonly collapseDepth: number;
  readonly pruneCompositions: boolean;
  /** Pass 2: local definition refs become `{}`, the root's tables go. */
  readonly dropDefinitions: boolean;
  replaced: boolean;
}

/** A schema slot's value at `depth` with both passes done below it: a list is expanded in place, its elements at `depth`. */
function replacedOrStrippedSlot(value: JsonValue, depth: number, state: FusedState): JsonValue {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const element = value[index] as JsonValue;
      const done = replacedOrStrippedSlot(element, depth, state);
      if (done !== element) value[index] = done;
    }
    return value;
  }
  return isJsonObject(value) ? replacedOrStripped(value, depth, state) : value;
}

/** One schema object at `depth`: `{}` when pass 2, 3 or 4 replaces it, else stripped, its children done (see {@link strippedSchemaObject}). */
function replacedOrStripped(node: JsonObject, depth: number, state: FusedState): JsonObject {
  if (
    (depth >= state.collapseDepth && hasAnyKey(node, COLLAPSIBLE_KEYS)) ||
    (state.pruneCompositions && hasAnyKey(node, COMPOSITION_KEYS))
  ) {
    state.replaced = true;
    return {};
  }
  const described = node.description !== undefined;
  if (state.dropDefinitions && typeof node.$ref === 'string' && isLocalDefinitionRef(node.$ref)) {
    state.replaced = true;
    return {};
  }
  if (described && node.description !== null) state.changed = true;
  // Pass 2 removes the root's tables.
  const dropTables = state.dropDefinitions && depth === 0;
  const out: JsonObject = described ? {} : node;
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue;
    let value = node[key] as JsonValue;
    switch (key) {
      case 'description':
        continue;
      case 'properties':
        if (isJsonObject(value)) replaceTableMembers(value, state, depth + 1);
        break;
      case '$defs':
      case 'definitions':
        if (dropTables) {
          state.replaced = true;
          if (!described) delete node[key];
          continue;
        }
        // Passes 2, 3 and 4 do not enter tables; pass 1 strips them, at every level.
        if (isJsonObject(value)) stripTableMembers(value, state);
        break;
      case 'additionalProperties':
      case 'items':
      case 'anyOf':
      case 'oneOf':
      case 'allOf': {
        if (typeof value === 'boolean') break; // additionalProperties: true or false
        const done = replacedOrStrippedSlot(value, depth + 1, state);
        if (done !== value && !described) node[key] = done;
        value = done;
        break;
      }
    }
    if (described) setOwn(out, key, value);
  }
  return out;
}

/** Pass 4 in place: replaces every object that has `anyOf`, `oneOf` or `allOf` by `{}`, the root included. */
export function pruneCompositionsInPlace(root: JsonValue): PassResult {
  let changed = false;
  const result = forEachSchemaObject(root, WITHOUT_TABLES, (node, holder, key) => {
    if (hasAnyKey(node, COMPOSITION_KEYS)) {
      setChild(holder, key, {});
      changed = true;
      return false;
    }
    return true;
  });
  return { root: result, changed };
}

/**
 * Removes the null descriptions {@link stripDescriptionsInPlace} left: the raw JSON a caller sees
 * has the keys removed. Each object that had one is replaced by a copy without it, in its holder:
 * `delete` would leave it a dictionary-mode object, and a provider conversion reads every one of
 * them next (a 1 MB wide schema converted 1.4× slower for it).
 */
export function removeStrippedDescriptions(root: JsonValue): JsonValue {
  const box: JsonObject = { root };
  removeStrippedDescriptionAt(box, 'root');
  return box.root as JsonValue;
}

function removeStrippedDescriptionAt(holder: JsonHolder, key: string | number): void {
  let node = Array.isArray(holder) ? holder[key as number] : holder[key as string];
  if (!isJsonObject(node)) return;
  if (node.description === null) {
    node = withoutDescription(node);
    setChild(holder, key, node);
  }
  forEachSchemaChild(node, WITH_TABLES, removeStrippedDescriptionAt);
}

/** A shallow copy of a schema object without its `description`, its other keys in order. */
function withoutDescription(node: JsonObject): JsonObject {
  const copy: JsonObject = {};
  for (const key in node) {
    if (key !== 'description' && Object.hasOwn(node, key)) setOwn(copy, key, node[key] as JsonValue);
  }
  return copy;
}

/**
 * A copy of a raw schema (valid JSON the library owns) as pass 1 would leave it, in one walk:
 * every description pass 1 strips is left out of the copy (rather than nulled), the rest copied.
 * For the fidelity policy's comparison with the reference, whose first pass this is.
 */
export function copyWithoutDescriptions(value: JsonValue): JsonValue {
  return copyAsPassesLeaveIt(value, false, true);
}

/**
 * A copy of a raw schema object as passes 1 and 2 leave it, in one walk, for when both are sure
 * to run: descriptions left out as {@link copyWithoutDescriptions} does, every object reached
 * outside definition tables whose `$ref` is a local definition ref copied as `{}` (the root
 * too), and the root's tables left out. Nested tables are copied, without descriptions.
 */
export function copyAfterDefinitionsDropped(root: JsonObject): JsonValue {
  return copyAsPassesLeaveIt(root, true, true);
}

/**
 * The one walk behind both copies: pass 1 always, pass 2 with `dropRefs` (which, as the pass,
 * does not look inside definition tables: their entries are copied with pass 1 only).
 */
function copyAsPassesLeaveIt(value: JsonValue, dropRefs: boolean, root: boolean): JsonValue {
  if (Array.isArray(value)) return value.map((item) => copyAsPassesLeaveIt(item, dropRefs, false));
  if (!isJsonObject(value)) return value;
  if (dropRefs && typeof value.$ref === 'string' && isLocalDefinitionRef(value.$ref)) return {};
  const copy: JsonObject = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const member = value[key] as JsonValue;
    switch (key) {
      case 'description':
        continue;
      case 'properties':
        setOwn(copy, key, isJsonObject(member) ? copyTable(member, dropRefs) : copyOwnedJson(member));
        break;
      case '$defs':
      case 'definitions':
        if (dropRefs && root) continue;
        setOwn(copy, key, isJsonObject(member) ? copyTable(member, false) : copyOwnedJson(member));
        break;
      case 'additionalProperties':
        setOwn(copy, key, typeof member === 'boolean' ? member : copyAsPassesLeaveIt(member, dropRefs, false));
        break;
      case 'items':
      case 'anyOf':
      case 'oneOf':
      case 'allOf':
        setOwn(copy, key, copyAsPassesLeaveIt(member, dropRefs, false));
        break;
      default:
        setOwn(copy, key, copyOwnedJson(member));
    }
  }
  return copy;
}

function copyTable(table: JsonObject, dropRefs: boolean): JsonObject {
  const copy: JsonObject = {};
  for (const name in table)
    if (Object.hasOwn(table, name)) setOwn(copy, name, copyAsPassesLeaveIt(table[name] as JsonValue, dropRefs, false));
  return copy;
}

/**
 * Pass 1 on a copy: removes the `description` of every schema object reached through schema
 * children and definition tables at every level. A property *named* description and enum
 * literals are untouched. The input is not modified.
 */
export function stripDescriptions(input: unknown): JsonValue {
  return removeStrippedDescriptions(stripDescriptionsInPlace(copyJsonInput(input)).root);
}

/**
 * Pass 2 on a copy: every object reached (tables skipped) whose `$ref` is a local definition ref
 * becomes `{}` (siblings lost, the root too); then the root's `$defs` and `definitions` are
 * removed. Nested tables stay. The input is not modified.
 */
export function dropDefinitionRefs(input: unknown): JsonValue {
  return dropDefinitionRefsInPlace(copyJsonInput(input)).root;
}

/**
 * Pass 3 on a copy: with the root at depth 0 and each schema child one deeper, an object at
 * depth ≥ `collapseDepth` that has items, anyOf, oneOf, allOf, properties, additionalProperties
 * or `$ref` becomes `{}`; simple leaves stay. The input is not modified.
 */
export function collapseDeepSchemaObjects(input: unknown, collapseDepth: number = COLLAPSE_SCHEMA_DEPTH): JsonValue {
  if (!Number.isSafeInteger(collapseDepth) || collapseDepth < 0)
    throw new ToolSchemaError(
      'invalid_option',
      ['collapseDepth'],
      `expected a non-negative integer, found ${describeValue(collapseDepth)}`,
    );
  return collapseDeepSchemaObjectsInPlace(copyJsonInput(input), collapseDepth).root;
}

/** Pass 4 on a copy: every object reached that has anyOf, oneOf or allOf becomes `{}`, the root included. */
export function pruneCompositions(input: unknown): JsonValue {
  return pruneCompositionsInPlace(copyJsonInput(input)).root;
}
