// The animation-frame seam of the player: requestAnimationFrame in the browser, a timer elsewhere, or a manual
// scheduler in tests (which then decide when each frame happens and what time it is); and the player's frame loop.

export interface FrameScheduler {
  /** Calls `callback` once before the next paint with the frame time in ms; returns a handle for cancel(). */
  request(callback: (now: number) => void): number;
  cancel(handle: number): void;
}

export function browserFrames(): FrameScheduler {
  if (typeof requestAnimationFrame === 'function') {
    return { request: (callback) => requestAnimationFrame(callback), cancel: (handle) => cancelAnimationFrame(handle) };
  }
  return {
    request: (callback) => setTimeout(() => callback(performance.now()), 16) as unknown as number,
    cancel: (handle) => clearTimeout(handle),
  };
}

/**
 * What a frame asks for next: another frame that measures the time since this one (playing), another that does not
 * (recording while paused), or none.
 */
export type FramePace = 'timed' | 'untimed' | 'stop';

/** One frame requested at a time; each is told the wall time since the last timed frame (0 after a pause). */
export class FrameLoop {
  #handle: number | null = null;
  #lastAt: number | null = null;

  constructor(private readonly frames: FrameScheduler, private readonly onFrame: (elapsedMs: number) => FramePace) {}

  /** Asks for the next frame, unless one is already asked for. */
  request(): void {
    if (this.#handle !== null) return;
    this.#handle = this.frames.request((now) => this.#run(now));
  }

  stop(): void {
    if (this.#handle !== null) this.frames.cancel(this.#handle);
    this.#handle = null;
    this.#lastAt = null;
  }

  #run(now: number): void {
    this.#handle = null;
    const pace = this.onFrame(this.#lastAt === null ? 0 : Math.max(0, now - this.#lastAt));
    this.#lastAt = pace === 'timed' ? now : null;
    if (pace !== 'stop') this.request();
  }
}

/** A scheduler driven by hand: `tick(ms)` advances its time and runs the frames that were requested. */
export interface ManualFrames extends FrameScheduler {
  readonly pending: number;
  tick(elapsedMs?: number): void;
  now(): number;
}

export function manualFrames(): ManualFrames {
  let time = 0;
  let next = 1;
  const callbacks = new Map<number, (now: number) => void>();
  return {
    get pending() { return callbacks.size; },
    request(callback) { const handle = next++; callbacks.set(handle, callback); return handle; },
    cancel(handle) { callbacks.delete(handle); },
    now: () => time,
    tick(elapsedMs = 16) {
      time += elapsedMs;
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback(time);
    },
  };
}
