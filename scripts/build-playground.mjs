// Builds the playground into dist/playground/: static files any host can serve, the library's own
// browser build inside; the tokenizer's tables load from a chunk of their own, on demand.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const here = (path) => new URL(path, import.meta.url).pathname;
const out = here('../dist/playground');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: { main: here('../src/playground/main.ts'), worker: here('../src/playground/worker.ts') },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'linked',
  logLevel: 'warning',
});
copyFileSync(here('../src/playground/index.html'), `${out}/index.html`);
// For static hosting the page needs the tokenizer beside it; the npm package leaves this copy out
// (`toolschema playground` serves dist/tokenizer/o200k.js under the same name).
copyFileSync(here('../dist/tokenizer/o200k.js'), `${out}/tokenizer.js`);
copyFileSync(here('../src/playground/style.css'), `${out}/style.css`);
