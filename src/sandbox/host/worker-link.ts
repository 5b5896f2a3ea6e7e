// The host's end of one worker: requests matched to replies by id, a wall-clock budget per request that pauses
// while user code waits on a timer or fs (a timer's wake round trip costs it only the worker's user-code time),
// Stop's grace and the ping that tells a hung promise from a stuck worker, the clock held while the worker
// computes (released when it reports `quiet`), so a VirtualClock only moves when user code is waiting, and one
// sleep on the clock for the worker's next timer, which becomes a `tick` when the clock gets there. What the
// worker sends about its requests is checked and routed by the inbox (worker-inbox.ts).
import { RealClock, type Clock } from '../../engine/index.ts';
import type { HostMessage, WorkerMessage } from '../protocol.ts';
import type { FsCapabilityHost, SandboxLogEntry } from '../types.ts';
import { DEFAULT_GUARD_LIMITS, readWorkerMessage } from './message-guard.ts';
import type { Omitted, PendingRequest as Pending, Reply } from './pending-request.ts';
import { TimerWake } from './timer-wake.ts';
import { WorkerInbox } from './worker-inbox.ts';

/** A request as the caller writes it; the link adds `seq`, `id` and (for calls) `aborted`. */
export type LinkRequest = Omitted<Extract<HostMessage, { type: 'call' | 'evaluate' }>, 'seq' | 'id' | 'aborted'>;

/** A rejection from the link itself (not from user code): timed out, restarted, disposed. */
export class SandboxLinkError extends Error {
  constructor(message: string, readonly reason: 'timeout' | 'restarted' | 'disposed' | 'unsendable' | 'aborted') {
    super(message);
    this.name = 'SandboxLinkError';
  }
}

export interface WorkerLinkOptions {
  clock(): Clock;
  timeoutMs(): number;
  fs?: FsCapabilityHost;
  onLog?: (entry: SandboxLogEntry) => void;
  /** The worker did not answer a ping after a timeout: it is stuck in synchronous code and must be killed. */
  onStuck(): void;
  /** The worker must be ended for `reason` (a call ignored Stop, or its messages broke the host's limits). */
  onMisbehaved(reason: string): void;
  /** The largest result, update or report accepted (the worker's own limit; the host checks again). */
  maxMessageBytes(): number;
}

/** How long a call may go on after its signal was aborted before its worker is ended (wall time). */
export const ABORT_GRACE_MS = 1000;

const PING_GRACE_MS = 500;
const STUCK = 'the sandbox was stuck in synchronous code (an endless loop?) and was restarted';

export class WorkerLink {
  private seq = 0;
  private nextId = 1;
  private releaseBusy: (() => void) | undefined;
  private readonly pending = new Map<number, Pending>();
  /** The newest seq the worker reported quiet for; a tick not followed by it within the budget is watched. */
  private quietSeq = 0;
  /** The worker's user-code time (see the quiet message), the largest it reported. */
  private userCodeMs = 0;
  private readonly wake: TimerWake;
  private readonly pings = new Map<number, () => void>();
  private closed = false;
  private closedWith: SandboxLinkError = new SandboxLinkError('The sandbox was disposed', 'disposed');
  private readonly inbox: WorkerInbox;
  readonly ready: Promise<void>;

  constructor(private readonly port: MessagePort, private readonly options: WorkerLinkOptions) {
    this.wake = new TimerWake({
      clock: () => this.options.clock(),
      timeoutMs: () => this.options.timeoutMs(),
      calls: () => this.pending.values(),
      waitStarted: (call) => this.waitStarted(call as Pending),
      waitEnded: (call) => this.waitEnded(call as Pending),
      chargeUserCode: (call, ms) => this.chargeUserCode(call as Pending, ms),
      userCodeMs: () => this.userCodeMs,
      tick: () => (this.post({ type: 'tick' }) ? this.seq : undefined),
      quietSeq: () => this.quietSeq,
      ping: (answered, silent) => this.ping(answered, silent),
    });
    this.wake.onSilent = (label) => {
      this.options.onLog?.({ level: 'error', text: `A timer set by ${label} did not finish within ${this.options.timeoutMs()} ms: ${STUCK}` });
      this.options.onStuck();
    };
    let onReady!: () => void;
    this.ready = new Promise((resolve) => { onReady = resolve; });
    this.inbox = new WorkerInbox({
      pending: (id) => this.pending.get(id),
      finish: (call) => this.finish(call),
      post: (message) => this.post(message),
      waitStarted: (call) => this.waitStarted(call),
      waitEnded: (call) => this.waitEnded(call),
      closed: () => this.closed,
    }, { ...DEFAULT_GUARD_LIMITS, maxMessageBytes: options.maxMessageBytes() }, options);
    port.onmessage = (event: MessageEvent<WorkerMessage>) => {
      // The worker runs user code, which can post anything on this port: trust nothing (message-guard.ts).
      const message = readWorkerMessage(event);
      if (!message) this.inbox.dropped('it sent messages the app does not expect');
      else if (message.type === 'ready') onReady();
      else this.receive(message);
    };
  }

  /** Sends a request and resolves with the worker's reply; rejects only with a SandboxLinkError. */
  request(
    message: LinkRequest,
    options: { label: string; toolCallId?: string; signal?: AbortSignal; onUpdate?: (partial: unknown) => void },
  ): Promise<Reply> {
    if (this.closed) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      const call: Pending = {
        id, kind: message.type, label: options.label, toolCallId: options.toolCallId, onUpdate: options.onUpdate,
        updates: 0, fsRequests: 0, waits: 0, remainingMs: this.options.timeoutMs(), resolve, reject,
      };
      this.inbox.requestSent();
      if (options.signal) {
        const onAbort = () => {
          this.post({ type: 'abort', id });
          call.abortGrace ??= setTimeout(() => this.abortIgnored(call), ABORT_GRACE_MS);
        };
        options.signal.addEventListener('abort', onAbort, { once: true });
        call.cleanup = () => options.signal?.removeEventListener('abort', onAbort);
      }
      this.pending.set(id, call);
      const full = { ...message, id, ...(message.type === 'call' ? { aborted: options.signal?.aborted ?? false } : {}) } as HostMessage;
      if (!this.post(full)) {
        this.finish(call);
        reject(new SandboxLinkError(`${options.label}: the arguments could not be sent into the sandbox`, 'unsendable'));
        return;
      }
      this.runBudget(call);
    });
  }

  /** Posts with a sequence number and holds the clock until the worker reports quiet. False if unsendable. */
  post(message: Omitted<HostMessage, 'seq'>): boolean {
    if (this.closed) return false;
    const seq = ++this.seq;
    try {
      this.port.postMessage({ ...message, seq, now: this.options.clock().now() });
    } catch {
      return false;
    }
    this.releaseBusy ??= this.options.clock().hold();
    return true;
  }

  /**
   * The sandbox's clock was replaced (or first set): the busy hold and the timer sleep move to the new clock, and
   * the worker learns its mode (virtual time stands still while code computes) and where its time came from.
   */
  clockChanged(previousNow: number): void {
    if (this.closed) return;
    this.wake.cancel();
    const clock = this.options.clock();
    const busy = this.releaseBusy;
    this.releaseBusy = undefined;
    const mode = clock instanceof RealClock && clock.speed === 1 ? 'real' : 'virtual';
    const origin = performance.timeOrigin + performance.now() - clock.now();
    this.post({ type: 'clock', mode, epoch: Date.now() - clock.now(), previousNow, origin });
    busy?.();
  }

  /**
   * Fails every request with `message` and frees every hold. When the worker was `stuck`, the requests that ran
   * out of time say so (any of them may be the endless loop: a stuck worker cannot tell which call it is in).
   */
  close(message: string, reason: 'restarted' | 'disposed', stuck = false): void {
    if (this.closed) return;
    this.closed = true;
    this.closedWith = new SandboxLinkError(message, reason);
    for (const call of [...this.pending.values()]) {
      this.finish(call);
      call.reject(stuck && call.timedOut
        ? new SandboxLinkError(`${call.label} did not finish within ${this.options.timeoutMs()} ms: ${STUCK}`, 'timeout')
        : new SandboxLinkError(message, reason));
    }
    this.wake.dispose();
    this.releaseBusy?.();
    this.releaseBusy = undefined;
    this.port.onmessage = null;
    this.port.close();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Whether the link was closed to be replaced (a request not yet sent may go to the new worker). */
  get wasReplaced(): boolean {
    return this.closed && this.closedWith.reason === 'restarted';
  }

  private finish(call: Pending): void {
    this.pending.delete(call.id);
    clearTimeout(call.timer);
    clearTimeout(call.abortGrace);
    call.cleanup?.();
  }

  /** Stop was pressed and the call went on regardless (it ignores its signal): it ends now, with its worker. */
  private abortIgnored(call: Pending): void {
    if (!this.pending.has(call.id) || this.closed) return;
    this.finish(call);
    call.reject(new SandboxLinkError(
      `${call.label} was aborted: it did not stop within ${ABORT_GRACE_MS / 1000} s of its abort signal, so its sandbox was ended and started again`,
      'aborted',
    ));
    this.options.onMisbehaved(`${call.label} ignored its abort signal`);
  }

  private runBudget(call: Pending): void {
    if (call.waits > 0 || call.runningSince !== undefined || !this.pending.has(call.id)) return;
    call.runningSince = performance.now();
    call.timer = setTimeout(() => this.onTimeout(call), Math.max(0, call.remainingMs));
  }

  private pauseBudget(call: Pending): void {
    if (call.runningSince === undefined) return;
    call.remainingMs -= performance.now() - call.runningSince;
    call.runningSince = undefined;
    clearTimeout(call.timer);
  }

  /**
   * The running stretch since a tick costs the call only the worker's user-code time in it (at most the stretch):
   * the round trip is the clock's bookkeeping, and on a busy host it could use up the budget of a call that only
   * waits on virtual timers. A call that does run code (or hangs in a callback) still spends its budget.
   */
  private chargeUserCode(call: Pending, userCodeMs: number): void {
    if (call.runningSince === undefined || call.timedOut || !this.pending.has(call.id)) return;
    const elapsed = performance.now() - call.runningSince;
    call.remainingMs -= Math.min(elapsed, Math.max(0, userCodeMs));
    call.runningSince = undefined;
    clearTimeout(call.timer);
    this.runBudget(call);
  }

  private waitStarted(call: Pending | undefined): void {
    if (!call) return;
    call.waits++;
    this.pauseBudget(call);
  }

  private waitEnded(call: Pending | undefined): void {
    if (!call) return;
    call.waits = Math.max(0, call.waits - 1);
    this.runBudget(call);
  }

  private onTimeout(call: Pending): void {
    call.timedOut = true;
    const limit = `${call.label} did not finish within ${this.options.timeoutMs()} ms`;
    this.ping(() => {
      // The worker is responsive: only this call hangs (a promise that never settles). Abort it and give up.
      if (!this.pending.has(call.id)) return;
      this.finish(call);
      this.post({ type: 'abort', id: call.id });
      call.reject(new SandboxLinkError(`${limit} (its promise never settled)`, 'timeout'));
    }, () => this.options.onStuck());
  }

  /** Pings the worker: `answered` on its pong; `silent` (unless closed) when none came within the grace period. */
  private ping(answered: () => void, silent: () => void): void {
    const pingId = this.nextId++;
    const grace = setTimeout(() => {
      this.pings.delete(pingId);
      if (!this.closed) silent();
    }, PING_GRACE_MS);
    this.pings.set(pingId, () => {
      clearTimeout(grace);
      answered();
    });
    this.post({ type: 'ping', id: pingId });
  }

  private receive(message: Exclude<WorkerMessage, { type: 'ready' }>): void {
    switch (message.type) {
      case 'quiet':
        this.quietSeq = Math.max(this.quietSeq, message.seq);
        // Even an older quiet: its user-code time belongs to the stretch the newest one ends.
        if (typeof message.userCodeMs === 'number' && Number.isFinite(message.userCodeMs)) this.userCodeMs = Math.max(this.userCodeMs, message.userCodeMs);
        // An older quiet is followed by one for the newest message, with a newer report.
        if (message.seq !== this.seq) return;
        this.wake.apply(message);
        if (this.releaseBusy) {
          this.releaseBusy();
          this.releaseBusy = undefined;
        }
        return;
      case 'pong':
        this.pings.get(message.id)?.();
        this.pings.delete(message.id);
        return;
      default:
        this.inbox.receive(message);
    }
  }
}
