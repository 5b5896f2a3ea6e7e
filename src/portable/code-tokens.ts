// A small JavaScript/TypeScript tokenizer for the trust prompt's static scan: identifiers, string literals (with
// their values), punctuation, each with its line. Comments are dropped; the code inside a template literal's
// `${…}` is tokenized like any other code, so nothing hides in a template. Regex literals are skipped by the usual
// "what came before" rule. Never throws: unterminated strings and comments end at the end of the text.

export interface CodeToken {
  kind: 'ident' | 'string' | 'template' | 'punct' | 'number';
  /** Identifier or punctuation text; a string literal's value (escapes read); a template's literal parts. */
  value: string;
  /** 1-based line where the token starts. */
  line: number;
}

// After these, a `/` starts a regex literal rather than a division.
const REGEX_AFTER = new Set(['(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^', '=>']);
const REGEX_AFTER_WORDS = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'yield', 'await']);
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

export function tokenizeCode(src: string): CodeToken[] {
  const out: CodeToken[] = [];
  let i = 0;
  let line = 1;
  // One entry per open template expression: the brace depth at which its `}` returns to the template text.
  const templates: number[] = [];
  let depth = 0;

  const regexAllowed = () => {
    const last = out.at(-1);
    if (!last) return true;
    if (last.kind === 'punct') return REGEX_AFTER.has(last.value);
    return last.kind === 'ident' && REGEX_AFTER_WORDS.has(last.value);
  };

  /** Reads template text from `i` (just after a backtick or a closing `}`) to the next `${` or the closing backtick. */
  const readTemplate = (startLine: number) => {
    let value = '';
    while (i < src.length) {
      const ch = src[i];
      if (ch === '\\') { value += ESCAPES[src[i + 1]] ?? src[i + 1] ?? ''; if (src[i + 1] === '\n') line++; i += 2; continue; }
      if (ch === '`') { i++; out.push({ kind: 'template', value, line: startLine }); return; }
      if (ch === '$' && src[i + 1] === '{') { i += 2; out.push({ kind: 'template', value, line: startLine }); templates.push(depth); depth++; out.push({ kind: 'punct', value: '${', line }); return; }
      if (ch === '\n') line++;
      value += ch;
      i++;
    }
    out.push({ kind: 'template', value, line: startLine });
  };

  while (i < src.length) {
    const ch = src[i];
    if (ch === '\n') { line++; i++; continue; }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\v' || ch === '\u00a0' || ch === '\ufeff') { i++; continue; }
    if (ch === '/' && src[i + 1] === '/') { const end = src.indexOf('\n', i); i = end < 0 ? src.length : end; continue; }
    if (ch === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      for (let k = i; k < stop; k++) if (src[k] === '\n') line++;
      i = stop;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const start = line;
      let value = '';
      i++;
      while (i < src.length && src[i] !== ch && src[i] !== '\n') {
        if (src[i] === '\\') { value += ESCAPES[src[i + 1]] ?? src[i + 1] ?? ''; if (src[i + 1] === '\n') line++; i += 2; continue; }
        value += src[i++];
      }
      i++;
      out.push({ kind: 'string', value, line: start });
      continue;
    }
    if (ch === '`') { i++; readTemplate(line); continue; }
    if (ch === '/' && regexAllowed()) {
      let inClass = false;
      i++;
      while (i < src.length && src[i] !== '\n' && (src[i] !== '/' || inClass)) {
        if (src[i] === '\\') i++;
        else if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
        i++;
      }
      i++;
      while (/[a-z]/i.test(src[i] ?? '')) i++;
      out.push({ kind: 'number', value: 'regex', line });
      continue;
    }
    if (/[A-Za-z_$\u0080-\uffff]/.test(ch)) {
      let j = i + 1;
      while (j < src.length && /[\w$\u0080-\uffff]/.test(src[j])) j++;
      out.push({ kind: 'ident', value: src.slice(i, j), line });
      i = j;
      continue;
    }
    if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < src.length && /[\w.]/.test(src[j])) j++;
      out.push({ kind: 'number', value: src.slice(i, j), line });
      i = j;
      continue;
    }
    if (ch === '{') depth++;
    if (ch === '}') {
      depth--;
      if (templates.length && templates.at(-1) === depth) { templates.pop(); i++; out.push({ kind: 'punct', value: '}', line }); readTemplate(line); continue; }
    }
    const two = src.slice(i, i + 2);
    const value = two === '=>' || two === '?.' ? two : ch;
    out.push({ kind: 'punct', value, line });
    i += value.length;
  }
  return out;
}
