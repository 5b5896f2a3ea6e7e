// Glob patterns as fd's globset reads them: `*`, `?`, `[...]`, `{a,b}`, `**`, `\` escapes. With
// `literalSeparator` (fd --full-path) `*` and `?` stop at `/` and only `**` crosses directories.

export interface GlobOptions {
  literalSeparator?: boolean;
  caseInsensitive?: boolean;
}

const escapeChar = (c: string) => `\\u{${c.codePointAt(0)!.toString(16)}}`;

export type CompiledGlob = { ok: true; regex: RegExp } | { ok: false; message: string };

/** globset's words for a malformed glob, as fd and ripgrep print them after `error parsing glob '…': `. */
const UNCLOSED_CLASS = "unclosed character class; missing ']'";
const UNCLOSED_ALTERNATE = "unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)";
const DANGLING_ESCAPE = "dangling '\\'";

/** Compiles a whole-string glob, or says (in globset's words) why it is malformed. */
export function compileGlob(glob: string, options: GlobOptions = {}): CompiledGlob {
  const sep = Boolean(options.literalSeparator);
  const any = sep ? '[^/]' : '[\\s\\S]';
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
      let body = chars.slice(i + 1, end);
      let negated = false;
      if (body[0] === '!' || body[0] === '^') {
        negated = true;
        body = body.slice(1);
      }
      for (let k = 1; k < body.length - 1; k++) {
        if (body[k] === '-' && body[k - 1].codePointAt(0)! > body[k + 1].codePointAt(0)!) {
          return { ok: false, message: `invalid range; '${body[k - 1]}' > '${body[k + 1]}'` };
        }
      }
      const items = body.map((ch, k) => (ch === '-' && k > 0 && k < body.length - 1 ? '-' : escapeChar(ch))).join('');
      out += negated ? `[^${sep ? '/' : ''}${items}]` : `[${items}]`;
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
      out += escapeChar(chars[++i]);
    } else {
      out += escapeChar(c);
    }
  }
  if (braceDepth > 0) return { ok: false, message: UNCLOSED_ALTERNATE };
  try {
    return { ok: true, regex: new RegExp(`^(?:${out})$`, options.caseInsensitive ? 'ui' : 'u') };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
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
