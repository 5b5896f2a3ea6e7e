// A small tokenizer for the read-only code blocks (JSON and TypeScript type text), so schemas are coloured
// like the editor without loading CodeMirror. Output is a list of spans; the component renders them as text.

export type TokenKind = 'key' | 'string' | 'number' | 'keyword' | 'type' | 'comment' | 'punct' | 'plain';
export interface Token { kind: TokenKind; text: string }

const TS_KEYWORDS = new Set(['type', 'readonly', 'true', 'false', 'null', 'undefined']);
const TS_TYPES = new Set(['string', 'number', 'boolean', 'unknown', 'any', 'never', 'void', 'bigint', 'symbol', 'Record']);

// One alternation per token kind; `y` (sticky) so each match starts where the previous ended.
const PATTERN = /(\/\*\*?[\s\S]*?\*\/|\/\/[^\n]*)|("(?:[^"\\\n]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([A-Za-z_$][\w$]*)(\??:)?|(\s+)|([\s\S])/y;

export function tokenize(text: string, language: 'json' | 'typescript'): Token[] {
  const tokens: Token[] = [];
  const push = (kind: TokenKind, value: string) => {
    const last = tokens.at(-1);
    if (last && last.kind === kind) last.text += value;
    else tokens.push({ kind, text: value });
  };
  PATTERN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = PATTERN.exec(text)) !== null) {
    const [, comment, str, strColon, num, word, wordColon, space, other] = match;
    if (comment) push('comment', comment);
    else if (str) {
      push(strColon ? 'key' : 'string', str);
      if (strColon) push('punct', strColon);
    } else if (num) push('number', num);
    else if (word) {
      if (wordColon) { push('key', word); push('punct', wordColon); }
      else if (language === 'json') push(word === 'true' || word === 'false' || word === 'null' ? 'keyword' : 'plain', word);
      else push(TS_KEYWORDS.has(word) ? 'keyword' : TS_TYPES.has(word) || /^[A-Z]/.test(word) ? 'type' : 'plain', word);
    } else if (space) push('plain', space);
    else if (other) push('punct', other);
    if (PATTERN.lastIndex >= text.length) break;
  }
  return tokens;
}
