// The README's adapter examples: the same text as examples/adapters/, each run as written (issue 27).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { README } from '../helpers/readme.js';

const DEMO_TOOLS = 'get_weather, search_listings, configure_alerts, create_event, update_tree, update_doc';

describe('the README’s adapter examples', () => {
  test.each([
    ['ai-sdk', DEMO_TOOLS],
    ['openai-agents', DEMO_TOOLS],
    ['langchain', 'search_listings called with {"location":"Lyon"} (demo server: no real effect)'],
  ])('%s is in the README as written, and runs', (name, firstLine) => {
    const file = join(REPO_ROOT, 'examples/adapters', `${name}.ts`);
    const source = readFileSync(file, 'utf8');
    expect(README).toContain(`\`\`\`ts\n${source}\`\`\``);
    const { OPENAI_API_KEY: _key, ...env } = process.env;
    const output = execFileSync(process.execPath, ['--import', 'tsx', file], { cwd: REPO_ROOT, encoding: 'utf8', env });
    expect(output.split('\n')[0]).toBe(firstLine);
  });
});
