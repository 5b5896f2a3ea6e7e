// What a tool file declares, read from its text without running it: the names, labels and descriptions an
// incoming link or file shows before the user decides to trust it. TypeScript is scanned for object literals that
// have a string `name` (and usually `description`); JSON Schema files are parsed as the app reads them.
import { isRecord } from './workspace-shape.ts';

export interface DeclaredTool {
  name: string;
  label?: string;
  /** Undefined when the description is not a plain string literal (computed at run time). */
  description?: string;
}

interface ObjectFrame { keys: Map<string, string | null>; isObject: boolean }

/** Reads a quoted string starting at `i` (the quote). Template literals with `${` count as not literal. */
function readString(src: string, i: number): { end: number; value: string | null } {
  const quote = src[i];
  let value = '';
  let literal = true;
  let j = i + 1;
  while (j < src.length && src[j] !== quote) {
    if (src[j] === '\\') {
      const next = src[j + 1];
      value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      j += 2;
      continue;
    }
    if (quote === '`' && src[j] === '$' && src[j + 1] === '{') {
      literal = false;
      let depth = 0;
      for (j += 1; j < src.length; j++) {
        if (src[j] === '{') depth++;
        else if (src[j] === '}' && --depth === 0) break;
      }
      j++;
      continue;
    }
    value += src[j++];
  }
  return { end: j + 1, value: literal ? value : null };
}

const REGEX_BEFORE = new Set(['(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^', '']);

/** A string value made of literals joined with `+` (as long descriptions are written), or null. */
function readStringValue(src: string, i: number): { end: number; value: string | null } {
  let value = '';
  let j = i;
  for (;;) {
    while (/\s/.test(src[j] ?? '')) j++;
    if (!['"', "'", '`'].includes(src[j])) return { end: j, value: null };
    const part = readString(src, j);
    if (part.value === null) return { end: part.end, value: null };
    value += part.value;
    j = part.end;
    let k = j;
    while (/\s/.test(src[k] ?? '')) k++;
    if (src[k] !== '+') return { end: j, value };
    j = k + 1;
  }
}

function scanTypeScript(src: string): DeclaredTool[] {
  const found: DeclaredTool[] = [];
  const stack: ObjectFrame[] = [];
  let previous = '';
  let i = 0;
  const close = () => {
    const frame = stack.pop();
    const name = frame?.keys.get('name');
    if (frame?.isObject && typeof name === 'string' && (frame.keys.has('description') || frame.keys.has('execute') || frame.keys.has('parameters'))) {
      const tool: DeclaredTool = { name };
      const label = frame.keys.get('label');
      const description = frame.keys.get('description');
      if (typeof label === 'string') tool.label = label;
      if (typeof description === 'string') tool.description = description;
      found.push(tool);
    }
  };
  while (i < src.length) {
    const ch = src[i];
    if (ch === '/' && src[i + 1] === '/') { i = src.indexOf('\n', i); if (i < 0) break; continue; }
    if (ch === '/' && src[i + 1] === '*') { const end = src.indexOf('*/', i + 2); i = end < 0 ? src.length : end + 2; continue; }
    if (ch === '"' || ch === "'" || ch === '`') { i = readString(src, i).end; previous = 'x'; continue; }
    if (ch === '/' && REGEX_BEFORE.has(previous)) {
      let j = i + 1;
      let inClass = false;
      while (j < src.length && src[j] !== '\n' && (src[j] !== '/' || inClass)) {
        if (src[j] === '\\') j++;
        else if (src[j] === '[') inClass = true;
        else if (src[j] === ']') inClass = false;
        j++;
      }
      i = j + 1;
      previous = 'x';
      continue;
    }
    if (/\s/.test(ch)) { i++; continue; }
    if (ch === '{') { stack.push({ keys: new Map(), isObject: previous !== ')' && previous !== '>' }); previous = ch; i++; continue; }
    if (ch === '}') { close(); previous = ch; i++; continue; }
    if (/[A-Za-z_$]/.test(ch)) {
      let j = i;
      while (/[\w$]/.test(src[j] ?? '')) j++;
      const word = src.slice(i, j);
      let k = j;
      while (/\s/.test(src[k] ?? '')) k++;
      const frame = stack.at(-1);
      if (frame && src[k] === ':' && (previous === '{' || previous === ',')) {
        const value = readStringValue(src, k + 1);
        frame.keys.set(word, value.value);
        if (value.value !== null) { i = value.end; previous = 'x'; continue; }
        i = k + 1;
        previous = ':';
        continue;
      }
      if (frame && (src[k] === '(' || src[k] === ',' || src[k] === '}') && (previous === '{' || previous === ',')) {
        frame.keys.set(word, null); // a method (`execute(…) {`) or a shorthand property (`parameters,`)
      }
      i = j;
      previous = 'x';
      continue;
    }
    previous = ch;
    i++;
  }
  return found;
}

function scanJsonSchema(src: string, fileName: string): DeclaredTool[] {
  let root: unknown;
  try {
    root = JSON.parse(src);
  } catch {
    return [];
  }
  const fromEntry = (entry: unknown): DeclaredTool[] => {
    if (!isRecord(entry) || typeof entry.name !== 'string') return [];
    const tool: DeclaredTool = { name: entry.name };
    if (typeof entry.description === 'string') tool.description = entry.description;
    if (typeof entry.title === 'string') tool.label = entry.title;
    return [tool];
  };
  if (Array.isArray(root)) return root.flatMap(fromEntry);
  if (isRecord(root) && Array.isArray(root.tools)) return root.tools.flatMap(fromEntry);
  if (isRecord(root) && ('inputSchema' in root || (typeof root.name === 'string' && !('type' in root) && !('properties' in root)))) {
    return fromEntry(root);
  }
  const name = fileName.replace(/\.(json|schema\.json)$/i, '');
  return name ? [{ name, ...(isRecord(root) && typeof root.description === 'string' ? { description: root.description } : {}) }] : [];
}

/** The tools a file declares, as far as its text tells without running it. */
export function summarizeToolSource(kind: 'typescript' | 'json-schema', source: string, fileName = ''): DeclaredTool[] {
  return kind === 'json-schema' ? scanJsonSchema(source, fileName) : scanTypeScript(source);
}
