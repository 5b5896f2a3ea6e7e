// The injected clock. Everything that waits or reads the time in the engine goes through a Clock, so a
// replay on the VirtualClock is identical every time and takes no wall time, while RealClock plays at a speed.

/** Time source and timer. `now()` is in milliseconds; only differences are meaningful. */
export interface Clock {
  now(): number;
  /** Resolves after `ms` of this clock's time; resolves early (never rejects) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Declares real asynchronous work in flight (a sandbox call, an IndexedDB request). A virtual clock does
   * not move while any hold is open; the returned function releases the hold (idempotent).
   */
  hold(): () => void;
}

const macrotask: (fn: () => void) => void =
  typeof setImmediate === 'function'
    ? (fn) => { setImmediate(fn); }
    : (() => {
        // MessageChannel avoids the 4 ms clamp browsers put on nested setTimeout(0).
        const channel = new MessageChannel();
        const queue: (() => void)[] = [];
        channel.port1.onmessage = () => queue.shift()?.();
        return (fn: () => void) => { queue.push(fn); channel.port2.postMessage(null); };
      })();

/** Wall time scaled by `speed` (2 = twice as fast). now() starts at 0. */
export class RealClock implements Clock {
  private readonly origin = RealClock.wall();
  constructor(readonly speed = 1) {
    if (!(speed > 0)) throw new RangeError(`RealClock speed must be > 0, got ${speed}`);
  }
  private static wall(): number {
    return typeof performance !== 'undefined' ? performance.now() : Date.now();
  }
  now(): number {
    return (RealClock.wall() - this.origin) * this.speed;
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, Math.max(0, ms) / this.speed);
      signal?.addEventListener('abort', done, { once: true });
      function done() { clearTimeout(timer); signal?.removeEventListener('abort', done); resolve(); }
    });
  }
  hold(): () => void {
    return () => {};
  }
}

interface Timer { at: number; seq: number; fire: () => void }

/**
 * Virtual time that jumps to the next timer as soon as the program is idle: no microtasks left (checked one
 * macrotask later) and no hold open. Timers due at the same instant fire one per idle point, in the order
 * they were set, so their continuations interleave deterministically.
 */
export class VirtualClock implements Clock {
  private time: number;
  private seq = 0;
  private timers: Timer[] = [];
  private holds = 0;
  private checkScheduled = false;

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  /** Number of timers not yet fired (for tests and for detecting a stalled run). */
  get pendingTimers(): number {
    return this.timers.length;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer: Timer = { at: this.time + Math.max(0, ms || 0), seq: this.seq++, fire: done };
      const onAbort = () => {
        this.timers = this.timers.filter((t) => t !== timer);
        done();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      function done() { signal?.removeEventListener('abort', onAbort); resolve(); }
      this.timers.push(timer);
      this.scheduleCheck();
    });
  }

  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      this.scheduleCheck();
    };
  }

  private scheduleCheck(): void {
    if (this.checkScheduled) return;
    this.checkScheduled = true;
    macrotask(() => {
      this.checkScheduled = false;
      this.advance();
    });
  }

  private advance(): void {
    if (this.holds > 0 || this.timers.length === 0) return;
    let next = this.timers[0];
    for (const t of this.timers) if (t.at < next.at || (t.at === next.at && t.seq < next.seq)) next = t;
    this.timers = this.timers.filter((t) => t !== next);
    if (next.at > this.time) this.time = next.at;
    next.fire();
    if (this.timers.length > 0) this.scheduleCheck();
  }
}
