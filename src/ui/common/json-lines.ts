// A JSON value as the lines `JSON.stringify(value, null, 2)` prints, each knowing the JSON pointer of the value
// it opens, holds or closes, so the app's JSON view (JsonView.svelte) can fold any object or array, highlight a
// node and scroll to it, while the joined text stays byte-for-byte the JSON that is copied.

/** `inline`: a whole object or array on one line (compact layout), highlighted token by token. */
export type JsonTokenKind = 'string' | 'number' | 'keyword' | 'punct' | 'inline';

export interface JsonLine {
  depth: number;
  /** Pointer of the value this line opens, holds or closes. */
  pointer: string;
  /** The member name as JSON text (with quotes), when the value is an object member. */
  key?: string;
  /** `open` starts an object or array spanning lines up to `end`; `close` ends one; `value` is a whole value. */
  kind: 'open' | 'close' | 'value';
  text: string;
  token: JsonTokenKind;
  comma: boolean;
  /** For `open`: index of the matching `close` line, and how many members or items it has. */
  end?: number;
  count?: number;
}

// Most member names hold neither character: skip the two replaces then (a body has thousands of members).
const escapeToken = (key: string) => (key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key);

/** The JSON text (as JSON.stringify with 2 spaces) and the same value as plain JSON (undefined members dropped). */
export function normalizeJson(value: unknown): { text: string; value: unknown } {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return { text, value: JSON.parse(text) };
}

function scalar(value: unknown): { text: string; token: JsonTokenKind } {
  if (typeof value === 'string') return { text: JSON.stringify(value), token: 'string' };
  if (typeof value === 'number') return { text: JSON.stringify(value), token: 'number' };
  return { text: JSON.stringify(value) ?? 'null', token: 'keyword' };
}

/** Lines of a plain JSON value (as `normalizeJson` returns it). */
export function toJsonLines(value: unknown): JsonLine[] {
  const lines: JsonLine[] = [];
  const emit = (node: unknown, depth: number, pointer: string, key: string | undefined, comma: boolean) => {
    const isArray = Array.isArray(node);
    if (node !== null && typeof node === 'object') {
      const entries: [string, unknown][] = isArray ? (node as unknown[]).map((v, i) => [String(i), v]) : Object.entries(node);
      if (entries.length === 0) {
        lines.push({ depth, pointer, key, kind: 'value', text: isArray ? '[]' : '{}', token: 'punct', comma });
        return;
      }
      const open = lines.length;
      lines.push({ depth, pointer, key, kind: 'open', text: isArray ? '[' : '{', token: 'punct', comma: false, count: entries.length });
      entries.forEach(([name, child], i) => {
        emit(child, depth + 1, `${pointer}/${escapeToken(name)}`, isArray ? undefined : JSON.stringify(name), i < entries.length - 1);
      });
      lines[open].end = lines.length;
      lines.push({ depth, pointer, kind: 'close', text: isArray ? ']' : '}', token: 'punct', comma });
      return;
    }
    lines.push({ depth, pointer, key, kind: 'value', ...scalar(node), comma });
  };
  emit(value, 0, '', undefined, false);
  return lines;
}

const sameLine = (a: JsonLine, b: JsonLine) => a.depth === b.depth && a.pointer === b.pointer && a.key === b.key
  && a.kind === b.kind && a.text === b.text && a.token === b.token && a.comma === b.comma && a.end === b.end && a.count === b.count;

/**
 * `next`, with every line equal to the line at the same index of `previous` replaced by that earlier object, so a
 * keyed list redraws only the lines that changed (an edited description re-encodes the whole payload).
 */
export function reuseLines(previous: readonly JsonLine[], next: JsonLine[]): JsonLine[] {
  for (let i = 0; i < next.length && i < previous.length; i++) if (sameLine(previous[i], next[i])) next[i] = previous[i];
  return next;
}

/** One line's text, exactly as JSON.stringify(value, null, 2) prints it. */
export function lineText(line: JsonLine): string {
  return `${'  '.repeat(line.depth)}${line.key !== undefined ? `${line.key}: ` : ''}${line.text}${line.comma ? ',' : ''}`;
}

/** Index of the first line of the node at `pointer` and of its last line, or undefined. */
export function nodeRange(lines: readonly JsonLine[], pointer: string): { start: number; end: number } | undefined {
  const start = lines.findIndex((l) => l.pointer === pointer && l.kind !== 'close');
  if (start < 0) return undefined;
  return { start, end: lines[start].end ?? start };
}

/** Whether `pointer` lies inside the node at `ancestor` (or is it). */
export function isWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}

/** Like normalizeJson, for values that may not be JSON at all (a BigInt, a cycle): then their String() as text. */
export function normalizeAny(value: unknown): { text: string; value: unknown } {
  try {
    return normalizeJson(value);
  } catch {
    const text = String(value);
    return { text, value: text };
  }
}

/** A remark on a value: a message at `pointer`, or names of required members missing from the object there. */
export interface JsonMark {
  pointer: string;
  message: string;
  missing?: string[];
}

/**
 * Whether a line is highlighted by `marks` (a marked value is on it or around it) and the messages it carries
 * (where the value starts); `missingLabel` names members missing from an object drawn on one line.
 */
export function lineMarks(line: JsonLine, marks: readonly JsonMark[], missingLabel: string): { hit: boolean; messages: string[] } {
  const messages: string[] = [];
  let hit = false;
  for (const mark of marks) {
    const holds = line.kind === 'value' ? isWithin(mark.pointer, line.pointer) : line.pointer === mark.pointer;
    if (mark.missing) {
      if (line.kind === 'value' && holds) {
        hit = true;
        messages.push(`${missingLabel}: ${mark.missing.join(', ')}`);
      }
      continue;
    }
    if (holds && line.kind !== 'close') {
      hit = true;
      messages.push(mark.message);
    } else if (isWithin(line.pointer, mark.pointer)) hit = true;
  }
  return { hit, messages };
}

/** The required members missing from the object `line` opens (drawn as placeholder lines inside it). */
export function missingAfter(line: JsonLine, marks: readonly JsonMark[]): string[] {
  if (line.kind !== 'open') return [];
  return marks.filter((m) => m.missing && m.pointer === line.pointer).flatMap((m) => m.missing ?? []);
}
