// Small text helpers for run views: clock times and speeds as the transport bar and the log print them.

/** `0 ms`, `850 ms`, `1.25 s`, `12.5 s`: short, and precise enough to tell events apart. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '–';
  const abs = Math.abs(ms);
  if (abs < 1000) return `${Math.round(ms)} ms`;
  if (abs < 10_000) return `${(ms / 1000).toFixed(2)} s`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** `0.25×`, `1×`, `8×`. */
export function formatSpeed(speed: number): string {
  return `${speed}×`;
}
