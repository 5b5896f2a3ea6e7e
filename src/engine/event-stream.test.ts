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

  it('delivers a long queue in order while more is pushed as it is read, past the points where it is compacted', async () => {
    const s = new EventStream<number, string>((e) => e === -1, () => 'end');
    for (let i = 0; i < 5000; i++) s.push(i);
    const seen: number[] = [];
    let next = 5000;
    for await (const e of s) {
      seen.push(e);
      if (e % 2 === 0) for (let k = 0; k < 2 && next < 12_000; k++) s.push(next++);
      if (next === 12_000 && !s.done) s.push(-1);
    }
    expect(seen.at(-1)).toBe(-1);
    expect(seen.slice(0, -1)).toEqual(Array.from({ length: 12_000 }, (_, i) => i));
    expect(await s.result()).toBe('end');
  });

  it('waits for events when empty, and takes them again after being drained', async () => {
    const s = new EventStream<number, string>((e) => e === 0, () => 'end');
    const seen: number[] = [];
    const reading = (async () => { for await (const e of s) seen.push(e); })();
    s.push(1);
    await Promise.resolve();
    s.push(2); s.push(3);
    await new Promise((r) => setTimeout(r, 0));
    s.push(4); s.push(0);
    await reading;
    expect(seen).toEqual([1, 2, 3, 4, 0]);
  });
});
