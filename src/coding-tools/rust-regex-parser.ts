// Parser for Rust `regex` 1.10 syntax as ripgrep 14 parses it, emitting JavaScript `v`-flag source as it
// goes. Errors carry the span Rust's parser reports, in code points of the (wrapped) pattern.
import { BOUNDARY, hex, POSIX, perlClass, resolveUnicodeProperty } from './rust-regex-classes.ts';

// ripgrep appends this to look-around and backreference errors.
export const LOOKAROUND_NOTE =
  '\n\nConsider enabling PCRE2 with the --pcre2 flag, which can handle backreferences\nand look-around.';
const ESCAPABLE = /^[^0-9A-Za-z<>]$/;
const CONTROL: Record<string, string> = { a: '\x07', f: '\f', t: '\t', n: '\n', r: '\r', v: '\v' };

export interface Flags { i: boolean; s: boolean; U: boolean; u: boolean; x: boolean }

export class RegexSyntaxError {
  constructor(
    readonly start: number,
    readonly end: number,
    readonly message: string,
    readonly note = '',
    /** A second span Rust marks too (the first use of a duplicated group name). */
    readonly aux?: { start: number; end: number },
  ) {}
}

export class Parser {
  private readonly c: string[];
  private pos = 0;
  private readonly names = new Map<string, { start: number; end: number }>();
  literalNewline = false;

  /** `globalI`: case-insensitivity is left to the RegExp's own `i` flag instead of spelled out per character. */
  constructor(source: string, private readonly globalI: boolean) {
    this.c = [...source];
  }

  private fail(start: number, end: number, message: string, note = ''): never {
    throw new RegexSyntaxError(start, end, message, note);
  }

  /** Alternation up to the `)` closing the group opened at `openPos` (or the end at depth 0). */
  parseExpr(flags: Flags, depth: number, openPos: number): string {
    const branches: string[] = [];
    let atoms: string[] = [];
    for (;;) {
      const ch = this.c[this.pos];
      if (ch === undefined) {
        if (depth > 0) this.fail(openPos, openPos + 1, 'unclosed group');
        break;
      }
      if (flags.x && /\s/.test(ch)) { this.pos++; continue; }
      if (flags.x && ch === '#') {
        while (this.pos < this.c.length && this.c[this.pos] !== '\n') this.pos++;
        continue;
      }
      if (ch === ')') {
        if (depth === 0) this.fail(this.pos, this.pos + 1, 'unopened group');
        this.pos++;
        break;
      }
      if (ch === '|') { this.pos++; branches.push(atoms.join('')); atoms = []; continue; }
      if (ch === '*' || ch === '+' || ch === '?' || ch === '{') {
        if (atoms.length === 0) this.fail(this.pos, this.pos + 1, 'repetition operator missing expression');
        atoms.push(`(?:${atoms.pop()})${this.parseRepetition(flags)}`);
        continue;
      }
      if (ch === '(' && this.c[this.pos + 1] === '?' && this.isFlagSetter()) {
        flags = this.parseFlags(flags, true).flags;
        continue;
      }
      atoms.push(this.parseAtom(flags, depth));
    }
    branches.push(atoms.join(''));
    return `(?:${branches.join('|')})`;
  }

  private parseRepetition(flags: Flags): string {
    const start = this.pos;
    const op = this.c[this.pos++];
    let quant = op;
    if (op === '{') {
      const min = this.decimal();
      let max: number | undefined = min;
      if (this.c[this.pos] === ',') {
        this.pos++;
        max = this.c[this.pos] === '}' ? undefined : this.decimal();
      }
      if (this.c[this.pos] !== '}') this.fail(start, this.pos, 'unclosed counted repetition');
      this.pos++;
      if (max !== undefined && min > max) {
        this.fail(start, this.pos, 'invalid repetition count range, the start must be <= the end');
      }
      quant = max === min ? `{${min}}` : `{${min},${max ?? ''}}`;
    }
    let lazy = false;
    if (this.c[this.pos] === '?') { this.pos++; lazy = true; }
    return quant + (lazy !== flags.U ? '?' : '');
  }

  private decimal(): number {
    const from = this.pos;
    while (/[0-9]/.test(this.c[this.pos] ?? '')) this.pos++;
    if (from === this.pos) {
      if (this.pos >= this.c.length) this.fail(from - 1, from, 'unclosed counted repetition');
      this.fail(this.pos, this.pos + 1, 'repetition quantifier expects a valid decimal');
    }
    return Number(this.c.slice(from, this.pos).join(''));
  }

  /** `(?flags)` with no `:` sets flags for the rest of the enclosing group. */
  private isFlagSetter(): boolean {
    let i = this.pos + 2;
    while (i < this.c.length && /[A-Za-z-]/.test(this.c[i])) i++;
    return this.c[i] === ')';
  }

  private parseFlags(flags: Flags, setter: boolean): { flags: Flags } {
    this.pos += 2;
    const next = { ...flags };
    let negate = false;
    while (this.c[this.pos] !== ')' && this.c[this.pos] !== ':') {
      const f = this.c[this.pos];
      if (f === undefined) this.fail(this.pos - 1, this.pos, 'unclosed group');
      if (f === '-') negate = true;
      else if (f === 'i' || f === 's' || f === 'U' || f === 'u' || f === 'x') next[f] = !negate;
      else if (f !== 'm' && f !== 'R') this.fail(this.pos, this.pos + 1, 'unrecognized flag');
      this.pos++;
    }
    if (setter) this.pos++;
    // The pattern-wide case flag is applied by the RegExp's own `i`; keep it on where the pattern set it.
    if (this.globalI) next.i = true;
    return { flags: next };
  }

  private parseAtom(flags: Flags, depth: number): string {
    const ch = this.c[this.pos];
    if (ch === '(') return this.parseGroup(flags, depth);
    if (ch === '[') return this.parseClass(flags);
    if (ch === '.') { this.pos++; return flags.s ? '[\\s\\S]' : '[^\\n]'; }
    if (ch === '^' || ch === '$') { this.pos++; return ch; }
    if (ch === '\\') return this.parseEscape(flags, false).source;
    this.pos++;
    return this.literal(ch, flags);
  }

  private literal(ch: string, flags: Flags): string {
    if (ch === '\n') this.literalNewline = true;
    if (flags.i && !this.globalI) {
      const variants = new Set([ch, ch.toLowerCase(), ch.toUpperCase()]);
      if (variants.size > 1) return `[${[...variants].filter((v) => [...v].length === 1).map(hex).join('')}]`;
    }
    return hex(ch);
  }

  private parseGroup(flags: Flags, depth: number): string {
    const open = this.pos;
    const c1 = this.c[open + 1];
    const c2 = this.c[open + 2];
    if (c1 !== '?') {
      this.pos++;
      return this.parseExpr(flags, depth + 1, open);
    }
    if (c2 === '=' || c2 === '!') this.lookaround(open, 3);
    if (c2 === '<' && (this.c[open + 3] === '=' || this.c[open + 3] === '!')) this.lookaround(open, 4);
    if (c2 === 'P' || c2 === '<') {
      if (c2 === 'P' && this.c[open + 3] !== '<') this.fail(open + 2, open + 3, 'unrecognized flag');
      this.pos = open + (c2 === 'P' ? 4 : 3);
      const nameStart = this.pos;
      for (;;) {
        const ch = this.c[this.pos];
        if (ch === undefined) this.fail(this.pos, this.pos + 1, 'unclosed capture group name');
        if (ch === '>') break;
        const allowed = this.pos === nameStart ? /^[_\p{L}]$/u : /^[_.[\]\p{L}\p{N}]$/u;
        if (!allowed.test(ch)) this.fail(this.pos, this.pos + 1, 'invalid capture group character');
        this.pos++;
      }
      if (this.pos === nameStart) this.fail(nameStart, nameStart + 1, 'empty capture group name');
      const name = this.c.slice(nameStart, this.pos).join('');
      const first = this.names.get(name);
      if (first) throw new RegexSyntaxError(nameStart, this.pos, 'duplicate capture group name', '', first);
      this.names.set(name, { start: nameStart, end: this.pos });
      this.pos++;
      return this.parseExpr(flags, depth + 1, open);
    }
    const { flags: inner } = this.parseFlags(flags, false);
    this.pos++; // ':'
    return this.parseExpr(inner, depth + 1, open);
  }

  private lookaround(open: number, length: number): never {
    this.fail(open, open + length, 'look-around, including look-ahead and look-behind, is not supported', LOOKAROUND_NOTE);
  }

  /** One escape. In a class, `.item` is a class item; outside, `.source` is a complete atom. */
  private parseEscape(flags: Flags, inClass: boolean): { source: string; char?: string } {
    const start = this.pos;
    const ch = this.c[this.pos + 1];
    if (ch === undefined) this.fail(start, start + 1, 'incomplete escape sequence, reached end of pattern prematurely');
    this.pos += 2;
    if (/[0-9]/.test(ch)) this.fail(start, this.pos, 'backreferences are not supported', LOOKAROUND_NOTE);
    if (ch in CONTROL) return this.charEscape(CONTROL[ch], flags, inClass);
    if (ch === 'x' || ch === 'u' || ch === 'U') return this.charEscape(this.hexEscape(start, ch), flags, inClass);
    if (ch === 'p' || ch === 'P') return { source: this.unicodeClass(start, ch === 'P', inClass) };
    if ('dDsSwW'.includes(ch)) return { source: perlClass(ch, flags.u, inClass) };
    if (!inClass) {
      if (ch === 'A') return { source: '^' };
      if (ch === 'z') return { source: '$' };
      if (ch === '<') return { source: BOUNDARY.start };
      if (ch === '>') return { source: BOUNDARY.end };
      // `\b{start}` and friends; `\b{2}` is a boundary repeated, as Rust reads it.
      if (ch === 'b' && this.c[this.pos] === '{' && /[A-Za-z-]/.test(this.c[this.pos + 1] ?? '')) {
        const close = this.c.indexOf('}', this.pos);
        const kind = close === -1 ? '' : this.c.slice(this.pos + 1, close).join('');
        if (!(kind in BOUNDARY) || kind === 'b' || kind === 'B') this.fail(start, Math.max(close + 1, this.pos), 'unrecognized escape sequence');
        this.pos = close + 1;
        return { source: BOUNDARY[kind] };
      }
      if (ch === 'b' || ch === 'B') return { source: BOUNDARY[ch] };
    }
    if (ESCAPABLE.test(ch)) return this.charEscape(ch, flags, inClass);
    this.fail(start, this.pos, 'unrecognized escape sequence');
  }

  /** An escaped character. In a class the caller builds the item; a `\n` there is no literal newline. */
  private charEscape(char: string, flags: Flags, inClass: boolean): { source: string; char: string } {
    return { source: inClass ? hex(char) : this.literal(char, flags), char };
  }

  private hexEscape(start: number, kind: string): string {
    const digits = kind === 'x' ? 2 : kind === 'u' ? 4 : 8;
    let text: string;
    if (this.c[this.pos] === '{') {
      const close = this.c.indexOf('}', this.pos);
      if (close === -1) this.fail(start, this.c.length, 'unclosed hexadecimal literal');
      text = this.c.slice(this.pos + 1, close).join('');
      this.pos = close + 1;
    } else {
      text = this.c.slice(this.pos, this.pos + digits).join('');
      this.pos += digits;
      if (text.length < digits) this.fail(start, this.pos, 'incomplete escape sequence, reached end of pattern prematurely');
    }
    const code = /^[0-9A-Fa-f]{1,8}$/.test(text) ? parseInt(text, 16) : NaN;
    if (!(code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) this.fail(start, this.pos, 'hexadecimal literal is not a Unicode scalar value');
    return String.fromCodePoint(code);
  }

  private unicodeClass(start: number, negated: boolean, inClass: boolean): string {
    let name: string;
    if (this.c[this.pos] === '{') {
      const close = this.c.indexOf('}', this.pos);
      if (close === -1) this.fail(start, this.c.length, 'unclosed Unicode class literal');
      name = this.c.slice(this.pos + 1, close).join('');
      this.pos = close + 1;
    } else {
      name = this.c[this.pos++] ?? '';
    }
    const property = resolveUnicodeProperty(name);
    if (!property) this.fail(start, this.pos, 'Unicode property not found');
    const escape = `\\${negated ? 'P' : 'p'}{${property}}`;
    return inClass ? escape : `[${escape}]`;
  }

  /** A bracketed class, nested classes and `&&`/`--`/`~~` included (emitted with the `v` flag's syntax). */
  private parseClass(flags: Flags): string {
    const open = this.pos;
    this.pos++;
    let negated = false;
    if (this.c[this.pos] === '^') { negated = true; this.pos++; }
    let acc: string | undefined;
    let op: string | undefined;
    let items = '';
    let first = true;
    const flush = () => {
      const operand = `[${items}]`;
      if (acc === undefined) acc = operand;
      else if (op === '&&') acc = `[${acc}&&${operand}]`;
      else if (op === '--') acc = `[${acc}--${operand}]`;
      else acc = `[[${acc}--${operand}][${operand}--${acc}]]`;
      items = '';
    };
    for (;;) {
      const ch = this.c[this.pos];
      if (ch === undefined) this.fail(open, open + 1, 'unclosed character class');
      if (ch === ']' && !first) { this.pos++; break; }
      first = false;
      const two = ch + (this.c[this.pos + 1] ?? '');
      if (two === '&&' || two === '--' || two === '~~') {
        flush();
        op = two;
        this.pos += 2;
        continue;
      }
      items += this.parseClassItem(flags);
    }
    flush();
    return `[${negated ? '^' : ''}${acc}]`;
  }

  private parseClassItem(flags: Flags): string {
    const ch = this.c[this.pos];
    if (ch === '[') {
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(this.c.slice(this.pos, this.pos + 12).join(''));
      if (posix && posix[2] in POSIX) {
        this.pos += posix[0].length;
        return posix[1] ? `[^${POSIX[posix[2]]}]` : POSIX[posix[2]];
      }
      return this.parseClass(flags);
    }
    const itemStart = this.pos;
    const first = this.classChar(flags);
    if (first.set !== undefined) return first.set;
    if (this.c[this.pos] === '-' && this.c[this.pos + 1] !== ']' && this.c[this.pos + 1] !== undefined && this.c[this.pos + 1] !== '-') {
      this.pos++;
      const last = this.classChar(flags);
      if (last.set !== undefined) this.fail(itemStart, this.pos, 'invalid character class range, the start must be <= the end');
      if (first.char!.codePointAt(0)! > last.char!.codePointAt(0)!) {
        this.fail(itemStart, this.pos, 'invalid character class range, the start must be <= the end');
      }
      return this.caseRange(first.char!, last.char!, flags);
    }
    return this.caseRange(first.char!, first.char!, flags);
  }

  private classChar(flags: Flags): { char?: string; set?: string } {
    if (this.c[this.pos] === '\\') {
      const escape = this.parseEscape(flags, true);
      return escape.char !== undefined ? { char: escape.char } : { set: escape.source };
    }
    return { char: this.c[this.pos++] };
  }

  /** A range as class items; under a scoped (?i) the ASCII letters in it also get their other case. */
  private caseRange(from: string, to: string, flags: Flags): string {
    const range = from === to ? hex(from) : `${hex(from)}-${hex(to)}`;
    if (!flags.i || this.globalI) return range;
    let extra = '';
    const lo = from.codePointAt(0)!;
    const hi = to.codePointAt(0)!;
    for (const [a, z, shift] of [[65, 90, 32], [97, 122, -32]]) {
      const s = Math.max(lo, a);
      const e = Math.min(hi, z);
      if (s <= e) extra += `${hex(String.fromCodePoint(s + shift))}-${hex(String.fromCodePoint(e + shift))}`;
    }
    return range + extra;
  }
}

