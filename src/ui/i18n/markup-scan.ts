// Finds user-visible literal English in a Svelte component's markup: text nodes and the attributes people read
// (title, aria-label, placeholder, alt, label, …Label props) outside `{…}` expressions. Scripts, styles, comments
// and <code>/<pre> contents are skipped. Used by markup.test.ts to keep every visible word going through t().

export interface MarkupFinding {
  line: number;
  /** `text` or the attribute's name. */
  where: string;
  literal: string;
}

/** Attributes whose value a person reads or hears. */
const READ_ATTRIBUTE = /^(title|aria-label|aria-description|aria-placeholder|aria-roledescription|placeholder|alt|label|[a-z]+Label)$/;
/** Elements whose content is code shown as code (samples, identifiers). */
const CODE_ELEMENTS = new Set(['code', 'pre', 'kbd', 'samp']);

const blank = (text: string) => text.replace(/[^\n]/g, ' ');

/** Blanks out <script>, <style> and comments, keeping every offset (and so every line number) in place. */
function markupOnly(source: string): string {
  return source
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/<script\b[\s\S]*?<\/script>/g, blank)
    .replace(/<style\b[\s\S]*?<\/style>/g, blank);
}

/** Index just after the `}` closing the expression that opens at `start` (strings and templates skipped). */
function skipExpression(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}') { if (--depth === 0) return i + 1; }
    else if (c === '"' || c === "'" || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) {
        if (text[i] === '\\') i++;
        else if (c === '`' && text[i] === '$' && text[i + 1] === '{') i = skipExpression(text, i + 1) - 1;
      }
    }
  }
  return text.length;
}

/** The literal parts of a text run or quoted attribute value, expressions removed. */
function literalParts(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; ) {
    if (text[i] === '{') { out += ' '; i = skipExpression(text, i); } else out += text[i++];
  }
  const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: ' ' };
  return out.replace(/&(\w+);/g, (whole, name: string) => entities[name] ?? ' ').replace(/\s+/g, ' ').trim();
}

const hasWords = (literal: string) => /[A-Za-z]{2,}/.test(literal);

export function scanMarkup(source: string): MarkupFinding[] {
  const text = markupOnly(source);
  const findings: MarkupFinding[] = [];
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const report = (offset: number, where: string, raw: string) => {
    const literal = literalParts(raw);
    if (hasWords(literal)) findings.push({ line: lineAt(offset), where, literal });
  };
  const codeDepth: string[] = [];
  let textStart = 0;
  let i = 0;
  const flushText = (end: number) => {
    if (codeDepth.length > 0 || end <= textStart) return;
    const run = text.slice(textStart, end);
    report(textStart + Math.max(0, run.search(/\S/)), 'text', run);
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '{') { i = skipExpression(text, i); continue; }
    if (c === '<' && /[A-Za-z/!]/.test(text[i + 1] ?? '')) {
      flushText(i);
      i = readTag(text, i, codeDepth, report);
      textStart = i;
      continue;
    }
    i++;
  }
  flushText(text.length);
  return findings;
}

/** Reads one tag from `<` to `>`, reporting read attributes; returns the index after it. */
function readTag(text: string, start: number, codeDepth: string[], report: (offset: number, where: string, raw: string) => void): number {
  const name = /^<\/?([\w:.-]+)/.exec(text.slice(start))?.[1] ?? '';
  const closing = text[start + 1] === '/';
  let i = start + 1 + (closing ? 1 : 0) + name.length;
  let selfClosing = false;
  while (i < text.length && text[i] !== '>') {
    if (text[i] === '{') { i = skipExpression(text, i); continue; }
    const attr = /^([^\s=>/{]+)(\s*=\s*)?/.exec(text.slice(i));
    if (!attr) { if (text[i] === '/') selfClosing = true; i++; continue; }
    i += attr[0].length;
    if (!attr[2]) continue;
    const quote = text[i];
    let value: string;
    if (quote === '"' || quote === "'") {
      let end = i + 1;
      while (end < text.length && text[end] !== quote) end = text[end] === '{' ? skipExpression(text, end) : end + 1;
      value = text.slice(i + 1, end);
      i = end + 1;
    } else if (quote === '{') {
      const end = skipExpression(text, i);
      value = '';
      i = end;
    } else {
      const end = i + (/^[^\s>]+/.exec(text.slice(i))?.[0].length ?? 0);
      value = text.slice(i, end);
      i = end;
    }
    if (READ_ATTRIBUTE.test(attr[1])) report(start, attr[1], value);
  }
  if (CODE_ELEMENTS.has(name.toLowerCase()) && !selfClosing) {
    if (closing) { if (codeDepth.at(-1) === name) codeDepth.pop(); } else codeDepth.push(name);
  }
  return i + 1;
}
