// ripgrep's dialect in JavaScript: what Rust's regex accepts and means, and rg 14's texts for what it
// rejects. The error layouts were checked against ripgrep's parser by giving it the `(?:...)`-wrapped
// pattern that rg 14 parses; the `rg: ` prefix is rg 14's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileRipgrepPattern } from './rust-regex.ts';

const matches = (pattern: string, line: string, options = {}) => {
  const r = compileRipgrepPattern(pattern, options);
  if (!r.ok) throw new Error(r.message);
  return r.regex.test(line);
};
const error = (pattern: string) => {
  const r = compileRipgrepPattern(pattern);
  return r.ok ? 'compiled' : r.message;
};
const PCRE_NOTE = '\n\nConsider enabling PCRE2 with the --pcre2 flag, which can handle backreferences\nand look-around.';

describe('ripgrep patterns', () => {
  it.each([
    ['foo(', '    ^', 'unclosed group'],
    ['foo)', '           ^', 'unopened group'],
    ['[a', '       ^', 'unclosed character class'],
    ['*a', '       ^', 'repetition operator missing expression'],
    ['a{2', '        ^^', 'unclosed counted repetition'],
    ['a{,5}', '         ^', 'repetition quantifier expects a valid decimal'],
    ['a{3,2}', '        ^^^^^', 'invalid repetition count range, the start must be <= the end'],
    ['\\q', '       ^^', 'unrecognized escape sequence'],
    ['[z-a]', '        ^^^', 'invalid character class range, the start must be <= the end'],
    ['\\p{Foo}', '       ^^^^^^^', 'Unicode property not found'],
    ['(?z)a', '         ^', 'unrecognized flag'],
  ])('rejects %j with rg 14 wording', (pattern, caret, text) => {
    expect(error(pattern)).toBe(`rg: regex parse error:\n    (?:${pattern})\n${caret}\nerror: ${text}`);
  });

  it('rejects bad capture group names, marking both uses of a duplicate', () => {
    expect(error('(?P<n>o)(?P<n>o)')).toBe('rg: regex parse error:\n    (?:(?P<n>o)(?P<n>o))\n           ^       ^\nerror: duplicate capture group name');
    expect(error('(?P<>o)')).toBe('rg: regex parse error:\n    (?:(?P<>o))\n           ^\nerror: empty capture group name');
    expect(error('(?P<a-b>o)')).toBe('rg: regex parse error:\n    (?:(?P<a-b>o))\n            ^\nerror: invalid capture group character');
    // rg 14's wrapper closes the pattern, so its `)` is the offending name character.
    expect(error('(?P<ab')).toBe(`rg: regex parse error:\n    (?:(?P<ab)\n    ${' '.repeat(9)}^\nerror: invalid capture group character`);
  });

  it('rejects look-around and backreferences with the PCRE2 hint', () => {
    expect(error('(?=a)')).toBe(`rg: regex parse error:\n    (?:(?=a))\n       ^^^\nerror: look-around, including look-ahead and look-behind, is not supported${PCRE_NOTE}`);
    expect(error('(?<!a)b')).toMatch(/\n {7}\^{4}\nerror: look-around/);
    expect(error('a\\1')).toBe(`rg: regex parse error:\n    (?:a\\1)\n        ^^\nerror: backreferences are not supported${PCRE_NOTE}`);
  });

  it('rejects a literal newline, in a regex or a fixed string', () => {
    const multiline = 'rg: the literal "\\n" is not allowed in a regex\n\nConsider enabling multiline mode with the --multiline flag (or -U for short).\nWhen multiline mode is enabled, new line characters can be matched.';
    expect(error('a\\nb')).toBe(multiline);
    expect(compileRipgrepPattern('a\nb', { literal: true })).toEqual({ ok: false, message: multiline });
  });

  it('means what Rust means: Unicode \\w, \\d and \\b, dot matching \\r, stacked repetition', () => {
    expect(matches('^\\w+$', 'héllo_wörld')).toBe(true);
    expect(matches('\\d', '٣')).toBe(true);
    expect(matches('\\bcafé\\b', 'un café noir')).toBe(true);
    expect(matches('\\bfoo\\b', 'foobar')).toBe(false);
    expect(matches('a.$', 'a\r')).toBe(true);
    expect(matches('a**', 'b')).toBe(true);
    expect(matches('^x{2,3}$', 'xxxx')).toBe(false);
  });

  it('supports Rust class syntax: POSIX classes, nesting, intersection and difference', () => {
    expect(matches('^[[:alpha:]]+$', 'abcXYZ')).toBe(true);
    expect(matches('^[a-z&&[^aeiou]]+$', 'bcd')).toBe(true);
    expect(matches('^[a-z&&[^aeiou]]+$', 'bad')).toBe(false);
    expect(matches('^[\\w--\\d]+$', 'abc')).toBe(true);
    expect(matches('^[\\w--\\d]+$', 'a1')).toBe(false);
    expect(matches('[]x]', ']')).toBe(true);
    expect(matches('\\p{Greek}', 'αβγ')).toBe(true);
    expect(matches('\\pL', 'ß')).toBe(true);
  });

  it('handles case: --ignore-case, a leading (?i) and a scoped (?i:...)', () => {
    expect(matches('FOO', 'foo', { ignoreCase: true })).toBe(true);
    expect(matches('(?i)straße', 'STRAßE')).toBe(true);
    expect(matches('(?i:ab)c', 'ABc')).toBe(true);
    expect(matches('(?i:ab)c', 'ABC')).toBe(false);
    expect(matches('FOO', 'foo')).toBe(false);
  });

  it('treats a fixed string literally', () => {
    expect(matches('a.b(', 'xa.b(y', { literal: true })).toBe(true);
    expect(matches('a.b(', 'axb(', { literal: true })).toBe(false);
  });
});

describe('ripgrep matches the same lines (recorded)', () => {
  const recording = JSON.parse(readFileSync(join(process.cwd(), 'tests/fixtures/coding-tools/regex.recording.json'), 'utf8')) as {
    rg: string; lines: string[]; cases: { pattern: string; ignoreCase: boolean; matched: number[] | 'rejected' }[];
  };
  it(`agrees with ${recording.rg} on ${recording.cases.length} generated patterns`, () => {
    const disagreements: string[] = [];
    for (const c of recording.cases) {
      const compiled = compileRipgrepPattern(c.pattern, { ignoreCase: c.ignoreCase });
      const ours = compiled.ok ? recording.lines.flatMap((line, i) => (compiled.regex.test(line) ? [i + 1] : [])) : 'rejected';
      if (JSON.stringify(ours) !== JSON.stringify(c.matched)) disagreements.push(`${c.ignoreCase ? '-i ' : ''}${c.pattern}: rg ${JSON.stringify(c.matched)}, ours ${JSON.stringify(ours)}`);
    }
    expect(disagreements).toEqual([]);
  });
});
