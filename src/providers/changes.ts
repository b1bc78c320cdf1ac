// What a target conversion changed, by JSON path: the record every provider result carries.

import { escapeToken } from '../schema/pointer-tokens.js';

/**
 * Kinds of change a target makes.
 * - `keyword_moved`: a keyword the target does not accept, written into the description.
 * - `keyword_dropped`: a keyword with no meaning for the model (`$schema`, `$comment`, `x-…`).
 * - `property_renamed`: a property name the target rejects; restored by `resolveToolCall`.
 * - `made_nullable`: an optional property made required and nullable (strict); null → absent.
 * - `object_closed`: `additionalProperties: false` set where the schema allowed more keys.
 * - `encoded_json_text`: a value the target cannot describe (free-form object, any value,
 *   recursion cut) sent as JSON text; parsed back.
 * - `encoded_entries`: an open map sent as a list of `{key, value}`; turned back into an object.
 * - `enum_stringified`: a non-string enum sent as strings; mapped back.
 * - `type_from_enum`: the type widened to what the enum values are.
 * - `ref_inlined`, `ref_rewritten`, `ref_unresolved`: local refs inlined, moved under `$defs`, or
 *   not found (replaced by any value).
 * - `composition_merged`, `one_of_to_any_of`, `root_composition_merged`: compositions the target
 *   does not accept, merged or relaxed.
 * - `nullable_rewritten`: nullability spelled as the target wants it.
 * - `null_dropped`: null removed where the target has no spelling for it (`portable`).
 * - `schema_repaired`: a server bug repaired (`type: "int"`, `required: "name"`, an array under
 *   `properties`…): what the author plainly meant.
 * - `name_changed`: the tool's name was changed for the provider.
 * - `description_cut`: the tool description was cut to the provider's limit.
 * - `strict_fallback`: the tool could not be strict; sent non-strict.
 */
export type TargetChangeKind =
  | 'keyword_moved'
  | 'keyword_dropped'
  | 'property_renamed'
  | 'made_nullable'
  | 'object_closed'
  | 'encoded_json_text'
  | 'encoded_entries'
  | 'enum_stringified'
  | 'type_from_enum'
  | 'ref_inlined'
  | 'ref_rewritten'
  | 'ref_unresolved'
  | 'composition_merged'
  | 'one_of_to_any_of'
  | 'root_composition_merged'
  | 'nullable_rewritten'
  | 'null_dropped'
  | 'schema_repaired'
  | 'name_changed'
  | 'description_cut'
  | 'strict_fallback';

/** One change, at a JSON Pointer into the tool (`/inputSchema/...`, `/name`, `/description`). */
export interface TargetChange {
  kind: TargetChangeKind;
  path: string;
  message: string;
}

/**
 * A path into the tool, as a chain of keys from the root. Converting walks every schema node,
 * and only a few get a change: a chain costs one small object per step, where an array copied
 * at each step cost the walk a fifth of its time in garbage collection.
 */
export interface SchemaPath {
  readonly parent: SchemaPath | undefined;
  readonly key: string | number;
  /** This step's JSON Pointer, once built (so a deep chain builds each prefix once, not once per change). */
  pointer?: string;
}

/** `path` extended by one key. */
export function at(path: SchemaPath | undefined, key: string | number): SchemaPath {
  return { parent: path, key };
}

/** `path` extended by each of `tokens` in turn (a ref's pointer below the tool's schema). */
export function atTokens(path: SchemaPath, tokens: readonly string[]): SchemaPath {
  let extended = path;
  for (const token of tokens) extended = at(extended, token);
  return extended;
}

/** `path` extended by two keys (`anyOf`, then an index). */
export function at2(path: SchemaPath | undefined, key: string | number, next: string | number): SchemaPath {
  return at(at(path, key), next);
}

/**
 * The JSON Pointer of a path. Each step keeps its pointer once built: changes on every level of
 * a deep chain (strict mode's made_nullable) rebuilt the whole prefix each time, quadratic in depth.
 */
export function pointerOf(path: SchemaPath | undefined): string {
  if (path === undefined) return '';
  if (path.pointer !== undefined) return path.pointer;
  const pointer = `${pointerOf(path.parent)}/${escapeToken(String(path.key))}`;
  path.pointer = pointer;
  return pointer;
}

/** The pointer of one member below a pointer already built (siblings share their parent's). */
export function memberPointer(parentPointer: string, key: string): string {
  return `${parentPointer}/${escapeToken(key)}`;
}

/** One entry of a log's parts (see {@link ChangeLog}). */
type LogPart = TargetChangeKind | SchemaPath | string | LoggedChanges | undefined;

/** Changes taken from a log by {@link ChangeLog.since}, to be logged again at another path. */
export interface LoggedChanges {
  readonly parts: readonly LogPart[];
}

/**
 * The kind slot of a moved block: changes logged again with their paths moved (see
 * {@link ChangeLog.addMoved}), as four entries: this mark, the path moved to, the path moved
 * from, the changes. Not a change kind.
 */
const MOVED_BLOCK = 'moved block';

/** Moves paths under `from` to under `to` (others stay), each step rebuilt once, then `outer`. */
function pathMover(
  from: SchemaPath,
  to: SchemaPath,
  outer: ((path: SchemaPath | undefined) => SchemaPath | undefined) | undefined,
): (path: SchemaPath | undefined) => SchemaPath | undefined {
  const moved = new Map<SchemaPath, SchemaPath>([[from, to]]);
  const move = (path: SchemaPath | undefined): SchemaPath | undefined => {
    if (path === undefined) return undefined;
    let step = moved.get(path);
    if (step === undefined) {
      const parent = move(path.parent);
      step = parent === path.parent ? path : { parent, key: path.key };
      moved.set(path, step);
    }
    return step;
  };
  return outer === undefined ? move : (path) => outer(move(path));
}

/**
 * Collects changes with their paths; one per conversion. A change is kept as its parts (kind,
 * path, message) and becomes a record with its JSON Pointer only when the changes are read
 * ({@link toArray}): strict mode makes one per optional property (36,000 for the 1,000 generated
 * tools, an eighth of the conversion's instructions), and a batch's caller seldom reads them all.
 */
export class ChangeLog {
  /**
   * Each change as four entries in a row: its kind, its path, the member of that path it is at
   * (a property made nullable; undefined: the path itself), its message. One array per log.
   */
  private readonly parts: LogPart[] = [];
  /** Changes made before the conversion's own, as records (the server-bug repairs). */
  private first: TargetChange[] | undefined = undefined;

  add(kind: TargetChangeKind, path: SchemaPath | undefined, message: string): void {
    this.parts.push(kind, path, undefined, message);
  }

  /** {@link add} at the member `key` of `path` (siblings share the path's pointer when built). */
  addAtMember(kind: TargetChangeKind, path: SchemaPath, key: string, message: string): void {
    this.parts.push(kind, path, key, message);
  }

  /** Puts changes already made before every change logged. */
  prepend(changes: readonly TargetChange[]): void {
    this.first = this.first === undefined ? changes.slice() : [...changes, ...this.first];
  }

  /** Forgets the conversion's changes (a fallback converts again); those prepended stay. */
  clear(): void {
    this.parts.length = 0;
  }

  /**
   * How many entries were logged (those prepended aside): a change, or a block of changes logged
   * again ({@link addMoved}). Positions for {@link since} and {@link addFrom}.
   */
  get size(): number {
    return this.parts.length / 4;
  }

  /** Logs again the first `count` changes another log logged (those prepended to it aside). */
  addFrom(other: ChangeLog, count: number): void {
    const { parts } = other;
    for (let index = 0; index < 4 * count; index++) this.parts.push(parts[index]);
  }

  /**
   * The changes logged since the first `start` (as {@link size} counted them), kept to be logged
   * again elsewhere by {@link addMoved}: an opaque list, read only by this class.
   */
  since(start: number): LoggedChanges {
    return { parts: this.parts.slice(4 * start) };
  }

  /** Logs `changes` again, at the paths they were logged at (a place converted once for two uses). */
  addAgain(changes: LoggedChanges): void {
    for (const part of changes.parts) this.parts.push(part);
  }

  /**
   * Logs `changes` again with every path under `from` moved under `to`: a subtree converted once
   * at `from` and copied to `to` (an inlined ref met again) made the same changes there. Kept as
   * one block, moved when the changes are read ({@link toArray}): a pydantic tool copies each
   * definition at every use, and moving every change of every copy as it was made was a tenth
   * of its conversion, for changes most callers never read.
   */
  addMoved(changes: LoggedChanges, from: SchemaPath, to: SchemaPath): void {
    if (changes.parts.length > 0) this.parts.push(MOVED_BLOCK, to, from, changes);
  }

  /** The changes as records, in the order logged: a new array, each pointer built once per step. */
  toArray(): TargetChange[] {
    const changes = this.first === undefined ? [] : this.first.slice();
    appendRecords(this.parts, undefined, changes);
    return changes;
  }
}

/** Appends the changes of `parts` as records, their paths moved by `move`, moved blocks expanded. */
function appendRecords(
  parts: readonly LogPart[],
  move: ((path: SchemaPath | undefined) => SchemaPath | undefined) | undefined,
  changes: TargetChange[],
): void {
  for (let index = 0; index < parts.length; index += 4) {
    if (parts[index] === MOVED_BLOCK) {
      const mover = pathMover(parts[index + 2] as SchemaPath, parts[index + 1] as SchemaPath, move);
      appendRecords((parts[index + 3] as LoggedChanges).parts, mover, changes);
      continue;
    }
    const path = parts[index + 1] as SchemaPath | undefined;
    const pointer = pointerOf(move === undefined ? path : move(path));
    const member = parts[index + 2] as string | undefined;
    changes.push({
      kind: parts[index] as TargetChangeKind,
      path: member === undefined ? pointer : memberPointer(pointer, member),
      message: parts[index + 3] as string,
    });
  }
}
