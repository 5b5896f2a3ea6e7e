// ripgrep's pattern dialect (Rust `regex` 1.10 syntax) compiled to a JavaScript RegExp (`v` flag), with
// ripgrep 14's error texts for patterns it rejects. rg 14 wraps the pattern in `(?:...)` before parsing,
// so error positions are given in the wrapped pattern, as rg prints them.

import { hex } from './rust-regex-classes.ts';
import { Parser, RegexSyntaxError } from './rust-regex-parser.ts';

export type CompiledPattern = { ok: true; regex: RegExp } | { ok: false; message: string };

const MULTILINE_ERROR =
  'rg: the literal "\\n" is not allowed in a regex\n\nConsider enabling multiline mode with the --multiline flag (or -U for short).\nWhen multiline mode is enabled, new line characters can be matched.';

/** Compiles a ripgrep pattern; `literal` is rg's --fixed-strings, `ignoreCase` its --ignore-case. */
export function compileRipgrepPattern(pattern: string, options: { ignoreCase?: boolean; literal?: boolean } = {}): CompiledPattern {
  if (options.literal) {
    if (pattern.includes('\n')) return { ok: false, message: MULTILINE_ERROR };
    return { ok: true, regex: new RegExp([...pattern].map(hex).join(''), options.ignoreCase ? 'vi' : 'v') };
  }
  const wrapped = `(?:${pattern})`;
  // The RegExp `i` flag is the most faithful case folding, but cannot be switched off for a part; when the
  // pattern does that (`(?-i:…)`), case-insensitivity is spelled out per character instead.
  const switchesCaseOff = /\(\?[A-Za-z]*-[A-Za-z]*i/.test(pattern);
  const wantsI = Boolean(options.ignoreCase) || /^\(\?[imsUux]*i[imsUux]*\)/.test(pattern);
  const globalI = wantsI && !switchesCaseOff;
  const parser = new Parser(wrapped, globalI);
  let source: string;
  try {
    source = parser.parseExpr({ i: Boolean(options.ignoreCase), s: false, U: false, u: true, x: false }, 0, -1);
  } catch (error) {
    if (!(error instanceof RegexSyntaxError)) throw error;
    return { ok: false, message: `rg: regex parse error:\n    ${wrapped}\n    ${caretLine(error, [...wrapped].length)}\nerror: ${error.message}${error.note}` };
  }
  if (parser.literalNewline) return { ok: false, message: MULTILINE_ERROR };
  try {
    return { ok: true, regex: new RegExp(source, globalI ? 'vi' : 'v') };
  } catch (error) {
    return { ok: false, message: `rg: regex parse error:\n    ${wrapped}\nerror: ${(error as Error).message}` };
  }
}

/** Carets under the error span (and under the first use of a duplicated name), as regex-syntax draws them. */
function caretLine(error: RegexSyntaxError, length: number): string {
  const spans = [error.aux, { start: error.start, end: error.end }].filter((x) => x !== undefined);
  const line: string[] = [];
  for (const { start, end } of spans) {
    const last = Math.max(start + 1, Math.min(end, length));
    for (let i = line.length; i < start; i++) line[i] = ' ';
    for (let i = start; i < last; i++) line[i] = '^';
  }
  return Array.from(line, (c) => c ?? ' ').join('');
}
