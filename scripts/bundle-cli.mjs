// Bundles the CLI into dist/cli/ with what only the CLI needs (MCP SDK, commander, zod),
// so a library user's install never pulls them: the library's own dependencies stay external.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {});

// tsc emitted the CLI's modules one by one; the bundle replaces them all.
rmSync(new URL('../dist/cli', import.meta.url), { recursive: true, force: true });

// The tokenizer, once, for the CLI and the playground (loaded by URL, never bundled into either).
await build({
  entryPoints: [new URL('./tokenizer-entry.mjs', import.meta.url).pathname],
  outfile: new URL('../dist/tokenizer/o200k.js', import.meta.url).pathname,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  minify: true,
  legalComments: 'linked',
  logLevel: 'warning',
});
await build({
  entryPoints: { bin: new URL('../src/cli/bin.ts', import.meta.url).pathname },
  outdir: new URL('../dist/cli', import.meta.url).pathname,
  // Commands load lazily (a chunk each); the tokenizer is dist/tokenizer/o200k.js, loaded by URL.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  legalComments: 'linked',
  minify: true,
  logLevel: 'warning',
  // Bundled CommonJS packages (cross-spawn, …) call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __toolschemaRequire } from 'node:module';\nconst require = __toolschemaRequire(import.meta.url);",
  },
});
