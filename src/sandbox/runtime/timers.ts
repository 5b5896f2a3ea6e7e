// setTimeout, setInterval and sleep() on the run's clock: one queue ordered by due time, then creation, fired one
// timer per macrotask once the host clock has reached it (the host keeps one sleep for the earliest). Browser
// rules: numeric ids shared by both kinds, a delay that is not a positive number is 0, nested timers under 4 ms
// are clamped to 4 ms past five levels, clear* ignores unknown ids. Limits keep a timer storm from running away.
import type { ActiveCall } from './channel.ts';
import type { WorkerTime } from './worker-time.ts';

/**
 * `timeout` and `sleep` are what a call waits on (its time budget pauses); so is an interval on virtual time, where
 * waiting costs no wall time and the firing limit bounds it; signal timers never are.
 */
export type TimerKind = 'timeout' | 'interval' | 'sleep' | 'signal';

interface Timer {
  id: number;
  due: number;
  seq: number;
  run: () => void;
  kind: TimerKind;
  /** An interval's (clamped) period. */
  period?: number;
  nesting: number;
  owner: ActiveCall | undefined;
}

export const MAX_PENDING_TIMERS = 10_000;
export const MAX_FIRINGS_PER_OWNER = 5_000;

export interface TimerHost {
  time: WorkerTime;
  current(): ActiveCall | undefined;
  setCurrent(owner: ActiveCall | undefined): void;
  /** The queue changed: the host should hear about the next due time. */
  changed(): void;
  /** A limit was hit: `owner`'s timers are gone; fail its call (or tell the host when it has ended). */
  overLimit(owner: ActiveCall | undefined, message: string): void;
}

export function ownerLabel(owner: ActiveCall | undefined): string {
  return owner?.label ?? 'Module code';
}

const before = (a: Timer, b: Timer) => a.due < b.due || (a.due === b.due && a.seq < b.seq);

export class TimerQueue {
  private heap: Timer[] = [];
  private readonly live = new Map<number, Timer>();
  private nextId = 1;
  private seq = 0;
  /** The nesting level of the timer whose callback runs now (0 outside timers), as HTML defines it. */
  private nesting = 0;
  private firings = new Map<ActiveCall | undefined, number>();

  constructor(private readonly host: TimerHost) {}

  get size(): number {
    return this.live.size;
  }

  /** Schedules `run` after `delay` (browser conversion unless `kind` is sleep, which takes any positive ms). */
  set(run: () => void, delay: unknown, kind: TimerKind): number {
    const owner = this.host.current();
    if (this.live.size >= MAX_PENDING_TIMERS) {
      const message = `${ownerLabel(owner)} has ${MAX_PENDING_TIMERS} timers pending, the most the playground runs at once (a timer storm?); its timers were cancelled`;
      this.dropOwner(owner);
      this.host.overLimit(owner, message);
      throw new RangeError(message);
    }
    let ms = kind === 'sleep' ? Number(delay) : Math.trunc(Number(delay)) | 0;
    if (!(ms > 0) || !Number.isFinite(ms)) ms = 0;
    if (kind !== 'sleep' && this.nesting > 5 && ms < 4) ms = 4;
    const timer: Timer = {
      id: this.nextId++, due: this.host.time.now() + ms, seq: this.seq++, run, kind, nesting: this.nesting + 1, owner,
      ...(kind === 'interval' ? { period: ms } : {}),
    };
    this.live.set(timer.id, timer);
    this.push(timer);
    this.host.changed();
    return timer.id;
  }

  clear(id: unknown): void {
    if (typeof id !== 'number' || !this.live.delete(id)) return;
    this.host.changed();
  }

  /** The earliest due time of a pending timer. */
  nextDue(): number | undefined {
    return this.peek()?.due;
  }

  /** Runs the first timer due by now, as its own task; false when none is due. A throw propagates (reported). */
  fireNext(): boolean {
    const timer = this.peek();
    if (!timer || timer.due > this.host.time.now()) return false;
    this.pop();
    const count = (this.firings.get(timer.owner) ?? 0) + 1;
    this.firings.set(timer.owner, count);
    if (count > MAX_FIRINGS_PER_OWNER) {
      this.dropOwner(timer.owner);
      this.host.overLimit(timer.owner, `${ownerLabel(timer.owner)}: its timers fired ${MAX_FIRINGS_PER_OWNER} times in this run, the most the playground allows (a setInterval that never stops?); they were stopped`);
      return true;
    }
    if (timer.kind !== 'interval') this.live.delete(timer.id);
    this.host.setCurrent(timer.owner);
    this.host.time.newTurn();
    this.nesting = timer.nesting;
    try {
      timer.run();
    } finally {
      this.nesting = 0;
      if (timer.kind === 'interval' && this.live.get(timer.id) === timer) {
        let period = timer.period ?? 0;
        if (timer.nesting > 5 && period < 4) period = 4;
        Object.assign(timer, { due: this.host.time.now() + period, seq: this.seq++, nesting: timer.nesting + 1, period });
        this.push(timer);
      }
      this.host.changed();
    }
    return true;
  }

  /** Who set the next timer. */
  nextLabel(): string | undefined {
    const timer = this.peek();
    return timer ? ownerLabel(timer.owner) : undefined;
  }

  /** For each running call that waits on a timer: the earliest such due time. */
  waits(): { callId: number; due: number }[] {
    const earliest = new Map<number, number>();
    const intervals = this.host.time.mode === 'virtual';
    for (const timer of this.live.values()) {
      const waited = timer.kind === 'timeout' || timer.kind === 'sleep' || (intervals && timer.kind === 'interval');
      if (!waited || !timer.owner?.active) continue;
      const known = earliest.get(timer.owner.id);
      if (known === undefined || timer.due < known) earliest.set(timer.owner.id, timer.due);
    }
    return [...earliest].map(([callId, due]) => ({ callId, due }));
  }

  /**
   * The host's clock was replaced (a recording starts or ends): timers of calls still running keep what remained
   * of their delay on the new clock; the others belonged to the run that ended, and end with it.
   */
  rebase(oldNow: number, newNow: number): void {
    const kept = [...this.live.values()].filter((t) => t.owner?.active);
    this.live.clear();
    this.heap = [];
    this.firings = new Map();
    for (const timer of kept) {
      timer.due = newNow + Math.max(0, timer.due - oldNow);
      this.live.set(timer.id, timer);
      this.push(timer);
    }
    this.host.changed();
  }

  /** Cancels every timer `owner` set (a limit was hit). */
  dropOwner(owner: ActiveCall | undefined): void {
    for (const [id, timer] of this.live) if (timer.owner === owner) this.live.delete(id);
    this.host.changed();
  }

  private peek(): Timer | undefined {
    // Cleared timers stay in the heap until they reach the top.
    while (this.heap.length > 0 && this.live.get(this.heap[0].id) !== this.heap[0]) this.pop();
    return this.heap[0];
  }

  private push(timer: Timer): void {
    const heap = this.heap;
    heap.push(timer);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }

  private pop(): void {
    const heap = this.heap;
    const last = heap.pop();
    if (heap.length === 0 || !last) return;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && before(heap[l], heap[m])) m = l;
      if (r < heap.length && before(heap[r], heap[m])) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  }
}
