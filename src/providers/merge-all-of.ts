// allOf merged into one schema, for targets that do not accept it (OpenAI strict, Gemini, any root).
import type { JsonObject, JsonValue } from '../schema/json.js';
import { copyMembers, hasNoKeys, isJsonObject, setOwn } from '../schema/json.js';
import { parsedRef } from './convert-ref.js';

/** Most `$ref` hops followed to reach one allOf member's schema. */
const MAX_MEMBER_REF_HOPS = 16;

/** A ref a merge followed, and the schema it found: what the merge wrote in its place. Read-only (shared). */
export interface FollowedRef {
  readonly ref: string;
  /** The ref's pointer tokens joined by `/`: the key inlining tracks refs by. */
  readonly key: string;
  readonly target: JsonObject;
}

/** Each ref text a tool's merges resolved against its root (null: it names no schema). */
type ResolvedRefs = Map<string, FollowedRef | null>;

/** `ref` resolved against `root`, once per ref text for `resolved` (when given). */
function resolveRef(ref: string, root: JsonObject, resolved: ResolvedRefs | undefined): FollowedRef | null {
  let found = resolved?.get(ref);
  if (found !== undefined) return found;
  found = null;
  const parsed = parsedRef(ref);
  if (parsed !== null) {
    let target: JsonValue | undefined = root;
    for (const token of parsed.tokens)
      target = isJsonObject(target) && Object.hasOwn(target, token) ? target[token] : undefined;
    if (isJsonObject(target)) found = { ref, key: parsed.key, target };
  }
  resolved?.set(ref, found);
  return found;
}

function resolveMember(
  member: JsonValue,
  root: JsonObject,
  followed: FollowedRef[] | undefined,
  resolved: ResolvedRefs | undefined,
): JsonObject | undefined {
  let current: JsonValue | undefined = member;
  for (let hop = 0; hop < MAX_MEMBER_REF_HOPS && isJsonObject(current) && typeof current.$ref === 'string'; hop++) {
    const found = resolveRef(current.$ref, root, resolved);
    if (found === null) return undefined;
    followed?.push(found);
    current = withSiblings(found.target, current);
  }
  return isJsonObject(current) ? current : undefined;
}

/**
 * `target` with the keywords beside `refNode`'s `$ref` written over it, as `{...target, ...siblings}`
 * writes them, in a new object; `target` itself when there are none (nearly every member is a bare
 * ref, and the merge only reads what it resolves).
 */
function withSiblings(target: JsonObject, refNode: JsonObject): JsonObject {
  let out: JsonObject | undefined;
  for (const key in refNode) {
    if (key === '$ref' || !Object.hasOwn(refNode, key)) continue;
    out ??= { ...target };
    setOwn(out, key, refNode[key] as JsonValue);
  }
  return out ?? target;
}

/** An allOf node's merge, and the refs it followed. */
export interface MadeMerge {
  merged: JsonObject;
  followed: readonly FollowedRef[];
}

/**
 * Merges made for one tool's schema, by allOf node: a merge depends on its node and the root
 * only, so OpenAI strict's bounds walk and the converter after it share them (each merged the
 * same nodes: a fifth of a small allOf tool's strict conversion), and a node met twice (in a
 * definition inlined at two places) is merged once. The refs the merges resolve are resolved once
 * too: every model that extends a base names it, and resolving it was half of each merge.
 */
export interface MadeMerges {
  readonly byNode: Map<JsonObject, MadeMerge>;
  readonly resolved: ResolvedRefs;
}

/** An empty {@link MadeMerges}, for one tool's schema. */
export function madeMerges(): MadeMerges {
  return { byNode: new Map(), resolved: new Map() };
}

/** {@link mergeAllOf} at depth 0, made once per node for `made` (see {@link MadeMerges}). */
export function mergeAllOfOnce(node: JsonObject, root: JsonObject, made: MadeMerges | undefined): MadeMerge {
  let merge = made?.byNode.get(node);
  if (merge === undefined) {
    const followed: FollowedRef[] = [];
    merge = { merged: mergeAllOf(node, root, 0, followed, undefined, made?.resolved), followed };
    made?.byNode.set(node, merge);
  }
  return merge;
}

/** The refs of `$ref` members, in one merge: those being merged, and those merged. */
interface MergedRefs {
  open: Set<string>;
  done: Set<string>;
}

/**
 * Merges a schema's `allOf` members into it (refs resolved, nested allOf flattened).
 * - `properties` are united (a name defined twice keeps the first definition), `required` united.
 * - `type`, `description` and every other keyword: the schema's own first, then the first member's.
 * - A member that is not a schema (or an unresolvable ref) is skipped. A member whose ref was
 *   merged already in this merge, or is being merged around it, adds only its other keywords.
 * - Returns a new object; the input is not modified.
 * - `followed` gets every ref resolved on the way: what the merge inlined, for a caller that
 *   bounds inlining (a recursive definition merged into itself would grow without end).
 */
export function mergeAllOf(
  node: JsonObject,
  root: JsonObject,
  depth = 0,
  followed?: FollowedRef[],
  refs?: MergedRefs,
  /** Ref texts resolved already, and where those resolved now are kept (see {@link MadeMerges}). */
  resolved?: ResolvedRefs,
): JsonObject {
  const { allOf } = node;
  if (!Array.isArray(allOf)) return node;
  // The node's own keywords but allOf, in their order: what `{allOf, ...merged} = node` gives,
  // without the rest copy's generic path (a merge is made for every allOf of a strict tool).
  const merged = copyMembers(node, 'allOf');
  const properties: JsonObject = isJsonObject(merged.properties) ? { ...merged.properties } : {};
  const required = new Set<string>();
  if (Array.isArray(merged.required))
    for (const name of merged.required) if (typeof name === 'string') required.add(name);
  for (const entry of allOf) {
    // A ref already merged in this merge, or being merged around this member, adds nothing but
    // the member's own keywords beside it (first wins, lists are united): merging its schema
    // again made `{"allOf": [X, X, X]}` inside X 3^16 merges, siblings beside the refs or not.
    const ref = isJsonObject(entry) && typeof entry.$ref === 'string' ? entry.$ref : undefined;
    let member: JsonObject | undefined;
    if (ref !== undefined && refs !== undefined && (refs.open.has(ref) || refs.done.has(ref))) {
      const { $ref: _merged, ...siblings } = entry as JsonObject;
      member = siblings;
    } else member = resolveMember(entry, root, followed, resolved);
    if (member === undefined) continue;
    // Made on the first ref: a merge without one (or of one ref) needs no sets.
    if (ref !== undefined) refs ??= { open: new Set(), done: new Set() };
    if (Array.isArray(member.allOf) && depth < MAX_MEMBER_REF_HOPS) {
      refs ??= { open: new Set(), done: new Set() };
      // Open until its schema is merged; an outer merge of the same ref keeps it open.
      const opened = ref !== undefined && !refs.open.has(ref);
      if (opened) refs.open.add(ref);
      member = mergeAllOf(member, root, depth + 1, followed, refs, resolved);
      if (opened) refs.open.delete(ref);
    }
    if (ref !== undefined) (refs as MergedRefs).done.add(ref);
    const memberProperties = member.properties;
    if (isJsonObject(memberProperties)) {
      for (const name in memberProperties) {
        if (Object.hasOwn(memberProperties, name) && !Object.hasOwn(properties, name))
          setOwn(properties, name, memberProperties[name] as JsonValue);
      }
    }
    if (Array.isArray(member.required))
      for (const name of member.required) if (typeof name === 'string') required.add(name);
    for (const key in member) {
      if (key === 'properties' || key === 'required' || key === 'allOf' || !Object.hasOwn(member, key)) continue;
      if (!Object.hasOwn(merged, key)) setOwn(merged, key, member[key] as JsonValue);
    }
  }
  if (merged.type === 'object' || !hasNoKeys(properties)) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  if (merged.type === undefined && merged.properties !== undefined) merged.type = 'object';
  return merged;
}
