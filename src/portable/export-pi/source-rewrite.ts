// Rewrites a playground tool or hooks file into a module that runs with the real pi packages: imports from
// "playground" point at the Node helpers (or the helpers are pasted in), and the globals the playground provides
// without an import (Type, StringEnum, sleep, fs) get the import a pi project needs. Everything else is kept as
// the user wrote it.
import { scanIdentifiers } from './js-scan.ts';
import { createInlineHelpers } from './runtime-source.ts';

export type HelperPlacement = { module: string } | 'inline';

export interface RewrittenSource {
  source: string;
  /** Whether the file uses the playground's sleep or fs (so a bundle knows to include the helpers). */
  uses: { sleep: boolean; fs: boolean };
}

const PI_AI_GLOBALS = ['Type', 'StringEnum'] as const;
const HELPER_GLOBALS = ['sleep', 'fs'] as const;
const IMPORT_PATTERN = /(^|\n)([ \t]*)import\s+(type\s+)?([^'";]*?)\s*from\s*(['"])([^'"\n]+)\5[ \t]*;?/g;
const DECLARATION_PATTERN = /\b(?:const|let|var|function\*?|class)\s+([A-Za-z_$][\w$]*)/g;

interface ImportStatement { start: number; end: number; typeOnly: boolean; clause: string; specifier: string }

function findImports(source: string, codeStarts: Set<number>): ImportStatement[] {
  const found: ImportStatement[] = [];
  for (const match of source.matchAll(IMPORT_PATTERN)) {
    const start = (match.index ?? 0) + match[1].length + match[2].length;
    if (!codeStarts.has(start)) continue; // inside a string or a comment
    found.push({ start, end: (match.index ?? 0) + match[0].length, typeOnly: Boolean(match[3]), clause: match[4], specifier: match[6] });
  }
  return found;
}

/** Local names an import clause binds: `{ a, b as c }`, `* as ns`, `def`, `def, { a }`. */
function bindingsOf(clause: string): { local: string; imported: string }[] {
  const out: { local: string; imported: string }[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  if (braces) {
    for (const part of braces[1].split(',')) {
      const m = /^\s*(?:type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(part);
      if (m) out.push({ imported: m[1], local: m[2] ?? m[1] });
    }
  }
  const star = /\*\s*as\s+([\w$]+)/.exec(clause);
  if (star) out.push({ imported: '*', local: star[1] });
  const def = /^\s*([\w$]+)\s*(,|$)/.exec(clause);
  if (def && def[1] !== 'type') out.push({ imported: 'default', local: def[1] });
  return out;
}

export function rewriteToolSource(source: string, helpers: HelperPlacement): RewrittenSource {
  const identifiers = scanIdentifiers(source);
  const codeStarts = new Set(identifiers.filter((t) => t.name === 'import').map((t) => t.start));
  const imports = findImports(source, codeStarts);
  const declared = new Set<string>();
  for (const statement of imports) for (const b of bindingsOf(statement.clause)) declared.add(b.local);
  for (const m of source.matchAll(DECLARATION_PATTERN)) declared.add(m[1]);

  const uses = { sleep: false, fs: false };
  const aliases: string[] = [];
  let out = '';
  let cursor = 0;
  for (const statement of imports) {
    if (statement.specifier !== 'playground') continue;
    for (const b of bindingsOf(statement.clause)) {
      if (b.imported === 'sleep' || b.imported === 'fs') uses[b.imported] = true;
      if (b.imported === '*') { uses.sleep = uses.fs = true; }
      if (helpers === 'inline') {
        if (b.imported === '*') aliases.push(`const ${b.local} = { sleep, fs };`);
        else if (b.local !== b.imported) aliases.push(`const ${b.local} = ${b.imported};`);
      }
    }
    out += source.slice(cursor, statement.start);
    if (helpers !== 'inline') {
      const text = source.slice(statement.start, statement.end);
      out += text.replace(/(['"])playground\1/, `"${helpers.module}"`);
    } else {
      out = out.replace(/\n?$/, ''); // the statement goes; the helpers are pasted in below the imports
    }
    cursor = statement.end;
  }
  out += source.slice(cursor);

  // Globals used without an import or a declaration of the same name.
  const usedGlobals = new Set<string>();
  for (const token of identifiers) {
    if (token.before === '.' || declared.has(token.name)) continue;
    if (token.after === ':' && (token.before === '{' || token.before === ',')) continue; // an object key
    if ((PI_AI_GLOBALS as readonly string[]).includes(token.name) || (HELPER_GLOBALS as readonly string[]).includes(token.name)) {
      usedGlobals.add(token.name);
    }
  }
  const added: string[] = [];
  const piAi = PI_AI_GLOBALS.filter((name) => usedGlobals.has(name));
  if (piAi.length) added.push(`import { ${[...piAi].sort().join(', ')} } from "@earendil-works/pi-ai";`);
  const helperGlobals = HELPER_GLOBALS.filter((name) => usedGlobals.has(name));
  for (const name of helperGlobals) uses[name] = true;
  if (helperGlobals.length && helpers !== 'inline') {
    added.push(`import { ${[...helperGlobals].sort().join(', ')} } from "${helpers.module}";`);
  }

  let body = out;
  if (helpers === 'inline' && (uses.sleep || uses.fs)) {
    const inline = createInlineHelpers(uses);
    if (inline.imports) added.push(inline.imports);
    body = insertAfterImports(body, [inline.body, ...aliases].join('\n'));
  }
  return { source: added.length ? `${added.join('\n')}\n${body}` : body, uses };
}

/** Puts `text` after the last top-level import statement (or at the top). */
function insertAfterImports(source: string, text: string): string {
  const identifiers = scanIdentifiers(source);
  const codeStarts = new Set(identifiers.filter((t) => t.name === 'import').map((t) => t.start));
  const imports = findImports(source, codeStarts);
  const at = imports.length ? imports[imports.length - 1].end : 0;
  return `${source.slice(0, at)}\n\n${text}\n\n${source.slice(at).replace(/^\n+/, '')}`;
}
