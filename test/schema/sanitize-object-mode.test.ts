// The sanitizing copy leaves no schema object in V8's dictionary mode. Writing `const` and then
// deleting it (sanitize turns it into the enum) did, for every const object of a plain copy (the
// one the provider targets take): each walk after read those objects slowly, and a oneOf of
// consts cost 2.3-3x a round trip on every target. Only V8's own check can tell, so it runs in a
// Node process of its own with natives syntax allowed.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const SANITIZE = fileURLToPath(new URL('../../src/schema/sanitize.ts', import.meta.url));

/**
 * For each input, whether every object of its sanitized copy has fast properties; and the same
 * check on an object with a key deleted (a control: it must say no).
 */
function fastEverywhere(inputs: unknown[]): { control: boolean; copies: boolean[] } {
  const script = `
    const { sanitizeJsonSchema } = await import(${JSON.stringify(SANITIZE)});
    const fast = (value) => {
      if (Array.isArray(value)) return value.every(fast);
      if (value === null || typeof value !== 'object') return true;
      return %HasFastProperties(value) && Object.values(value).every(fast);
    };
    const deleted = { type: 'string', title: 'T', description: 'D' };
    delete deleted.title;
    const inputs = JSON.parse(process.argv[1]);
    const copies = inputs.map((input) => fast(sanitizeJsonSchema(input)));
    console.log(JSON.stringify({ control: fast({ properties: { p: deleted } }), copies }));
  `;
  const output = execFileSync(
    process.execPath,
    ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script, JSON.stringify(inputs)],
    { encoding: 'utf8' },
  );
  return JSON.parse(output.trim().split('\n').at(-1) as string) as { control: boolean; copies: boolean[] };
}

test('const objects, alone, beside an enum or in a oneOf, are copied with fast properties', () => {
  const choices = Array.from({ length: 4 }, (_, index) => ({
    const: `option_${index}`,
    title: `Option ${index}`,
    description: `Means option ${index}.`,
  }));
  const inputs = [
    { type: 'object', properties: { mode: { description: 'The mode.', oneOf: choices } } },
    { type: 'object', properties: { fixed: { const: 3, description: 'Always three.' } } },
    { type: 'object', properties: { both: { enum: [1, 2], const: 1, title: 'One' } } },
    { type: 'object', $defs: { Kind: { const: null, title: 'Nothing' } }, properties: { k: { $ref: '#/$defs/Kind' } } },
  ];
  const { control, copies } = fastEverywhere(inputs);
  expect(control).toBe(false);
  expect(copies).toEqual([true, true, true, true]);
}, 60_000);
