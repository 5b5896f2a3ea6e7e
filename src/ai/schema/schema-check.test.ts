import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { StringEnum } from './string-enum.ts';
import { checkParametersSchema } from './schema-check.ts';
import { formatSchemaPath } from './hidden-keys.ts';

const lines = (schema: unknown) =>
  checkParametersSchema(schema).map((i) => `${i.severity} ${formatSchemaPath(i.path)}: ${i.message}`);

describe('checkParametersSchema', () => {
  it('accepts what TypeBox and StringEnum build, and typical MCP input schemas', () => {
    const typebox = Type.Object({
      a: Type.Integer({ minimum: 1 }), b: Type.Optional(Type.Array(Type.String(), { maxItems: 3 })),
      c: StringEnum(['x', 'y']), d: Type.Union([Type.Literal(1), Type.Null()]), e: Type.Record(Type.String(), Type.Number()),
      f: Type.Tuple([Type.Integer(), Type.String({ pattern: '^[a-z]+$' })]),
    });
    expect(lines(typebox)).toEqual([]);
    expect(lines({ type: 'object', properties: { q: { type: ['string', 'null'] } }, required: ['q'], additionalProperties: false })).toEqual([]);
    expect(lines({})).toEqual([]);
  });

  it('rejects a parameters value that is not a schema object', () => {
    expect(lines(undefined)).toEqual(['error parameters: parameters must be a JSON Schema object, got undefined']);
    expect(lines([{ type: 'string' }])).toEqual(['error parameters: parameters must be a JSON Schema object, got an array']);
    expect(lines('object')).toEqual(['error parameters: parameters must be a JSON Schema object, got string']);
  });

  it('names the property path of each problem', () => {
    expect(lines({
      type: 'object',
      properties: {
        count: { type: 'int' },
        tags: { type: 'array', items: { type: 'string', minLength: -1 } },
        name: { type: 'string', pattern: '([a-z' },
        mode: { anyOf: [] },
      },
      required: ['count', 'missing'],
    })).toEqual([
      'warning parameters.required.1: "missing" is required but not listed in properties',
      'error parameters.properties.count.type: Unknown type "int"; expected one of string, number, integer, boolean, object, array, null',
      'error parameters.properties.tags.items.minLength: "minLength" must be a non-negative integer',
      expect.stringMatching(/^error parameters\.properties\.name\.pattern: Invalid regular expression/),
      'error parameters.properties.mode.anyOf: "anyOf" must be a non-empty array of schemas',
    ]);
  });

  it('warns when the root is not an object, and stops at circular references', () => {
    expect(lines({ type: 'string' })[0]).toMatch(/^warning parameters.type: parameters should describe an object/);
    const loop: any = { type: 'object', properties: {} };
    loop.properties.self = loop;
    expect(lines(loop)).toEqual(['error parameters.properties.self: The schema refers to itself (a circular object cannot be sent as JSON)']);
  });
});
