// afterPaint in Chromium: work runs in the task after the next frame, in the order asked, unless cancelled.
import { describe, expect, it } from 'vitest';
import { afterPaint } from './after-paint.ts';

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 100));

describe('afterPaint', () => {
  it('runs work after the next frame, not before it, in the order it was asked for', async () => {
    const log: string[] = [];
    afterPaint(() => log.push('first'));
    afterPaint(() => log.push('second'));
    await Promise.resolve();
    expect(log).toEqual([]);
    await nextFrame();
    expect(log).toEqual([]); // frame callbacks run before the frame's rendering; the work after it
    await settle();
    expect(log).toEqual(['first', 'second']);
  });

  it('leaves out cancelled work and keeps the rest, even when the cancel comes after the frame started', async () => {
    const log: string[] = [];
    const cancelFirst = afterPaint(() => log.push('first'));
    afterPaint(() => log.push('second'));
    cancelFirst();
    const cancelAll = afterPaint(() => log.push('third'));
    await nextFrame();
    cancelAll();
    await settle();
    expect(log).toEqual(['second']);
  });

  it('gives work asked for by deferred work a frame of its own', async () => {
    const frames: number[] = [];
    const seen: number[] = [];
    let counting = true;
    const count = () => requestAnimationFrame((t) => { frames.push(t); if (counting) count(); });
    count();
    afterPaint(() => {
      seen.push(frames.length);
      afterPaint(() => seen.push(frames.length));
    });
    await settle();
    counting = false;
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBeGreaterThan(seen[0]);
  });
});
