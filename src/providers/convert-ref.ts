// Local refs for a target: kept under root `$defs`, or inlined with recursion cut into JSON text.

import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import { parseLocalRefPointer } from '../schema/refs.js';
import { jsonByteLength } from '../schema/size.js';
import { at, type SchemaPath } from './changes.js';
import { type Context, type Converted, jsonText, type ParsedRef } from './convert-context.js';

/** Most refs inlined for one tool before further refs become JSON text. */
const MAX_INLINED_NODES = 20_000;

/**
 * What inlining may write for one tool: this many times the input's bytes, or
 * {@link MIN_INLINE_LIMIT_BYTES}, whichever is more. A "diamond" of definitions (each referring
 * twice to the next) doubles per level: 4.5 KB of input became a 31 MB Gemini tool before this.
 */
export const MAX_INLINE_GROWTH = 4;
export const MIN_INLINE_LIMIT_BYTES = 64_000;

/** A `$ref`: under `$defs` where the target takes refs, else inlined (recursion cut into JSON text). */
export function convertRef(node: JsonObject, ref: string, path: SchemaPath, ctx: Context, depth: number): Converted {
  const description = typeof node.description === 'string' ? node.description : undefined;
  const parsed = parsedRef(ref);
  const target = parsed === null ? undefined : resolvePointer(ctx.root, parsed.tokens);
  if (target === undefined) {
    ctx.log.add('ref_unresolved', at(path, '$ref'), `${JSON.stringify(ref)} does not resolve here; any value accepted`);
    return ctx.convert(description === undefined ? {} : { description }, path, ctx, depth + 1);
  }
  const { tokens, key } = parsed as ParsedRef;
  const [table, name] = tokens;
  const isDefinition = tokens.length === 2 && (table === '$defs' || table === 'definitions');
  // A ref into the schema's own properties (not `$defs`) is shared the same way where the target
  // takes refs: inlined at every use, two line-bot tools grew from 17.7 KB to 288 KB.
  const shareable = isDefinition || (tokens.length > 0 && isJsonObject(target));
  if (ctx.profile.refs === 'defs' && shareable) {
    ctx.defNames ??= new Map();
    let definition = ctx.defNames.get(key);
    if (definition === undefined) {
      const outName = uniqueDefinitionName(isDefinition ? (name as string) : definitionNameOf(tokens), ctx);
      // Made once per definition, not per ref: its ref text (escaped) and its restore plan.
      const escaped = outName.includes('~') || outName.includes('/') ? escapeToken(outName) : outName;
      definition = { name: outName, ref: `#/$defs/${escaped}`, plan: { kind: 'ref', name: outName } };
      ctx.defNames.set(key, definition);
      ctx.pending ??= [];
      ctx.pending.push({ tokens, outName });
    }
    if (ctx.currentDef !== undefined) ctx.edges?.get(ctx.currentDef)?.push(definition.name);
    const rewritten = definition.ref;
    if (rewritten !== ref) ctx.log.add('ref_rewritten', at(path, '$ref'), `${ref} written as ${rewritten}`);
    const schema: JsonObject = { $ref: rewritten };
    if (description !== undefined) schema.description = description;
    return { schema, plan: definition.plan, types: undefined };
  }
  if (ctx.inlineStack?.has(key) === true) {
    ctx.log.add('encoded_json_text', path, `recursive ${ref} cut here: sent as JSON text`);
    return jsonText(description, `a ${name ?? 'value'} as JSON text (recursive)`, false, ctx);
  }
  if (!withinInlineLimit(key, target, ctx)) {
    ctx.log.add(
      'encoded_json_text',
      path,
      `${ref} not inlined: the tool would grow past ${ctx.inlineLimitBytes.toLocaleString('en-US')} bytes (${MAX_INLINE_GROWTH}× its input); sent as JSON text`,
    );
    return jsonText(description, `a ${name ?? 'value'} as JSON text (too large to spell out here)`, false, ctx);
  }
  ctx.inlineStack ??= new Set();
  ctx.inlineStack.add(key);
  ctx.inlinedNodes++;
  const converted = ctx.convert(target, path, ctx, depth + 1);
  ctx.inlineStack.delete(key);
  ctx.log.add('ref_inlined', at(path, '$ref'), `${ref} inlined (the target does not take refs here)`);
  if (description === undefined) return converted;
  return { ...converted, schema: { ...converted.schema, description } };
}

function escapeToken(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * Most parsed refs kept (see {@link parsedRef}); the cache starts over when it is full. A longer
 * ref is parsed each time: the cache holds at most 4,096 refs of 256 characters of past input.
 */
const MAX_PARSED_REFS = 4_096;
const MAX_CACHED_REF_CHARS = 256;
const parsedRefs = new Map<string, ParsedRef | null>();

/**
 * A local ref's pointer, parsed once for every conversion: what a ref's text means does not depend
 * on the schema (only what it resolves to does, and resolving a pointer of a few tokens is a few
 * lookups). Parsed per conversion, its tokens, their key and a map of them were a fifth of what a
 * small ref-heavy conversion allocated. Null for a ref that is not a local JSON Pointer.
 */
export function parsedRef(ref: string): ParsedRef | null {
  const cacheable = ref.length <= MAX_CACHED_REF_CHARS;
  let parsed = cacheable ? parsedRefs.get(ref) : undefined;
  if (parsed === undefined) {
    const tokens = parseLocalRefPointer(ref);
    // Not frozen: a frozen array is iterated through the generic iterator protocol, an object per step.
    parsed = tokens === undefined ? null : { tokens, key: tokens.join('/') };
    if (!cacheable) return parsed;
    if (parsedRefs.size >= MAX_PARSED_REFS) parsedRefs.clear();
    parsedRefs.set(ref, parsed);
  }
  return parsed;
}

/**
 * Whether one more copy of `target` fits what inlining may write for this tool, counting it if
 * so. The count is the input bytes of each copy (refs inside it count when they are inlined in
 * turn), so it follows the output's size without measuring the output.
 */
export function withinInlineLimit(key: string, target: JsonValue, ctx: Context): boolean {
  if (ctx.inlinedNodes >= MAX_INLINED_NODES) {
    ctx.inlineLimited = true;
    return false;
  }
  ctx.inlineSizes ??= new Map();
  let size = ctx.inlineSizes.get(key);
  if (size === undefined) {
    size = jsonByteLength(target);
    ctx.inlineSizes.set(key, size);
  }
  // The limit is never below the minimum: the input is measured only once inlining passes it
  // (most tools never do; the verdict is the same as measuring it first).
  if (ctx.inlinedBytes + size > MIN_INLINE_LIMIT_BYTES) {
    if (ctx.inlineLimitBytes < 0)
      ctx.inlineLimitBytes = Math.max(MIN_INLINE_LIMIT_BYTES, MAX_INLINE_GROWTH * jsonByteLength(ctx.root));
    if (ctx.inlinedBytes + size > ctx.inlineLimitBytes) {
      ctx.inlineLimited = true;
      return false;
    }
  }
  ctx.inlinedBytes += size;
  return true;
}

/** A `$defs` name for a schema found by pointer: `#/properties/a/items` → `properties_a_items`. */
function definitionNameOf(tokens: readonly string[]): string {
  return tokens.join('_').replace(/[^A-Za-z0-9_.-]/g, '_');
}

/** The value at a pointer's tokens under `root`, if any. */
export function resolvePointer(root: JsonObject, tokens: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = root;
  for (const token of tokens) {
    if (Array.isArray(current)) current = /^(0|[1-9]\d*)$/.test(token) ? current[Number(token)] : undefined;
    else if (isJsonObject(current)) current = Object.hasOwn(current, token) ? current[token] : undefined;
    else return undefined;
  }
  return current;
}

/** `name`, or `name_2`, `name_3`, … when taken: a name no other definition of this conversion has. */
function uniqueDefinitionName(name: string, ctx: Context): string {
  ctx.defNamesTaken ??= { names: new Set(), next: new Map() };
  const { names, next } = ctx.defNamesTaken;
  let unique = name;
  // Each base goes on from the last number it gave: many refs that spell one name are not quadratic.
  let index = next.get(name) ?? 2;
  while (names.has(unique)) unique = `${name}_${index++}`;
  if (unique !== name) next.set(name, index);
  names.add(unique);
  return unique;
}

const NO_REFS: readonly string[] = [];

/**
 * Definitions that reach themselves through refs (a cycle), by name, in the order of `edges`.
 * - Tarjan's strongly connected components, iterative: a definition is recursive when its
 *   component has more than one member or it refers to itself. Each definition and ref is visited
 *   once (a search from every definition was quadratic: a chain of 10,000 definitions).
 */
export function recursiveDefinitions(edges: ReadonlyMap<string, Iterable<string>>): string[] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const open: string[] = [];
  const onOpen = new Set<string>();
  const recursive = new Set<string>();
  const frames: { name: string; refs: Iterator<string> }[] = [];
  const enter = (name: string) => {
    order.set(name, order.size);
    low.set(name, order.size - 1);
    open.push(name);
    onOpen.add(name);
    frames.push({ name, refs: (edges.get(name) ?? NO_REFS)[Symbol.iterator]() });
  };
  for (const start of edges.keys()) {
    if (order.has(start)) continue;
    enter(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as { name: string; refs: Iterator<string> };
      const step = frame.refs.next();
      if (step.done !== true) {
        const next = step.value;
        if (next === frame.name) recursive.add(next);
        if (!order.has(next)) enter(next);
        else if (onOpen.has(next))
          low.set(frame.name, Math.min(low.get(frame.name) as number, order.get(next) as number));
        continue;
      }
      frames.pop();
      const { name } = frame;
      const parent = frames[frames.length - 1];
      if (parent !== undefined) low.set(parent.name, Math.min(low.get(parent.name) as number, low.get(name) as number));
      if (low.get(name) !== order.get(name)) continue;
      // `name` roots a component: the names opened since it are its members.
      const members: string[] = [];
      let member: string;
      do {
        member = open.pop() as string;
        onOpen.delete(member);
        members.push(member);
      } while (member !== name);
      if (members.length > 1) for (const each of members) recursive.add(each);
    }
  }
  return [...edges.keys()].filter((name) => recursive.has(name));
}
