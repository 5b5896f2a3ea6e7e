import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithin, lineText, nodeRange, normalizeJson, reuseLines, toJsonLines } from './json-lines.ts';

describe('JSON lines', () => {
  it('join to exactly the text JSON.stringify(value, null, 2) prints, for any JSON value', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const { text, value: plain } = normalizeJson(value);
      expect(toJsonLines(plain).map(lineText).join('\n')).toBe(text);
    }), { numRuns: 300 });
  });

  it('drops undefined members as JSON does, and knows every node\'s pointer and extent', () => {
    const { value, text } = normalizeJson({ model: 'm', key: undefined, tools: [{ 'a/b': 1, '~': [] }], ok: true });
    expect(text).not.toContain('key');
    const lines = toJsonLines(value);
    expect(lines.map((l) => l.pointer)).toEqual(['', '/model', '/tools', '/tools/0', '/tools/0/a~1b', '/tools/0/~0', '/tools/0', '/tools', '/ok', '']);
    expect(nodeRange(lines, '/tools')).toEqual({ start: 2, end: 7 });
    expect(lines[2]).toMatchObject({ kind: 'open', count: 1, key: '"tools"' });
    expect(nodeRange(lines, '/tools/0/~0')).toEqual({ start: 5, end: 5 });
    expect(nodeRange(lines, '/nope')).toBeUndefined();
    expect(isWithin('/tools/0/x', '/tools')).toBe(true);
    expect(isWithin('/toolsX', '/tools')).toBe(false);
  });

  it('keeps the earlier line objects where an edit changed nothing, so only edited lines are redrawn', () => {
    const before = toJsonLines({ tools: [{ name: 'a', description: 'old' }, { name: 'b' }] });
    const after = reuseLines(before, toJsonLines({ tools: [{ name: 'a', description: 'new' }, { name: 'b' }] }));
    const changed = after.map((line, i) => (line === before[i] ? null : lineText(line))).filter(Boolean);
    expect(changed).toEqual(['      "description": "new"']);
  });
});
