import { describe, expect, it } from 'vitest';
import { EventStream } from './event-stream.ts';

describe('EventStream', () => {
  it('delivers queued events in order and resolves result() on the terminal event', async () => {
    const s = new EventStream<number, string>((e) => e === 0, () => 'end');
    s.push(1); s.push(2); s.push(0); s.push(3);
    const seen: number[] = [];
    for await (const e of s) seen.push(e);
    expect(seen).toEqual([1, 2, 0]);
    expect(await s.result()).toBe('end');
  });
});
