// The library outside the CLI bundles for the browser and runs without any Node global.
import { createContext, runInContext } from 'node:vm';
import { build } from 'esbuild';
import { beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

/** What a browser offers that the library may use; no process, Buffer, require or fs. */
function browserLikeGlobals() {
  return {
    TextEncoder,
    TextDecoder,
    console,
    URL,
    Map,
    Set,
    WeakMap,
    Promise,
    queueMicrotask,
    setTimeout,
    clearTimeout,
  };
}

let bundle = '';

describe('the browser bundle', () => {
  beforeAll(async () => {
    const result = await build({
      stdin: {
        contents: `
          import * as toolschema from './src/index.ts';
          globalThis.toolschema = toolschema;
        `,
        resolveDir: REPO_ROOT,
        loader: 'ts',
      },
      bundle: true,
      platform: 'browser',
      format: 'iife',
      write: false,
      logLevel: 'silent',
    });
    bundle = result.outputFiles[0]?.text ?? '';
  });

  test('builds for platform browser with no node: module', () => {
    expect(bundle.length).toBeGreaterThan(10_000);
    expect(bundle).not.toMatch(/require\(["']node:/);
  });

  test('parses, converts, searches and decodes in a context without Node globals', () => {
    const context = createContext(browserLikeGlobals());
    runInContext(bundle, context);
    const output = runInContext(
      `
      const t = globalThis.toolschema;
      const schema = t.parseToolInputSchema({ properties: { q: { description: 'query' } } });
      const converted = t.convertMcpTools([{ name: 'read_file', description: 'Read a file', inputSchema: { properties: { path: {} } } }], { deferLoading: true });
      const hits = t.createToolSearch(converted.tools).search('read a file');
      const decoded = t.createStructuredResultDecoder({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }).decode('{"a":"x"}');
      const explained = t.explainToolInputSchema({ type: 'null' });
      JSON.stringify({ schema, names: hits.map((hit) => hit.tool.name), decoded, error: explained.error.code, typeofProcess: typeof process });
      `,
      context,
    );
    expect(JSON.parse(output as string)).toStrictEqual({
      schema: { type: 'object', properties: { q: {} } },
      names: ['read_file'],
      decoded: { ok: true, value: { a: 'x' }, guarantee: 'validated', source: 'message' },
      error: 'null_root_type',
      typeofProcess: 'undefined',
    });
  });
});
