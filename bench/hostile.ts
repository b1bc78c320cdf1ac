// Growth under hostile input (issue 21): output and time vs input for ref diamonds, resolveToolCall
// time vs argument length for catastrophic patterns and uniqueItems, name collisions at 1k/10k,
// and wide lists at 10× each other (issue 25): root unions, long required lists.
import { library } from './library.js';

const { checkStrictOutputSchema, convertMcpTools, jsonByteLength } = library;

export const HOSTILE_RESULT_PREFIX = 'HOSTILE_RESULT ';

function timeMs(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

function refDiamond(levels: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let level = 0; level < levels; level++) {
    const next = `#/$defs/d${level + 1}`;
    defs[`d${level}`] = { type: 'object', properties: { left: { $ref: next }, right: { $ref: next } } };
  }
  defs[`d${levels}`] = { type: 'string', enum: Array.from({ length: 380 }, (_, i) => `v${i}`) };
  return { type: 'object', properties: { root: { $ref: '#/$defs/d0' } }, $defs: defs };
}

/** A root union of `count` alternatives, each defining `kind` its own way (a discriminated union). */
function rootUnion(count: number): Record<string, unknown> {
  const alternatives = Array.from({ length: count }, (_, index) => ({
    type: 'object',
    properties: { kind: { type: 'string', enum: [`k${index}`] }, [`value${index}`]: { type: 'string' } },
    required: ['kind'],
  }));
  return { type: 'object', anyOf: alternatives };
}

/** An object of `count` ref properties, all required (listed last first), under a root property. */
function requiredRefs(count: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) properties[`p${index}`] = { $ref: '#/$defs/Leaf' };
  const required = Object.keys(properties).reverse();
  return {
    type: 'object',
    properties: { inner: { type: 'object', properties, required, additionalProperties: false } },
    $defs: { Leaf: { type: 'string' } },
  };
}

/** Each wide shape at two sizes 10× apart: ms for each, and the growth. */
function wideLists(quick: boolean): { label: string; sizes: number[]; ms: number[]; growth: number }[] {
  // The budget the wide tools fit in: the default one would cut them (SPEC §1.5).
  const budgetBytes = 1e9;
  const rows: { label: string; sizes: number[]; run: (size: number) => unknown }[] = [
    ...(['openai-responses', 'gemini'] as const).map((target) => ({
      label: `root union, one property defined per alternative: ${target}`,
      sizes: [1_000, 10_000],
      run: (size: number) =>
        convertMcpTools([{ name: 'u', inputSchema: rootUnion(size) as never }], { budgetBytes, target }),
    })),
    {
      label: 'required ref properties: openai-responses strict',
      sizes: [5_000, 50_000],
      run: (size) =>
        convertMcpTools([{ name: 'r', inputSchema: requiredRefs(size) as never }], {
          budgetBytes,
          target: 'openai-responses',
          strict: true,
        }),
    },
    {
      label: 'required properties: checkStrictOutputSchema',
      sizes: [5_000, 50_000],
      run: (size) => checkStrictOutputSchema((requiredRefs(size).properties as Record<string, unknown>).inner),
    },
  ];
  return rows.map(({ label, sizes, run }) => {
    run(sizes[0] as number); // warm up
    const ms = sizes.map((size) => {
      const times = Array.from({ length: quick ? 1 : 3 }, () => timeMs(() => run(size)));
      return Number(Math.min(...times).toFixed(1));
    });
    return { label, sizes, ms, growth: Number(((ms[1] as number) / (ms[0] as number)).toFixed(1)) };
  });
}

function main(quick: boolean): void {
  const diamonds = [4, 8, 12, 16, 24].map((levels) => {
    const inputSchema = refDiamond(levels);
    const row: Record<string, number> = { levels, inputBytes: jsonByteLength(inputSchema as never) };
    for (const target of ['gemini', 'openai-responses', 'anthropic'] as const) {
      let outputBytes = 0;
      const ms = timeMs(() => {
        const [result] = convertMcpTools([{ name: 'diamond', inputSchema }], {
          target,
          strict: target !== 'gemini',
        }).results;
        outputBytes = result?.ok ? result.outputBytes : 0;
      });
      row[`${target}Bytes`] = outputBytes;
      row[`${target}Ms`] = Number(ms.toFixed(2));
    }
    return row;
  });
  console.log('\nRef diamonds (each level refers twice to the next; a 380-value enum at the bottom)');
  console.log('levels  input B   gemini B (ms)        openai strict B (ms)   anthropic strict B (ms)');
  for (const row of diamonds)
    console.log(
      `${String(row.levels).padStart(6)}  ${String(row.inputBytes).padStart(7)}   ${`${row.geminiBytes} (${row.geminiMs})`.padEnd(19)}  ${`${row['openai-responsesBytes']} (${row['openai-responsesMs']})`.padEnd(21)}  ${row.anthropicBytes} (${row.anthropicMs})`,
    );

  const PATTERNS: Record<string, { schema: Record<string, unknown>; args: (n: number) => unknown }> = {
    'pattern ^(a+)+$': {
      schema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } },
      args: (n) => ({ s: `${'a'.repeat(n)}!` }),
    },
    'patternProperties ^(a+)+$': {
      schema: { type: 'object', patternProperties: { '^(a+)+$': {} }, additionalProperties: false },
      args: (n) => ({ [`${'a'.repeat(n)}!`]: 1 }),
    },
    'propertyNames ^(a+)+$': {
      schema: { type: 'object', propertyNames: { pattern: '^(a+)+$' } },
      args: (n) => ({ [`${'a'.repeat(n)}!`]: 1 }),
    },
    'uniqueItems, one-element arrays': {
      schema: { type: 'object', properties: { rows: { type: 'array', uniqueItems: true } } },
      args: (n) => ({ rows: Array.from({ length: Math.floor(n / 4) }, (_, i) => [i]) }),
    },
  };
  const lengths = quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 900_000];
  const calls = Object.entries(PATTERNS).map(([label, { schema, args }]) => {
    const conversion = convertMcpTools([{ name: 't', inputSchema: schema }], { target: 'openai-responses' });
    conversion.resolveToolCall('t', args(10));
    const row: Record<string, number | string> = { label };
    for (const length of lengths) {
      const value = args(length);
      row[String(length)] = Number(timeMs(() => conversion.resolveToolCall('t', value)).toFixed(2));
    }
    return row;
  });
  console.log('\nresolveToolCall time (ms) vs argument length (characters)');
  console.log(`${'schema'.padEnd(34)}${lengths.map((n) => String(n).padStart(10)).join('')}`);
  for (const row of calls)
    console.log(`${String(row.label).padEnd(34)}${lengths.map((n) => String(row[String(n)]).padStart(10)).join('')}`);

  const collisions = [1_000, 10_000].map((count) => {
    const tools = Array.from({ length: count }, () => ({ name: 'x', inputSchema: { type: 'object' } }));
    const row: Record<string, number> = { count };
    for (const target of ['openai-responses', 'openai-chat', 'anthropic', 'gemini'] as const)
      row[target] = Number(timeMs(() => convertMcpTools(tools, { target, strict: target === 'anthropic' })).toFixed(1));
    return row;
  });
  console.log('\nName collisions: tools all named x, convertMcpTools ms');
  console.log('  count  openai-responses  openai-chat  anthropic strict  gemini');
  for (const row of collisions)
    console.log(
      `${String(row.count).padStart(7)}  ${String(row['openai-responses']).padStart(16)}  ${String(row['openai-chat']).padStart(11)}  ${String(row.anthropic).padStart(16)}  ${String(row.gemini).padStart(6)}`,
    );

  const wide = wideLists(quick);
  console.log(
    '\nWide lists, ms at each size and the growth (linear: about 10×; both were quadratic before session 35)',
  );
  for (const row of wide)
    console.log(
      `  ${row.label.padEnd(68)}${row.sizes.map((size, index) => `${size}: ${row.ms[index]} ms`.padStart(20)).join('')}   ${row.growth}×`,
    );

  console.log(`${HOSTILE_RESULT_PREFIX}${JSON.stringify({ diamonds, calls, collisions, wide })}`);
}

if (process.argv[1]?.endsWith('hostile.ts')) main(process.argv.includes('--quick'));
