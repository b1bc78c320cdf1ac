import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

describe('the built package', () => {
  test('is importable by its name through the exports map', () => {
    const output = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { parseToolInputSchema, ToolSchemaError } from 'toolschema'; console.log(JSON.stringify(parseToolInputSchema({ properties: { q: {} } })), typeof ToolSchemaError);",
      ],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    expect(output).toBe('{"type":"object","properties":{"q":{}}} function\n');
  });
});
