// Hostile inputs: prototype names, deep nesting, non-JSON values, huge and cyclic schemas, external refs (issue 7).
import fs, { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import { explainToolInputSchema } from '../../src/schema/explain.js';
import { parseToolInputSchema, parseToolInputSchemaWithoutCompaction } from '../../src/schema/pipeline.js';
import { nestedUnder } from '../helpers/builders.js';
import { thrownToolSchemaError } from '../helpers/errors.js';

describe('prototype names are data', () => {
  test.each(['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'])(
    '%s as a property and a definition name',
    (name) => {
      const input = JSON.parse(
        `{"type":"object","properties":{"${name}":{"$ref":"#/$defs/${name}"}},"required":["${name}"],"$defs":{"${name}":{"type":"object","properties":{"polluted":{"type":"string"}}}}}`,
      );
      const schema = parseToolInputSchema(input);
      expect(Object.getOwnPropertyNames(schema.properties)).toStrictEqual([name]);
      expect(Object.getOwnPropertyNames(schema.$defs)).toStrictEqual([name]);
      expect(Object.getPrototypeOf(schema.properties)).toBe(Object.prototype);
      expect(JSON.parse(JSON.stringify(schema)).required).toStrictEqual([name]);
      const sentinel: Record<string, unknown> = {};
      expect(sentinel.polluted).toBeUndefined();
      expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
    },
  );
});

describe('nesting 100,000 levels is a too_deep error, never a RangeError', () => {
  test.each([
    ['properties', () => nestedUnder('properties', 100_000)],
    ['items', () => nestedUnder('items', 100_000)],
    ['anyOf', () => nestedUnder('anyOf', 100_000, {}, true)],
    ['$defs', () => nestedUnder('$defs', 100_000)],
  ])('through %s, in every entry', (_key, make) => {
    const input = make();
    expect(thrownToolSchemaError(() => parseToolInputSchema(input)).code).toBe('too_deep');
    expect(thrownToolSchemaError(() => parseToolInputSchemaWithoutCompaction(input)).code).toBe('too_deep');
    expect(explainToolInputSchema(input).error?.code).toBe('too_deep');
    expect(convertMcpTools([{ name: 't', inputSchema: input }]).summary.failed).toBe(1);
  });
});

describe('JS values that are not JSON get a ToolSchemaError naming the path', () => {
  const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
  (cyclic.properties as Record<string, unknown>).again = { items: cyclic };
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const trapping = new Proxy(
    {},
    {
      ownKeys: () => {
        throw new Error('trap');
      },
    },
  );
  // The keys are listed, then reading whether the second one is there throws.
  const describing = new Proxy(
    { a: 1, b: 2 },
    {
      getOwnPropertyDescriptor: (target, key) => {
        if (key === 'b') throw new Error('trap');
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    },
  );
  // Object.create(null): plain, with no prototype at all.
  const inheriting = Object.assign(Object.create(null) as Record<string, unknown>, { type: 'string' });

  test('an object with a null prototype is read like any plain object', () => {
    expect(parseToolInputSchema({ properties: { p: inheriting } })).toStrictEqual({
      type: 'object',
      properties: { p: { type: 'string' } },
    });
  });

  test.each([
    ['a cyclic object graph', cyclic, 'too_deep', '/properties/again/items'],
    [
      'a Proxy whose descriptor trap throws for one key',
      { properties: { p: describing } },
      'unreadable_value',
      '/properties/p',
    ],
    [
      'a getter that throws',
      {
        properties: {
          get a() {
            throw new Error('no');
          },
        },
      },
      'unreadable_value',
      '/properties/a',
    ],
    ['a revoked Proxy', { properties: { p: revoked } }, 'unreadable_value', '/properties/p'],
    ['a Proxy whose ownKeys trap throws', { items: trapping }, 'unreadable_value', '/items'],
    ['NaN', { enum: [1, Number.NaN] }, 'not_json', '/enum/1'],
    ['Infinity', { maximum: Number.POSITIVE_INFINITY }, 'not_json', '/maximum'],
    ['a BigInt', { default: 10n }, 'not_json', '/default'],
    ['a function', { properties: { f: () => 0 } }, 'not_json', '/properties/f'],
    ['a symbol', { title: Symbol('t') }, 'not_json', '/title'],
    ['a Map', { properties: new Map() }, 'not_json', '/properties'],
  ])('%s', (_name, input, code, path) => {
    const error = thrownToolSchemaError(() => parseToolInputSchema(input));
    expect([error.code, error.path]).toStrictEqual([code, path]);
  });

  test('a cycle is too_deep where it closes, even with little stack left (found long before the depth limit)', () => {
    // A schema that is its own oneOf: the sanitizing copy's frames, a thousand levels deep,
    // overflowed what stack a busy caller left and failed as unreadable_value.
    const self: Record<string, unknown> = { prefixItems: [], title: '' };
    self.oneOf = self;
    const withFramesUsed = (frames: number, run: () => unknown): unknown =>
      frames === 0 ? run() : withFramesUsed(frames - 1, run);
    for (const frames of [0, 6_000]) {
      const error = withFramesUsed(frames, () => thrownToolSchemaError(() => parseToolInputSchema(self))) as {
        code: string;
        path: string;
      };
      expect([error.code, error.path], `${frames} frames used`).toStrictEqual(['too_deep', '/oneOf']);
    }
  });

  test('sparse arrays and undefined read as JSON.stringify reads them (SPEC §1.9)', () => {
    // biome-ignore lint/suspicious/noSparseArray: the point of the test
    const sparse = [1, , 3];
    expect(parseToolInputSchema({ type: 'object', enum: sparse, description: undefined })).toStrictEqual({
      type: 'object',
      enum: [1, null, 3],
      properties: {},
    });
  });
});

describe('large and cyclic schemas give correct output', () => {
  test('$ref cycles through ten definitions keep all ten and drop the rest', () => {
    const $defs: Record<string, unknown> = { Unused: { type: 'string' } };
    for (let index = 0; index < 10; index++)
      $defs[`D${index}`] = { type: 'object', properties: { next: { $ref: `#/$defs/D${(index + 1) % 10}` } } };
    const schema = parseToolInputSchemaWithoutCompaction({
      type: 'object',
      properties: { start: { $ref: '#/$defs/D3' } },
      $defs,
    });
    expect(Object.keys(schema.$defs ?? {}).sort()).toStrictEqual(
      Array.from({ length: 10 }, (_, index) => `D${index}`).sort(),
    );
  });

  test('10,000 definitions all referencing each other are all kept, once each', () => {
    const $defs: Record<string, unknown> = {};
    const count = 10_000;
    for (let index = 0; index < count; index++) {
      $defs[`D${index}`] = {
        anyOf: [{ $ref: `#/$defs/D${(index + 1) % count}` }, { $ref: `#/$defs/D${(index * 7) % count}` }],
      };
    }
    const schema = parseToolInputSchemaWithoutCompaction({ $ref: '#/$defs/D0', $defs });
    expect(Object.keys(schema.$defs ?? {})).toHaveLength(count);
    // With compaction the definitions are dropped to fit, and the root ref collapses.
    expect(parseToolInputSchema({ $ref: '#/$defs/D0', $defs })).toStrictEqual({});
  });

  test('an enum with 1,000,000 values is kept verbatim (it is not a keyword compaction touches)', () => {
    const values = Array.from({ length: 1_000_000 }, (_, index) => `v${index}`);
    const schema = parseToolInputSchema({ type: 'object', properties: { pick: { enum: values } } });
    expect(schema.properties?.pick?.enum).toHaveLength(1_000_000);
    expect(schema.properties?.pick?.type).toBe('string');
  });

  test('a 50 MB description is stripped by compaction and kept without it', () => {
    const description = 'x'.repeat(50_000_000);
    const input = { type: 'object', description, properties: {} };
    expect(parseToolInputSchema(input)).toStrictEqual({ type: 'object', properties: {} });
    expect(parseToolInputSchemaWithoutCompaction(input).description).toHaveLength(50_000_000);
  });
});

describe('external refs are never fetched or read', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('no fetch and no file system access while parsing, explaining and converting', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const readSpy = vi.spyOn(fs, 'readFileSync');
    const openSpy = vi.spyOn(fs, 'openSync');
    const input = {
      type: 'object',
      properties: {
        remote: { $ref: 'https://example.com/schema.json#/$defs/A' },
        local: { $ref: 'file:///etc/passwd' },
        relative: { $ref: 'other.json#/definitions/B' },
      },
    };
    expect(parseToolInputSchema(input).properties?.remote).toStrictEqual({
      $ref: 'https://example.com/schema.json#/$defs/A',
    });
    explainToolInputSchema(input);
    convertMcpTools([{ name: 't', inputSchema: input }]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(readSpy).not.toHaveBeenCalled();
    expect(openSpy).not.toHaveBeenCalled();
  });

  test('the browser-safe layers import nothing from node: and call no fetch (static check)', () => {
    const root = fileURLToPath(new URL('../../src/', import.meta.url));
    const offenders: string[] = [];
    // The library: everything but the CLI and the playground page (which loads its tokenizer by
    // URL on purpose), nested folders (schema/compaction/) and the root modules included.
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.startsWith('cli') && !file.startsWith('playground'),
    );
    for (const file of files) {
      const source = readFileSync(`${root}${file}`, 'utf8');
      if (/from ['"]node:|require\(|\bfetch\(|\bimport\(/.test(source)) offenders.push(file);
    }
    expect(files.length).toBeGreaterThan(40);
    expect(offenders).toStrictEqual([]);
  });
});

// Issue 11: `changes.push(...bigArray)` threw a plain RangeError past ~150,000 changes.
describe('a flat object of 200,000 properties never overflows the stack (issue 11)', () => {
  // Each property is typeless and carries a keyword the model drops: one change per property per stage.
  const wide = (): Record<string, unknown> => {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 200_000; index++) properties[`p${index}`] = { const: 'x', minLength: 1 };
    return { type: 'object', properties };
  };

  test('explainToolInputSchema lists every change', () => {
    const report = explainToolInputSchema(wide(), { compaction: false });
    expect(report.ok).toBe(true);
    expect(report.changes.filter((change) => change.kind === 'const_to_enum')).toHaveLength(200_000);
  });

  test('convertMcpTools converts the wide tool beside a healthy one', () => {
    const result = convertMcpTools([
      { name: 'wide', inputSchema: wide() },
      { name: 'fine', inputSchema: { type: 'object', properties: {} } },
    ]);
    expect(result.summary).toMatchObject({ total: 2, converted: 2, failed: 0 });
  });
});
