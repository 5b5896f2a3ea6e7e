import { describe, expect, it } from 'vitest';
import { measureSchema, schemaSizeOf } from './schema-size.ts';

describe('measuring a tool schema for the Providers panel', () => {
  it('keeps a normal schema within the limits and counts its nodes', () => {
    const size = measureSchema({ type: 'object', properties: { city: { type: 'string' } } });
    expect(size.over).toBeNull();
    expect(size.nodes).toBe(5);
  });

  it('stops early on a huge string, a huge union and a deep nesting, naming the limit passed', () => {
    expect(measureSchema({ description: 'x'.repeat(2_000_000) }).over).toBe('bytes');
    expect(measureSchema({ anyOf: Array.from({ length: 30_000 }, (_, i) => ({ const: i })) }).over).toBe('nodes');
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 100_000; i++) deep = { type: 'object', properties: { a: deep } };
    expect(measureSchema(deep).over).toBe('depth');
  });

  it('does not loop on a cycle', () => {
    const a: Record<string, unknown> = { type: 'object' };
    a.self = a;
    expect(measureSchema(a).over).toBeNull();
  });

  it('measures a schema object once and a new object (an edited tool) again', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } } };
    const first = schemaSizeOf(schema);
    expect(first).toEqual(measureSchema(schema));
    expect(schemaSizeOf(schema)).toBe(first);
    const edited = { ...schema, properties: { city: { type: 'string' }, day: { type: 'string' } } };
    expect(schemaSizeOf(edited).nodes).toBe(7);
    expect(schemaSizeOf('not a schema').nodes).toBe(1);
  });
});
