// The fidelity trade's queue (compaction/action-queue.ts): lowest ratio first, ties in push order.
import { describe, expect, test } from 'vitest';
import { ActionQueue } from '../../../src/schema/compaction/action-queue.js';

type Kind = 'cut' | 'drop';

function drain(queue: ActionQueue<string, Kind>): { item: string; kind: Kind; version: number }[] {
  const popped: { item: string; kind: Kind; version: number }[] = [];
  while (queue.pop()) popped.push({ item: queue.item as string, kind: queue.kind, version: queue.version });
  return popped;
}

describe('ActionQueue', () => {
  test('pops the lowest ratio first, with the kind and version it was pushed with', () => {
    const queue = new ActionQueue<string, Kind>('cut');
    queue.push('b', 'drop', 3, 0.5);
    queue.push('a', 'cut', 1, 0.25);
    queue.push('c', 'cut', 7, 2);
    expect(queue.size).toBe(3);
    expect(drain(queue)).toEqual([
      { item: 'a', kind: 'cut', version: 1 },
      { item: 'b', kind: 'drop', version: 3 },
      { item: 'c', kind: 'cut', version: 7 },
    ]);
    expect(queue.size).toBe(0);
    expect(queue.pop()).toBe(false);
  });

  test('breaks ties by push order, and keeps order past its initial capacity', () => {
    const queue = new ActionQueue<string, Kind>('cut', 1);
    // 500 actions, ratios in a scrambled order with many ties: the heap grows several times.
    const pushed = Array.from({ length: 500 }, (_, index) => ({ item: `n${index}`, ratio: (index * 37) % 11 }));
    for (const { item, ratio } of pushed) queue.push(item, 'drop', 0, ratio);
    const expected = [...pushed].sort((a, b) => a.ratio - b.ratio).map(({ item }) => item);
    expect(drain(queue).map(({ item }) => item)).toEqual(expected);
  });

  test('mixes pushes and pops as a heap must (a pushed action lower than the rest comes next)', () => {
    const queue = new ActionQueue<string, Kind>('cut');
    for (let index = 0; index < 100; index++) queue.push(`x${index}`, 'cut', index, 10 + index);
    queue.pop();
    expect(queue.item).toBe('x0');
    queue.push('low', 'drop', 9, 1);
    queue.pop();
    expect([queue.item, queue.kind, queue.version]).toEqual(['low', 'drop', 9]);
    queue.pop();
    expect(queue.item).toBe('x1');
  });
});
