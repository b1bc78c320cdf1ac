// What the CLI prints for a person fits 80 columns (issue 26); --json keeps everything.
import { describe, expect, test } from 'vitest';
import { fitHelp, formatTable, wrapLine } from '../../src/cli/fit.js';
import { runBin } from '../helpers/cli.js';

const DEMO = ['node', 'examples/demo-server/server.mjs'];
const tooWide = (text: string) => text.split('\n').filter((line) => [...line].length > 80);

describe('the CLI at 80 columns', () => {
  test.each([
    [['mcp', '--', ...DEMO]],
    [['mcp', '--target', 'openai-responses', '--strict', '--', ...DEMO]],
    [['mcp', '--target', 'anthropic', '--strict', '--', ...DEMO]],
    [['mcp', '--explain', 'update_doc', '--', ...DEMO]],
    [['mcp', '--explain', 'configure_alerts', '--target', 'gemini', '--', ...DEMO]],
    [['lint', '--', ...DEMO]],
    [['search', 'weather in a city', '--', ...DEMO]],
    [['explain', 'examples/schemas/messy-create-issue.json']],
    [['--help']],
    [['proxy', '--help']],
    [['mcp', '--help']],
  ])('toolschema %j prints no line wider than 80', async (argv) => {
    const run = await runBin(argv, { env: { COLUMNS: '80' } });
    expect(tooWide(run.stdout)).toStrictEqual([]);
  });

  test('keeps the full data in --json (no cut names or wrapped text)', async () => {
    const run = await runBin(['mcp', '--target', 'openai-responses', '--json', '--', ...DEMO]);
    expect(JSON.parse(run.stdout)).toHaveLength(6);
  });
});

describe('formatTable', () => {
  const columns = [
    { header: 'tool', shrinkable: true },
    { header: 'size', optional: true },
    { header: 'what', flexible: true },
  ];

  test('wraps the flexible column within what is left, under itself', () => {
    const lines = formatTable(
      columns,
      [[{ text: 'alpha' }, { text: '1 → 2' }, { text: 'one two three four five six' }]],
      30,
    );
    expect(lines).toStrictEqual(['tool   size   what', 'alpha  1 → 2  one two three', '              four five six']);
  });

  test('drops an optional column, then cuts the shrinkable one, when the width is short', () => {
    const lines = formatTable(
      columns,
      [[{ text: 'a_rather_long_tool_name_here' }, { text: '16,655 → 215' }, { text: 'several things lost' }]],
      36,
    );
    expect(lines[0]).toMatch(/^tool +what$/);
    expect(lines[1]?.startsWith('a_rather_long_tool_name…  several')).toBe(true);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(36);
  });
});

describe('wrapLine and fitHelp', () => {
  test('wrap at a word with a hanging indent, and never cut a colour sequence', () => {
    const red = '\u001b[31mred\u001b[39m';
    expect(wrapLine(`  one two three four five ${red} six seven`, 30)).toStrictEqual([
      `  one two three four five ${red}`,
      '    six seven',
    ]);
  });

  test('cut a word longer than the line at the width, colour sequences whole and taking no room', () => {
    expect(wrapLine(`  ${'x'.repeat(90)} tail`, 40)).toStrictEqual([
      `  ${'x'.repeat(38)}`,
      `    ${'x'.repeat(36)}`,
      `    ${'x'.repeat(16)} tail`,
    ]);
    const red = '\u001b[31m';
    const reset = '\u001b[39m';
    expect(wrapLine(`${red}${'y'.repeat(50)}${reset}${'z'.repeat(50)}`, 40)).toStrictEqual([
      `${red}${'y'.repeat(40)}`,
      `  ${'y'.repeat(10)}${reset}${'z'.repeat(28)}`,
      `  ${'z'.repeat(22)}`,
    ]);
  });

  test('cut a word of millions of characters in one pass', () => {
    // Measuring what was left of the word after each cut was quadratic: 300,000 characters took
    // 0.12 s, 3 MB 12 s, and these 20 MB would not end before the test times out.
    const lines = wrapLine('n'.repeat(20_000_000), 80);
    // 80 columns on the first line, then 78 after the two-space indent.
    expect(lines.length).toBe(1 + Math.ceil((20_000_000 - 80) / 78));
    expect(lines[0]).toBe('n'.repeat(80));
    expect(lines.slice(1, -1).every((line) => line === `  ${'n'.repeat(78)}`)).toBe(true);
  });

  test('continue a long example command shell-style', () => {
    expect(fitHelp('  toolschema proxy --target openai-responses --strict -- node server.js', 40)).toBe(
      '  toolschema proxy --target \\\n      openai-responses --strict -- \\\n      node server.js',
    );
  });
});
