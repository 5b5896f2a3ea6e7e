// What a worker sends about the requests it runs: answers, onUpdate partials, log entries and fs requests. The
// worker runs user code, which can post anything on its port, so each is held to the host's own limits
// (message-guard.ts) before it reaches the app: a message too big, too many or for no awaited request is refused
// or dropped, and a flood of dropped messages has the worker ended. The link (worker-link.ts) keeps the requests.
import type { Clock } from '../../engine/index.ts';
import type { HostMessage, WorkerMessage } from '../protocol.ts';
import type { FsCapabilityHost, SandboxLogEntry } from '../types.ts';
import { serveFsRequest } from './fs-service.ts';
import { DropCounter, fitsLimit, formatMegabytes, type GuardLimits } from './message-guard.ts';
import { toolCallIdOf, type Omitted, type PendingRequest } from './pending-request.ts';

/** The messages of a worker that concern its requests (the link handles `ready`, `quiet` and `pong`). */
export type RequestMessage = Extract<WorkerMessage, { type: 'settled' | 'evaluated' | 'update' | 'log' | 'fs' }>;

/** What the inbox needs of its link. */
export interface InboxLink {
  /** The request with this id, while it is awaited. */
  pending(id: number): PendingRequest | undefined;
  /** Stops awaiting `call` (its budget, abort grace and signal listener with it). */
  finish(call: PendingRequest): void;
  post(message: Omitted<HostMessage, 'seq'>): boolean;
  /** `call` waits on real async work (fs): its budget pauses. */
  waitStarted(call: PendingRequest | undefined): void;
  waitEnded(call: PendingRequest | undefined): void;
  /** The link was closed: nothing more is reported. */
  closed(): boolean;
}

export interface InboxOptions {
  clock(): Clock;
  fs?: FsCapabilityHost;
  onLog?: (entry: SandboxLogEntry) => void;
  /** The worker must be ended for `reason` (its messages broke the host's limits). */
  onMisbehaved(reason: string): void;
}

export class WorkerInbox {
  private readonly drops: DropCounter;
  /** Log entries accepted per call id (calls that ended too: their timers may still log). */
  private readonly logCounts = new Map<number, number>();

  constructor(private readonly link: InboxLink, private readonly limits: GuardLimits, private readonly options: InboxOptions) {
    this.drops = new DropCounter(limits);
  }

  /** A request went out: the allowance of log entries no call is named for starts again. */
  requestSent(): void {
    this.drops.requestSent();
  }

  receive(message: RequestMessage): void {
    switch (message.type) {
      case 'settled':
      case 'evaluated': return this.answer(message);
      case 'update': return this.update(message);
      case 'log': return this.logMessage(message);
      case 'fs': return this.fsRequest(message);
    }
  }

  /** A message was dropped; too many and the worker is ended (a flood costs the main thread even when dropped). */
  dropped(why: string, call?: PendingRequest): void {
    if (this.link.closed() || !this.drops.drop()) return;
    this.options.onMisbehaved(`${call ? `${call.label}: ` : 'its code: '}${why} (more than ${this.limits.maxDropped} were refused)`);
  }

  private answer(message: Extract<RequestMessage, { type: 'settled' | 'evaluated' }>): void {
    const call = this.link.pending(message.id);
    // Only the request's own kind of answer, and only while it is awaited.
    if (!call || call.kind !== (message.type === 'settled' ? 'call' : 'evaluate')) return this.dropped('it answered requests the app did not send');
    const value = message.type === 'settled' ? message.outcome : message.report;
    if (value === null || typeof value !== 'object') return this.refuse(call, `${call.label} sent a malformed answer out of the sandbox`);
    if (!fitsLimit(value, this.limits)) return this.refuse(call, this.tooLarge(`The answer of ${call.label}`));
    this.link.finish(call);
    call.resolve(value);
  }

  private update(message: Extract<RequestMessage, { type: 'update' }>): void {
    const call = this.link.pending(message.id);
    if (!call || call.kind !== 'call' || !call.onUpdate) return this.dropped('it sent updates for no running call');
    if (++call.updates > this.limits.maxUpdatesPerCall) {
      return this.refuse(call, `${call.label} sent more than ${this.limits.maxUpdatesPerCall} updates out of the sandbox; the app ended the call`);
    }
    if (!fitsLimit(message.partial, this.limits)) {
      this.log(call.id, 'error', `${this.tooLarge(`An onUpdate partial result of ${call.label}`)}. It was not shown.`);
      return this.dropped('it sent updates that are too large', call);
    }
    try { call.onUpdate(message.partial); } catch { /* the loop's listener must not break the link */ }
  }

  private logMessage(message: Extract<RequestMessage, { type: 'log' }>): void {
    const callId = typeof message.callId === 'number' ? message.callId : undefined;
    const fromTimer = typeof message.toolCallId === 'string' ? { toolCallId: message.toolCallId } : {};
    const level = message.level === 'warn' || message.level === 'error' ? message.level : 'log';
    if (callId === undefined ? !this.drops.unattributedLog() : !this.countLog(callId)) return this.dropped('it sent too many log messages', this.link.pending(callId ?? -1));
    this.log(callId, level, typeof message.text === 'string' ? message.text : '[a log message that is not text]', fromTimer);
  }

  private fsRequest(message: Extract<RequestMessage, { type: 'fs' }>): void {
    const call = message.callId !== undefined ? this.link.pending(message.callId) : undefined;
    if (call && ++call.fsRequests > this.limits.maxFsPerCall) {
      return this.refuse(call, `${call.label} made more than ${this.limits.maxFsPerCall} file requests; the app ended the call`);
    }
    if (!fitsLimit(message.args, this.limits)) {
      this.link.post({ type: 'fs-reply', requestId: message.requestId, ok: false, message: this.tooLarge(`The fs.${message.op} request`) });
      return this.dropped('it sent file requests that are too large', call);
    }
    this.link.waitStarted(call);
    const release = this.options.clock().hold(); // fs work is real async work: virtual time waits for it
    const fs = call?.toolCallId !== undefined ? this.options.fs?.forCall?.(call.toolCallId) ?? this.options.fs : this.options.fs;
    void serveFsRequest(fs, message.op, message.args).then((reply) => {
      const sent = this.link.post({ type: 'fs-reply', requestId: message.requestId, ...reply });
      if (!sent && reply.ok) {
        this.link.post({ type: 'fs-reply', requestId: message.requestId, ok: false, message: `fs.${message.op}: its result could not be sent into the sandbox` });
      }
      release();
      this.link.waitEnded(call);
    });
  }

  /** Ends a call with an error outcome from the host (the loop sees it as the tool's error, as pi would). */
  private refuse(call: PendingRequest, message: string): void {
    this.link.finish(call);
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
      const call = this.link.pending(callId);
      this.log(callId, 'warn', `${call?.label ?? 'A call'} sent more than ${this.limits.maxLogsPerCall} log messages; the app dropped the rest`);
    }
    return count <= this.limits.maxLogsPerCall;
  }

  private log(callId: number | undefined, level: SandboxLogEntry['level'], text: string, fromTimer: { toolCallId?: string } = {}): void {
    const cut = text.length > this.limits.maxLogChars ? `${text.slice(0, this.limits.maxLogChars)}… (cut by the app)` : text;
    try {
      this.options.onLog?.({ level, text: cut, ...fromTimer, ...toolCallIdOf(this.link.pending(callId ?? -1)) });
    } catch { /* the app's listener must not break the link */ }
  }

  private tooLarge(what: string): string {
    return `${what} is too large to leave the sandbox (the limit is ${formatMegabytes(this.limits.maxMessageBytes)}); the app refused it`;
  }
}
