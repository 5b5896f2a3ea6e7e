// The host's own check of every message from the worker. The worker keeps limits of its own (result size, logs
// and updates per call), but tool code runs in that same worker and can post on its port directly, so the host
// counts and measures again: what is too big, too many, malformed or for a request it is not waiting for is
// dropped before it reaches the app, and a flood of dropped messages ends the worker.
import type { WorkerMessage } from '../protocol.ts';

/** Per-call and per-worker allowances; each a little above what the worker's own limits let through. */
export interface GuardLimits {
  /** Bytes (string characters + binary bytes) of one result, update, report or fs request. */
  maxMessageBytes: number;
  /** onUpdate messages of one call (the worker stops at 10 000). */
  maxUpdatesPerCall: number;
  /** Log entries attributed to one call (the worker's console stops at 501, the runtime adds a few). */
  maxLogsPerCall: number;
  /** Log entries no call is named for, between two requests. */
  maxUnattributedLogs: number;
  /** Characters of one log entry (the worker's console cuts at 10 000). */
  maxLogChars: number;
  /** fs requests of one call. */
  maxFsPerCall: number;
  /** Messages dropped over the worker's life before it is ended as misbehaving. */
  maxDropped: number;
}

export const DEFAULT_GUARD_LIMITS: Omit<GuardLimits, 'maxMessageBytes'> = {
  maxUpdatesPerCall: 10_050,
  maxLogsPerCall: 1_000,
  maxUnattributedLogs: 1_000,
  maxLogChars: 20_000,
  maxFsPerCall: 100_000,
  maxDropped: 2_000,
};

/** Room for the envelope around a value the worker measured at the limit. */
const ENVELOPE_BYTES = 64 * 1024;
/** Objects and array items walked at most while measuring (a million tiny items is too many in itself). */
const MAX_NODES = 1_000_000;

const TYPES = new Set<string>(['ready', 'evaluated', 'update', 'settled', 'fs', 'log', 'quiet', 'pong']);

/** A message as it arrived, if it has the shape the protocol says (the rest is dropped). */
export function readWorkerMessage(event: MessageEvent): WorkerMessage | undefined {
  // The host hands out no ports to the worker after the first: one arriving here was made by user code.
  if (event.ports.length > 0) return undefined;
  const data: unknown = event.data;
  if (data === null || typeof data !== 'object') return undefined;
  const type = (data as { type?: unknown }).type;
  if (typeof type !== 'string' || !TYPES.has(type)) return undefined;
  const message = data as Record<string, unknown>;
  const needsId = type === 'evaluated' || type === 'update' || type === 'settled' || type === 'pong';
  if (needsId && typeof message.id !== 'number') return undefined;
  if (type === 'quiet' && typeof message.seq !== 'number') return undefined;
  if (type === 'fs' && (typeof message.requestId !== 'number' || typeof message.op !== 'string' || !Array.isArray(message.args))) return undefined;
  if (type === 'log' && message.callId !== undefined && typeof message.callId !== 'number') return undefined;
  return data as WorkerMessage;
}

/**
 * Bytes of `value` counted as the worker counts them (string characters, binary bytes, 8 per other primitive),
 * stopping as soon as `limit` is passed: returns a number above `limit` then, never walks more than it must.
 */
export function measureBytes(value: unknown, limit: number): number {
  let bytes = 0;
  let nodes = 0;
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0 && bytes <= limit) {
    const v = stack.pop();
    if (typeof v === 'string') { bytes += v.length; continue; }
    if (typeof v !== 'object' || v === null) { bytes += 8; continue; }
    if (seen.has(v)) continue;
    seen.add(v);
    if (++nodes > MAX_NODES) return limit + 1;
    if (ArrayBuffer.isView(v)) { bytes += v.byteLength; continue; }
    if (v instanceof ArrayBuffer) { bytes += v.byteLength; continue; }
    if (typeof Blob !== 'undefined' && v instanceof Blob) { bytes += v.size; continue; }
    if (v instanceof Map) { for (const [k, item] of v) stack.push(k, item); continue; }
    if (v instanceof Set) { for (const item of v) stack.push(item); continue; }
    if (Array.isArray(v)) { for (const item of v) stack.push(item); continue; }
    for (const key of Object.keys(v)) {
      bytes += key.length;
      stack.push((v as Record<string, unknown>)[key]);
    }
  }
  return bytes;
}

/** Whether a value (a result, update, report, fs arguments) fits, envelope allowance included. */
export function fitsLimit(value: unknown, limits: GuardLimits): boolean {
  const limit = limits.maxMessageBytes + ENVELOPE_BYTES;
  return measureBytes(value, limit) <= limit;
}

export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Counts of what one worker sent that the host dropped; past `maxDropped` the worker is ended. */
export class DropCounter {
  private dropped = 0;
  private unattributedLogs = 0;

  constructor(private readonly limits: GuardLimits) {}

  /** Counts one dropped message; true when the worker has now dropped too many and must be ended. */
  drop(): boolean {
    return ++this.dropped === this.limits.maxDropped + 1;
  }

  /** A new request went out: logs no call is named for get a fresh allowance (as the worker's console does). */
  requestSent(): void {
    this.unattributedLogs = 0;
  }

  /** Whether a log no call is named for is still within its allowance. */
  unattributedLog(): boolean {
    return ++this.unattributedLogs <= this.limits.maxUnattributedLogs;
  }
}
