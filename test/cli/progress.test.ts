import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { progressOn } from '../../src/cli/progress.js';

function stream(isTTY: boolean) {
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return { output: Object.assign(output, { isTTY }), text: () => text };
}

describe('progressOn', () => {
  test('rewrites one line on a terminal and clears it when done', () => {
    const { output, text } = stream(true);
    const progress = progressOn(output);
    progress.update('connecting to server');
    progress.update('listed 500 tools (1 page)');
    progress.done();
    expect(text()).toBe('\r\u001b[2Kconnecting to server…\r\u001b[2Klisted 500 tools (1 page)…\r\u001b[2K');
  });

  test('writes nothing when stderr is not a terminal (pipes, CI)', () => {
    const { output, text } = stream(false);
    const progress = progressOn(output);
    progress.update('listed 500 tools');
    progress.done();
    expect(text()).toBe('');
  });
});
