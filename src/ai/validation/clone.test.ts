// cloneArguments must be indistinguishable from structuredClone: same copies, same sharing, same errors.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cloneArguments } from './clone.ts';

// Structural equality that also compares prototypes, holes, -0 and NaN, and reference sharing.
function sameStructure(a: unknown, b: unknown, pairs = new Map<object, object>()): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (pairs.has(a)) return pairs.get(a) === b;
  pairs.set(a, b);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && a.length !== (b as unknown[]).length) return false;
  const keysA = Reflect.ownKeys(a);
  const keysB = Reflect.ownKeys(b);
  if (keysA.length !== keysB.length || keysA.some((k, i) => k !== keysB[i])) return false;
  if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime());
  if (a instanceof Map || a instanceof Set) return sameStructure([...a], [...(b as Map<unknown, unknown>)], pairs);
  return keysA.every((k) => sameStructure((a as any)[k], (b as any)[k], pairs));
}

function outcome(clone: (v: unknown) => unknown, value: unknown): { value?: unknown; error?: string } {
  try {
    return { value: clone(value) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe('cloneArguments', () => {
  it('gives what structuredClone gives, for any value', () => {
    const anything = fc.anything({
      withNullPrototype: true, withSparseArray: true, withBoxedValues: true, withMap: true, withSet: true,
      withDate: true, withTypedArray: true, withBigInt: true, withObjectString: true,
    });
    fc.assert(fc.property(anything, (value) => {
      const ours = outcome(cloneArguments, value);
      const engine = outcome(structuredClone, value);
      expect(ours.error).toBe(engine.error);
      expect(sameStructure(ours.value, engine.value)).toBe(true);
    }), { numRuns: 1500 });
  });

  it('copies an invalid date as structuredClone does', () => {
    expect(sameStructure(cloneArguments(new Date(NaN)), structuredClone(new Date(NaN)))).toBe(true);
  });

  it('keeps shared and circular references, as structuredClone does', () => {
    const shared = { n: 1 };
    const cyclic: Record<string, unknown> = { shared, again: shared };
    cyclic.self = cyclic;
    const copy = cloneArguments(cyclic) as typeof cyclic;
    expect(copy.self).toBe(copy);
    expect(copy.shared).toBe(copy.again);
    expect(copy.shared).not.toBe(shared);
  });

  it('rejects what structuredClone rejects, with its message', () => {
    expect(() => cloneArguments({ p: Promise.resolve() })).toThrow('#<Promise> could not be cloned.');
    expect(() => cloneArguments([() => 1])).toThrow('() => 1 could not be cloned.');
    expect(() => cloneArguments({ s: Symbol('x') })).toThrow('Symbol(x) could not be cloned.');
  });

  it('copies odd but plain-looking input exactly', () => {
    const holesAndKey: unknown[] & { extra?: number } = [1, , 3];
    holesAndKey.extra = 2;
    const withProto = JSON.parse('{"__proto__": {"x": 1}, "a": 2}');
    for (const value of [holesAndKey, withProto, Object.assign(Object.create(null), { a: -0 }), [NaN, undefined, 1n]]) {
      expect(sameStructure(cloneArguments(value), structuredClone(value))).toBe(true);
    }
  });
});
