// The library as its users run it: the package's build (dist/, tsc's output), typed from the
// sources. tsx, which runs the bench, would otherwise compile src/ on the fly with esbuild's
// `keepNames`: every closure made in a hot path then pays a `__name` call (a defineProperty), a
// fifth to a quarter of a provider conversion — a cost of the bench's loader, not of the package.
// `npm run bench` builds first.
import { existsSync } from 'node:fs';

const DIST = new URL('../dist/', import.meta.url);

/** A module of the build, typed as its source. */
async function built<T>(path: string): Promise<T> {
  const url = new URL(path, DIST);
  if (!existsSync(url)) throw new Error(`bench: ${url.pathname} is missing; run \`npm run build\` first`);
  return (await import(url.href)) as T;
}

export const library = await built<typeof import('../src/index.js')>('index.js');
export const targets = await built<typeof import('../src/providers/targets/registry.js')>(
  'providers/targets/registry.js',
);
/** The library's Ajv setup, for the first-call series' baseline (bench/first-call.ts). */
export const ajvSetup = await built<typeof import('../src/json-schema-ajv.js')>('json-schema-ajv.js');
