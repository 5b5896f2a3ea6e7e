// A small scanner for tool sources: finds identifiers outside strings, comments and regular expressions, with the
// significant characters around them. Enough to tell which playground globals a file uses and which import
// statements it has, without a full parser (the app must stay small; sucrase is loaded only with the sandbox).

export interface IdentifierToken {
  name: string;
  start: number;
  /** Previous significant character ('' at the start, 'x' after a name or a literal); '.' means a property access. */
  before: string;
  /** Next significant character after the identifier ('' at the end). */
  after: string;
}

const REGEX_ALLOWED_AFTER = new Set(['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^']);

/** End (exclusive) of a quoted string or template literal starting at `i`; `${…}` parts are skipped whole. */
function stringEnd(src: string, i: number): number {
  const quote = src[i];
  let j = i + 1;
  while (j < src.length && src[j] !== quote) {
    if (src[j] === '\\') { j += 2; continue; }
    if (quote === '`' && src[j] === '$' && src[j + 1] === '{') {
      let depth = 0;
      for (j += 1; j < src.length; j++) {
        const c = src[j];
        if (c === '"' || c === "'" || c === '`') { j = stringEnd(src, j) - 1; continue; }
        if (c === '{') depth++;
        else if (c === '}' && --depth === 0) break;
      }
      j++;
      continue;
    }
    if (quote !== '`' && src[j] === '\n') return j;
    j++;
  }
  return j + 1;
}

/** Every identifier in code position, in order. */
export function scanIdentifiers(src: string): IdentifierToken[] {
  const out: IdentifierToken[] = [];
  let previous = '';
  let pendingIdent: IdentifierToken | undefined;
  const significant = (ch: string) => {
    if (pendingIdent) { pendingIdent.after = ch; pendingIdent = undefined; }
    previous = ch;
  };
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (ch === '/' && src[i + 1] === '/') { const end = src.indexOf('\n', i); i = end < 0 ? src.length : end; continue; }
    if (ch === '/' && src[i + 1] === '*') { const end = src.indexOf('*/', i + 2); i = end < 0 ? src.length : end + 2; continue; }
    if (/\s/.test(ch)) { i++; continue; }
    if (ch === '"' || ch === "'" || ch === '`') { significant(ch); i = stringEnd(src, i); previous = 'x'; continue; }
    if (ch === '/' && REGEX_ALLOWED_AFTER.has(previous)) {
      significant('/');
      let j = i + 1;
      let inClass = false;
      while (j < src.length && src[j] !== '\n' && (src[j] !== '/' || inClass)) {
        if (src[j] === '\\') j++;
        else if (src[j] === '[') inClass = true;
        else if (src[j] === ']') inClass = false;
        j++;
      }
      i = j + 1;
      while (/[a-z]/.test(src[i] ?? '')) i++;
      previous = 'x';
      continue;
    }
    if (/[A-Za-z_$]/.test(ch)) {
      let j = i;
      while (j < src.length && /[\w$]/.test(src[j])) j++;
      const name = src.slice(i, j);
      const before = previous;
      significant('x');
      const token: IdentifierToken = { name, start: i, before, after: '' };
      out.push(token);
      pendingIdent = token;
      // Keywords after which a `/` starts a regular expression.
      previous = /^(return|typeof|case|do|else|in|of|new|delete|void|throw|await|yield)$/.test(name) ? '(' : 'x';
      i = j;
      continue;
    }
    significant(ch);
    i++;
  }
  return out;
}
