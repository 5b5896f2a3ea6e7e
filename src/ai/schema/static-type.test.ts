import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { StringEnum } from './string-enum.ts';
import { encodeStaticType, encodeStaticTypeDeclaration } from './static-type.ts';

describe('encodeStaticType', () => {
  it('writes a tool object with required and optional properties and their descriptions', () => {
    const parameters = Type.Object({
      city: Type.String({ description: 'City name, e.g. "Paris"' }),
      days: Type.Optional(Type.Integer({ minimum: 1 })),
      units: Type.Optional(StringEnum(['celsius', 'fahrenheit'])),
    });
    expect(encodeStaticType(parameters)).toBe([
      '{',
      '  /** City name, e.g. "Paris" */',
      '  city: string;',
      '  days?: number;',
      '  units?: "celsius" | "fahrenheit";',
      '}',
    ].join('\n'));
  });

  it('indents nested objects and parenthesises unions inside arrays', () => {
    const schema = Type.Object({
      filter: Type.Object({ tags: Type.Array(Type.Union([Type.String(), Type.Number()])) }),
      ids: Type.Array(Type.Integer()),
    });
    expect(encodeStaticType(schema, { descriptions: false })).toBe([
      '{',
      '  filter: {',
      '    tags: (string | number)[];',
      '  };',
      '  ids: number[];',
      '}',
    ].join('\n'));
  });

  it('covers literals, enums, tuples, records, null and readonly as TypeBox types them', () => {
    expect(encodeStaticType(Type.Union([Type.Literal('a'), Type.Literal(1), Type.Literal(true)]))).toBe('"a" | 1 | true');
    expect(encodeStaticType(Type.Enum(['x', 'y']))).toBe('"x" | "y"');
    expect(encodeStaticType(Type.Tuple([Type.String(), Type.Number()]))).toBe('[string, number]');
    expect(encodeStaticType(Type.Record(Type.String(), Type.Number()))).toBe('Record<string, number>');
    expect(encodeStaticType(Type.Record(Type.Number(), Type.Boolean()))).toBe('Record<number, boolean>');
    expect(encodeStaticType(Type.Union([Type.String(), Type.Null()]))).toBe('string | null');
    expect(encodeStaticType(Type.Object({ id: Type.Readonly(Type.String()) }))).toBe('{\n  readonly id: string;\n}');
  });

  it('tells Any from Unknown by TypeBox\'s hidden kind, and maps Never', () => {
    expect(encodeStaticType(Type.Any())).toBe('any');
    expect(encodeStaticType(Type.Unknown())).toBe('unknown');
    expect(encodeStaticType(Type.Never())).toBe('never');
    expect(encodeStaticType({})).toBe('unknown');
  });

  it('joins intersections and keeps union members grouped', () => {
    const both = Type.Intersect([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Number() })]);
    expect(encodeStaticType(both)).toBe('{\n  a: string;\n} & {\n  b: number;\n}');
    expect(encodeStaticType({ allOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'string' }] }))
      .toBe('(string | number) & string');
  });

  it('reads plain JSON Schema as an MCP server sends it', () => {
    const mcp = {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File to read' },
        'max-bytes': { type: ['integer', 'null'] },
        mode: { enum: ['text', 'base64'] },
        extra: { type: 'object', additionalProperties: { type: 'string' } },
        anything: {},
      },
      required: ['path'],
    };
    expect(encodeStaticType(mcp)).toBe([
      '{',
      '  /** File to read */',
      '  path: string;',
      '  "max-bytes"?: number | null;',
      '  mode?: "text" | "base64";',
      '  extra?: Record<string, string>;',
      '  anything?: unknown;',
      '}',
    ].join('\n'));
  });

  it('writes multi-line descriptions as block comments and escapes comment terminators', () => {
    const schema = Type.Object({ q: Type.String({ description: 'Line one\nsays */ done' }) });
    expect(encodeStaticType(schema)).toBe('{\n  /**\n   * Line one\n   * says *\\/ done\n   */\n  q: string;\n}');
  });

  it('never throws on garbage and stops on cyclic object graphs', () => {
    for (const input of [null, undefined, 42, 'x', [], { type: 42 }, { properties: 'no' }, { type: 'array', items: [1] }]) {
      expect(typeof encodeStaticType(input)).toBe('string');
    }
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    expect(encodeStaticType(cyclic)).toBe('{\n  self?: unknown;\n}');
  });

  it('writes untyped and empty objects the way a reader expects', () => {
    expect(encodeStaticType(Type.Object({}))).toBe('{}');
    expect(encodeStaticType({ type: 'object' })).toBe('Record<string, unknown>');
    expect(encodeStaticType({ type: 'array' })).toBe('unknown[]');
  });
});

describe('encodeStaticTypeDeclaration', () => {
  it('declares $defs first so recursive references read as names', () => {
    const tree = Type.Cyclic({ Node: Type.Object({ value: Type.Number(), next: Type.Optional(Type.Ref('Node')) }) }, 'Node');
    expect(encodeStaticTypeDeclaration('Params', tree)).toBe([
      'type Node = {',
      '  value: number;',
      '  next?: Node;',
      '};',
      '',
      'type Params = Node;',
    ].join('\n'));
  });

  it('turns any name into a valid type identifier', () => {
    expect(encodeStaticTypeDeclaration('get-weather params', Type.String())).toBe('type get_weather_params = string;');
  });
});
