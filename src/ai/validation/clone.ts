// structuredClone with a fast path for plain JSON-like data. Validation clones the arguments on every call and
// the engine's structuredClone costs microseconds even for a tiny object; a JS walk is several times faster.

const MAX_FAST_DEPTH = 64;

/** Thrown inside the fast path to hand the whole value to structuredClone. */
const SLOW_PATH: unique symbol = Symbol('slow path');

/**
 * The same result as `structuredClone(value)`, including its errors: anything outside plain data (a class
 * instance, Date, Map, symbol, function, a shared or circular reference, a sparse array, an array with extra
 * keys, an own `__proto__` key, deep nesting) is cloned by structuredClone itself. Plain data means objects whose
 * prototype is Object.prototype or null (the copy gets Object.prototype, as structuredClone gives it), arrays,
 * and primitives other than symbols. The fast path cannot see through a Proxy (structuredClone refuses one).
 */
export function cloneArguments<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return typeof value === 'function' || typeof value === 'symbol' ? structuredClone(value) : value;
  try {
    return copyPlain(value, new Set(), 0) as T;
  } catch (thrown) {
    if (thrown !== SLOW_PATH) throw thrown; // a throwing getter: structuredClone would meet the same error
    return structuredClone(value);
  }
}

function copyPlain(value: unknown, seen: Set<object>, depth: number): unknown {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'function' || typeof value === 'symbol') throw SLOW_PATH;
    return value;
  }
  // structuredClone keeps identity for shared and circular references; a plain walk would not.
  if (depth > MAX_FAST_DEPTH || seen.has(value)) throw SLOW_PATH;
  seen.add(value);
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) throw SLOW_PATH;
    const length = value.length;
    // Holes and extra named keys would show up as a key count different from the length.
    if (Object.keys(value).length !== length) throw SLOW_PATH;
    const copy = new Array(length);
    for (let i = 0; i < length; i++) {
      const item = value[i];
      // A hole together with an extra named key keeps the key count equal to the length; catch it here.
      if (item === undefined && !(i in value)) throw SLOW_PATH;
      copy[i] = copyPlain(item, seen, depth + 1);
    }
    return copy;
  }
  if (proto !== Object.prototype && proto !== null) throw SLOW_PATH;
  const copy: Record<string, unknown> = {};
  for (const key in value) {
    // for-in also walks inherited enumerable keys; only own ones are cloned (none are inherited from the two
    // allowed prototypes unless someone extended Object.prototype, which the hasOwn check covers).
    if (!Object.hasOwn(value, key)) continue;
    if (key === '__proto__') throw SLOW_PATH;
    copy[key] = copyPlain((value as Record<string, unknown>)[key], seen, depth + 1);
  }
  return copy;
}
