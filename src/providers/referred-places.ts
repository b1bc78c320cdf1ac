// Refs to a schema's place (`#/properties/a`) on targets that keep refs under `$defs`: the place
// is converted once, where it is, and its definition is a copy of that conversion.
//
// zod writes a schema used twice as a ref to its first use. The place is converted where it is
// (it is part of the tree) and, as a ref's target, again as a definition at the same path: the
// same input, path and depth (no level above 1 changes how a schema converts), so the same
// output, the same changes again and the same refs out of it. That second
// conversion was a third of a zod tool's conversion.

import type { JsonObject } from '../schema/json.js';
import { copyOwnedJson, isJsonObject } from '../schema/json.js';
import { atTokens, type LoggedChanges, type SchemaPath } from './changes.js';
import { type Context, type Converted, MAX_CONVERT_DEPTH } from './convert-context.js';
import { namesDefinition, parsedRef, resolvePointer } from './convert-ref.js';
import type { RestorePlan } from './restore-plan.js';

/** A place some ref points at: the ref's key, and the path a definition of it is converted at. */
export interface ReferredPlace {
  readonly key: string;
  readonly path: SchemaPath;
}

/** A referred place's conversion where it is, to be its definition's (see {@link recordedPlace}). */
export interface PlaceConversion {
  /** A copy of what it wrote, made before its parent could write into the schema (strict's nullable). */
  readonly schema: JsonObject;
  readonly plan: RestorePlan;
  readonly changes: LoggedChanges;
  /** The definitions its refs named, in order: the definition's edges for the recursion check. */
  readonly refNames: readonly string[];
}

/**
 * The places `pathRefs` point at in `root`, by their schema object: refs into the schema's
 * properties, items or compositions, or into a definition (`#/$defs/User/properties/name`). A
 * ref to a whole definition is not one (a definition is converted only as itself), nor one that
 * does not resolve to an object (it is inlined), nor one to a leaf (see {@link hasSubschemas}).
 */
export function referredPlaces(
  pathRefs: readonly string[],
  root: JsonObject,
  basePath: SchemaPath,
): Map<JsonObject, ReferredPlace> | undefined {
  let places: Map<JsonObject, ReferredPlace> | undefined;
  for (const ref of pathRefs) {
    const parsed = parsedRef(ref);
    if (parsed === null || parsed.tokens.length === 0) continue;
    const { tokens, key } = parsed;
    if (namesDefinition(tokens)) continue;
    const target = resolvePointer(root, tokens);
    if (!isJsonObject(target) || !hasSubschemas(target) || places?.has(target) === true) continue;
    places ??= new Map();
    places.set(target, { key, path: atTokens(basePath, tokens) });
  }
  return places;
}

/**
 * Whether a schema holds other schemas: a leaf (`{"type": "string", "enum": […]}`, what zod
 * shares most) converts as fast as it copies, and recording it only added the lookups.
 */
function hasSubschemas(schema: JsonObject): boolean {
  for (const key of SUBSCHEMA_KEYS) if (schema[key] !== undefined) return true;
  return false;
}

const SUBSCHEMA_KEYS = ['properties', 'items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', '$ref'] as const;

/**
 * Converts a referred place met in the tree (`ctx.convert` sends it here the first time), and
 * keeps a copy of the conversion for its definition when that one would come out the same:
 * - it is met at the path its definition is converted at (not inside an inlined ref, whose
 *   paths are the use site's);
 * - nothing in it was inlined (inlining counts against the tool's limit: a second conversion
 *   could be refused where the first was not);
 * - nothing in it was cut for depth (a definition starts higher up: it might not be).
 */
export function convertReferredPlace(
  node: JsonObject,
  place: ReferredPlace,
  path: SchemaPath,
  ctx: Context,
  depth: number,
): Converted {
  const places = ctx.referredPlaces as Map<JsonObject, ReferredPlace>;
  places.delete(node);
  // None left: the converter stops looking each schema up.
  if (places.size === 0) ctx.referredPlaces = undefined;
  if (!samePath(path, place.path) || (ctx.inlineStack?.size ?? 0) > 0) return ctx.convert(node, path, ctx, depth);
  const { tally, log } = ctx;
  const start = {
    changes: log.size,
    refNames: ctx.placeRefNames?.length ?? 0,
    inlinedNodes: ctx.inlinedNodes,
    maxDepth: tally.maxDepth,
  };
  tally.maxDepth = 0;
  ctx.placeRecording++;
  let converted: Converted;
  try {
    converted = ctx.convert(node, path, ctx, depth);
  } finally {
    ctx.placeRecording--;
  }
  const maxDepth = tally.maxDepth;
  tally.maxDepth = Math.max(start.maxDepth, maxDepth);
  const refNames = ctx.placeRefNames ?? [];
  if (maxDepth <= MAX_CONVERT_DEPTH && ctx.inlinedNodes === start.inlinedNodes) {
    ctx.placeConversions ??= new Map();
    ctx.placeConversions.set(place.key, {
      schema: copyOwnedJson(converted.schema),
      plan: converted.plan,
      changes: log.since(start.changes),
      refNames: refNames.slice(start.refNames),
    });
  }
  if (ctx.placeRecording === 0) refNames.length = 0;
  return converted;
}

/**
 * The definition of a referred place, from its conversion in the tree: the changes and edges
 * that converting it again would have made, made again; undefined when none was kept.
 * Its tally is not added: a schema with definitions is measured from its output.
 */
export function recordedPlace(key: string, ctx: Context): { schema: JsonObject; plan: RestorePlan } | undefined {
  const recorded = ctx.placeConversions?.get(key);
  if (recorded === undefined) return undefined;
  ctx.placeConversions?.delete(key);
  ctx.log.addAgain(recorded.changes);
  const edges = ctx.currentDef === undefined ? undefined : ctx.edges?.get(ctx.currentDef);
  if (edges !== undefined) for (const name of recorded.refNames) edges.push(name);
  return { schema: recorded.schema, plan: recorded.plan };
}

/** Whether two paths name the same place, step by step. */
function samePath(a: SchemaPath | undefined, b: SchemaPath | undefined): boolean {
  while (a !== b) {
    if (a === undefined || b === undefined || a.key !== b.key) return false;
    a = a.parent;
    b = b.parent;
  }
  return true;
}
