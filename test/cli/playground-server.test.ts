// toolschema playground's static server: what a hostile page can send it (issue 21, item 9).
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { playground } from '../../src/cli/commands/playground.js';
import { REPO_ROOT } from '../helpers/cli.js';

describe('playground', () => {
  test('answers a malformed percent-escape with 400 and keeps serving', async () => {
    let stop = () => {};
    const until = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const stdout = new PassThrough();
    let printed = '';
    stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
    });
    const served = playground(
      { port: 0, until },
      { cwd: REPO_ROOT, stdin: new PassThrough(), stdout, stderr: new PassThrough(), env: {} },
    );
    for (let tries = 0; !/http:\/\/127\.0\.0\.1:\d+\//.test(printed) && tries < 200; tries++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const base = /http:\/\/127\.0\.0\.1:\d+\//.exec(printed)?.[0] as string;
    try {
      expect((await fetch(`${base}%E0%A4%A`)).status).toBe(400);
      expect((await fetch(`${base}..%2f..%2fpackage.json`)).status).toBe(404);
      const page = await fetch(base);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html');
    } finally {
      stop();
      await served;
    }
  });
});
