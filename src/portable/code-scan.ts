// What a piece of incoming code would reach, read from its text by a static scan (nothing is evaluated): the
// modules it imports (static, and dynamic `import(…)` with a literal or a computed specifier), the network APIs it
// names, and computed access to the global object or eval-like calls, after which a scan cannot tell what it uses.
// A scan, not a proof: the trust prompt says so, and says what it could not follow.
import { tokenizeCode, type CodeToken } from './code-tokens.ts';

export type NetworkApi = 'fetch' | 'XMLHttpRequest' | 'WebSocket' | 'EventSource' | 'sendBeacon' | 'Image src' | 'import of a URL';

export interface ScannedImport {
  kind: 'static' | 'dynamic';
  /** The module named, or null when the specifier is computed at run time. */
  specifier: string | null;
  /** The specifier expression as written, when computed (shortened). */
  expression?: string;
  line: number;
}

export interface CodeScan {
  imports: ScannedImport[];
  /** Network APIs the text names, first line of each. */
  network: { api: NetworkApi; line: number }[];
  /** Places the scan cannot follow: `globalThis[expr]`, `eval`, `Function(…)`, … — may reach anything. */
  computed: { what: string; line: number }[];
}

const NETWORK_NAMES: Record<string, NetworkApi> = {
  fetch: 'fetch', XMLHttpRequest: 'XMLHttpRequest', WebSocket: 'WebSocket', EventSource: 'EventSource', sendBeacon: 'sendBeacon',
  Image: 'Image src', importScripts: 'import of a URL',
};
const GLOBALS = new Set(['globalThis', 'window', 'self', 'global', 'top', 'parent', 'frames', 'navigator', 'Reflect']);
const EVAL_LIKE = new Set(['eval', 'Function', 'AsyncFunction', 'GeneratorFunction']);
const URL_SPECIFIER = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const ELEMENT_NETWORK = new Set(['img', 'script', 'iframe', 'link', 'audio', 'video', 'source', 'object', 'embed']);

/** The tokens of a balanced group starting at `open` (an opening bracket): its inside and the index after it. */
function group(tokens: CodeToken[], open: number): { inside: CodeToken[]; next: number } {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [];
  for (let k = open; k < tokens.length; k++) {
    const v = tokens[k].kind === 'punct' ? tokens[k].value : '';
    if (v in pairs || v === '${') stack.push(v === '${' ? '}' : pairs[v]);
    else if (stack.length && v === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return { inside: tokens.slice(open + 1, k), next: k + 1 };
    }
  }
  return { inside: tokens.slice(open + 1), next: tokens.length };
}

const written = (tokens: CodeToken[]) => {
  const word = (t: CodeToken | undefined) => t !== undefined && (t.kind === 'ident' || t.kind === 'number');
  const spaced = new Set(['+', '-', '*', '/', '?', ':', '=', '|', '&']);
  const text = tokens.map((t, i) => {
    const shown = t.kind === 'string' ? JSON.stringify(t.value) : t.kind === 'template' ? `\`${t.value}\`` : t.value;
    if (t.kind === 'punct' && spaced.has(t.value)) return ` ${shown} `;
    return (word(t) && word(tokens[i - 1])) || (t.kind === 'punct' && t.value === ',') ? `${t.value === ',' ? '' : ' '}${shown}${t.value === ',' ? ' ' : ''}` : shown;
  }).join('');
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};
/** A single string literal (or a template without expressions): its value; else null. */
const literal = (tokens: CodeToken[]) => (tokens.length === 1 && (tokens[0].kind === 'string' || tokens[0].kind === 'template') ? tokens[0].value : null);

export function scanCode(source: string): CodeScan {
  const tokens = tokenizeCode(source);
  const imports: ScannedImport[] = [];
  const network = new Map<NetworkApi, number>();
  const computed: CodeScan['computed'] = [];
  const useNetwork = (api: NetworkApi, line: number) => { if (!network.has(api)) network.set(api, line); };
  const addImport = (entry: ScannedImport) => {
    imports.push(entry);
    if (entry.specifier !== null && URL_SPECIFIER.test(entry.specifier) && !/^node:/i.test(entry.specifier)) useNetwork('import of a URL', entry.line);
  };

  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k];
    const next = tokens[k + 1];
    const before = tokens[k - 1];
    const isMember = before?.kind === 'punct' && (before.value === '.' || before.value === '?.');
    if (token.kind === 'ident' && (token.value === 'import' || token.value === 'export') && !isMember) {
      if (token.value === 'import' && next?.kind === 'punct' && next.value === '(') {
        const { inside } = group(tokens, k + 1);
        const args = inside.length && inside.findIndex((t) => t.kind === 'punct' && t.value === ',') >= 0 ? inside.slice(0, inside.findIndex((t) => t.kind === 'punct' && t.value === ',')) : inside;
        const specifier = literal(args);
        addImport(specifier !== null ? { kind: 'dynamic', specifier, line: token.line } : { kind: 'dynamic', specifier: null, expression: written(args), line: token.line });
        continue;
      }
      if (next?.kind === 'punct' && next.value === '.') continue; // import.meta
      if (token.value === 'import' && next?.kind === 'string') { addImport({ kind: 'static', specifier: next.value, line: token.line }); continue; }
      // import … from '…' / export … from '…': the first `from` followed by a string before the statement ends.
      for (let j = k + 1; j < tokens.length && j < k + 400; j++) {
        const t = tokens[j];
        if (t.kind === 'punct' && t.value === ';') break;
        if (t.kind === 'ident' && t.value === 'from' && tokens[j + 1]?.kind === 'string') { addImport({ kind: 'static', specifier: tokens[j + 1].value, line: token.line }); break; }
        if (t.kind === 'ident' && j > k + 1 && ['const', 'let', 'var', 'function', 'class', 'default', 'import', 'export'].includes(t.value)) break;
      }
      continue;
    }
    if (token.kind === 'ident' && token.value in NETWORK_NAMES) {
      const api = NETWORK_NAMES[token.value];
      if (api !== 'Image src' || (before?.kind === 'ident' && before.value === 'new')) useNetwork(api, token.line);
      continue;
    }
    if (token.kind === 'ident' && EVAL_LIKE.has(token.value) && !isMember && next?.kind === 'punct' && (next.value === '(' || next.value === '`')) {
      computed.push({ what: `${token.value}(…)`, line: token.line });
      continue;
    }
    if (token.kind === 'ident' && token.value === 'createElement' && next?.value === '(') {
      const name = literal(group(tokens, k + 1).inside);
      if (name === null || ELEMENT_NETWORK.has(name.toLowerCase())) useNetwork('Image src', token.line);
      continue;
    }
    // globalThis['fe' + 'tch'], window[name], Reflect.get(globalThis, …): the scan cannot tell what is reached.
    if (token.kind === 'punct' && token.value === '[' && before?.kind === 'ident' && GLOBALS.has(before.value)) {
      const { inside } = group(tokens, k);
      const key = literal(inside);
      if (key !== null && key in NETWORK_NAMES) useNetwork(NETWORK_NAMES[key], token.line);
      else if (key !== null && EVAL_LIKE.has(key)) computed.push({ what: `${before.value}[${JSON.stringify(key)}]`, line: token.line });
      else if (key === null) computed.push({ what: `${before.value}[${written(inside)}]`, line: token.line });
      continue;
    }
    // `const g = globalThis` hands the global object on: what is reached through it is out of the scan's sight.
    if (token.kind === 'ident' && (token.value === 'globalThis' || token.value === 'window' || token.value === 'self') && !isMember
      && !(next?.kind === 'punct' && ['.', '?.', '['].includes(next.value))) {
      computed.push({ what: token.value, line: token.line });
      continue;
    }
    if (token.kind === 'ident' && token.value === 'Reflect' && tokens[k + 2]?.value === 'get') {
      computed.push({ what: 'Reflect.get(…)', line: token.line });
    }
  }
  return { imports, network: [...network].map(([api, line]) => ({ api, line })), computed };
}
