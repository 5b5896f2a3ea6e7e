// Unhandled rejections of one differential run, collected instead of failing the test file (pi's loop leaves some
// on purpose), and thrown values as comparable text.
import { IdentityRecorder } from './event-record.ts';

/** A thrown value as text: its class and message for an Error, else its recorded text. */
export function errorDescription(error: unknown): string {
  if (error instanceof Error) return `${error.constructor.name}: ${error.message}`;
  try {
    return new IdentityRecorder().text(error);
  } catch {
    return '[unreadable thrown value]';
  }
}

interface ProcessLike {
  listeners(event: string): ((...args: unknown[]) => void)[];
  removeAllListeners(event: string): void;
  on(event: string, listener: (...args: unknown[]) => void): void;
  off(event: string, listener: (...args: unknown[]) => void): void;
}

/**
 * Collects the unhandled rejections of one run, and the ones handled only later (`handled later …`; listening
 * also keeps Node from printing a warning for each). The test runner's own listeners are set aside meanwhile and
 * restored after, so a rejection pi leaves unhandled is compared instead of failing the test file.
 */
export function watchUnhandledRejections(): { caught: string[]; stop(): void } {
  const caught: string[] = [];
  const proc = (globalThis as { process?: ProcessLike }).process;
  if (!proc?.on) return { caught, stop() {} };
  const events = ['unhandledRejection', 'rejectionHandled'] as const;
  const saved = events.map((event) => proc.listeners(event));
  for (const event of events) proc.removeAllListeners(event);
  const reasons = new Map<unknown, string>();
  const onUnhandled = (reason: unknown, promise: unknown) => {
    const text = errorDescription(reason);
    reasons.set(promise, text);
    caught.push(text);
  };
  const onHandled = (promise: unknown) => { caught.push(`handled later: ${reasons.get(promise) ?? '?'}`); };
  proc.on('unhandledRejection', onUnhandled);
  proc.on('rejectionHandled', onHandled);
  return {
    caught,
    stop() {
      proc.off('unhandledRejection', onUnhandled);
      proc.off('rejectionHandled', onHandled);
      events.forEach((event, i) => { for (const listener of saved[i]) proc.on(event, listener); });
    },
  };
}
