// allOf merged into one schema, for targets that do not accept it (OpenAI strict, Gemini, any root).
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject, setOwn } from '../schema/json.js';
import { parseLocalRefPointer } from '../schema/refs.js';

/** Most `$ref` hops followed to reach one allOf member's schema. */
const MAX_MEMBER_REF_HOPS = 16;

/** A ref a merge followed, and the schema it found: what the merge wrote in its place. */
export interface FollowedRef {
  ref: string;
  /** The ref's pointer tokens joined by `/`: the key inlining tracks refs by. */
  key: string;
  target: JsonObject;
}

function resolveMember(
  member: JsonValue,
  root: JsonObject,
  followed: FollowedRef[] | undefined,
): JsonObject | undefined {
  let current: JsonValue | undefined = member;
  for (let hop = 0; hop < MAX_MEMBER_REF_HOPS && isJsonObject(current) && typeof current.$ref === 'string'; hop++) {
    const tokens = parseLocalRefPointer(current.$ref);
    if (tokens === undefined) return undefined;
    let target: JsonValue | undefined = root;
    for (const token of tokens)
      target = isJsonObject(target) && Object.hasOwn(target, token) ? target[token] : undefined;
    if (!isJsonObject(target)) return undefined;
    followed?.push({ ref: current.$ref, key: tokens.join('/'), target });
    current = withSiblings(target, current);
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
  followed: FollowedRef[];
}

/**
 * Merges made for one tool's schema, by allOf node: a merge depends on its node and the root
 * only, so OpenAI strict's bounds walk and the converter after it share them (each merged the
 * same nodes: a fifth of a small allOf tool's strict conversion).
 */
export type MadeMerges = Map<JsonObject, MadeMerge>;

/** {@link mergeAllOf} at depth 0, made once per node for `made` (see {@link MadeMerges}). */
export function mergeAllOfOnce(node: JsonObject, root: JsonObject, made: MadeMerges | undefined): MadeMerge {
  let merge = made?.get(node);
  if (merge === undefined) {
    const followed: FollowedRef[] = [];
    merge = { merged: mergeAllOf(node, root, 0, followed), followed };
    made?.set(node, merge);
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
  refs: MergedRefs = { open: new Set(), done: new Set() },
): JsonObject {
  const { allOf, ...merged } = node;
  if (!Array.isArray(allOf)) return node;
  const properties: JsonObject = isJsonObject(merged.properties) ? { ...merged.properties } : {};
  const required = new Set(Array.isArray(merged.required) ? merged.required.filter((n) => typeof n === 'string') : []);
  for (const entry of allOf) {
    // A ref already merged in this merge, or being merged around this member, adds nothing but
    // the member's own keywords beside it (first wins, lists are united): merging its schema
    // again made `{"allOf": [X, X, X]}` inside X 3^16 merges, siblings beside the refs or not.
    const ref = isJsonObject(entry) && typeof entry.$ref === 'string' ? entry.$ref : undefined;
    let member: JsonObject | undefined;
    if (ref !== undefined && (refs.open.has(ref) || refs.done.has(ref))) {
      const { $ref: _merged, ...siblings } = entry as JsonObject;
      member = siblings;
    } else member = resolveMember(entry, root, followed);
    if (member === undefined) continue;
    if (Array.isArray(member.allOf) && depth < MAX_MEMBER_REF_HOPS) {
      // Open until its schema is merged; an outer merge of the same ref keeps it open.
      const opened = ref !== undefined && !refs.open.has(ref);
      if (opened) refs.open.add(ref);
      member = mergeAllOf(member, root, depth + 1, followed, refs);
      if (opened) refs.open.delete(ref);
    }
    if (ref !== undefined) refs.done.add(ref);
    if (isJsonObject(member.properties)) {
      for (const name of Object.keys(member.properties)) {
        if (!Object.hasOwn(properties, name)) setOwn(properties, name, member.properties[name] as JsonValue);
      }
    }
    if (Array.isArray(member.required))
      for (const name of member.required) if (typeof name === 'string') required.add(name);
    for (const key of Object.keys(member)) {
      if (key === 'properties' || key === 'required' || key === 'allOf') continue;
      if (!Object.hasOwn(merged, key)) setOwn(merged, key, member[key] as JsonValue);
    }
  }
  if (Object.keys(properties).length > 0 || merged.type === 'object') merged.properties = properties;
  if (required.size > 0) merged.required = [...required] as string[];
  if (merged.type === undefined && merged.properties !== undefined) merged.type = 'object';
  return merged;
}
