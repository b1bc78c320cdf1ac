// The first call of a converted tool: `resolveToolCall` compiles the tool's validator (Ajv) on
// it, and every later call only runs it. Run by bench/run.ts in a fresh process of its own, as
// the other series are (a first call is a cold path: the corpora of the main process would make
// every compile pay for their garbage collections).
//
// The baseline, in the same run: the library's own Ajv setup with Ajv's code optimization pass
// back on (its default, and the library's setting before session 36), compiling and running the
// same schemas. Each round makes fresh instances of both, in turns (Ajv caches what it compiled).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import type { McpToolLike } from '../src/index.js';
import { sampleArguments } from '../test/helpers/provider-arguments.js';
import { ajvSetup, library } from './library.js';
import { median } from './measure.js';

const { convertMcpTools } = library;
const { createAjv } = ajvSetup;

export const FIRST_CALL_RESULT_PREFIX = 'FIRST_CALL_RESULT ';

/** One set's figures, µs per tool (compile) or per call (validate). */
export interface FirstCallRow {
  label: string;
  tools: number;
  compileMicros: number;
  baselineCompileMicros: number;
  validateMicros: number;
  baselineValidateMicros: number;
  /** `resolveToolCall` as a user meets it: the first call per tool, then a later one. */
  firstCallMicros: number;
  laterCallMicros: number;
}

type Instance = { compile: (schema: object) => ValidateFunction };

/** The library's instance for a schema, and the same setup with Ajv's optimization pass on. */
function instances(schema: unknown): { ours: Instance; baseline: Instance } {
  return { ours: createAjv(schema).ajv, baseline: createAjv(schema, { optimizeCode: true }).ajv };
}

function millis(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

function measure(label: string, tools: McpToolLike[], rounds: number): FirstCallRow {
  // The schemas Ajv compiles as they are (resolveToolCall falls back to the normalized schema
  // for the others, which this does not time).
  const probe = instances(undefined).ours;
  const schemas = tools.flatMap((tool) => {
    const { $schema: _dialect, ...schema } = tool.inputSchema as Record<string, unknown>;
    try {
      probe.compile(structuredClone(schema));
      return [schema];
    } catch {
      return [];
    }
  });
  // Arguments a model might send: every property present, of its type (test/helpers).
  const values = schemas.map((schema) => sampleArguments(schema as never));
  const compile: Record<'ours' | 'baseline', number[]> = { ours: [], baseline: [] };
  const validate: Record<'ours' | 'baseline', number[]> = { ours: [], baseline: [] };
  for (let round = 0; round < rounds; round++) {
    const { ours, baseline } = instances(schemas[0]);
    for (const side of round % 2 === 0 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const)) {
      const instance = side === 'ours' ? ours : baseline;
      const validators: ValidateFunction[] = [];
      compile[side].push(
        millis(() => {
          for (const schema of schemas) validators.push(instance.compile(structuredClone(schema)));
        }),
      );
      // Run a few times first: V8 compiles a function's code on its first call, and optimizes it
      // after a few (a wide tool's first calls were 2-7x its later ones).
      for (let repeat = 0; repeat < 5; repeat++)
        for (let index = 0; index < validators.length; index++) (validators[index] as ValidateFunction)(values[index]);
      validate[side].push(
        millis(() => {
          for (let repeat = 0; repeat < 20; repeat++)
            for (let index = 0; index < validators.length; index++)
              (validators[index] as ValidateFunction)(values[index]);
        }) / 20,
      );
    }
  }
  const converted = convertMcpTools(tools, { target: 'anthropic', budgetBytes: 1e9 });
  // Every converted tool, the ones Ajv falls back on included (`values` is only the compiled ones').
  const calls = converted.results.flatMap((result) =>
    result.ok ? [{ name: result.name, value: sampleArguments(tools[result.index]?.inputSchema as never) }] : [],
  );
  const firstCall = millis(() => {
    for (const { name, value } of calls) converted.resolveToolCall(name, value);
  });
  const laterCall = millis(() => {
    for (let repeat = 0; repeat < 20; repeat++)
      for (const { name, value } of calls) converted.resolveToolCall(name, value);
  });
  const perTool = (ms: number) => (ms * 1_000) / schemas.length;
  const row: FirstCallRow = {
    label,
    tools: schemas.length,
    compileMicros: perTool(median(compile.ours)),
    baselineCompileMicros: perTool(median(compile.baseline)),
    validateMicros: perTool(median(validate.ours)),
    baselineValidateMicros: perTool(median(validate.baseline)),
    firstCallMicros: (firstCall * 1_000) / calls.length,
    laterCallMicros: (laterCall * 1_000) / 20 / calls.length,
  };
  console.log(
    `  ${label.padEnd(34)} ${`${row.compileMicros.toFixed(0)} µs`.padStart(10)} ${`${row.baselineCompileMicros.toFixed(0)} µs`.padStart(10)} ${`${(row.compileMicros / row.baselineCompileMicros).toFixed(2)}×`.padStart(7)}  ${`${row.validateMicros.toFixed(1)} µs`.padStart(9)} ${`${row.baselineValidateMicros.toFixed(1)} µs`.padStart(9)}  ${`${row.firstCallMicros.toFixed(0)} µs`.padStart(9)} ${`${row.laterCallMicros.toFixed(1)} µs`.padStart(9)}`,
  );
  return row;
}

/** A flat object of `count` properties, as the wide shape of the series. */
function wideTool(count: number): McpToolLike {
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < count; index++)
    properties[`field_${index}`] = { type: index % 3 === 0 ? 'integer' : 'string', minLength: 1 };
  return { name: `wide_${count}`, inputSchema: { type: 'object', properties, required: ['field_0'] } as never };
}

if (process.argv[1]?.endsWith('first-call.ts')) {
  const quick = process.argv.includes('--quick');
  const corpus = readFileSync(
    fileURLToPath(new URL('../test/fixtures/corpus-mcp-tools.jsonl', import.meta.url)),
    'utf8',
  )
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as McpToolLike);
  // Every third tool: compiling all of them, both ways, for several rounds would take a minute.
  const sampled = corpus.filter((_, index) => index % 3 === 0);
  console.log(
    "\nA tool's first call: its validator compiled (µs per tool) and run (µs per call), against the baseline of Ajv's optimization pass on (same options otherwise, same run)",
  );
  console.log(
    '  set                                   compile   baseline   ratio   validate  baseline  resolveToolCall first · later',
  );
  const rows = [
    measure(`MCP corpus, every third tool`, sampled, quick ? 2 : 4),
    measure('one wide tool, 2,000 properties', [wideTool(2_000)], quick ? 2 : 4),
  ];
  console.log(`${FIRST_CALL_RESULT_PREFIX}${JSON.stringify(rows)}`);
}
