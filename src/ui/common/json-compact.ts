// JSON for reading rather than diffing: objects and arrays that fit on one line stay on one line
// (`{ "type": "text", "text": "step 1" }`), larger ones open over several. Each line knows the JSON pointer of
// the value it holds, so validation issues can be highlighted where they point.
import { normalizeJson, type JsonLine, type JsonTokenKind } from './json-lines.ts';

export interface CompactLine {
  depth: number;
  /** Pointer of the value the line opens, closes or holds whole (with everything inside it). */
  pointer: string;
  kind: 'open' | 'close' | 'value';
  /** The member name as JSON text, for object members. */
  key?: string;
  text: string;
  comma: boolean;
}

const escapeToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** One-line JSON with a space after colons and commas (`{ "a": 1, "b": [1, 2] }`). */
export function inlineJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(inlineJson).join(', ')}]`;
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inlineJson(v)}`).join(', ')} }`;
}

/**
 * Lines of `value` (made plain JSON first: undefined members dropped), wrapped at about `width` columns. Objects
 * and arrays at the pointers in `open` always get lines of their own members (a marked value inside them then
 * has its own line).
 */
export function compactJsonLines(value: unknown, width = 76, open: ReadonlySet<string> = new Set()): CompactLine[] {
  const lines: CompactLine[] = [];
  const emit = (node: unknown, depth: number, pointer: string, key: string | undefined, comma: boolean) => {
    const inline = inlineJson(node);
    const room = width - depth * 2 - (key ? key.length + 2 : 0) - 1;
    const isEmpty = node !== null && typeof node === 'object' && Object.keys(node).length === 0;
    if (node === null || typeof node !== 'object' || isEmpty || (inline.length <= room && !open.has(pointer))) {
      lines.push({ depth, pointer, kind: 'value', key, text: inline, comma });
      return;
    }
    const isArray = Array.isArray(node);
    const entries: [string, unknown][] = isArray ? (node as unknown[]).map((v, i) => [String(i), v]) : Object.entries(node);
    lines.push({ depth, pointer, kind: 'open', key, text: isArray ? '[' : '{', comma: false });
    entries.forEach(([name, child], i) => {
      emit(child, depth + 1, `${pointer}/${escapeToken(name)}`, isArray ? undefined : JSON.stringify(name), i < entries.length - 1);
    });
    lines.push({ depth, pointer, kind: 'close', text: isArray ? ']' : '}', comma });
  };
  emit(normalizeJson(value).value, 0, '', undefined, false);
  return lines;
}

/** The pointers to keep open so each marked pointer gets a line: its ancestors, and itself when `self` is set. */
export function ancestorsOf(pointers: Iterable<{ pointer: string; self?: boolean }>): Set<string> {
  const out = new Set<string>();
  for (const { pointer, self } of pointers) {
    if (self) out.add(pointer);
    let at = pointer;
    while (at !== '') {
      at = at.slice(0, at.lastIndexOf('/'));
      out.add(at);
    }
  }
  return out;
}

function tokenOf(line: CompactLine): JsonTokenKind {
  if (line.kind !== 'value') return 'punct';
  const first = line.text[0];
  if (line.text === '{}' || line.text === '[]') return 'punct';
  if (first === '{' || first === '[') return 'inline';
  if (first === '"') return 'string';
  return first === '-' || (first >= '0' && first <= '9') ? 'number' : 'keyword';
}

/** The compact lines as the JSON view draws them: open lines know their closing line and member count (to fold). */
export function compactViewLines(value: unknown, width = 76, open: ReadonlySet<string> = new Set()): JsonLine[] {
  const lines: JsonLine[] = compactJsonLines(value, width, open).map((line) => ({ ...line, token: tokenOf(line) }));
  const stack: number[] = [];
  lines.forEach((line, index) => {
    if (line.kind === 'open') {
      line.count = 0;
      stack.push(index);
    } else if (line.kind === 'close') lines[stack.pop()!].end = index;
    if (line.kind !== 'close' && stack.length > 0 && stack.at(-1) !== index) {
      const parent = lines[stack.at(-1)!];
      if (line.depth === parent.depth + 1) parent.count = (parent.count ?? 0) + 1;
    }
  });
  return lines;
}
