// Local refs for a target: kept under root `$defs`, or inlined with recursion cut into JSON text.

import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import { escapeToken } from '../schema/pointer-tokens.js';
import { parseLocalRefPointer } from '../schema/refs.js';
import { jsonByteLength } from '../schema/size.js';
import { at, type SchemaPath } from './changes.js';
import {
  type Context,
  type Converted,
  type InlinedConversion,
  jsonText,
  MAX_CONVERT_DEPTH,
  type ParsedRef,
} from './convert-context.js';

/** Most refs inlined for one tool before further refs become JSON text. */
export const MAX_INLINED_NODES = 20_000;

/**
 * Most changes and ref keys the copies of inlined conversions keep for one tool. A recording
 * keeps what its subtree logged, and the recordings around it keep it again: a chain of 200
 * definitions of 1,000 properties each would keep 20 million. Past this, conversions are no
 * longer recorded (those recorded are still copied).
 */
export const MAX_RECORDED_ENTRIES = 100_000;

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
  const name = tokens[1];
  const isDefinition = namesDefinition(tokens);
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
      ctx.pending.push({ tokens, key, outName });
    }
    if (ctx.currentDef !== undefined) ctx.edges?.get(ctx.currentDef)?.push(definition.name);
    // A referred place being recorded notes it for its definition's edges (see `referred-places.ts`).
    if (ctx.placeRecording > 0 && !ctx.profile.recursion) {
      ctx.placeRefNames ??= [];
      ctx.placeRefNames.push(definition.name);
    }
    const rewritten = definition.ref;
    if (rewritten !== ref) ctx.log.add('ref_rewritten', at(path, '$ref'), `${ref} written as ${rewritten}`);
    const schema: JsonObject = { $ref: rewritten };
    if (description !== undefined) schema.description = description;
    return { schema, plan: definition.plan, types: undefined };
  }
  if (ctx.recording > 0) noteKeyChecked(key, ctx);
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
  ctx.inlinedNodes++;
  const converted = inlinedConversion(parsed as ParsedRef, target, path, ctx, depth);
  ctx.log.add('ref_inlined', at(path, '$ref'), `${ref} inlined (the target does not take refs here)`);
  if (description === undefined) return converted;
  return { ...converted, schema: { ...converted.schema, description } };
}

/**
 * The conversion of an inlined ref's target at `path`: the one recorded at its first use when that
 * one holds here too, else converted (and recorded). Gemini and `portable` inline every use of a
 * definition, and a pydantic tool uses each several times: converted at every use, its output was
 * 3× its input and each use cost a conversion; copied to every use, a copy cost a fifth of the
 * conversion. The uses now share the recorded schema object, as `$RefParser.dereference` shares
 * a definition (the schema is a tree when serialized; a caller who edits one use copies first).
 * - A conversion holds elsewhere when it depended on nothing but its schema: no ref was refused
 *   for the tool's inline limit, nothing was cut for depth, and no ref it met was cut by the
 *   stack above it (a ref cut by the stack it built itself is cut the same way everywhere), and
 *   it read the server's own schema only in definitions, not at its own use site ({@link originalUseSite}).
 * - It is used again where none of the refs it looked up is on the stack (they are inlined there the
 *   same way), its inlining fits the tool's limit, and its depth fits {@link MAX_CONVERT_DEPTH}.
 * - A use logs the same changes again under its own path and adds the same counts.
 */
function inlinedConversion(
  { key, tokens }: ParsedRef,
  target: JsonValue,
  path: SchemaPath,
  ctx: Context,
  depth: number,
): Converted {
  const recorded = ctx.inlineMemo?.get(key);
  if (recorded !== undefined && canReuse(recorded, ctx, depth)) return reuseRecorded(recorded, path, ctx, depth);
  // Only where every ref is inlined: a ref kept under `$defs` notes an edge for the definition
  // being converted, which a reuse would not.
  const record = ctx.profile.refs === 'inline' && !ctx.inlineLimited && ctx.recordBudget > 0;
  const { tally, log } = ctx;
  const start = {
    changes: log.size,
    checked: ctx.inlineKeysChecked?.length ?? 0,
    inlinedNodes: ctx.inlinedNodes,
    inlinedBytes: ctx.inlinedBytes,
    maxDepth: tally.maxDepth,
    properties: tally.properties,
    enumValues: tally.enumValues,
    nameChars: tally.nameChars,
    largeEnumChars: tally.largeEnumChars,
  };
  // The subtree's own deepest level and largest enum are measured from zero, then merged back.
  tally.maxDepth = 0;
  tally.largeEnumChars = 0;
  ctx.inlineStack ??= new Map();
  ctx.inlinedFrom ??= new Map();
  const stack = ctx.inlineStack;
  const from = ctx.inlinedFrom;
  // A definition that is itself a ref is inlined at the same path: the outer one is put back after.
  const outer = from.get(path);
  // The refs on the stack above this conversion are those at a position below this one.
  const position = stack.size;
  const outerLowestCut = ctx.lowestCut;
  ctx.lowestCut = Number.POSITIVE_INFINITY;
  if (record) ctx.recording++;
  stack.set(key, position);
  from.set(path, tokens);
  let converted: Converted;
  let lowestCut: number;
  try {
    converted = ctx.convert(target, path, ctx, depth + 1);
  } finally {
    stack.delete(key);
    if (outer === undefined) from.delete(path);
    else from.set(path, outer);
    if (record) ctx.recording--;
    lowestCut = ctx.lowestCut;
    ctx.lowestCut = Math.min(outerLowestCut, lowestCut);
  }
  const maxDepth = tally.maxDepth;
  const largeEnumChars = tally.largeEnumChars;
  tally.maxDepth = Math.max(start.maxDepth, maxDepth);
  tally.largeEnumChars = Math.max(start.largeEnumChars, largeEnumChars);
  if (!record) return converted;
  const checked = ctx.inlineKeysChecked;
  if (
    !ctx.inlineLimited &&
    ctx.useSiteReads?.has(path) !== true &&
    maxDepth <= MAX_CONVERT_DEPTH &&
    // A ref cut by the stack above (not by one this conversion entered) is cut only here. Told
    // as the cut is made: a ring of definitions inlined nests a recording per definition, and
    // each listing the refs it looked up only to find one on the stack was quadratic.
    lowestCut >= position
  ) {
    const checkedCount = checked === undefined ? 0 : checked.length - start.checked;
    const entries = log.size - start.changes + checkedCount;
    if (entries <= ctx.recordBudget) {
      ctx.recordBudget -= entries;
      ctx.inlineMemo ??= new Map();
      ctx.inlineMemo.set(key, {
        converted,
        path,
        depth,
        changes: log.since(start.changes),
        keysChecked: checkedCount === 0 ? [] : distinct(checked as string[], start.checked),
        inlinedNodes: ctx.inlinedNodes - start.inlinedNodes,
        inlinedBytes: ctx.inlinedBytes - start.inlinedBytes,
        maxDepth,
        properties: tally.properties - start.properties,
        enumValues: tally.enumValues - start.enumValues,
        nameChars: tally.nameChars - start.nameChars,
        largeEnumChars,
      });
    } else ctx.recordBudget = 0;
  }
  if (ctx.recording === 0 && checked !== undefined) checked.length = 0;
  return converted;
}

/** Notes a ref key looked up in the inline stack, for the conversions being recorded, and where it cut. */
export function noteKeyChecked(key: string, ctx: Context): void {
  ctx.inlineKeysChecked ??= [];
  ctx.inlineKeysChecked.push(key);
  const position = ctx.inlineStack?.get(key);
  if (position !== undefined && position < ctx.lowestCut) ctx.lowestCut = position;
}

/** The distinct entries of `list` from `start` on. */
function distinct(list: readonly string[], start: number): string[] {
  const seen = new Set<string>();
  for (let index = start; index < list.length; index++) seen.add(list[index] as string);
  return [...seen];
}

/** Whether a recorded conversion holds at `depth` under the current inline stack (see {@link inlinedConversion}). */
function canReuse(recorded: InlinedConversion, ctx: Context, depth: number): boolean {
  if (recorded.maxDepth + (depth - recorded.depth) > MAX_CONVERT_DEPTH) return false;
  const stack = ctx.inlineStack;
  if (stack !== undefined && stack.size > 0) for (const key of recorded.keysChecked) if (stack.has(key)) return false;
  // Its refs' checks pass one by one exactly when their sum fits: the counts only grow.
  if (recorded.inlinedNodes > 0 && ctx.inlinedNodes + recorded.inlinedNodes > MAX_INLINED_NODES) return false;
  return recorded.inlinedBytes === 0 || fitsInlineLimit(recorded.inlinedBytes, ctx);
}

/** A recorded conversion used again at `path`: its schema shared, its changes and counts added again. */
function reuseRecorded(recorded: InlinedConversion, path: SchemaPath, ctx: Context, depth: number): Converted {
  const { converted, changes } = recorded;
  // A conversion being recorded around this one looked these up too.
  if (ctx.recording > 0) for (const key of recorded.keysChecked) noteKeyChecked(key, ctx);
  ctx.log.addMoved(changes, recorded.path, path);
  ctx.inlinedNodes += recorded.inlinedNodes;
  ctx.inlinedBytes += recorded.inlinedBytes;
  const { tally } = ctx;
  tally.maxDepth = Math.max(tally.maxDepth, recorded.maxDepth + (depth - recorded.depth));
  tally.properties += recorded.properties;
  tally.enumValues += recorded.enumValues;
  tally.nameChars += recorded.nameChars;
  tally.largeEnumChars = Math.max(tally.largeEnumChars, recorded.largeEnumChars);
  // The same schema object, not a copy (see {@link inlinedConversion}): no parent writes into a
  // child's schema on the inlining targets (the one that does, strict's optional properties, is
  // on targets that keep refs under `$defs`).
  const shared: Converted = { schema: converted.schema, plan: converted.plan, types: converted.types };
  if (converted.singleType !== undefined) shared.singleType = converted.singleType;
  return shared;
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
  if (!fitsInlineLimit(size, ctx)) {
    ctx.inlineLimited = true;
    return false;
  }
  ctx.inlinedBytes += size;
  return true;
}

/** Whether inlining `size` more bytes keeps the tool within what inlining may write. */
function fitsInlineLimit(size: number, ctx: Context): boolean {
  // The limit is never below the minimum: the input is measured only once inlining passes it
  // (most tools never do; the verdict is the same as measuring it first).
  if (ctx.inlinedBytes + size <= MIN_INLINE_LIMIT_BYTES) return true;
  if (ctx.inlineLimitBytes < 0)
    ctx.inlineLimitBytes = Math.max(MIN_INLINE_LIMIT_BYTES, MAX_INLINE_GROWTH * jsonByteLength(ctx.root));
  return ctx.inlinedBytes + size <= ctx.inlineLimitBytes;
}

/** Whether a ref's tokens name a whole root definition (`$defs/User`, `definitions/User`). */
export function namesDefinition(tokens: readonly string[]): boolean {
  const table = tokens[0];
  return tokens.length === 2 && (table === '$defs' || table === 'definitions');
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
