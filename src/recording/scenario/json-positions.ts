// Where each value of a JSON text starts, by JSON pointer, so errors about a scenario can point at a line and
// column in the editor; and where a text that is not JSON breaks, with a message a learner can act on.

/** Offsets (UTF-16 units, 0-based) of one value; `keyStart` is its property name's opening quote. */
export interface ValueSpan { start: number; end: number; keyStart?: number }

export type JsonScan =
  | { ok: true; spans: Map<string, ValueSpan> }
  | { ok: false; message: string; offset: number };

/** 1-based line and column (in UTF-16 units, as editors count) of an offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text[i] === '\n') { line++; lineStart = i + 1; }
  }
  return { line, column: end - lineStart + 1 };
}

export function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

class SyntaxFault {
  constructor(readonly message: string, readonly offset: number) {}
}

const describeChar = (char: string | undefined) => (char === undefined ? 'the end of the text' : `'${char}'`);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** Deeper texts are refused rather than risking the call stack; no scenario comes close. */
const MAX_DEPTH = 256;

/** Scans strict JSON (the language JSON.parse accepts) and records the span of every value. Never throws. */
export function scanJson(text: string): JsonScan {
  const spans = new Map<string, ValueSpan>();
  let pos = 0;
  let depth = 0;

  const fault = (message: string, at = pos) => new SyntaxFault(message, at);
  const skipSpace = () => { while (pos < text.length && ' \t\n\r'.includes(text[pos])) pos++; };

  function scanString(): void {
    const open = pos++;
    while (pos < text.length) {
      const char = text[pos];
      if (char === '"') { pos++; return; }
      if (char === '\\') {
        const next = text[pos + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) throw fault('Invalid \\u escape: expected four hex digits');
          pos += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
          pos += 2;
        } else {
          throw fault(next === undefined ? 'Unterminated string' : `Invalid escape '\\${next}' in a string (write \\\\ for a backslash)`);
        }
        continue;
      }
      if (char.charCodeAt(0) < 0x20) throw fault('Line break or control character inside a string (write it as \\n or \\t)');
      pos++;
    }
    throw fault('Unterminated string', open);
  }

  function scanValue(path: (string | number)[], keyStart?: number): void {
    skipSpace();
    const start = pos;
    const char = text[pos];
    if (char === '{' || char === '[') {
      if (++depth > MAX_DEPTH) throw fault(`Nested more than ${MAX_DEPTH} levels deep`);
      if (char === '{') scanObject(path);
      else scanArray(path);
      depth--;
    }
    else if (char === '"') scanString();
    else if (char === '-' || (char >= '0' && char <= '9')) {
      NUMBER.lastIndex = pos;
      if (!NUMBER.test(text)) throw fault('Invalid number');
      pos = NUMBER.lastIndex;
    } else {
      const word = ['true', 'false', 'null'].find((w) => text.startsWith(w, pos));
      if (!word) throw fault(char === undefined ? 'Unexpected end of the text: a value is missing' : `Unexpected ${describeChar(char)}: expected a value`);
      pos += word.length;
    }
    spans.set(pointerOf(path), keyStart === undefined ? { start, end: pos } : { start, end: pos, keyStart });
  }

  function scanObject(path: (string | number)[]): void {
    pos++;
    skipSpace();
    if (text[pos] === '}') { pos++; return; }
    for (;;) {
      skipSpace();
      if (text[pos] !== '"') {
        throw fault(text[pos] === '}' ? "Trailing comma before '}'" : `Expected a property name in double quotes, found ${describeChar(text[pos])}`);
      }
      const keyStart = pos;
      scanString();
      const key = JSON.parse(text.slice(keyStart, pos)) as string;
      skipSpace();
      if (text[pos] !== ':') throw fault(`Expected ':' after the property name, found ${describeChar(text[pos])}`);
      pos++;
      scanValue([...path, key], keyStart);
      skipSpace();
      if (text[pos] === ',') { pos++; continue; }
      if (text[pos] === '}') { pos++; return; }
      throw fault(`Expected ',' or '}' after a property value, found ${describeChar(text[pos])}`);
    }
  }

  function scanArray(path: (string | number)[]): void {
    pos++;
    skipSpace();
    if (text[pos] === ']') { pos++; return; }
    for (let index = 0; ; index++) {
      skipSpace();
      if (text[pos] === ']') throw fault("Trailing comma before ']'");
      scanValue([...path, index]);
      skipSpace();
      if (text[pos] === ',') { pos++; continue; }
      if (text[pos] === ']') { pos++; return; }
      throw fault(`Expected ',' or ']' after an array item, found ${describeChar(text[pos])}`);
    }
  }

  try {
    skipSpace();
    if (pos === text.length) return { ok: false, message: 'The text is empty: expected a JSON object', offset: 0 };
    scanValue([]);
    skipSpace();
    if (pos < text.length) throw fault(`Unexpected ${describeChar(text[pos])} after the end of the JSON value`);
    return { ok: true, spans };
  } catch (error) {
    if (error instanceof SyntaxFault) return { ok: false, message: error.message, offset: error.offset };
    throw error;
  }
}
