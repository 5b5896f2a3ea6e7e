// What may leave the sandbox: copies of values without functions (pi would keep them on the result object, but
// they cannot cross postMessage, and no provider sends them), measured as they are copied so that a huge result
// is refused before anything big is posted. Also: how thrown values read, as pi reports them.

export type TransferCopy =
  | { ok: true; value: unknown; dropped: string[] }
  | { ok: false; atLeastBytes: number };

const CLONEABLE_AS_IS = [Date, RegExp, ArrayBuffer, Blob, Error].filter((c) => typeof c === 'function');

/** Copies `value` into structured-cloneable data, counting string characters and binary bytes against `limit`. */
export function copyForTransfer(value: unknown, limit: number, root = 'result'): TransferCopy {
  let bytes = 0;
  const dropped: string[] = [];
  const copies = new Map<object, unknown>();
  const tooLarge = { ok: false as const, atLeastBytes: 0 };

  function visit(v: unknown, path: string): unknown {
    switch (typeof v) {
      case 'string':
        bytes += v.length;
        break;
      case 'function':
      case 'symbol':
        dropped.push(path);
        return undefined;
      case 'object':
        if (v === null) break;
        return visitObject(v, path);
      default:
        bytes += 8;
    }
    if (bytes > limit) throw tooLarge;
    return v;
  }

  function visitObject(v: object, path: string): unknown {
    if (copies.has(v)) return copies.get(v);
    if (ArrayBuffer.isView(v)) {
      bytes += v.byteLength;
      if (bytes > limit) throw tooLarge;
      return v;
    }
    if (CLONEABLE_AS_IS.some((c) => v instanceof c)) {
      bytes += v instanceof ArrayBuffer ? v.byteLength : v instanceof Blob ? v.size : 64;
      if (bytes > limit) throw tooLarge;
      return v;
    }
    if (typeof (v as { then?: unknown }).then === 'function') {
      dropped.push(path);
      return undefined;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      copies.set(v, out);
      for (let i = 0; i < v.length; i++) {
        const copy = visit(v[i], `${path}[${i}]`);
        out.push(copy === undefined && v[i] !== undefined ? null : copy);
      }
      return out;
    }
    if (v instanceof Map) {
      const out = new Map();
      copies.set(v, out);
      for (const [k, item] of v) out.set(visit(k, `${path}.key`), visit(item, `${path}.get(${String(k)})`));
      return out;
    }
    if (v instanceof Set) {
      const out = new Set();
      copies.set(v, out);
      for (const item of v) out.add(visit(item, `${path}.item`));
      return out;
    }
    const out: Record<string, unknown> = {};
    copies.set(v, out);
    for (const key of Object.keys(v)) {
      let child: unknown;
      try {
        child = (v as Record<string, unknown>)[key];
      } catch {
        dropped.push(`${path}.${key}`); // a getter that throws
        continue;
      }
      const copy = visit(child, `${path}.${key}`);
      if (copy !== undefined || child === undefined) out[key] = copy;
    }
    return out;
  }

  try {
    return { ok: true, value: visit(value, root), dropped };
  } catch (error) {
    if (error === tooLarge) return { ok: false, atLeastBytes: bytes };
    throw error;
  }
}

export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Said for a thrown value that throws when read (a Proxy whose traps throw). */
export const UNREADABLE_THROWN = 'a value was thrown that could not be read (reading it threw again)';

/** The text pi shows for a thrown value: an Error's message, else String(value). Never throws. */
export function thrownMessage(error: unknown): string {
  try {
    if (error instanceof Error) return String(error.message);
  } catch {
    return UNREADABLE_THROWN;
  }
  try {
    return String(error);
  } catch {
    try {
      return Object.prototype.toString.call(error);
    } catch {
      return UNREADABLE_THROWN;
    }
  }
}

/** How an evaluation error reads in a diagnostic: `ReferenceError: x is not defined`. Never throws. */
export function describeThrown(error: unknown): string {
  try {
    if (error instanceof Error) return `${String(error.name) || 'Error'}: ${String(error.message)}`;
  } catch {
    return `Uncaught ${UNREADABLE_THROWN}`;
  }
  return `Uncaught ${thrownMessage(error)}`;
}
