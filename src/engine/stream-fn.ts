// The fallback stream function, as pi-agent-core 0.85.1 keeps it beside its loop (stream-fn.js): used when a loop
// is started without one.
import type { StreamFn } from './types.ts';

let defaultStreamFn: StreamFn | undefined;

/** Installs the stream function used when a loop is started without one (pi's setDefaultStreamFn). */
export function setDefaultStreamFn(streamFn: StreamFn | undefined): void {
  defaultStreamFn = streamFn;
}

/** The installed fallback; throws pi's error when none is. */
export function getDefaultStreamFn(): StreamFn {
  if (!defaultStreamFn) {
    throw new Error('No default stream function configured. Pass streamFn explicitly or call setDefaultStreamFn().');
  }
  return defaultStreamFn;
}
