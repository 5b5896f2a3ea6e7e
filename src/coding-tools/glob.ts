// Glob patterns as fd's and ripgrep's globset reads them: `*`, `?`, `[...]`, `{a,b}`, `**`, `\` escapes.
// globset matches raw path bytes: `?` and a class match one UTF-8 byte (so `?.txt` misses `é.txt`), and
// case-insensitivity folds ASCII only. With `literalSeparator` `*` and `?` stop at `/`; `**` crosses it.
import { encodeUtf8 } from '../vfs/index.ts';

export interface GlobOptions {
  literalSeparator?: boolean;
  caseInsensitive?: boolean;
}

export type CompiledGlob = { ok: true; test: (path: string) => boolean } | { ok: false; message: string };

/** globset's words for a malformed glob, as fd and ripgrep print them after `error parsing glob '…': `. */
const UNCLOSED_CLASS = "unclosed character class; missing ']'";
const UNCLOSED_ALTERNATE = "unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)";
const DANGLING_ESCAPE = "dangling '\\'";

const byteEscape = (b: number) => `\\x${b.toString(16).padStart(2, '0')}`;
const isAsciiLetter = (b: number) => (b >= 65 && b <= 90) || (b >= 97 && b <= 122);

/** A path as a string of its UTF-8 bytes (one char per byte), the domain the compiled globs match. */
export function toByteString(path: string): string {
  let out = '';
  for (const b of encodeUtf8(path)) out += String.fromCharCode(b);
  return out;
}

/** Compiles a whole-string glob, or says (in globset's words) why it is malformed. */
export function compileGlob(glob: string, options: GlobOptions = {}): CompiledGlob {
  // globset reads a lone `**/` as "everything" (fd lists the whole tree for it).
  if (glob === '**/') return { ok: true, test: () => true };
  const sep = Boolean(options.literalSeparator);
  const fold = Boolean(options.caseInsensitive);
  const any = sep ? '[^/]' : '[\\s\\S]';
  const literal = (c: string) => [...encodeUtf8(c)].map((b) => {
    if (fold && isAsciiLetter(b)) return `[${byteEscape(b & ~32)}${byteEscape(b | 32)}]`;
    return byteEscape(b);
  }).join('');
  const chars = [...glob];
  let out = '';
  let braceDepth = 0;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === '*') {
      if (chars[i + 1] === '*') {
        const atStart = i === 0 || chars[i - 1] === '/';
        const atEnd = i + 2 === chars.length || chars[i + 2] === '/';
        if (atStart && atEnd) {
          i++;
          if (chars[i + 1] === '/') {
            // `**/` : zero or more whole directories.
            i++;
            out += '(?:[\\s\\S]*/)?';
          } else {
            out += '[\\s\\S]*';
          }
          continue;
        }
        i++;
      }
      out += `${any}*`;
    } else if (c === '?') {
      out += any;
    } else if (c === '[') {
      const end = classEnd(chars, i);
      if (end === -1) return { ok: false, message: UNCLOSED_CLASS };
      const cls = classSource(chars.slice(i + 1, end), sep, fold);
      if (!cls.ok) return cls;
      out += cls.source;
      i = end;
    } else if (c === '{') {
      braceDepth++;
      out += '(?:';
    } else if (c === '}' && braceDepth > 0) {
      braceDepth--;
      out += ')';
    } else if (c === ',' && braceDepth > 0) {
      out += '|';
    } else if (c === '\\') {
      if (i + 1 >= chars.length) return { ok: false, message: DANGLING_ESCAPE };
      out += literal(chars[++i]);
    } else {
      out += literal(c);
    }
  }
  if (braceDepth > 0) return { ok: false, message: UNCLOSED_ALTERNATE };
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${out})$`);
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  return { ok: true, test: (path) => regex.test(toByteString(path)) };
}

/**
 * A class as byte ranges, the way globset's byte regex reads it: a non-ASCII member stands for each of its
 * UTF-8 bytes (so `[é]` matches the first byte of `é` or `ü`, never the whole character).
 */
function classSource(body: string[], sep: boolean, fold: boolean): { ok: true; source: string } | { ok: false; message: string } {
  let negated = false;
  if (body[0] === '!' || body[0] === '^') {
    negated = true;
    body = body.slice(1);
  }
  const ranges: [number, number][] = [];
  for (let k = 0; k < body.length; k++) {
    const from = body[k].codePointAt(0)!;
    if (body[k + 1] === '-' && k + 2 < body.length) {
      const to = body[k + 2].codePointAt(0)!;
      if (from > to) return { ok: false, message: `invalid range; '${body[k]}' > '${body[k + 2]}'` };
      ranges.push([from, to]);
      k += 2;
    } else if (from > 0x7f) {
      for (const b of encodeUtf8(body[k])) ranges.push([b, b]);
    } else ranges.push([from, from]);
  }
  const items: string[] = [];
  for (const [from, to] of ranges) {
    if (from > 0xff) continue;
    const hi = Math.min(to, 0xff);
    items.push(`${byteEscape(from)}-${byteEscape(hi)}`);
    if (fold) {
      // ASCII case folding only: the other case of any letters in the range.
      for (const [a, z, shift] of [[65, 90, 32], [97, 122, -32]]) {
        const s = Math.max(from, a);
        const e = Math.min(hi, z);
        if (s <= e) items.push(`${byteEscape(s + shift)}-${byteEscape(e + shift)}`);
      }
    }
  }
  if (negated) return { ok: true, source: `[^${sep ? '/' : ''}${items.join('')}]` };
  return { ok: true, source: items.length > 0 ? `[${items.join('')}]` : '(?!)' };
}

function classEnd(chars: string[], open: number): number {
  let i = open + 1;
  if (chars[i] === '!' || chars[i] === '^') i++;
  // A `]` right after the opening bracket is a member, not the end.
  if (chars[i] === ']') i++;
  for (; i < chars.length; i++) if (chars[i] === ']') return i;
  return -1;
}

/** fd's smart case: a pattern with no uppercase letter matches case-insensitively. */
export function hasUppercase(pattern: string): boolean {
  return pattern !== pattern.toLowerCase();
}
