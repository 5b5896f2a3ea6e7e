// Independent copies of argument values for the inspector: later steps mutate the working value in place, and
// the tool may mutate what it receives, so every recorded step gets its own copy.
import { cloneArguments } from './clone.ts';

/**
 * A structured clone of `value`; when that fails (a function or a Promise inside), a plain copy in which each
 * uncloneable leaf is replaced by a short description such as `[function toString]`. Cycles are kept.
 */
export function snapshot(value: unknown): unknown {
  try {
    return cloneArguments(value);
  } catch {
    try {
      return copyLoosely(value, new Map());
    } catch {
      return '[uncopyable value]'; // a getter that throws: the inspector must still answer
    }
  }
}

function copyLoosely(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value === 'function') return `[function ${value.name}]`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value !== 'object' || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  try {
    return structuredClone(value);
  } catch {
    // Not cloneable as a whole: copy own enumerable entries, describing what cannot be copied.
  }
  if (value instanceof Promise) return '[Promise]';
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
  seen.set(value, copy);
  for (const key of Object.keys(value)) {
    (copy as Record<string, unknown>)[key] = copyLoosely((value as Record<string, unknown>)[key], seen);
  }
  return copy;
}
