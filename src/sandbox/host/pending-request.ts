// One request the host sent a worker and still awaits: what it is, how to settle it, the messages the host
// accepted for it, and its wall-clock budget (which pauses while the request waits on a timer or fs).
import type { CallOutcome, ModuleReport } from '../protocol.ts';
import type { TimedCall } from './timer-wake.ts';

export type Reply = CallOutcome | ModuleReport;

export interface PendingRequest extends TimedCall {
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

export function toolCallIdOf(call: PendingRequest | undefined): { toolCallId?: string } {
  return call?.toolCallId !== undefined ? { toolCallId: call.toolCallId } : {};
}

/** `Omit` over each member of a union. */
export type Omitted<M, K extends PropertyKey> = M extends unknown ? Omit<M, K> : never;
