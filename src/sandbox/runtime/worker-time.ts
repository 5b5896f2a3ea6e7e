// The worker's notion of the run's time. Every host message carries the host clock's `now`; on a virtual clock
// (a recording) that value is the time, constant while user code computes; on real time (Try it) the worker reads
// it itself, from the time origin both threads share (a message's stamp would be late by its delivery). Also keeps the engine's real Date, performance.now and setTimeout for the runtime.

export const nativeDate = Date;
export const nativeDateNow = Date.now.bind(Date);
export const nativePerformanceNow = performance.now.bind(performance);
export const nativeSetTimeout = setTimeout.bind(globalThis);

export type TimeMode = 'virtual' | 'real';

/** How many reads of an unmoving virtual clock in one synchronous stretch count as a busy-wait that never ends. */
export const MAX_UNMOVING_READS = 1_000_000;

export class WorkerTime {
  mode: TimeMode = 'real';
  /** Epoch milliseconds at clock time 0 (Date.now() in a recording is this plus the recording's time). */
  private epoch = nativeDateNow();
  private hostNow = 0;
  /** performance.timeOrigin + performance.now() at the real clock's 0. */
  private origin = performance.timeOrigin;
  private unmovingReads = 0;
  /** Who is reading (for the busy-wait message), set by the runtime. */
  reader: () => string = () => 'Code';

  /** Takes the host clock's time from a message. */
  sync(now: unknown): void {
    if (typeof now !== 'number' || !Number.isFinite(now)) return;
    this.hostNow = now;
    this.unmovingReads = 0;
  }

  setClock(mode: TimeMode, epoch: unknown, origin: unknown): void {
    this.mode = mode;
    if (typeof epoch === 'number' && Number.isFinite(epoch)) this.epoch = epoch;
    if (typeof origin === 'number' && Number.isFinite(origin)) this.origin = origin;
  }

  /** The host clock's time, in its milliseconds. */
  now(): number {
    return this.mode === 'virtual' ? this.hostNow : performance.timeOrigin + nativePerformanceNow() - this.origin;
  }

  /** Date.now() as user code sees it. */
  dateNow(): number {
    if (this.mode === 'real') return nativeDateNow();
    this.countRead('Date.now()');
    return Math.floor(this.epoch + this.hostNow);
  }

  /** performance.now() as user code sees it: the recording's time since it started. */
  performanceNow(): number {
    if (this.mode === 'real') return nativePerformanceNow();
    this.countRead('performance.now()');
    return this.hostNow;
  }

  /** A loop that waits for the virtual clock to move while computing would spin forever: say so instead. */
  private countRead(what: string): void {
    if (++this.unmovingReads <= MAX_UNMOVING_READS) return;
    this.unmovingReads = 0;
    throw new Error(`${this.reader()} read ${what} more than ${MAX_UNMOVING_READS} times while the recording's clock stood still: in a recording, time only moves while code waits (setTimeout, sleep), so a loop that waits for the time to pass never ends`);
  }

  /** A new macrotask began (a timer fired): reads in it are a new stretch. */
  newTurn(): void {
    this.unmovingReads = 0;
  }
}
