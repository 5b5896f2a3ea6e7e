// The time APIs user code reaches, put on the run's clock: setTimeout/setInterval/clear* on the worker's timer
// queue; Date.now(), new Date(), Date() and performance.now() read the recording's time while recording (and
// the real time in Try it); AbortSignal.timeout aborts on the same clock.
import type { TimerQueue } from './timers.ts';
import { nativeDate, type WorkerTime } from './worker-time.ts';

type Handler = ((...args: unknown[]) => unknown) | string;

function callbackOf(handler: Handler, args: unknown[]): () => void {
  if (typeof handler === 'function') return () => { handler(...args); };
  const source = String(handler);
  return () => { new Function(source)(); };
}

function define(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
}

/** A Date whose no-argument forms read `time`; every other form is the engine's Date. */
function virtualDate(time: WorkerTime): DateConstructor {
  const VirtualDate = function Date(this: unknown, ...args: unknown[]) {
    if (!new.target) return new nativeDate(time.dateNow()).toString();
    return Reflect.construct(nativeDate, args.length === 0 ? [time.dateNow()] : args, new.target);
  } as unknown as DateConstructor;
  Object.defineProperty(VirtualDate, 'prototype', { value: nativeDate.prototype, writable: false });
  define(VirtualDate, 'now', function now() { return time.dateNow(); });
  define(VirtualDate, 'parse', nativeDate.parse);
  define(VirtualDate, 'UTC', nativeDate.UTC);
  define(nativeDate.prototype, 'constructor', VirtualDate);
  return VirtualDate;
}

export function installTimeGlobals(timers: TimerQueue, time: WorkerTime): void {
  const scope = globalThis as Record<string, unknown>;
  define(scope, 'setTimeout', function setTimeout(handler: Handler, timeout?: unknown, ...args: unknown[]) {
    return timers.set(callbackOf(handler, args), timeout, 'timeout');
  });
  define(scope, 'setInterval', function setInterval(handler: Handler, timeout?: unknown, ...args: unknown[]) {
    return timers.set(callbackOf(handler, args), timeout, 'interval');
  });
  define(scope, 'clearTimeout', function clearTimeout(id?: unknown) { timers.clear(id); });
  define(scope, 'clearInterval', function clearInterval(id?: unknown) { timers.clear(id); });
  define(scope, 'Date', virtualDate(time));
  define(performance, 'now', function now() { return time.performanceNow(); });
  define(AbortSignal, 'timeout', function timeout(ms: unknown) {
    const controller = new AbortController();
    timers.set(() => controller.abort(new DOMException('signal timed out', 'TimeoutError')), ms, 'signal');
    return controller.signal;
  });
}
