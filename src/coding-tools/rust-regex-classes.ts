// Character-class building blocks for the ripgrep dialect: Rust's Unicode-aware \w/\d/\s, word boundaries,
// POSIX classes and Unicode property names, spelled as JavaScript `v`-flag RegExp source.

// Rust's Unicode-aware \w, used for \w, \W and the word boundaries.
export const WORD_ITEMS = '\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}';
export const WORD = `[${WORD_ITEMS}]`;
export const BOUNDARY: Record<string, string> = {
  b: `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`,
  B: `(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`,
  start: `(?:(?<!${WORD})(?=${WORD}))`,
  end: `(?:(?<=${WORD})(?!${WORD}))`,
  'start-half': `(?<!${WORD})`,
  'end-half': `(?!${WORD})`,
};
export const POSIX: Record<string, string> = {
  alnum: '0-9A-Za-z', alpha: 'A-Za-z', ascii: '\\u{0}-\\u{7f}', blank: '\\t ', cntrl: '\\u{0}-\\u{1f}\\u{7f}',
  digit: '0-9', graph: '!-~', lower: 'a-z', print: ' -~', punct: '!-\\/:-@\\[-`\\{-~', space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z', word: '0-9A-Za-z_', xdigit: '0-9A-Fa-f',
};
/** A code point as a `\\u{…}` escape: valid anywhere in a `v`-flag pattern, inside classes too. */
export const hex = (c: string) => `\\u{${c.codePointAt(0)!.toString(16)}}`;

export function perlClass(ch: string, unicode: boolean, inClass: boolean): string {
  const lower = ch.toLowerCase();
  const negated = ch !== lower;
  const items = unicode
    ? { d: '\\p{Nd}', s: '\\p{White_Space}', w: WORD_ITEMS }[lower]!
    : { d: '0-9', s: '\\t\\n\\v\\f\\r ', w: '0-9A-Za-z_' }[lower]!;
  if (!negated) return inClass ? items : `[${items}]`;
  return `[^${items}]`;
}

const propertyCache = new Map<string, string | null>();

/** Rust accepts loose names (`greek`, `Letter`, `sc=Greek`); JS wants canonical ones. */
export function resolveUnicodeProperty(name: string): string | null {
  if (propertyCache.has(name)) return propertyCache.get(name)!;
  const title = name.toLowerCase().replace(/(^|[_\s-])([a-z])/g, (_m, sep: string, c: string) => (sep ? '_' : '') + c.toUpperCase());
  const candidates = [name, title, `Script=${name}`, `Script=${title}`, `General_Category=${name}`, `General_Category=${title}`];
  let found: string | null = null;
  for (const candidate of candidates) {
    try {
      new RegExp(`\\p{${candidate}}`, 'v');
      found = candidate;
      break;
    } catch {
      // try the next spelling
    }
  }
  propertyCache.set(name, found);
  return found;
}
