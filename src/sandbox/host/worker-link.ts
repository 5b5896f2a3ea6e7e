// The host's end of one worker: requests matched to replies by id, a wall-clock budget per request that pauses
// while user code waits on a timer or fs, fs served on the host, the clock held while the worker computes
// (released when it reports `quiet`), so a VirtualClock only moves when user code is waiting, and one sleep on
// the clock for the worker's next timer, which becomes a `tick` when the clock gets there.
import { RealClock, type Clock } from '../../engine/index.ts';
import type { CallOutcome, HostMessage, ModuleReport, WorkerMessage } from '../protocol.ts';
import type { FsCapabilityHost, SandboxLogEntry } from '../types.ts';
import { serveFsRequest } from './fs-service.ts';
import { DEFAULT_GUARD_LIMITS, DropCounter, fitsLimit, formatMegabytes, readWorkerMessage, type GuardLimits } from './message-guard.ts';
import { TimerWake, type TimedCall } from './timer-wake.ts';

type Reply = CallOutcome | ModuleReport;

type Omitted<M, K extends PropertyKey> = M extends unknown ? Omit<M, K> : never;
/** A request as the caller writes it; the link adds `seq`, `id` and (for calls) `aborted`. */
export type LinkRequest = Omitted<Extract<HostMessage, { type: 'call' | 'evaluate' }>, 'seq' | 'id' | 'aborted'>;

/** A rejection from the link itself (not from user code): timed out, restarted, disposed. */
export class SandboxLinkError extends Error {
  constructor(message: string, readonly reason: 'timeout' | 'restarted' | 'disposed' | 'unsendable' | 'aborted') {
    super(message);
    this.name = 'SandboxLinkError';
  }
}

interface Pending extends TimedCall {
  id: number;
  kind: 'call' | 'evaluate';
  label: string;
  /** Messages of each kind the host accepted for it (the host's own limits, see message-guard.ts). */
  updates: number;
  fsRequests: number;
  /** Set once Stop aborted it: the grace it gets to end before its worker is ended. */
  abortGrace?: ReturnType<typeof setTimeout>;
  toolCallId?: string;
  resolve(reply: Reply): void;
  reject(error: Error): void;
  onUpdate?: (partial: unknown) => void;
  /** fs requests in flight, and 1 while it waits on a timer: the budget does not run while the call waits. */
  waits: number;
  remainingMs: number;
  runningSince?: number;
  timedOut?: boolean;
  timer?: ReturnType<typeof setTimeout>;
  cleanup?: () => void;
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
  private readonly wake: TimerWake;
  private readonly pings = new Map<number, () => void>();
  private closed = false;
  private closedWith: SandboxLinkError = new SandboxLinkError('The sandbox was disposed', 'disposed');
  private readonly limits: GuardLimits;
  private readonly drops: DropCounter;
  /** Log entries accepted per call id (calls that ended too: their timers may still log). */
  private readonly logCounts = new Map<number, number>();
  readonly ready: Promise<void>;

  constructor(private readonly port: MessagePort, private readonly options: WorkerLinkOptions) {
    this.wake = new TimerWake({
      clock: () => this.options.clock(),
      timeoutMs: () => this.options.timeoutMs(),
      calls: () => this.pending.values(),
      waitStarted: (call) => this.waitStarted(call as Pending),
      waitEnded: (call) => this.waitEnded(call as Pending),
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
    this.limits = { ...DEFAULT_GUARD_LIMITS, maxMessageBytes: options.maxMessageBytes() };
    this.drops = new DropCounter(this.limits);
    port.onmessage = (event: MessageEvent<WorkerMessage>) => {
      // The worker runs user code, which can post anything on this port: trust nothing (message-guard.ts).
      const message = readWorkerMessage(event);
      if (!message) this.dropped('it sent messages the app does not expect');
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
      this.drops.requestSent();
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

  /** A message was dropped; too many and the worker is ended (a flood costs the main thread even when dropped). */
  private dropped(why: string, call?: Pending): void {
    if (this.closed || !this.drops.drop()) return;
    this.options.onMisbehaved(`${call ? `${call.label}: ` : 'its code: '}${why} (more than ${this.limits.maxDropped} were refused)`);
  }

  /** Ends a call with an error outcome from the host (the loop sees it as the tool's error, as pi would). */
  private refuse(call: Pending, message: string): void {
    this.finish(call);
    call.resolve(call.kind === 'call'
      ? { ok: false, message }
      : { error: { kind: 'evaluation', message }, tools: [], hooks: { beforeToolCall: { kind: 'missing' }, afterToolCall: { kind: 'missing' } }, notes: [] });
  }

  /** One more log entry for `callId`; false past its allowance (with one warning saying so, on the call). */
  private countLog(callId: number): boolean {
    const count = (this.logCounts.get(callId) ?? 0) + 1;
    this.logCounts.set(callId, count);
    if (this.logCounts.size > 10_000) this.logCounts.delete(this.logCounts.keys().next().value!);
    if (count === this.limits.maxLogsPerCall + 1) {
      const call = this.pending.get(callId);
      this.log(callId, 'warn', `${call?.label ?? 'A call'} sent more than ${this.limits.maxLogsPerCall} log messages; the app dropped the rest`);
    }
    return count <= this.limits.maxLogsPerCall;
  }

  private log(callId: number | undefined, level: SandboxLogEntry['level'], text: string, fromTimer: { toolCallId?: string } = {}): void {
    const cut = text.length > this.limits.maxLogChars ? `${text.slice(0, this.limits.maxLogChars)}… (cut by the app)` : text;
    try {
      this.options.onLog?.({ level, text: cut, ...fromTimer, ...toolCallIdOf(this.pending.get(callId ?? -1)) });
    } catch { /* the app's listener must not break the link */ }
  }

  private tooLarge(what: string): string {
    return `${what} is too large to leave the sandbox (the limit is ${formatMegabytes(this.limits.maxMessageBytes)}); the app refused it`;
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

  private receive(message: WorkerMessage): void {
    switch (message.type) {
      case 'quiet':
        this.quietSeq = Math.max(this.quietSeq, message.seq);
        // An older quiet is followed by one for the newest message, with a newer report.
        if (message.seq !== this.seq) return;
        this.wake.apply(message);
        if (this.releaseBusy) {
          this.releaseBusy();
          this.releaseBusy = undefined;
        }
        return;
      case 'settled':
      case 'evaluated': {
        const call = this.pending.get(message.id);
        // Only the request's own kind of answer, and only while it is awaited.
        if (!call || call.kind !== (message.type === 'settled' ? 'call' : 'evaluate')) return this.dropped('it answered requests the app did not send');
        const value = message.type === 'settled' ? message.outcome : message.report;
        if (value === null || typeof value !== 'object') return this.refuse(call, `${call.label} sent a malformed answer out of the sandbox`);
        if (!fitsLimit(value, this.limits)) return this.refuse(call, this.tooLarge(`The answer of ${call.label}`));
        this.finish(call);
        call.resolve(value);
        return;
      }
      case 'update': {
        const call = this.pending.get(message.id);
        if (!call || call.kind !== 'call' || !call.onUpdate) return this.dropped('it sent updates for no running call');
        if (++call.updates > this.limits.maxUpdatesPerCall) {
          return this.refuse(call, `${call.label} sent more than ${this.limits.maxUpdatesPerCall} updates out of the sandbox; the app ended the call`);
        }
        if (!fitsLimit(message.partial, this.limits)) {
          this.log(call.id, 'error', `${this.tooLarge(`An onUpdate partial result of ${call.label}`)}. It was not shown.`);
          return this.dropped('it sent updates that are too large', call);
        }
        try { call.onUpdate(message.partial); } catch { /* the loop's listener must not break the link */ }
        return;
      }
      case 'log': {
        const callId = typeof message.callId === 'number' ? message.callId : undefined;
        const fromTimer = typeof message.toolCallId === 'string' ? { toolCallId: message.toolCallId } : {};
        const level = message.level === 'warn' || message.level === 'error' ? message.level : 'log';
        if (callId === undefined ? !this.drops.unattributedLog() : !this.countLog(callId)) return this.dropped('it sent too many log messages', this.pending.get(callId ?? -1));
        this.log(callId, level, typeof message.text === 'string' ? message.text : '[a log message that is not text]', fromTimer);
        return;
      }
      case 'pong':
        this.pings.get(message.id)?.();
        this.pings.delete(message.id);
        return;
      case 'fs': {
        const call = message.callId !== undefined ? this.pending.get(message.callId) : undefined;
        if (call && ++call.fsRequests > this.limits.maxFsPerCall) {
          return this.refuse(call, `${call.label} made more than ${this.limits.maxFsPerCall} file requests; the app ended the call`);
        }
        if (!fitsLimit(message.args, this.limits)) {
          this.post({ type: 'fs-reply', requestId: message.requestId, ok: false, message: this.tooLarge(`The fs.${message.op} request`) });
          return this.dropped('it sent file requests that are too large', call);
        }
        this.waitStarted(call);
        const release = this.options.clock().hold(); // fs work is real async work: virtual time waits for it
        const fs = call?.toolCallId !== undefined ? this.options.fs?.forCall?.(call.toolCallId) ?? this.options.fs : this.options.fs;
        void serveFsRequest(fs, message.op, message.args).then((reply) => {
          const sent = this.post({ type: 'fs-reply', requestId: message.requestId, ...reply });
          if (!sent && reply.ok) {
            this.post({ type: 'fs-reply', requestId: message.requestId, ok: false, message: `fs.${message.op}: its result could not be sent into the sandbox` });
          }
          release();
          this.waitEnded(call);
        });
        return;
      }
    }
  }
}

function toolCallIdOf(call: Pending | undefined): { toolCallId?: string } {
  return call?.toolCallId !== undefined ? { toolCallId: call.toolCallId } : {};
}
