// Snapshots for trace data: a frozen-in-time, structured-cloneable copy of whatever a tool or hook saw, so later
// mutation by user code cannot rewrite the timeline, and the copy can cross a worker or IndexedDB boundary.

const plainProto = Object.prototype;

/**
 * Deep copy of `value` for a trace. Plain objects and arrays are copied by hand (fast, keeps key order);
 * other cloneable objects (Date, Map, typed arrays, Error) go through structuredClone; values that cannot be
 * cloned (functions, promises, symbols) become short descriptive strings such as `[Function execute]`.
 * Never throws.
 */
export function snapshot(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return copy(value, 0);
  try {
    return copy(value, 0);
  } catch {
    path.length = 0; // a throwing getter interrupted the walk
    return '[Unreadable]';
  }
}

/**
 * snapshot() of a value a tool handed to the loop (an execute result, an onUpdate partial): the top-level object's
 * own accessor properties show as `[Getter]` instead of being run. pi reads a result's fields once, in its own
 * order, and a getter may log, count or throw: tracing must not add calls to it. (A Proxy's traps still run:
 * a Proxy cannot be told from its target.)
 */
export function snapshotResult(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return snapshot(value);
  try {
    const proto = Object.getPrototypeOf(value);
    if (proto !== plainProto && proto !== null) return copy(value, 0);
    const out: Record<string, unknown> = {};
    for (const key in value) {
      if (!hasOwn.call(value, key)) continue;
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      out[key] = descriptor && !('value' in descriptor) ? '[Getter]' : copy(descriptor?.value, 1);
    }
    return out;
  } catch {
    path.length = 0;
    return '[Unreadable]';
  }
}

const MAX_DEPTH = 64;
const CYCLE_CHECK_DEPTH = 2;
/** Objects on the current walk, for cycle detection; reused across calls (snapshots are synchronous). */
const path: object[] = [];

function copy(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
    case 'bigint':
      return value;
    case 'symbol':
      return `[${String(value)}]`;
    case 'function':
      return `[Function${value.name ? ` ${value.name}` : ''}]`;
  }
  if (value === null) return null;
  const obj = value as object;
  if (depth > MAX_DEPTH) return '[Too deep]';
  // Cycle checks start one level down: typical trace data (arguments, results) is shallow and pays nothing,
  // while a cycle is still caught within a lap.
  const tracked = depth >= CYCLE_CHECK_DEPTH;
  if (tracked && path.includes(obj)) return '[Circular]';
  if (Array.isArray(obj)) {
    if (tracked) path.push(obj);
    const out = new Array(obj.length);
    for (let i = 0; i < obj.length; i++) {
      out[i] = copy(obj[i], depth + 1);
    }
    if (tracked) path.pop();
    return out;
  }
  const proto = Object.getPrototypeOf(obj);
  if (proto === plainProto || proto === null) {
    if (tracked) path.push(obj);
    const out: Record<string, unknown> = {};
    for (const key in obj) {
      if (hasOwn.call(obj, key)) out[key] = copy((obj as Record<string, unknown>)[key], depth + 1);
    }
    if (tracked) path.pop();
    return out;
  }
  if (typeof (obj as { then?: unknown }).then === 'function') return '[Promise]';
  try {
    return structuredClone(obj);
  } catch {
    return `[${proto?.constructor?.name ?? 'Object'}]`;
  }
}

const hasOwn = Object.prototype.hasOwnProperty;
/** One reusable key list per depth for sameData (comparisons are synchronous). */
const keyScratch: string[][] = [];

/**
 * Whether `a` and `b` hold the same plain data (primitives, arrays, plain objects with the same keys in the same
 * order). Anything else compares as different, so a `true` is always safe for sharing one snapshot.
 */
export function sameData(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || depth > 8) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== plainProto || Object.getPrototypeOf(b) !== plainProto) return false;
  // Same keys in the same order, compared without allocating key lists.
  const keys = keyScratch[depth] ??= [];
  keys.length = 0;
  for (const key in a) if (hasOwn.call(a, key)) keys.push(key);
  let index = 0;
  for (const key in b) {
    if (!hasOwn.call(b, key)) continue;
    if (keys[index++] !== key) return false;
  }
  if (index !== keys.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (!sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}
