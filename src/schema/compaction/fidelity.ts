// The fidelity compaction policy: spend the budget where it buys the model the most, and land within it.

import { decodeAndMeasureRawSchema, measureRawSchema } from '../decode.js';
import type { JsonObject, JsonValue } from '../json.js';
import { isJsonObject } from '../json.js';
import type { JsonSchema } from '../model.js';
import { parseLocalDefinitionRef } from '../refs.js';
import { jsonByteLength } from '../size.js';
import { DEFINITION_TABLE_KEYS } from '../walk.js';

/**
 * The steps of the fidelity policy, in the order they run; each runs only while the schema is over
 * budget, and each degrades as little as it can (a binary search over its knob).
 */
export type FidelityStepName =
  | 'inline_definitions'
  | 'shorten_descriptions'
  | 'drop_descriptions'
  | 'collapse_optional_subtrees'
  | 'drop_large_enums'
  | 'collapse_required_subtrees'
  | 'trim_root';

/** One step that ran, with the size before and after (compact JSON bytes of the model). */
export interface FidelityStepRecord {
  name: FidelityStepName;
  bytesBefore: number;
  bytesAfter: number;
}

/** `,"description":` in compact JSON: what a description member weighs besides its quoted text. */
const DESCRIPTION_MEMBER_BYTES = 15;
/** `,"enum":` in compact JSON: what an enum member weighs besides its array. */
const ENUM_MEMBER_BYTES = 8;
/** The shortest a description is cut to before descriptions start being dropped, in characters. */
const MIN_DESCRIPTION_CHARS = 20;
const JSON_SCHEMA_TYPE_NAMES: ReadonlySet<string> = new Set([
  'string',
  'number',
  'boolean',
  'integer',
  'object',
  'array',
  'null',
]);

/** An enum longer than this is a candidate for dropping (its type stays, so any value of it is accepted). */
const LARGE_ENUM_VALUES = 8;

/** A schema node found in the walk, with where it sits. */
interface SchemaNode {
  node: JsonObject;
  holder: JsonObject | JsonValue[];
  key: string | number;
  depth: number;
  /** Every step from the root goes through required properties (or items/compositions of such). */
  required: boolean;
}

/** Every schema object under the root (definitions included, at depth 1), parents before children. */
function schemaNodes(root: JsonObject): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  const visit = (holder: JsonObject | JsonValue[], key: string | number, depth: number, required: boolean) => {
    const node = Array.isArray(holder) ? holder[key as number] : holder[key as string];
    if (!isJsonObject(node)) return;
    nodes.push({ node, holder, key, depth, required });
    const properties = node.properties;
    if (isJsonObject(properties)) {
      const names = new Set(Array.isArray(node.required) ? node.required : []);
      for (const name of Object.keys(properties)) visit(properties, name, depth + 1, required && names.has(name));
    }
    if (isJsonObject(node.items)) visit(node, 'items', depth + 1, required);
    if (isJsonObject(node.additionalProperties)) visit(node, 'additionalProperties', depth + 1, false);
    for (const composition of ['anyOf', 'oneOf', 'allOf'] as const) {
      const list = node[composition];
      if (Array.isArray(list))
        for (let index = 0; index < list.length; index++) visit(list, index, depth + 1, required);
    }
  };
  visit({ root }, 'root', 0, true);
  for (const table of DEFINITION_TABLE_KEYS) {
    const entries = root[table];
    if (isJsonObject(entries)) for (const name of Object.keys(entries)) visit(entries, name, 1, false);
  }
  return nodes;
}

/** A description ready to be cut many times: whitespace folded, sentence ends found once. */
interface PreparedText {
  text: string;
  /** Indices just past each sentence end (`.`, `!`, `?` before whitespace or the end). */
  sentenceEnds: number[];
  /** Bytes of its JSON string per character, quotes aside (escapes and UTF-8 included). */
  bytesPerChar: number;
}

function prepareText(raw: string): PreparedText {
  const text = raw.trim().replace(/\s+/g, ' ');
  const sentenceEnds: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if ((char === '.' || char === '!' || char === '?') && (index + 1 === text.length || text[index + 1] === ' '))
      sentenceEnds.push(index + 1);
  }
  const bytesPerChar = text.length === 0 ? 1 : (jsonByteLength(text) - 2) / text.length;
  return { text, sentenceEnds, bytesPerChar };
}

/** The JSON bytes a text cut to `maxChars` will weigh, estimated without cutting it. */
function estimateCutBytes(prepared: PreparedText, maxChars: number): number {
  return 2 + Math.ceil(Math.min(prepared.text.length, maxChars) * prepared.bytesPerChar);
}

function cutPrepared({ text, sentenceEnds }: PreparedText, maxChars: number): string {
  if (text.length <= maxChars) return text;
  // Whole sentences, when they fill most of the room; else whole words up to the cap.
  let end = 0;
  for (const sentenceEnd of sentenceEnds) {
    if (sentenceEnd > maxChars) break;
    end = sentenceEnd;
  }
  if (end >= maxChars * 0.6) return text.slice(0, end);
  const cut = text.slice(0, Math.max(1, maxChars - 1));
  // A cut that ends where a word ends keeps that word; else back to the last space.
  if (text[cut.length] === ' ') return `${cut}…`;
  const space = cut.lastIndexOf(' ');
  return `${space > maxChars / 2 ? cut.slice(0, space) : cut}…`;
}

/**
 * A description cut to `maxChars`: whole sentences when they fill most of the room, else whole
 * words up to the cap with an ellipsis. Shorter text is returned as it is (whitespace folded).
 */
export function shortenDescription(text: string, maxChars: number): string {
  return cutPrepared(prepareText(text), maxChars);
}

/** Replaces each `$ref` to a root definition referenced exactly once by the definition itself. */
function inlineDefinitionsUsedOnce(root: JsonObject): boolean {
  const uses = new Map<string, SchemaNode[]>();
  for (const entry of schemaNodes(root)) {
    const ref = entry.node.$ref;
    if (typeof ref !== 'string') continue;
    const local = parseLocalDefinitionRef(ref);
    if (local === undefined) continue;
    const key = `${local.table}/${local.name}`;
    uses.set(key, [...(uses.get(key) ?? []), entry]);
  }
  let changed = false;
  for (const [key, entries] of uses) {
    const [table, ...rest] = key.split('/');
    const name = rest.join('/');
    const definitions = root[table as string];
    const use = entries[0];
    if (entries.length !== 1 || use === undefined || !isJsonObject(definitions) || !Object.hasOwn(definitions, name))
      continue;
    const definition = definitions[name];
    // A definition that refers to itself (directly or not) stays a definition.
    if (!isJsonObject(definition) || JSON.stringify(definition).includes(`"#/${table}/`)) continue;
    const { $ref: _ref, ...siblings } = use.node;
    const inlined: JsonObject = { ...definition, ...siblings };
    if (Array.isArray(use.holder)) use.holder[use.key as number] = inlined;
    else use.holder[use.key as string] = inlined;
    delete definitions[name];
    if (Object.keys(definitions).length === 0) delete root[table as string];
    changed = true;
  }
  return changed;
}

/**
 * The collapsed form of a subtree: its type (with the empty `properties` or `items` sanitize would
 * add otherwise, so that a compacted schema parses to itself), and a short description.
 */
function collapsed(node: JsonObject, keepDescription = true): JsonObject {
  const out: JsonObject = {};
  const types = Array.isArray(node.type) ? node.type : [node.type];
  // Only a type sanitize keeps on its own: alone, an invalid one would be emptied on a second parse.
  const valid = types.length > 0 && types.every((type) => typeof type === 'string' && JSON_SCHEMA_TYPE_NAMES.has(type));
  if (!valid) return {};
  out.type = node.type as JsonValue;
  if (types.includes('object')) out.properties = {};
  if (types.includes('array')) out.items = {};
  if (keepDescription && typeof node.description === 'string')
    out.description = shortenDescription(node.description, 60);
  return out;
}

function hasChildren(node: JsonObject): boolean {
  return (
    (isJsonObject(node.properties) && Object.keys(node.properties).length > 0) ||
    isJsonObject(node.items) ||
    isJsonObject(node.additionalProperties) ||
    Array.isArray(node.anyOf) ||
    Array.isArray(node.oneOf) ||
    Array.isArray(node.allOf) ||
    typeof node.$ref === 'string'
  );
}

/** Finds the least degradation level in [0, levels) that fits (levels are monotone); -1 if none does. */
function leastLevelThatFits(levels: number, apply: (level: number) => number, budgetBytes: number): number {
  let low = 0;
  let high = levels - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (apply(middle) <= budgetBytes) {
      found = middle;
      high = middle - 1;
    } else low = middle + 1;
  }
  return found;
}

/**
 * Compacts a raw (sanitized, pruned) schema to the budget, in place, keeping what the model
 * needs most: each step runs only while the model is over budget, and the final model always fits.
 * 1. inline definitions used once (their refs gain the content, the table loses the entry);
 * 2. shorten long descriptions (first sentence, then whole words) — the longest cap that fits;
 * 3. drop descriptions, deepest first — the shallowest depth that fits;
 * 4. collapse subtrees that are not required, deepest then largest first, to their type;
 * 5. drop large enums (the type stays: any value of it is accepted);
 * 6. collapse required subtrees the same way;
 * 7. trim the root: its properties to their types, then optional ones out, then all.
 * Returns the new root, the steps that ran with their sizes, and the final size.
 */
export function compactForFidelity(
  input: JsonValue,
  budgetBytes: number,
  onStep?: (record: FidelityStepRecord, raw: JsonValue) => void,
  initialBytes?: number,
): { raw: JsonValue; steps: FidelityStepRecord[]; bytes: number; schema: JsonSchema | undefined } {
  const steps: FidelityStepRecord[] = [];
  // Each measure is a decoding walk that also builds the model once it fits: the last measure is the decode.
  let schema: JsonSchema | undefined;
  const modelBytes = (raw: JsonValue): number => {
    const measured = decodeAndMeasureRawSchema(raw, { exactText: true, buildLimitBytes: budgetBytes });
    schema = measured.lowerBytes <= budgetBytes ? measured.schema : undefined;
    return measured.lowerBytes;
  };
  let bytes = initialBytes ?? modelBytes(input);
  if (!isJsonObject(input) || bytes <= budgetBytes) return { raw: input, steps, bytes, schema };
  const root = input;
  const done = () => ({ raw: root, steps, bytes, schema });
  const record = (name: FidelityStepName, before: number) => {
    const step = { name, bytesBefore: before, bytesAfter: bytes };
    steps.push(step);
    onStep?.(step, root);
  };

  // 1. Inline definitions used once.
  // (No measure of its own: the description step's first estimate says whether it now fits.)
  if (inlineDefinitionsUsedOnce(root)) {
    const before = bytes;
    bytes = measureRawSchema(root, { exactText: true }).lowerBytes;
    record('inline_definitions', before);
  }

  // 2–3. Descriptions: their weight is worked out from their text (one exact measure of the
  // schema without them), so each level of the searches costs no walk of the schema.
  const described = schemaNodes(root).filter((entry) => typeof entry.node.description === 'string');
  const originals = described.map((entry) => prepareText(entry.node.description as string));
  const withoutDescriptions = measureRawSchema(root, { exactText: true, withoutDescriptions: true }).lowerBytes;
  // `,"description":` and the quoted text: a member's bytes in compact JSON.
  const weigh = (text: string | undefined) =>
    text === undefined ? 0 : DESCRIPTION_MEMBER_BYTES + jsonByteLength(text);
  const sizeWith = (texts: (string | undefined)[]) =>
    texts.reduce((total, text) => total + weigh(text), withoutDescriptions);
  const apply = (texts: (string | undefined)[]) => {
    described.forEach((entry, index) => {
      const text = texts[index];
      if (text === undefined) delete entry.node.description;
      else entry.node.description = text;
    });
    return modelBytes(root);
  };

  if (withoutDescriptions > budgetBytes) {
    // Over budget even without any description: both searches would end there; skip to collapsing.
    const before = bytes;
    bytes = apply(described.map(() => undefined));
    if (bytes !== before) record('drop_descriptions', before);
    return collapseAndTrim();
  }

  // 2. Shorten descriptions: the longest cap that fits, else the shortest.
  const longest = originals.reduce((max, prepared) => Math.max(max, prepared.text.length), MIN_DESCRIPTION_CHARS);
  // Level 0 caps at the longest description (nothing cut), the last level at the minimum.
  const levels = longest - MIN_DESCRIPTION_CHARS + 1;
  const shortenedAt = (level: number) => originals.map((prepared) => cutPrepared(prepared, longest - level));
  const estimateAt = (level: number) =>
    originals.reduce(
      (total, prepared) => total + DESCRIPTION_MEMBER_BYTES + estimateCutBytes(prepared, longest - level),
      withoutDescriptions,
    );
  {
    const before = bytes;
    let level = leastLevelThatFits(levels, estimateAt, budgetBytes);
    if (level === -1) level = levels - 1;
    bytes = apply(shortenedAt(level));
    // The weights are exact but for a few commas: step on while the exact measure disagrees.
    while (bytes > budgetBytes && level < levels - 1) {
      level = Math.min(
        levels - 1,
        level + Math.max(1, Math.ceil((bytes - budgetBytes) / Math.max(1, described.length))),
      );
      bytes = apply(shortenedAt(level));
    }
    if (bytes !== before) record('shorten_descriptions', before);
    if (bytes <= budgetBytes) return done();
  }

  // 3. Drop descriptions, deepest first: the greatest depth limit that fits.
  const maxDepth = described.reduce((deepest, entry) => Math.max(deepest, entry.depth), 0);
  const shortened = described.map((entry) => entry.node.description as string);
  // Level 0 drops the deepest descriptions only, level maxDepth drops them all.
  const keptAt = (level: number) =>
    described.map((entry, index) => (entry.depth >= maxDepth - level ? undefined : shortened[index]));
  {
    const before = bytes;
    let level = leastLevelThatFits(maxDepth + 1, (at) => sizeWith(keptAt(at)), budgetBytes);
    if (level === -1) level = maxDepth;
    bytes = apply(keptAt(level));
    while (bytes > budgetBytes && level < maxDepth) bytes = apply(keptAt(++level));
    if (bytes !== before) record('drop_descriptions', before);
    if (bytes <= budgetBytes) return done();
  }
  return collapseAndTrim();

  function collapseAndTrim() {
    // 4–6. Collapse subtrees (optional, then large enums, then required), largest savings per step.
    const collapse = (name: FidelityStepName, pick: (entry: SchemaNode) => boolean) => {
      const before = bytes;
      const sizes = subtreeSizes(root);
      const candidates = schemaNodes(root)
        .filter((entry) => entry.depth > 0 && hasChildren(entry.node) && pick(entry))
        .map((entry) => ({ entry, size: sizes.get(entry.node) ?? 0 }))
        .sort((a, b) => b.entry.depth - a.entry.depth || b.size - a.size);
      const gone = new Set<JsonObject>();
      let index = 0;
      while (bytes > budgetBytes && index < candidates.length) {
        let saved = 0;
        const need = bytes - budgetBytes;
        while (saved < need && index < candidates.length) {
          const { entry, size } = candidates[index++] as { entry: SchemaNode; size: number };
          if (gone.has(entry.node)) continue;
          const replacement = collapsed(entry.node);
          markGone(entry.node, gone);
          if (Array.isArray(entry.holder)) entry.holder[entry.key as number] = replacement;
          else entry.holder[entry.key as string] = replacement;
          saved += size - jsonByteLength(replacement);
        }
        bytes = modelBytes(root);
      }
      if (bytes !== before) record(name, before);
    };
    collapse('collapse_optional_subtrees', (entry) => !entry.required);
    if (bytes <= budgetBytes) return done();

    {
      const before = bytes;
      const enums = schemaNodes(root)
        .filter(
          (entry) => Array.isArray(entry.node.enum) && (entry.node.enum as JsonValue[]).length > LARGE_ENUM_VALUES,
        )
        .sort((a, b) => (b.node.enum as JsonValue[]).length - (a.node.enum as JsonValue[]).length);
      // Drop the largest first until their weight covers the excess, then measure; again if short.
      let index = 0;
      while (bytes > budgetBytes && index < enums.length) {
        let saved = 0;
        while (saved < bytes - budgetBytes && index < enums.length) {
          const entry = enums[index++] as SchemaNode;
          saved += ENUM_MEMBER_BYTES + jsonByteLength(entry.node.enum as JsonValue);
          delete entry.node.enum;
        }
        bytes = modelBytes(root);
      }
      if (bytes !== before) record('drop_large_enums', before);
      if (bytes <= budgetBytes) return done();
    }

    collapse('collapse_required_subtrees', () => true);
    if (bytes <= budgetBytes) return done();

    // 7. The root itself: properties to bare types, then optional ones out, then everything.
    const before = bytes;
    for (const table of DEFINITION_TABLE_KEYS) delete root[table];
    const properties = isJsonObject(root.properties) ? root.properties : {};
    for (const name of Object.keys(properties)) {
      const property = properties[name];
      properties[name] = isJsonObject(property) ? collapsed(property, false) : {};
    }
    delete root.description;
    bytes = modelBytes(root);
    const required = new Set(Array.isArray(root.required) ? root.required : []);
    const names = Object.keys(properties).sort((a, b) => Number(required.has(a)) - Number(required.has(b)));
    for (const name of names) {
      if (bytes <= budgetBytes) break;
      delete properties[name];
      bytes = modelBytes(root);
    }
    if (bytes > budgetBytes) {
      const bare = collapsed(root, false);
      for (const key of Object.keys(root)) delete root[key];
      Object.assign(root, bare);
      bytes = modelBytes(root);
    }
    record('trim_root', before);
    return done();
  }
}

function markGone(node: JsonObject, gone: Set<JsonObject>): void {
  const stack: JsonValue[] = [node];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) for (const item of current) stack.push(item);
    else if (isJsonObject(current)) {
      gone.add(current);
      for (const value of Object.values(current)) if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
}

/** The compact JSON size of every object and array under `root`, in one post-order walk. */
function subtreeSizes(root: JsonValue): Map<object, number> {
  const sizes = new Map<object, number>();
  const size = (value: JsonValue): number => {
    if (value === null || typeof value !== 'object') return jsonByteLength(value);
    let total = 2;
    if (Array.isArray(value)) {
      for (const item of value) total += size(item) + 1;
      if (value.length > 0) total -= 1;
    } else {
      let first = true;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const member = value[key] as JsonValue;
        if (member === undefined) continue;
        total += (first ? 0 : 1) + jsonByteLength(key) + 1 + size(member);
        first = false;
      }
    }
    sizes.set(value, total);
    return total;
  };
  size(root);
  return sizes;
}
