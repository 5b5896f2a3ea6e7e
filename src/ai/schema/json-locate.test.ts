import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJsonWithLocations } from './json-locate.ts';

describe('parseJsonWithLocations', () => {
  it('returns what JSON.parse returns, for any JSON text', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 4 }), (value, indent) => {
      const text = JSON.stringify(value, null, indent);
      const parsed = parseJsonWithLocations(text);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(parsed.value).toEqual(JSON.parse(text));
    }), { numRuns: 300 });
  });

  it('points at a property name and its value, 1-based', () => {
    const text = '{\n  "name": "lookup",\n  "inputSchema": {\n    "type": "object",\n    "properties": { "q": { "type": "strin" } }\n  }\n}';
    const parsed = parseJsonWithLocations(text);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.locate(['inputSchema', 'properties', 'q', 'type'])).toEqual({
      key: { line: 5, column: 28, endLine: 5, endColumn: 34 },
      value: { line: 5, column: 36, endLine: 5, endColumn: 43 },
    });
    expect(parsed.locate(['name'])?.value).toMatchObject({ line: 2, column: 11 });
    expect(parsed.locate(['missing'])).toBeUndefined();
  });

  it('reports syntax errors at their line and column with a readable message', () => {
    const cases: [string, string, number, number][] = [
      ['{\n  "a": 1,\n}', 'trailing commas', 3, 1],
      ['{\n  "a": 1\n  "b": 2\n}', "Expected ',' or '}'", 3, 3],
      ["{ 'a': 1 }", 'double quotes', 1, 3],
      ['[1, 2,]', 'trailing commas', 1, 7],
      ['{"a": "unterminated}', 'Unterminated string', 1, 7],
      ['', 'empty', 1, 1],
      ['{} x', 'after the end', 1, 4],
      ['{"a": tru}', 'Unexpected character "t"', 1, 7],
    ];
    for (const [text, fragment, line, column] of cases) {
      const parsed = parseJsonWithLocations(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) {
        expect(parsed.message).toContain(fragment);
        expect([parsed.line, parsed.column], text).toEqual([line, column]);
      }
    }
  });

  it('turns absurd nesting into an error instead of overflowing the stack', () => {
    const parsed = parseJsonWithLocations('['.repeat(100_000));
    expect(parsed).toMatchObject({ ok: false, message: expect.stringContaining('nested too deeply') });
  });
});
