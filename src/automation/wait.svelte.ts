// Waiting for reactive state without polling or sleeping: a Svelte effect watches a condition and settles a promise
// the moment it holds (the automation API's whenIdle and waitFor are built on it).
export type WaitOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'timeout' };

/**
 * Resolves with the first truthy value `read` returns, re-read whenever the reactive state it reads changes; after
 * `timeoutMs` (Infinity: never) it resolves `{ ok: false, reason: 'timeout' }` instead. Never rejects (an exception in `read` counts
 * as "not yet").
 */
export function until<T>(read: () => T | null | undefined | false, timeoutMs: number): Promise<WaitOutcome<T>> {
  return new Promise((resolve) => {
    let settled = false;
    let stop: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (outcome: WaitOutcome<T>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // An effect must not destroy its own root while it runs.
      queueMicrotask(() => stop?.());
      resolve(outcome);
    };
    // No timer for an endless wait (setTimeout would read Infinity as 0).
    if (Number.isFinite(timeoutMs)) timer = setTimeout(() => settle({ ok: false, reason: 'timeout' }), Math.max(0, timeoutMs));
    stop = $effect.root(() => {
      $effect(() => {
        let value: T | null | undefined | false;
        try {
          value = read();
        } catch {
          value = null;
        }
        if (value) settle({ ok: true, value });
      });
    });
    if (settled) queueMicrotask(() => stop?.());
  });
}
