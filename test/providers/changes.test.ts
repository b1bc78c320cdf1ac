// Change paths: JSON Pointers of a chain of keys, each prefix built once (issue 25).
import { describe, expect, test } from 'vitest';
import { at, atTokens, ChangeLog, pointerOf, type SchemaPath } from '../../src/providers/changes.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';

/** A chain `depth` steps deep whose keys count how often they are read. */
function countingChain(depth: number): { steps: SchemaPath[]; reads: () => number } {
  let reads = 0;
  const steps: SchemaPath[] = [];
  let path: SchemaPath | undefined;
  for (let level = 0; level < depth; level++) {
    const step = at(path, 'x');
    const key = level % 2 === 0 ? 'properties' : `p${level}`;
    Object.defineProperty(step, 'key', {
      get: () => {
        reads++;
        return key;
      },
    });
    steps.push(step);
    path = step;
  }
  return { steps, reads: () => reads };
}

describe('pointerOf', () => {
  test('escapes ~ and / as RFC 6901 says', () => {
    expect(pointerOf(at(at(undefined, 'a/b'), 'c~d'))).toBe('/a~1b/c~0d');
  });

  test('builds each prefix once when every step of a deep chain asks for its pointer', () => {
    const shallow = countingChain(100);
    const deep = countingChain(1_000);
    for (const step of shallow.steps) pointerOf(step);
    for (const step of deep.steps) pointerOf(step);
    expect(pointerOf(deep.steps[3])).toBe('/properties/p1/properties/p3');
    expect(deep.reads() / shallow.reads()).toBeLessThan(15);
  });
});

describe('ChangeLog', () => {
  test('gives the changes in the order logged, those prepended first, a member escaped below its path', () => {
    const log = new ChangeLog();
    const properties = at(at(undefined, 'inputSchema'), 'properties');
    log.add('keyword_moved', at(properties, 'a'), 'moved');
    log.addAtMember('made_nullable', properties, 'x/y~z', 'nullable');
    log.prepend([{ kind: 'schema_repaired', path: '/inputSchema/type', message: 'repaired' }]);
    expect(log.toArray()).toEqual([
      { kind: 'schema_repaired', path: '/inputSchema/type', message: 'repaired' },
      { kind: 'keyword_moved', path: '/inputSchema/properties/a', message: 'moved' },
      { kind: 'made_nullable', path: '/inputSchema/properties/x~1y~0z', message: 'nullable' },
    ]);
  });

  test('clearing forgets the conversion’s changes and keeps those prepended', () => {
    const log = new ChangeLog();
    log.prepend([{ kind: 'schema_repaired', path: '/inputSchema', message: 'repaired' }]);
    log.add('made_nullable', at(undefined, 'inputSchema'), 'nullable');
    log.clear();
    log.add('strict_fallback', at(undefined, 'inputSchema'), 'fell back');
    expect(log.toArray().map((change) => change.kind)).toEqual(['schema_repaired', 'strict_fallback']);
  });

  test('builds no pointer until the changes are read', () => {
    const chain = countingChain(50);
    const log = new ChangeLog();
    for (const step of chain.steps) log.addAtMember('made_nullable', step, 'p', 'nullable');
    expect(chain.reads()).toBe(0);
    expect(log.toArray()[1]?.path).toBe('/properties/p1/p');
    expect(chain.reads()).toBeGreaterThan(0);
  });
});

describe('a converted tool’s changes', () => {
  const tool = {
    name: 'search',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string' }, 'page/size': { type: 'integer' }, 'sort~by': { type: 'string' } },
      required: ['query'],
    },
  };

  test('read after the batch returns, name each optional property made nullable at its escaped pointer', () => {
    const [result] = convertMcpTools([tool], { target: 'openai-responses', strict: true }).results;
    if (result?.ok !== true) throw new Error('the tool did not convert');
    expect(result.changes.filter((change) => change.kind === 'made_nullable').map((change) => change.path)).toEqual([
      '/inputSchema/properties/page~1size',
      '/inputSchema/properties/sort~0by',
    ]);
    // The same records on every read, and a list the caller assigns is the one kept.
    expect(result.changes).toBe(result.changes);
    result.changes = [];
    expect(result.changes).toEqual([]);
    expect(JSON.parse(JSON.stringify(result)).changes).toEqual([]);
  });
});

/** Counts the reads of a path step's key from now on (a moved path reads each step it rebuilds). */
function countKeyReads(step: SchemaPath): () => number {
  const { key } = step;
  let reads = 0;
  Object.defineProperty(step, 'key', {
    get: () => {
      reads++;
      return key;
    },
  });
  return () => reads;
}

describe('ChangeLog.addMoved', () => {
  test('logs changes again with the paths under one step moved under another, the rest as they were', () => {
    const root = at(undefined, 'inputSchema');
    const from = at(at(root, 'properties'), 'first');
    const to = at(at(at(root, 'properties'), 'second'), 'items');
    const log = new ChangeLog();
    log.add('keyword_moved', at(from, 'pattern'), 'moved');
    const start = log.size;
    log.add('property_renamed', at(at(from, 'properties'), 'a/b'), 'renamed');
    log.addAtMember('made_nullable', at(from, 'properties'), 'c~d', 'nullable');
    log.add('keyword_dropped', from, 'at the step itself');
    log.add('name_changed', at(undefined, 'name'), 'outside the step');
    log.addMoved(log.since(start), from, to);
    expect(log.toArray().map((change) => `${change.kind} ${change.path}`)).toEqual([
      'keyword_moved /inputSchema/properties/first/pattern',
      'property_renamed /inputSchema/properties/first/properties/a~1b',
      'made_nullable /inputSchema/properties/first/properties/c~0d',
      'keyword_dropped /inputSchema/properties/first',
      'name_changed /name',
      'property_renamed /inputSchema/properties/second/items/properties/a~1b',
      'made_nullable /inputSchema/properties/second/items/properties/c~0d',
      'keyword_dropped /inputSchema/properties/second/items',
      'name_changed /name',
    ]);
  });

  test('moves each changed path once, however many changes share it', () => {
    const from = at(undefined, 'from');
    const shared = at(at(from, 'properties'), 'x');
    const log = new ChangeLog();
    for (let index = 0; index < 50; index++) log.add('keyword_moved', at(shared, `k${index}`), 'moved');
    const copied = new ChangeLog();
    const reads = countKeyReads(shared);
    copied.addMoved(log.since(0), from, at(undefined, 'to'));
    expect(copied.toArray()[49]?.path).toBe('/to/properties/x/k49');
    expect(reads()).toBe(1);
  });

  test('keeps a copy as one entry, moved only when the changes are read', () => {
    const from = at(undefined, 'from');
    const log = new ChangeLog();
    for (let index = 0; index < 1_000; index++) log.add('keyword_moved', at(from, `k${index}`), 'moved');
    const copied = new ChangeLog();
    const reads = countKeyReads(from);
    for (let copy = 0; copy < 10; copy++) copied.addMoved(log.since(0), from, at(undefined, `to${copy}`));
    expect(copied.size).toBe(10);
    expect(reads()).toBe(0);
    const changes = copied.toArray();
    expect(changes).toHaveLength(10_000);
    expect(changes[9_999]?.path).toBe('/to9/k999');
  });

  test('moves a copy logged inside a copied subtree through both moves', () => {
    const root = at(undefined, 'inputSchema');
    const definition = at(at(root, 'properties'), 'first');
    const inner = at(at(definition, 'properties'), 'address');
    const home = at(at(root, 'properties'), 'home');
    const log = new ChangeLog();
    log.add('keyword_moved', home, 'the address, where it was converted');
    const address = log.since(0);
    const start = log.size;
    log.add('keyword_dropped', at(definition, 'title'), 'in the definition');
    // The definition's own copy of the address, logged inside it.
    log.addMoved(address, home, inner);
    const second = at(at(root, 'properties'), 'second');
    log.addMoved(log.since(start), definition, second);
    expect(log.toArray().map((change) => change.path)).toEqual([
      '/inputSchema/properties/home',
      '/inputSchema/properties/first/title',
      '/inputSchema/properties/first/properties/address',
      '/inputSchema/properties/second/title',
      '/inputSchema/properties/second/properties/address',
    ]);
  });
});

describe('ChangeLog.addAgain', () => {
  test('logs changes again at the paths they were logged at, after what the log holds', () => {
    const place = at(at(at(undefined, 'inputSchema'), 'properties'), 'home');
    const log = new ChangeLog();
    log.add('keyword_dropped', at(undefined, 'name'), 'before');
    const start = log.size;
    log.add('keyword_moved', at(place, 'pattern'), 'moved');
    log.addAtMember('made_nullable', at(place, 'properties'), 'zip', 'nullable');
    log.addAgain(log.since(start));
    expect(log.toArray().map((change) => `${change.kind} ${change.path} ${change.message}`)).toEqual([
      'keyword_dropped /name before',
      'keyword_moved /inputSchema/properties/home/pattern moved',
      'made_nullable /inputSchema/properties/home/properties/zip nullable',
      'keyword_moved /inputSchema/properties/home/pattern moved',
      'made_nullable /inputSchema/properties/home/properties/zip nullable',
    ]);
  });
});

describe('atTokens', () => {
  test("extends a path by a ref's tokens in turn, and by none to itself", () => {
    const base = at(undefined, 'inputSchema');
    expect(pointerOf(atTokens(base, ['properties', 'a/b', 'items']))).toBe('/inputSchema/properties/a~1b/items');
    expect(atTokens(base, [])).toBe(base);
  });
});
