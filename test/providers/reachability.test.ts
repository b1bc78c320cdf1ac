// Issue 12's goal: every property path of the input is still reachable for the model on every target —
// as a property (maybe renamed), or inside a value the target carries as JSON text or {key, value} entries.
import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { type CorpusTool, readCorpusTools } from '../helpers/corpus.js';
import { wireParametersSchema } from '../helpers/provider-arguments.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deepest property path followed (refs can recurse forever). */
const MAX_PATH_DEPTH = 6;

/**
 * Property paths of a schema (`a/b`, `list/*`), following items, compositions and local refs.
 * `opaque` collects the paths the target sends as JSON text or entries: everything under them
 * is reachable through that value.
 */
function propertyPaths(root: Obj, rename: (path: string, name: string) => string = (_p, name) => name) {
  const paths = new Set<string>();
  const opaque = new Set<string>();
  const defs: Obj = { ...(isObj(root.$defs) ? root.$defs : {}), ...(isObj(root.definitions) ? root.definitions : {}) };
  const visit = (node: Json | undefined, at: string, depth: number, refs: ReadonlySet<string>) => {
    if (!isObj(node) || depth > MAX_PATH_DEPTH) return;
    if (
      typeof node.description === 'string' &&
      /written as JSON text|as JSON text \(recursive\)|list of \{key, value\} entries/.test(node.description)
    ) {
      opaque.add(at);
    }
    if (typeof node.$ref === 'string' && !refs.has(node.$ref)) {
      const name = node.$ref.split('/').pop()?.replaceAll('~1', '/').replaceAll('~0', '~') ?? '';
      visit(defs[name], at, depth, new Set([...refs, node.$ref]));
    }
    if (isObj(node.properties)) {
      for (const [name, child] of Object.entries(node.properties)) {
        const path = at === '' ? rename(at, name) : `${at}/${rename(at, name)}`;
        paths.add(path);
        visit(child, path, depth + 1, refs);
      }
    }
    if (isObj(node.items)) visit(node.items, `${at}/*`, depth + 1, refs);
    if (isObj(node.additionalProperties)) visit(node.additionalProperties, `${at}/*`, depth + 1, refs);
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      const list = node[key];
      if (Array.isArray(list)) for (const variant of list) visit(variant, at, depth, refs);
    }
  };
  visit(root, '', 0, new Set());
  return { paths, opaque };
}

const corpus = readCorpusTools();
const servers = new Map<string, CorpusTool[]>();
for (const tool of corpus) servers.set(tool.server, [...(servers.get(tool.server) ?? []), tool]);

describe.each(['openai-responses', 'anthropic', 'gemini', 'gemini-json-schema'] as const)('%s', (target) => {
  test.each([false, true])('strict %s: every property path of the normalized input is reachable', (strict) => {
    const unreachable: string[] = [];
    let total = 0;
    for (const tools of servers.values()) {
      const conversion = convertMcpTools(tools, { target, strict });
      for (const result of conversion.results) {
        if (!result.ok) continue;
        // Gemini renames properties: the log says which, by the path of the original name.
        const renames = new Map<string, string>();
        for (const change of result.changes) {
          const sent = / sent as "(.*)"$/.exec(change.message);
          if (change.kind === 'property_renamed' && sent !== null)
            renames.set(change.path.split('/').pop() as string, sent[1] as string);
        }
        const before = propertyPaths(result.definition.inputSchema as Obj, (_at, name) => renames.get(name) ?? name);
        const after = propertyPaths(wireParametersSchema(target, result.tool as unknown as Obj));
        for (const path of before.paths) {
          total++;
          const covered =
            after.paths.has(path) ||
            [...after.opaque].some((prefix) => prefix === '' || path === prefix || path.startsWith(`${prefix}/`));
          if (!covered) unreachable.push(`${result.name}: ${path}`);
        }
      }
    }
    expect(unreachable.slice(0, 5)).toStrictEqual([]);
    expect(total).toBeGreaterThan(10_000);
  });
});
