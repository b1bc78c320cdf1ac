// Runs a bench script in a fresh Node process, echoes what it prints, and returns the result it
// printed on one line after a prefix. The series run each shape in a process of its own (see
// `eachShapeApart`), and bench/run.ts runs each part that way.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SHAPES, type Shape } from './synthetic.js';

/** Runs `script` (a path) with `args`; what it printed but the result line is echoed. */
export function freshProcess<T>(script: string, args: readonly string[], prefix: string): T {
  const output = execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
    encoding: 'utf8',
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = output.trimEnd().split('\n');
  const resultLine = lines.find((line) => line.startsWith(prefix));
  if (resultLine === undefined) throw new Error(`${script} printed no result:\n${output}`);
  for (const line of lines) if (line !== resultLine) console.log(line);
  return JSON.parse(resultLine.slice(prefix.length)) as T;
}

/**
 * The shape named by `--shape NAME` among the arguments, when a series runs one shape alone.
 * Each shape is timed in a process of its own: while the allOf shape's 10 MB tool lives (90,909
 * objects whose first keys all differ), V8's map for `{}` holds its most transitions (1,536), and
 * every object given a first key not among them is built on a slow path until a full collection
 * frees those maps. The cells timed after it in the same process (the next shape's, or the same
 * shape's strict variants at 1 KB) read 2-7× slower: a state no real server's tools make (at most
 * 160 distinct first keys a server, 468 over every captured and corpus server).
 */
export function shapeArgument(argv: readonly string[]): Shape | undefined {
  const at = argv.indexOf('--shape');
  if (at === -1) return undefined;
  const shape = argv[at + 1];
  if (!(SHAPES as readonly (string | undefined)[]).includes(shape))
    throw new Error(`no shape ${shape}; shapes: ${SHAPES.join(', ')}`);
  return shape as Shape;
}
