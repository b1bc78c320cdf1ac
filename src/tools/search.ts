// Tool search: the text a deferred tool is found by (SPEC §2.5), and a ranked index over it.
import MiniSearch from 'minisearch';
import {
  describeValue,
  expectArrayArgument,
  expectObjectArgument,
  optionsObject,
  readingHandWritten,
  ToolSchemaError,
} from '../errors.js';
import { isJsonObject } from '../schema/json.js';
import type { JsonSchema } from '../schema/model.js';
import type { ResponsesFunctionTool, ResponsesTool } from './responses.js';

/** A tool written by hand may hold anything where text belongs: only text is searched. */
function pushPart(parts: string[], text: unknown): void {
  if (typeof text !== 'string') return;
  const trimmed = text.trim();
  if (trimmed) parts.push(trimmed);
}

/** A property's name, waiting on the walk's stack for its turn (see {@link schemaParts}). */
class PropertyName {
  constructor(readonly name: string) {}
}

/**
 * Search parts of a parameter schema: its description, each property's name and parts, items,
 * anyOf variants, in that order, depth first. Walked with a stack of its own and each object read
 * once: a schema written by hand may nest deeper than the call stack goes, or hold itself (a
 * recursive walk threw a RangeError on both); a tree, which JSON always is, reads the same.
 */
function schemaParts(root: JsonSchema, parts: string[]): void {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  const later: unknown[] = [];
  while (stack.length > 0) {
    const task = stack.pop();
    if (task instanceof PropertyName) {
      pushPart(parts, task.name);
      continue;
    }
    if (!isJsonObject(task as JsonSchema) || seen.has(task as object)) continue;
    const schema = task as Exclude<JsonSchema, boolean>;
    seen.add(schema);
    pushPart(parts, schema.description);
    later.length = 0;
    if (isJsonObject(schema.properties))
      for (const [name, property] of Object.entries(schema.properties)) later.push(new PropertyName(name), property);
    if (schema.items !== undefined) later.push(schema.items);
    if (Array.isArray(schema.anyOf)) for (const variant of schema.anyOf) later.push(variant);
    for (let index = later.length - 1; index >= 0; index--) stack.push(later[index]);
  }
}

function functionParts(tool: ResponsesFunctionTool, parts: string[]): void {
  if (!isJsonObject(tool)) return;
  pushPart(parts, tool.name);
  if (typeof tool.name === 'string') pushPart(parts, tool.name.replaceAll('_', ' '));
  pushPart(parts, tool.description);
  schemaParts(tool.parameters, parts);
}

/**
 * The text tool search matches a tool by: parts trimmed, empty ones dropped, joined by one space.
 * - A function: name; name with `_` → space; description; then from the parameters, recursively,
 *   the schema's description, each property's name and parts, `items`, each `anyOf` variant.
 * - A namespace: its name, its description, then each tool's parts.
 * - Not included: oneOf, allOf, additionalProperties, definition tables, enum values, ref targets.
 */
export function toolSearchText(tool: ResponsesTool): string {
  expectObjectArgument(tool, 'invalid_tool', 'a tool');
  return readingHandWritten('the tool', () => {
    const parts: string[] = [];
    if (tool.type === 'namespace') {
      pushPart(parts, tool.name);
      pushPart(parts, tool.description);
      if (Array.isArray(tool.tools)) for (const member of tool.tools) functionParts(member, parts);
    } else {
      functionParts(tool, parts);
    }
    return parts.join(' ');
  });
}

/** Words too common in tool text and queries to rank by. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be by for from in into is it of on or that the this to with'.split(' '),
);

/**
 * Splits text into search terms: on anything not a letter or digit, and at camelCase and
 * letter/digit boundaries, so `create_issue`, `createIssue` and `create issue` all give
 * `create` + `issue`.
 */
export function tokenizeToolText(text: string): string[] {
  if (typeof text !== 'string') return [];
  // The second replace puts a space after a capital that starts a capitalized word (`HTTPServer`
  // → `HTTP Server`) with a lookahead, one test per character: `([A-Z]+)([A-Z][a-z])` retried a
  // whole run of capitals from each of its letters, quadratic in the run (a million: minutes).
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term !== '');
}

/** Lower-cases a term, drops stop words, and folds simple English plurals (`pods` → `pod`). */
export function normalizeSearchTerm(term: string): string | null {
  if (typeof term !== 'string') return null;
  const lower = term.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') && !lower.endsWith('us'))
    return lower.slice(0, -1);
  return lower;
}

/** One search hit: the tool to load and its BM25 score. */
export interface ToolSearchHit<T extends ResponsesTool = ResponsesTool> {
  tool: T;
  score: number;
}

/** Options of a search. */
export interface ToolSearchOptions {
  /** How many hits at most: a whole number, 0 or more, or `Infinity` (default 8). */
  limit?: number;
}

/** A ranked full-text index over tools. */
export interface ToolSearch<T extends ResponsesTool = ResponsesTool> {
  /** The tools, best first; an empty or stop-word-only query finds nothing. */
  search(query: string, options?: ToolSearchOptions): ToolSearchHit<T>[];
  readonly size: number;
}

/** Default number of hits. */
export const DEFAULT_TOOL_SEARCH_LIMIT = 8;

interface IndexedTool {
  id: number;
  name: string;
  text: string;
}

/**
 * Builds a BM25 index (MiniSearch) over tools, by name (boosted) and {@link toolSearchText}.
 * - Names are tokenized at `_`, `-` and camelCase; simple plurals fold; prefixes of the last
 *   query word match, and one-letter typos in longer words are forgiven.
 */
export function createToolSearch<T extends ResponsesTool>(tools: readonly T[]): ToolSearch<T> {
  expectArrayArgument(tools, 'invalid_tool', 'the tools');
  for (const tool of tools) expectObjectArgument(tool, 'invalid_tool', 'a tool');
  const index = new MiniSearch<IndexedTool>({
    fields: ['name', 'text'],
    tokenize: tokenizeToolText,
    processTerm: normalizeSearchTerm,
    searchOptions: {
      boost: { name: 3 },
      combineWith: 'OR',
      prefix: (term, position, terms) => position === terms.length - 1 && term.length >= 3,
      fuzzy: (term) => (term.length >= 6 ? 1 : false),
    },
  });
  index.addAll(
    tools.map((tool, id) => ({
      id,
      name: readingHandWritten('the tool', () => tool.name),
      text: toolSearchText(tool),
    })),
  );
  return {
    size: tools.length,
    search(query, options) {
      if (typeof query !== 'string')
        throw new ToolSchemaError(
          'invalid_option',
          ['query'],
          `the query must be a string, found ${describeValue(query)}`,
        );
      const limit = optionsObject(options).limit ?? DEFAULT_TOOL_SEARCH_LIMIT;
      if (
        typeof limit !== 'number' ||
        !((Number.isSafeInteger(limit) && limit >= 0) || limit === Number.POSITIVE_INFINITY)
      )
        throw new ToolSchemaError(
          'invalid_option',
          ['limit'],
          `limit must be a whole number of hits, 0 or more, found ${describeValue(limit)}`,
        );
      return index
        .search(query)
        .slice(0, limit)
        .map((result) => ({ tool: tools[result.id as number] as T, score: result.score }));
    },
  };
}
