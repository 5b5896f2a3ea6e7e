// The worker's end of the port: sends messages, remembers which call is running (so logs, timers and fs requests
// can be attributed to it), and reports `quiet` once the work a host message started has settled: microtasks run
// and no timer due at the current time left to fire. The quiet report says when the next timer is due.
import type { HostMessage, StampedHostMessage, TimerReport, WorkerMessage } from '../protocol.ts';
import { nativePerformanceNow } from './worker-time.ts';

/** A call in flight inside the worker (timers it set keep a reference after it ends). */
export interface ActiveCall {
  id: number;
  toolCallId?: string;
  /** How messages name it: `Tool "x"`, `beforeToolCall`, … */
  label: string;
  /** False once the call has settled. */
  active: boolean;
  controller: AbortController;
  logs: number;
  updates: number;
  /** Ends the call now with an error (a timer limit was hit); later outcomes are ignored. */
  fail?: (message: string) => void;
}

type Handler = (message: HostMessage) => void;

export class WorkerChannel {
  private lastSeq = 0;
  private quietScheduled = false;
  private readonly tick = new MessageChannel();
  /** Wall time spent in macrotasks that ran user code, microtasks included, since the worker started. */
  private userCodeMs = 0;
  /** Start of the macrotask now running, if it runs user code. */
  private userCodeSince: number | undefined;
  /** Best-effort attribution: the call whose message (or timer) is being handled. */
  current: ActiveCall | undefined;
  /** Called when a new call or evaluation starts (resets per-activity allowances). */
  onActivity: () => void = () => {};
  /** Called with every host message's clock time, before it is handled. */
  onTime: (now: unknown) => void = () => {};
  /** Runs one piece of pending work (a due timer); true when it did, so quiet waits another macrotask. */
  idleWork: () => boolean = () => false;
  /** What the quiet message tells the host about timers. */
  timerReport: () => TimerReport = () => ({ waits: [] });

  constructor(private readonly port: MessagePort, handler: Handler) {
    this.tick.port1.onmessage = () => {
      this.quietScheduled = false;
      const start = this.turnStarted(false);
      let worked = true;
      try {
        worked = this.idleWork();
      } finally {
        // A throw from a timer callback propagates from here and is reported like any uncaught error.
        if (worked) {
          this.userCodeSince = start;
          this.scheduleQuiet();
        } else {
          this.post({ type: 'quiet', seq: this.lastSeq, ...this.timerReport(), userCodeMs: this.userCodeMs });
        }
      }
    };
    port.onmessage = (event: MessageEvent<StampedHostMessage>) => {
      const message = event.data;
      // Any message may run user code (a tick fires its first due timer in this task).
      this.turnStarted(true);
      this.lastSeq = message.seq;
      this.onTime(message.now);
      try {
        handler(message);
      } finally {
        this.scheduleQuiet();
      }
    };
  }

  /**
   * A macrotask of the channel begins: the one before it (and its microtasks) has ended. Counting from macrotask
   * to macrotask charges user code for its microtasks; the host's side of a round trip is never counted.
   */
  private turnStarted(runsUserCode: boolean): number {
    const now = nativePerformanceNow();
    if (this.userCodeSince !== undefined) this.userCodeMs += now - this.userCodeSince;
    this.userCodeSince = runsUserCode ? now : undefined;
    return now;
  }

  /** Posts to the host; a value that cannot be cloned is reported to the caller, never thrown at it. */
  post(message: WorkerMessage): { ok: true } | { ok: false; message: string } {
    try {
      this.port.postMessage(message);
      return { ok: true };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * A macrotask after the current one: by then the microtasks that the host message started have run, so the
   * worker has nothing left to do (once no timer is due) until the host wakes it. Also called when timers change.
   */
  scheduleQuiet(): void {
    if (this.quietScheduled) return;
    this.quietScheduled = true;
    this.tick.port2.postMessage(null);
  }
}
