// Bundles the CLI into dist/cli/bin.js with what only the CLI needs (MCP SDK, commander, zod, tokenizer),
// so a library user's install never pulls them: the library's own dependencies stay external.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {});

// tsc emitted the CLI's modules one by one; the bundle replaces them all.
rmSync(new URL('../dist/cli', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { bin: new URL('../src/cli/bin.ts', import.meta.url).pathname },
  outdir: new URL('../dist/cli', import.meta.url).pathname,
  // The tokenizer's tables (2.4 MB) go to a chunk of their own, loaded only when tokens are counted.
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
