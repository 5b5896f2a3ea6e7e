// console.* inside the sandbox: each call becomes one log entry for the host, attributed to the running call.
// Capped per call so that a loop that logs cannot flood the app's main thread with messages.
import type { WorkerChannel } from './channel.ts';

const MAX_ENTRY_CHARS = 10_000;
const MAX_ENTRIES_PER_CALL = 500;

type Level = 'log' | 'warn' | 'error';

/** Roughly what a browser console shows, as one line of text. */
export function formatLogArguments(args: unknown[]): string {
  const text = args.map((a) => (typeof a === 'string' ? a : inspect(a, 0, new Set()))).join(' ');
  return text.length > MAX_ENTRY_CHARS ? `${text.slice(0, MAX_ENTRY_CHARS)}… (${text.length - MAX_ENTRY_CHARS} more characters)` : text;
}

function inspect(value: unknown, depth: number, seen: Set<object>): string {
  switch (typeof value) {
    case 'string': return depth === 0 ? value : JSON.stringify(value);
    case 'bigint': return `${value}n`;
    case 'function': return `[Function${value.name ? `: ${value.name}` : ''}]`;
    case 'symbol': return value.toString();
    case 'undefined': return 'undefined';
    case 'object': break;
    default: return String(value);
  }
  if (value === null) return 'null';
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  if (seen.has(value)) return '[Circular]';
  if (depth > 4) return Array.isArray(value) ? '[Array]' : '[Object]';
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      const items = value.slice(0, 100).map((v) => inspect(v, depth + 1, seen));
      if (value.length > 100) items.push(`… ${value.length - 100} more items`);
      return `[ ${items.join(', ')} ]`;
    }
    if (value instanceof Map) return `Map(${value.size}) { ${[...value].slice(0, 50).map(([k, v]) => `${inspect(k, depth + 1, seen)} => ${inspect(v, depth + 1, seen)}`).join(', ')} }`;
    if (value instanceof Set) return `Set(${value.size}) { ${[...value].slice(0, 50).map((v) => inspect(v, depth + 1, seen)).join(', ')} }`;
    if (value instanceof Date) return value.toISOString();
    const entries = Object.keys(value).slice(0, 100).map((k) => {
      let v: unknown;
      try { v = (value as Record<string, unknown>)[k]; } catch { v = '[getter threw]'; }
      return `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${inspect(v, depth + 1, seen)}`;
    });
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  } finally {
    seen.delete(value);
  }
}

/** Replaces the worker's console methods with ones that forward to the host. */
export function installConsole(channel: WorkerChannel): void {
  let unattributed = 0;
  const forward = (level: Level) => (...args: unknown[]) => {
    const call = channel.current;
    const count = call ? ++call.logs : ++unattributed;
    if (count > MAX_ENTRIES_PER_CALL + 1) return;
    const text = count === MAX_ENTRIES_PER_CALL + 1
      ? `… more console output was dropped (at most ${MAX_ENTRIES_PER_CALL} entries per call)`
      : formatLogArguments(args);
    channel.post({ type: 'log', callId: call?.id, ...(call?.toolCallId !== undefined ? { toolCallId: call.toolCallId } : {}), level: count > MAX_ENTRIES_PER_CALL ? 'warn' : level, text });
  };
  const target = console as unknown as Record<string, unknown>;
  target.log = target.info = target.debug = target.trace = forward('log');
  target.warn = forward('warn');
  target.error = forward('error');
  /** New evaluations and calls get a fresh allowance for output no call can be blamed for. */
  channel.onActivity = () => { unattributed = 0; };
}
