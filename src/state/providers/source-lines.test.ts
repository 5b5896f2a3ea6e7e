import { describe, expect, it } from 'vitest';
import { GET_WEATHER } from '../../content/examples/index.ts';
import type { EvaluatedTool } from '../run/tool-runtime.ts';
import { findingSourcePoint } from './source-lines.ts';

const lineOf = (source: string, text: string, from = 0) => source.split('\n').findIndex((l, i) => i >= from && l.includes(text)) + 1;

function evaluated(name: string, line: number, column = 1): EvaluatedTool {
  return { fileId: 'f', name, description: 'd', parameters: {} as never, hasExecute: true, hasPrepareArguments: false, sourceRange: { line, column } };
}

describe('finding source lines', () => {
  const ts = GET_WEATHER.source;
  const tool = evaluated('get_weather', lineOf(ts, 'name: "get_weather"'), 3);

  it('follows parameters to the schema const and then the property in a TypeScript tool', () => {
    expect(findingSourcePoint('typescript', ts, tool, { rule: 'gemini-ignored-keyword', toolName: 'get_weather', path: '/properties/city/minLength' }).line).toBe(lineOf(ts, 'city: Type.String'));
    expect(findingSourcePoint('typescript', ts, tool, { rule: 'strict-optional-nullable', toolName: 'get_weather', path: '/properties/units' }).line).toBe(lineOf(ts, 'units: Type.Optional'));
    expect(findingSourcePoint('typescript', ts, tool, { rule: 'anthropic-root-dropped', toolName: 'get_weather', path: '' }).line).toBe(lineOf(ts, 'const parameters'));
  });

  it('puts tool-level findings on the name or the description', () => {
    expect(findingSourcePoint('typescript', ts, tool, { rule: 'tool-name-invalid', toolName: 'get_weather', path: '' })).toEqual({ line: tool.sourceRange!.line, column: 3 });
    expect(findingSourcePoint('typescript', ts, tool, { rule: 'missing-description', toolName: 'get_weather', path: '' }).line).toBe(lineOf(ts, 'description:', lineOf(ts, 'name: "get_weather"')));
  });

  it('finds a keyword written after its property', () => {
    const source = 'const parameters = Type.Object({\n  q: Type.String({\n    description: "x",\n    pattern: "^a$",\n  }),\n});\nexport default { name: "t", description: "d", parameters };\n';
    expect(findingSourcePoint('typescript', source, evaluated('t', 7, 18), { rule: 'gemini-ignored-keyword', toolName: 't', path: '/properties/q/pattern' }).line).toBe(4);
  });

  it('locates nodes exactly in JSON Schema files of every accepted shape', () => {
    const list = JSON.stringify([{ name: 'a', inputSchema: { type: 'object' } }, { name: 'b', description: 'B', inputSchema: { type: 'object', properties: { n: { type: 'number', multipleOf: 2 } } } }], null, 2);
    expect(findingSourcePoint('json-schema', list, evaluated('b', 1), { rule: 'gemini-ignored-keyword', toolName: 'b', path: '/properties/n/multipleOf' }).line).toBe(lineOf(list, '"multipleOf"'));
    expect(findingSourcePoint('json-schema', list, evaluated('b', 1), { rule: 'tool-name-invalid', toolName: 'b', path: '' }).line).toBe(lineOf(list, '"name": "b"'));
    const bare = JSON.stringify({ type: 'object', properties: { n: { type: 'number', exclusiveMinimum: 0 } } }, null, 2);
    expect(findingSourcePoint('json-schema', bare, evaluated('bare', 1), { rule: 'gemini-ignored-keyword', toolName: 'bare', path: '/properties/n/exclusiveMinimum' }).line).toBe(lineOf(bare, 'exclusiveMinimum'));
  });

  it('falls back to the tool\'s own position when the source cannot be read', () => {
    expect(findingSourcePoint('json-schema', '{ not json', evaluated('x', 4, 2), { rule: 'r', toolName: 'x', path: '/a' })).toEqual({ line: 4, column: 2 });
  });
});
