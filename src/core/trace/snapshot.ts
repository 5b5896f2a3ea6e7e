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

const MAX_DEPTH = 64;
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
  if (path.includes(obj)) return '[Circular]';
  if (Array.isArray(obj)) {
    path.push(obj);
    const out = new Array(obj.length);
    for (let i = 0; i < obj.length; i++) out[i] = copy(obj[i], depth + 1);
    path.pop();
    return out;
  }
  const proto = Object.getPrototypeOf(obj);
  if (proto === plainProto || proto === null) {
    path.push(obj);
    const out: Record<string, unknown> = {};
    for (const key in obj) {
      if (hasOwn.call(obj, key)) out[key] = copy((obj as Record<string, unknown>)[key], depth + 1);
    }
    path.pop();
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
