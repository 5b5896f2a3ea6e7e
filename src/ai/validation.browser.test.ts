// Argument validation runs unchanged in Chromium: fixed cases whose expected values and texts were produced by
// pi-ai 0.85.1's validateToolArguments in Node.
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { inspectToolArguments, validateToolArguments } from './validation/index.ts';
import type { Tool, ToolCall } from './types.ts';

const typebox = Type.Object({
  path: Type.String(),
  count: Type.Integer({ minimum: 1 }),
  mail: Type.Optional(Type.String({ format: 'email' })),
  tags: Type.Optional(Type.Array(Type.String())),
});
const plain = {
  type: 'object',
  properties: { n: { type: 'number' }, on: { type: 'boolean' } },
  required: ['n'],
  additionalProperties: false,
};
const tool = (parameters: unknown): Tool => ({ name: 'edit', description: '', parameters } as Tool);
const call = (args: unknown): ToolCall => ({ type: 'toolCall', id: 'c1', name: 'edit', arguments: args } as ToolCall);

describe('validateToolArguments in the browser', () => {
  it('coerces, drops optional nulls and wraps scalars as pi does', () => {
    expect(validateToolArguments(tool(typebox), call({ path: 'a.txt', count: '3', mail: null, tags: 'x' }))).toStrictEqual({
      path: 'a.txt',
      count: 3,
      tags: ['x'],
    });
    expect(validateToolArguments(tool(plain), call({ n: ' 7 ', on: 'true' }))).toStrictEqual({ n: 7, on: true });
  });

  it('reports required, minimum and format errors with pi\'s text', () => {
    const args = { count: 0, mail: 'nope' };
    const expected =
      'Validation failed for tool "edit":\n  - path: must have required properties path\n  - count: must be >= 1\n' +
      '  - mail: must match format "email"\n\nReceived arguments:\n{\n  "count": 0,\n  "mail": "nope"\n}';
    expect(() => validateToolArguments(tool(typebox), call(args))).toThrow(expected);
    expect(inspectToolArguments(tool(typebox), call(args)).message).toBe(expected);
  });

  it('reports extra keys on a plain JSON Schema with pi\'s text', () => {
    const expected =
      'Validation failed for tool "edit":\n  - root: must not have additional properties\n  - n: must be number' +
      '\n\nReceived arguments:\n{\n  "n": "x",\n  "extra": 1\n}';
    expect(inspectToolArguments(tool(plain), call({ n: 'x', extra: 1 }))).toMatchObject({ ok: false, message: expected });
  });
});
