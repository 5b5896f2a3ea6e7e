// A JSON parser that remembers where each value and key sits in the text, so errors in pasted JSON Schema can
// point at a line and column: syntax errors where they happen, schema problems at the offending property.

/** 1-based line and column of a span's start, and of the character after its end. */
export interface TextSpan {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface JsonNodeLocation {
  /** The value's span. */
  value: TextSpan;
  /** The property name's span, when the value is an object member. */
  key?: TextSpan;
}

export type JsonParseResult =
  | { ok: true; value: unknown; locate(path: readonly (string | number)[]): JsonNodeLocation | undefined }
  | { ok: false; message: string; line: number; column: number };

class JsonSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

/** Parses `text` as JSON.parse would (same values, last duplicate key wins), recording every node's span. */
export function parseJsonWithLocations(text: string): JsonParseResult {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const position = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo] + 1 };
  };
  const span = (start: number, end: number): TextSpan => {
    const a = position(start);
    const b = position(end);
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  };

  const locations = new Map<string, JsonNodeLocation>();
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const describe = (at: number) => (at >= text.length ? 'end of input' : `character ${JSON.stringify(text[at])}`);
  const skipSpace = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const expect = (ch: string, what: string) => {
    if (text[i] !== ch) throw new JsonSyntaxError(`Expected ${what} but found ${describe(i)}`, i);
    i++;
  };

  function parseString(): string {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      const code = text.charCodeAt(i);
      if (code < 0x20) throw new JsonSyntaxError('Unescaped control character in string', i);
      i += text[i] === '\\' ? 2 : 1;
    }
    if (i >= text.length) throw new JsonSyntaxError('Unterminated string', start);
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      throw new JsonSyntaxError('Bad escape sequence in string', start);
    }
  }

  let depth = 0;
  function parseValue(pointer: string, key?: TextSpan): unknown {
    skipSpace();
    const start = i;
    if (++depth > 512) throw new JsonSyntaxError('The JSON is nested too deeply (more than 512 levels)', i);
    let value: unknown;
    const ch = text[i];
    if (ch === '{') value = parseObject(pointer);
    else if (ch === '[') value = parseArray(pointer);
    else if (ch === '"') value = parseString();
    else {
      const match = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
      if (!match) {
        const hint = ch === "'" ? ' (JSON strings use double quotes)' : '';
        throw new JsonSyntaxError(`Unexpected ${describe(i)}${hint}`, i);
      }
      i += match[0].length;
      value = JSON.parse(match[0]);
    }
    locations.set(pointer, { value: span(start, i), ...(key ? { key } : {}) });
    depth--;
    return value;
  }

  function parseObject(pointer: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    i++;
    skipSpace();
    if (text[i] === '}') {
      i++;
      return out;
    }
    for (;;) {
      skipSpace();
      if (text[i] !== '"') {
        const trailing = text[i] === '}' ? ' (trailing commas are not allowed in JSON)' : '';
        throw new JsonSyntaxError(`Expected a property name in double quotes but found ${describe(i)}${trailing}`, i);
      }
      const keyStart = i;
      const name = parseString();
      const keySpan = span(keyStart, i);
      skipSpace();
      expect(':', "':' after the property name");
      // Plain assignment, as JSON.parse does: a "__proto__" key becomes an own property only via defineProperty.
      Object.defineProperty(out, name, {
        value: parseValue(`${pointer}/${escapePointer(name)}`, keySpan), enumerable: true, writable: true, configurable: true,
      });
      skipSpace();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === '}') { i++; return out; }
      throw new JsonSyntaxError(`Expected ',' or '}' after a property value but found ${describe(i)}`, i);
    }
  }

  function parseArray(pointer: string): unknown[] {
    const out: unknown[] = [];
    i++;
    skipSpace();
    if (text[i] === ']') {
      i++;
      return out;
    }
    for (;;) {
      skipSpace();
      if (text[i] === ']') throw new JsonSyntaxError('Unexpected \']\' (trailing commas are not allowed in JSON)', i);
      out.push(parseValue(`${pointer}/${out.length}`));
      skipSpace();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === ']') { i++; return out; }
      throw new JsonSyntaxError(`Expected ',' or ']' after an array element but found ${describe(i)}`, i);
    }
  }

  try {
    skipSpace();
    if (i >= text.length) throw new JsonSyntaxError('The file is empty: expected a JSON value', i);
    const value = parseValue('');
    skipSpace();
    if (i < text.length) throw new JsonSyntaxError(`Unexpected ${describe(i)} after the end of the JSON value`, i);
    return {
      ok: true,
      value,
      locate: (path) => locations.get(path.map((s) => `/${escapePointer(String(s))}`).join('')),
    };
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const at = position(Math.min(error.offset, text.length));
    return { ok: false, message: error.message, line: at.line, column: at.column };
  }
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
