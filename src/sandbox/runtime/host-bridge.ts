// sleep() and fs as user code sees them. sleep is a timer on the run's clock (virtual time in recordings), fs a
// request to the host's filesystem capability. AbortSignals stay here: an abort settles the user's promise at once
// (sleep resolves early, as Clock.sleep does; fs rejects).
import { PLAYGROUND_FS_OPERATIONS as FS_OPERATIONS } from '../playground-module.ts';
import type { HostMessage } from '../protocol.ts';
import type { ActiveCall, WorkerChannel } from './channel.ts';
import type { TimerQueue } from './timers.ts';

interface Waiter {
  call: ActiveCall | undefined;
  settle: (message: Extract<HostMessage, { type: 'fs-reply' }>) => void;
}

function abortError(): Error {
  return new DOMException('This operation was aborted', 'AbortError');
}

export interface HostBridge {
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  fs: Record<(typeof FS_OPERATIONS)[number], (...args: unknown[]) => Promise<unknown>>;
  /** Delivers an fs reply; the waiting call becomes the current one while its continuation runs. */
  deliver(message: Extract<HostMessage, { type: 'fs-reply' }>): void;
}

export function createHostBridge(channel: WorkerChannel, timers: TimerQueue): HostBridge {
  let nextId = 1;
  const requests = new Map<number, Waiter>();

  function sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const onAbort = () => {
        timers.clear(id);
        resolve();
      };
      const id = timers.set(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms, 'sleep');
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  function request(op: string, rawArgs: unknown[]): Promise<unknown> {
    let signal: AbortSignal | undefined;
    const args = rawArgs.map((arg) => {
      if (arg === null || typeof arg !== 'object' || !('signal' in arg)) return arg;
      const { signal: s, ...rest } = arg as { signal?: unknown };
      if (s instanceof AbortSignal) signal = s;
      return rest;
    });
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError());
      const requestId = nextId++;
      const call = channel.current;
      const onAbort = () => {
        if (requests.delete(requestId)) reject(abortError());
      };
      requests.set(requestId, {
        call,
        settle: (reply) => {
          signal?.removeEventListener('abort', onAbort);
          if (reply.ok) return resolve(reply.value);
          const error = new Error(reply.message) as Error & { code?: string };
          if (reply.code) error.code = reply.code;
          reject(error);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      const sent = channel.post({ type: 'fs', callId: call?.id, requestId, op, args });
      if (!sent.ok) {
        requests.delete(requestId);
        reject(new TypeError(`fs.${op}: ${sent.message}`));
      }
    });
  }

  const fs = Object.fromEntries(
    FS_OPERATIONS.map((op) => [op, (...args: unknown[]) => request(op, args)]),
  ) as HostBridge['fs'];

  return {
    sleep,
    fs,
    deliver(message) {
      const waiter = requests.get(message.requestId);
      if (!waiter) return; // aborted meanwhile
      requests.delete(message.requestId);
      channel.current = waiter.call;
      waiter.settle(message);
    },
  };
}
