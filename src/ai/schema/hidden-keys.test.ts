import { describe, expect, it } from 'vitest';
import { Type, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { Compile } from 'typebox/compile';
import { validateToolArguments } from '@earendil-works/pi-ai';
import { StringEnum } from './string-enum.ts';
import { decodeTransferredSchema, encodeSchemaForTransfer, formatSchemaPath } from './hidden-keys.ts';

/** What postMessage does to the encoded form: a structured clone. */
function transfer<T>(schema: T): T {
  return decodeTransferredSchema(structuredClone(encodeSchemaForTransfer(schema))) as T;
}

function descriptorsDeep(value: unknown, path = '$'): string[] {
  if (value === null || typeof value !== 'object') return [];
  const out: string[] = [];
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key)!;
    if (Array.isArray(value) && key === 'length') continue;
    out.push(`${path}.${String(key)} enumerable=${d.enumerable} ${typeof d.value === 'object' ? '' : JSON.stringify(d.value)}`);
    out.push(...descriptorsDeep(d.value, `${path}.${String(key)}`));
  }
  return out;
}

const rich = Type.Object({
  count: Type.Integer({ minimum: 1 }),
  flag: Type.Boolean(),
  name: Type.String({ pattern: '^[a-z]+$' }),
  ratio: Type.Optional(Type.Number()),
  tags: Type.Optional(Type.Array(Type.String())),
  unit: Type.Optional(Type.Union([Type.Literal('c'), Type.Literal('f')])),
  mode: StringEnum(['fast', 'slow'], { description: 'How' }),
  nested: Type.Optional(Type.Object({ a: Type.Integer(), b: Type.Readonly(Type.Array(Type.Integer())) })),
  pair: Type.Optional(Type.Tuple([Type.Integer(), Type.String()])),
  scores: Type.Optional(Type.Record(Type.String(), Type.Integer())),
  maybe: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

describe('TypeBox schema codec', () => {
  it('restores every hidden key with its value and enumerability, at every depth', () => {
    const restored = transfer(rich);
    expect(descriptorsDeep(restored)).toEqual(descriptorsDeep(rich));
    expect(JSON.stringify(restored)).toBe(JSON.stringify(rich));
    expect((restored as any).properties.count['~kind']).toBe('Integer');
    expect(Object.keys((restored as any).properties.ratio)).not.toContain('~optional');
  });

  it('makes Value.Convert convert as on the original ({count:"4.9"} becomes 4 on both)', () => {
    const schema = Type.Object({ count: Type.Integer() });
    const onOriginal = { count: '4.9' };
    const onRestored = { count: '4.9' };
    Value.Convert(schema, onOriginal);
    Value.Convert(transfer(schema), onRestored);
    expect(onOriginal).toEqual({ count: 4 });
    expect(onRestored).toEqual({ count: 4 });
    // Without the codec the kinds are gone and TypeBox converts nothing: the reason the codec exists.
    const plainClone = { count: '4.9' };
    Value.Convert(structuredClone(schema), plainClone);
    expect(plainClone).toEqual({ count: '4.9' });
  });

  it('gives pi-ai\'s validateToolArguments the same values and the same messages on the restored schema', () => {
    const restored = transfer(rich) as TSchema;
    const cases: unknown[] = [
      { count: '4.9', flag: 'TRUE', name: 'abc', mode: 'fast' },
      { count: '-4.5', flag: true, name: 'abc', mode: 'fast' },
      { count: null, flag: null, name: null, mode: 'slow', ratio: null, tags: null, nested: null },
      { count: 2, flag: '1', name: 'x', mode: 'fast', tags: 'solo', nested: { a: '3', b: ['1', '2.5'] } },
      { count: 2, flag: false, name: 'x', mode: 'medium', unit: 'k', pair: ['1', 2], scores: { a: '1', b: '2.5' } },
      { count: 2, flag: false, name: 'x', mode: 'fast', maybe: null },
      {},
      'a string',
    ];
    const run = (schema: TSchema, args: unknown) => {
      try {
        return { value: validateToolArguments({ name: 't', description: '', parameters: schema } as never, {
          type: 'toolCall', id: 'c1', name: 't', arguments: structuredClone(args) as never,
        }) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    };
    for (const args of cases) expect(run(restored, args)).toEqual(run(rich, args));
  });

  it('compiles to a validator that accepts and rejects exactly what the original does', () => {
    const restored = transfer(rich);
    const a = Compile(rich);
    const b = Compile(restored);
    const values = [
      { count: 1, flag: true, name: 'a', mode: 'fast' },
      { count: 0, flag: true, name: 'a', mode: 'fast' },
      { count: 1, flag: true, name: 'A', mode: 'fast', scores: { x: 1.5 } },
      { count: 1, flag: true, name: 'a', mode: 'fast', pair: [1, 'x'], unit: 'c', maybe: null },
    ];
    for (const v of values) {
      expect(b.Check(v)).toBe(a.Check(v));
      expect(b.Errors(v)).toEqual(a.Errors(v));
    }
  });

  it('reports what cannot cross: refinements, functions, symbols and cycles, without failing', () => {
    const cyclic: any = { type: 'object', properties: {} };
    cyclic.properties.self = cyclic;
    const schema = Type.Object({
      short: Type.Refine(Type.String(), (v) => v.length < 3, () => 'too long'),
      weird: { type: 'string', toJSON: () => 'x', tag: Symbol('s') } as never,
    });
    const encoded = encodeSchemaForTransfer({ ...schema, extra: cyclic });
    const reasons = encoded.dropped.map((d) => `${formatSchemaPath([...d.path, d.key])}: ${d.reason}`);
    expect(reasons).toEqual([
      'parameters.properties.short.~refine: hidden-function',
      'parameters.properties.weird.toJSON: function',
      'parameters.properties.weird.tag: symbol',
      'parameters.extra.properties.self: circular',
    ]);
    expect(() => structuredClone(encoded)).not.toThrow();
    const restored = decodeTransferredSchema(structuredClone(encoded)) as any;
    expect(restored.properties.short['~kind']).toBe('String');
  });

  it('leaves plain JSON Schema as it is, with nothing hidden', () => {
    const plain = { type: 'object', properties: { q: { type: 'string', enum: ['a', 'b'] } }, required: ['q'] };
    const encoded = encodeSchemaForTransfer(plain);
    expect(encoded.hidden).toEqual([]);
    expect(encoded.dropped).toEqual([]);
    expect(decodeTransferredSchema(structuredClone(encoded))).toEqual(plain);
  });
});
