// inspectToolArguments: the same verdict as validateToolArguments, plus each step's value and the structured
// issues the playground anchors its error display on.
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { formatValidationPath, inspectToolArguments, validateToolArguments } from './validation/index.ts';
import type { Tool, ToolCall } from './types.ts';

const tool = (parameters: unknown): Tool => ({ name: 'probe', description: '', parameters } as Tool);
const call = (args: unknown): ToolCall => ({ type: 'toolCall', id: 'c1', name: 'probe', arguments: args } as ToolCall);

const schema = Type.Object({
  count: Type.Integer({ minimum: 1 }),
  note: Type.Optional(Type.String()),
  nested: Type.Object({ a: Type.Integer() }),
});

describe('inspectToolArguments', () => {
  it('shows each step: the clone, the clone without optional nulls, and the coerced value', () => {
    const args = { count: '4.9', note: null, nested: { a: '2' } };
    const inspection = inspectToolArguments(tool(schema), call(args));
    expect(inspection).toMatchObject({
      ok: true,
      received: { count: '4.9', note: null, nested: { a: '2' } },
      cloned: { count: '4.9', note: null, nested: { a: '2' } },
      afterNullRemoval: { count: '4.9', nested: { a: '2' } },
      converted: { count: 4, nested: { a: 2 } },
      value: { count: 4, nested: { a: 2 } },
      issues: [],
    });
    expect(inspection.message).toBeUndefined();
    expect(inspection.value).toStrictEqual(validateToolArguments(tool(schema), call(args)));
  });

  it('keeps every snapshot independent of later changes and of the returned value', () => {
    const args = { count: '2', nested: { a: '1' } };
    const inspection = inspectToolArguments(tool(schema), call(args));
    (inspection.value as { nested: { a: number } }).nested.a = 99;
    args.nested.a = 'changed';
    expect(inspection.received).toStrictEqual({ count: '2', nested: { a: '1' } });
    expect(inspection.cloned).toStrictEqual({ count: '2', nested: { a: '1' } });
    expect(inspection.converted).toStrictEqual({ count: 2, nested: { a: 1 } });
  });

  it('reports each issue with pi path, TypeBox message, instance path and schema path', () => {
    const args = { count: 0, nested: {} };
    const inspection = inspectToolArguments(tool(schema), call(args));
    expect(inspection.ok).toBe(false);
    expect(inspection.issues).toStrictEqual([
      { path: 'count', message: 'must be >= 1', instancePath: '/count', schemaPath: '#/properties/count' },
      { path: 'nested.a', message: 'must have required properties a', instancePath: '/nested', schemaPath: '#/properties/nested' },
    ]);
    expect(() => validateToolArguments(tool(schema), call(args))).toThrow(inspection.message);
    expect(inspection.message).toBe(
      'Validation failed for tool "probe":\n  - count: must be >= 1\n  - nested.a: must have required properties a' +
        '\n\nReceived arguments:\n{\n  "count": 0,\n  "nested": {}\n}',
    );
  });

  it('turns what pi would throw into a message instead of throwing', () => {
    const promise = inspectToolArguments(tool(schema), call({ p: Promise.resolve() }));
    expect(promise).toMatchObject({ ok: false, message: '#<Promise> could not be cloned.', issues: [] });
    expect(promise.received).toStrictEqual({ p: '[Promise]' });
    const getter = inspectToolArguments(tool(schema), call({ get a(): never { throw new Error('boom'); } }));
    expect(getter).toMatchObject({ ok: false, message: 'boom', received: '[uncopyable value]' });
    const badSchema = inspectToolArguments(tool(null), call({}));
    expect(badSchema).toMatchObject({ ok: false, message: "Cannot read properties of null (reading 'properties')" });
  });

  it('copies values that gained a function during coercion without throwing', () => {
    // `toString` is found on the prototype by `in`, so pi's coercion writes the inherited function back.
    const inspection = inspectToolArguments(tool({ type: 'object', properties: { toString: {} } }), call({}));
    expect(inspection.ok).toBe(true);
    expect(inspection.converted).toStrictEqual({ toString: '[function toString]' });
    expect(typeof (inspection.value as Record<string, unknown>).toString).toBe('function');
  });

  it('never mutates the arguments passed in', () => {
    const args = { count: '3', note: null, nested: { a: '1' } };
    inspectToolArguments(tool(schema), call(args));
    validateToolArguments(tool(schema), call(args));
    expect(args).toStrictEqual({ count: '3', note: null, nested: { a: '1' } });
  });
});

describe('formatValidationPath', () => {
  it('prints instance paths the way pi does', () => {
    expect(formatValidationPath('')).toBe('root');
    expect(formatValidationPath('/a/0/b')).toBe('a.0.b');
    expect(formatValidationPath({ keyword: 'type', instancePath: '/a', params: {} })).toBe('a');
    expect(formatValidationPath({ keyword: 'required', instancePath: '', params: { requiredProperties: ['x', 'y'] } })).toBe('x');
    expect(formatValidationPath({ keyword: 'required', instancePath: '/n/m', params: { requiredProperties: ['x'] } })).toBe('n.m.x');
  });
});
