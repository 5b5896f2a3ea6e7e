// The host's side of the worker's timers: one sleep on the clock until the worker's next due timer, which becomes a
// `tick`; the calls whose budget pauses while they wait on a timer; and a watch on ticks whose callbacks never
// finish (with no call running, nothing else would notice a worker stuck in a timer).
import type { Clock } from '../../engine/index.ts';
import type { TimerReport } from '../protocol.ts';

/** What the wake needs to know of a call in flight. */
export interface TimedCall {
  id: number;
  /** Due time of the timer (setTimeout, sleep) the call waits on, as the worker last reported. */
  timerDue?: number;
  /** Set while the call's budget runs. */
  runningSince?: number;
  /** The worker's user-code time when a tick resumed the call's budget (the tick's quiet settles what it cost). */
  wokenAtUserCodeMs?: number;
}

export interface TimerWakeHost {
  clock(): Clock;
  timeoutMs(): number;
  calls(): Iterable<TimedCall>;
  waitStarted(call: TimedCall): void;
  waitEnded(call: TimedCall): void;
  /**
   * The quiet after a tick: charge `call` the `userCodeMs` the worker spent running user code since the tick, not
   * the wall time of the round trip (posting, the clock's bookkeeping, the worker's answer on a busy host).
   */
  chargeUserCode(call: TimedCall, userCodeMs: number): void;
  /** The worker's user-code time as its newest quiet reported it. */
  userCodeMs(): number;
  /** Posts `tick`; the message's seq, or undefined when the link is closed. */
  tick(): number | undefined;
  /** Seq of the newest quiet the worker reported. */
  quietSeq(): number;
  /** Pings the worker: `answered` runs on its pong, else `silent` after a grace period. */
  ping(answered: () => void, silent: () => void): void;
}

export class TimerWake {
  private sleep: { at: number; controller: AbortController } | undefined;
  private watchdog: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: TimerWakeHost) {}

  /** A quiet report for the newest message: pause or resume budgets, and sleep until the next timer. */
  apply(report: TimerReport): void {
    const due = new Map<number, number>();
    for (const wait of Array.isArray(report.waits) ? report.waits : []) {
      if (typeof wait?.callId === 'number' && typeof wait.due === 'number') due.set(wait.callId, wait.due);
    }
    for (const call of this.host.calls()) {
      if (call.wokenAtUserCodeMs !== undefined) {
        this.host.chargeUserCode(call, this.host.userCodeMs() - call.wokenAtUserCodeMs);
        call.wokenAtUserCodeMs = undefined;
      }
      const next = due.get(call.id);
      if (next !== undefined && call.timerDue === undefined) this.host.waitStarted(call);
      else if (next === undefined && call.timerDue !== undefined) { call.timerDue = undefined; this.host.waitEnded(call); }
      call.timerDue = next;
    }
    const at = typeof report.nextTimer === 'number' && !Number.isNaN(report.nextTimer) ? report.nextTimer : undefined;
    if (at === undefined) return this.cancel();
    if (this.sleep?.at === at) return; // the same sleep, in the same place among the clock's timers
    this.cancel();
    const clock = this.host.clock();
    const controller = new AbortController();
    const label = typeof report.nextLabel === 'string' ? report.nextLabel : 'A timer';
    this.sleep = { at, controller };
    void clock.sleep(Math.max(0, at - clock.now()), controller.signal).then(() => {
      if (controller.signal.aborted) return;
      this.sleep = undefined;
      // By `at`, not clock.now(): a real timer may fire a fraction of a millisecond early.
      const reached = Math.max(at, clock.now());
      for (const call of this.host.calls()) {
        if (call.timerDue === undefined || call.timerDue > reached) continue;
        call.timerDue = undefined;
        call.wokenAtUserCodeMs = this.host.userCodeMs();
        this.host.waitEnded(call);
      }
      // Posting holds the clock again before the virtual clock's next idle check.
      const seq = this.host.tick();
      if (seq !== undefined) this.watch(seq, label);
    });
  }

  /** Stops waiting (the clock was replaced, or the link closed). */
  cancel(): void {
    this.sleep?.controller.abort();
    this.sleep = undefined;
  }

  dispose(): void {
    this.cancel();
    clearTimeout(this.watchdog);
  }

  /**
   * A tick whose callbacks never finish would hold the clock for ever. Calls have their own budget; with none
   * running, the tick gets one: an unanswered ping then means a stuck worker.
   */
  private watch(seq: number, label: string): void {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      if (this.host.quietSeq() >= seq) return;
      if ([...this.host.calls()].some((call) => call.runningSince !== undefined)) return this.watch(seq, label);
      this.host.ping(() => this.watch(seq, label), () => this.onSilent(label));
    }, this.host.timeoutMs());
  }

  /** Set by the link: the worker is stuck in the callback of a timer `label` set. */
  onSilent: (label: string) => void = () => {};
}
