// What a hook in the sandbox receives: a structured-cloneable copy of pi's hook context. Functions are left out
// (a tool in `context.tools` keeps name, label, description, parameters and executionMode, not execute), TypeBox's
// hidden keys are not restored inside the sandbox, and the copy is detached: changing `args` or
// `context.messages` there does not change what the loop uses (in pi it would). Return values instead.

/** A detached, cloneable copy: functions and symbols dropped, shared and circular references kept. */
export function toPlainData(value: unknown, copies = new Map<object, unknown>()): unknown {
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null || typeof value !== 'object') return value;
  if (copies.has(value)) return copies.get(value);
  if (value instanceof Date || value instanceof RegExp || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    copies.set(value, out);
    for (const item of value) {
      const copy = toPlainData(item, copies);
      out.push(copy === undefined && item !== undefined ? null : copy);
    }
    return out;
  }
  if (typeof (value as { then?: unknown }).then === 'function' || value instanceof AbortSignal) return undefined;
  const out: Record<string, unknown> = {};
  copies.set(value, out);
  for (const key of Object.keys(value)) {
    let child: unknown;
    try {
      child = (value as Record<string, unknown>)[key];
    } catch {
      continue;
    }
    const copy = toPlainData(child, copies);
    if (copy !== undefined || child === undefined) out[key] = copy;
  }
  return out;
}

export function toHookContext(context: object): unknown {
  return toPlainData(context);
}
