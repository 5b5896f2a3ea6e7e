// Finds uses of the `playground` module's members that do not exist (`fs.exists`, `pg.foo`, `import { nap }`)
// before anything runs, from the module's description (src/sandbox/playground-module.ts). A text scan, with
// comments and strings blanked out: it looks at the `fs` global, `fs`/`sleep` imported under any name, and
// `import * as pg from "playground"`. A file that declares its own `fs` is left alone.
import { PLAYGROUND_EXPORTS, PLAYGROUND_MODULE_NAME, type ModuleMember } from '../../sandbox/playground-module.ts';
import type { Diagnostic } from '../../state/run/tool-runtime.ts';

export interface MemberProblem {
  /** What was reached into: `fs` or `playground`. */
  owner: string;
  member: string;
  /** The members it does have, comma-separated. */
  available: string;
  line: number;
  column: number;
  endColumn: number;
}

const FS = PLAYGROUND_EXPORTS.find((e) => e.name === 'fs')!;
const names = (members: readonly ModuleMember[]) => members.map((m) => m.name).join(', ');
const IDENT = '[A-Za-z_$][\\w$]*';

/** The source with comments and the contents of strings and templates replaced by spaces (offsets kept). */
function blank(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? source.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < source.length && source[j] !== c && !(c !== '`' && source[j] === '\n')) j += source[j] === '\\' ? 2 : 1;
      out += c + source.slice(i + 1, j).replace(/[^\n]/g, ' ') + (j < source.length ? c : '');
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function position(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = source.indexOf('\n'); i >= 0 && i < offset; i = source.indexOf('\n', i + 1)) { line++; start = i + 1; }
  return { line, column: offset - start + 1 };
}

/** The names under which a file reaches the playground module: its exports by local name, and namespace imports. */
export interface PlaygroundBindings {
  /** Local name -> export name (`nap` -> `sleep`); the globals `fs` and `sleep` unless the file has its own. */
  exports: Map<string, string>;
  /** `pg` of `import * as pg from "playground"`. */
  namespaces: Set<string>;
}

interface ImportScan { bindings: PlaygroundBindings; unknown: { name: string; offset: number }[] }

function scanImports(source: string): ImportScan {
  const exports = new Map<string, string>();
  const namespaces = new Set<string>();
  const unknown: { name: string; offset: number }[] = [];
  const from = new RegExp(`import\\s+(type\\s+)?([^;]*?)\\s*from\\s*(["'])${PLAYGROUND_MODULE_NAME}\\3`, 'g');
  for (const m of source.matchAll(from)) {
    if (m[1]) continue;
    const clause = m[2];
    const clauseStart = m.index! + m[0].indexOf(clause, 6);
    const star = new RegExp(`\\*\\s*as\\s+(${IDENT})`).exec(clause);
    if (star) namespaces.add(star[1]);
    const braces = /\{([^}]*)\}/.exec(clause);
    if (!braces) continue;
    const inner = clauseStart + braces.index + 1;
    for (const spec of braces[1].matchAll(new RegExp(`(?:type\\s+)?(${IDENT})(?:\\s+as\\s+(${IDENT}))?`, 'g'))) {
      if (spec[0].startsWith('type ')) continue;
      const exported = spec[1];
      if (!PLAYGROUND_EXPORTS.some((e) => e.name === exported)) unknown.push({ name: exported, offset: inner + spec.index! + spec[0].indexOf(exported) });
      else exports.set(spec[2] ?? exported, exported);
    }
  }
  // The globals, unless the file has a binding of that name of its own (another import, a variable, a parameter).
  for (const global of PLAYGROUND_EXPORTS.map((e) => e.name)) {
    if (exports.has(global)) continue;
    const own = new RegExp(`\\b(?:const|let|var|function|class)\\s+${global}\\b|[(,]\\s*${global}\\s*[,)=:]|import\\s+${global}\\b|import\\s*\\{[^}]*\\b${global}\\b[^}]*\\}\\s*from\\s*["'](?!${PLAYGROUND_MODULE_NAME}["'])`);
    if (!own.test(source)) exports.set(global, global);
  }
  return { bindings: { exports, namespaces }, unknown };
}

export function playgroundBindings(source: string): PlaygroundBindings {
  return scanImports(source).bindings;
}

export function checkPlaygroundMembers(source: string): MemberProblem[] {
  const problems: MemberProblem[] = [];
  const report = (owner: string, member: string, available: string, offset: number) => {
    const { line, column } = position(source, offset);
    problems.push({ owner, member, available, line, column, endColumn: column + member.length });
  };
  const { bindings, unknown } = scanImports(source);
  for (const u of unknown) report(PLAYGROUND_MODULE_NAME, u.name, names(PLAYGROUND_EXPORTS), u.offset);
  const fsNames = new Set([...bindings.exports].filter(([, exported]) => exported === 'fs').map(([local]) => local));
  const namespaces = bindings.namespaces;
  const code = blank(source);

  const access = new RegExp(`(?<![\\w$.])(${IDENT})\\s*\\??\\.\\s*(${IDENT})(?:\\s*\\??\\.\\s*(${IDENT}))?`, 'g');
  for (const m of code.matchAll(access)) {
    const [, head, first, second] = m;
    const firstAt = m.index! + m[0].indexOf(first, head.length);
    if (fsNames.has(head)) {
      if (!FS.members!.some((e) => e.name === first)) report('fs', first, names(FS.members!), firstAt);
    } else if (namespaces.has(head)) {
      const found = PLAYGROUND_EXPORTS.find((e) => e.name === first);
      if (!found) report(PLAYGROUND_MODULE_NAME, first, names(PLAYGROUND_EXPORTS), firstAt);
      else if (found === FS && second !== undefined && !FS.members!.some((e) => e.name === second)) {
        report('fs', second, names(FS.members!), m.index! + m[0].lastIndexOf(second));
      }
    }
  }
  return problems;
}

/** The problems as editor diagnostics of `fileId`, worded by `word` (the UI's t() with editor.check.noMember). */
export function memberDiagnostics(
  fileId: string,
  source: string,
  word: (params: { owner: string; member: string; available: string }) => string,
): Diagnostic[] {
  return checkPlaygroundMembers(source).map((p) => ({
    fileId,
    severity: 'warning',
    kind: 'contract',
    message: word({ owner: p.owner, member: p.member, available: p.available }),
    line: p.line,
    column: p.column,
    endLine: p.line,
    endColumn: p.endColumn,
  }));
}
