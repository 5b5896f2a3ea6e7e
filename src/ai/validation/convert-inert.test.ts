// Skipping TypeBox's Value.Convert (convert-inert.ts) never changes what validation sees: over generated TypeBox
// schemas and arguments aimed at them, the arguments after our conversion step equal, key for key and in the same
// order, what Value.Convert leaves, whether or not the step was skipped.
import fc from 'fast-check';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { rootArb, toTypeBox, valueFor } from '../testing/schema-arbitraries.ts';
import { cloneArguments } from './clone.ts';
import { convertInPlace, isConvertInert } from './convert-inert.ts';
import { validatorFor } from './validator-cache.ts';

/** The value with every object's keys listed in order, so equal values in another key order differ. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value === null || typeof value !== 'object') return Object.is(value, -0) ? '-0' : value;
  return Object.keys(value).map((key) => [key, shape((value as Record<string, unknown>)[key])]);
}

describe('conversion skipped for inert schemas', () => {
  it('leaves the arguments exactly as Value.Convert leaves them', () => {
    let skipped = 0;
    let inertSchemas = 0;
    const junk = fc.anything({ maxDepth: 2, maxKeys: 4, withNullPrototype: false });
    fc.assert(fc.property(rootArb.chain((node) => fc.tuple(fc.constant(node), fc.oneof({ weight: 4, arbitrary: valueFor(node) }, junk))), ([node, args]) => {
      const schema = toTypeBox(node);
      let theirs: unknown;
      let ours: unknown;
      try {
        theirs = cloneArguments(args);
        ours = cloneArguments(args);
      } catch {
        return; // not cloneable: validation throws before conversion
      }
      let theirError: unknown;
      let ourError: unknown;
      try { Value.Convert(schema, theirs); } catch (error) { theirError = String(error); }
      try { convertInPlace(schema, ours); } catch (error) { ourError = String(error); }
      expect(ourError).toBe(theirError);
      expect(ours).toStrictEqual(theirs);
      expect(shape(ours)).toStrictEqual(shape(theirs));
      if (isConvertInert(schema)) {
        inertSchemas++;
        if (validatorFor(schema).Check(cloneArguments(args))) skipped++;
      }
    }), { numRuns: 3000 });
    // Not vacuous: many cases take the skip.
    expect(inertSchemas).toBeGreaterThan(300);
    expect(skipped).toBeGreaterThan(100);
  });

  it('treats only plain objects of strings, numbers, integers, booleans and such objects as inert', () => {
    const leaf = { s: Type.String({ minLength: 1 }), n: Type.Number(), i: Type.Optional(Type.Integer()), b: Type.Boolean() };
    expect(isConvertInert(Type.Object({ ...leaf, o: Type.Object(leaf) }))).toBe(true);
    expect(isConvertInert(Type.Object({ a: Type.Array(Type.String()) }))).toBe(false);
    expect(isConvertInert(Type.Object({ a: Type.Union([Type.String(), Type.Number()]) }))).toBe(false);
    expect(isConvertInert(Type.Object({ a: Type.Literal(1) }))).toBe(false);
    expect(isConvertInert(Type.Object({ 'a.b': Type.String() }))).toBe(false);
    expect(isConvertInert(Type.Object({ a: Type.String() }, { additionalProperties: Type.Number() }))).toBe(false);
    expect(isConvertInert(Type.Object({ a: Type.String() }, { additionalProperties: false }))).toBe(true);
    expect(isConvertInert({ type: 'object', properties: { a: { type: 'string' } } })).toBe(false);
  });
});
