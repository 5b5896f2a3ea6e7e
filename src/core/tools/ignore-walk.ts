// Directory walk with ignore files, the way fd and ripgrep (both built on Rust's `ignore` crate) walk:
// hidden entries included, `.gitignore`/`.ignore`/tool-specific files in the tree and its parents,
// deeper files and tool-specific files taking precedence, ignored directories not entered.
import ignore, { type Ignore } from 'ignore';
import type { FileKind, FileSystem } from './fs.ts';
import { ancestorsPosix, joinPosix, relativePosix } from './posix-path.ts';

export interface WalkOptions {
  /** Extra per-directory ignore file of the tool, highest precedence: `.fdignore` or `.rgignore`. */
  toolIgnoreFile: string;
  /** fd (as pi runs it) honours .gitignore everywhere; ripgrep only inside a git repository. */
  gitignore: 'always' | 'in-repo';
  signal?: AbortSignal;
  /** Checked between entries: true stops the walk (a result limit was reached). */
  shouldStop?: () => boolean;
  /**
   * Command-line globs (rg --glob), consulted before any ignore file: 'include' lets an entry through even
   * if ignored, 'exclude' drops it, undefined leaves it to the ignore files.
   */
  override?: (path: string, isDir: boolean) => 'include' | 'exclude' | undefined;
  /** Receives each entry as soon as it is found, in walk order. */
  onEntry?: (entry: WalkEntry) => void;
}

export interface WalkEntry {
  path: string;
  kind: FileKind;
}

type RuleKind = 'tool' | 'ignore' | 'git';
interface Matcher {
  base: string;
  kind: RuleKind;
  rules: Ignore;
}

// Within one directory, a tool file beats .ignore, which beats .gitignore (the `ignore` crate's order).
const PRECEDENCE: RuleKind[] = ['tool', 'ignore', 'git'];

/** True when `dir` or one of its ancestors holds a `.git` entry. */
export async function findRepoRoot(fs: FileSystem, dir: string): Promise<string | undefined> {
  for (const candidate of [dir, ...ancestorsPosix(dir).reverse()]) {
    if (await fs.exists(joinPosix(candidate, '.git'))) return candidate;
  }
  return undefined;
}

async function readRules(fs: FileSystem, file: string): Promise<Ignore | undefined> {
  try {
    return ignore({ ignorecase: false }).add(await fs.readText(file));
  } catch {
    return undefined;
  }
}

async function matchersIn(fs: FileSystem, dir: string, names: Set<string> | undefined, options: WalkOptions, git: boolean): Promise<Matcher[]> {
  const files: [string, RuleKind][] = [[options.toolIgnoreFile, 'tool'], ['.ignore', 'ignore']];
  if (git) files.push(['.gitignore', 'git']);
  const out: Matcher[] = [];
  for (const [name, kind] of files) {
    if (names ? !names.has(name) : !(await fs.exists(joinPosix(dir, name)))) continue;
    const rules = await readRules(fs, joinPosix(dir, name));
    if (rules) out.push({ base: dir, kind, rules });
  }
  return out;
}

function decide(matchers: Matcher[], path: string, isDir: boolean): boolean {
  // Deepest directory first; inside one directory, by precedence. The first rule that speaks decides.
  for (let i = matchers.length - 1; i >= 0; ) {
    const base = matchers[i].base;
    const group: Matcher[] = [];
    while (i >= 0 && matchers[i].base === base) group.push(matchers[i--]);
    group.sort((a, b) => PRECEDENCE.indexOf(a.kind) - PRECEDENCE.indexOf(b.kind));
    const rel = relativePosix(base, path);
    if (!rel || rel === '..' || rel.startsWith('../')) continue;
    for (const m of group) {
      let result: { ignored: boolean; unignored: boolean };
      try {
        result = m.rules.test(isDir ? `${rel}/` : rel);
      } catch {
        // The `ignore` package refuses some unusual names; no rule can name those either.
        continue;
      }
      if (result.ignored) return true;
      if (result.unignored) return false;
    }
  }
  return false;
}

/**
 * Every entry below `root` that the ignore rules let through, parents before children, children in
 * code-unit order (so the list is sorted component by component, as fd sorts its results).
 */
export async function walkTree(fs: FileSystem, root: string, options: WalkOptions): Promise<WalkEntry[]> {
  const repoRoot = await findRepoRoot(fs, root);
  const gitEverywhere = options.gitignore === 'always' || repoRoot !== undefined;
  const base: Matcher[] = [];
  for (const dir of ancestorsPosix(root)) {
    // Inside a repository, .gitignore files above its root do not apply.
    const git = gitEverywhere && (repoRoot === undefined || dir.length >= repoRoot.length);
    base.push(...(await matchersIn(fs, dir, undefined, options, git)));
  }
  if (repoRoot !== undefined) {
    const exclude = await readRules(fs, joinPosix(repoRoot, '.git/info/exclude'));
    if (exclude) base.unshift({ base: repoRoot, kind: 'git', rules: exclude });
  }
  const out: WalkEntry[] = [];
  const visit = async (dir: string, inherited: Matcher[]): Promise<void> => {
    if (options.signal?.aborted || options.shouldStop?.()) return;
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      return;
    }
    const nameSet = new Set(names);
    let matchers = inherited;
    // A nested repository starts its own .gitignore scope (git-aware mode only).
    if (repoRoot !== undefined && dir !== repoRoot && nameSet.has('.git')) {
      matchers = matchers.filter((m) => m.kind !== 'git' || m.base.length >= dir.length);
    }
    matchers = [...matchers, ...(await matchersIn(fs, dir, nameSet, options, gitEverywhere))];
    for (const name of names) {
      const path = joinPosix(dir, name);
      const stat = await fs.stat(path).catch(() => undefined);
      if (!stat) continue;
      const isDir = stat.kind === 'directory';
      const forced = options.override?.(path, isDir);
      if (forced === 'exclude' || (forced === undefined && decide(matchers, path, isDir))) continue;
      const entry = { path, kind: stat.kind };
      out.push(entry);
      options.onEntry?.(entry);
      if (isDir) await visit(path, matchers);
      if (options.signal?.aborted || options.shouldStop?.()) return;
    }
  };
  await visit(root, base);
  return out;
}
