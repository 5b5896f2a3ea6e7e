// Directory walk with ignore files, the way fd and ripgrep (both built on Rust's `ignore` crate) walk:
// hidden entries included, `.gitignore`/`.ignore`/tool-specific files in the tree and above it, ignored
// directories not entered. Which file decides follows the crate: by kind first (tool file, `.ignore`,
// `.gitignore`, `.git/info/exclude`), then the nearest directory.
import ignore, { type Ignore } from 'ignore';
import type { FileKind, FileSystem } from '../vfs/index.ts';
import { ancestorsPosix, joinPosix, relativePosix } from '../vfs/index.ts';

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

/** The ignore files of one directory. */
interface Level {
  dir: string;
  hasGit: boolean;
  tool?: Ignore;
  ignore?: Ignore;
  git?: Ignore;
  exclude?: Ignore;
}

const KINDS = ['tool', 'ignore', 'git', 'exclude'] as const;

/** pi's test before running fd: a `.git` in the directory or any ancestor. */
export async function isInsideGitRepo(fs: FileSystem, dir: string): Promise<boolean> {
  for (const candidate of [dir, ...ancestorsPosix(dir).reverse()]) {
    if (await fs.exists(joinPosix(candidate, '.git'))) return true;
  }
  return false;
}

async function readRules(fs: FileSystem, file: string): Promise<Ignore | undefined> {
  try {
    // Case-sensitive, as git and the `ignore` crate are on Linux.
    return ignore({ ignorecase: false }).add(await fs.readText(file));
  } catch {
    return undefined;
  }
}

async function loadLevel(fs: FileSystem, dir: string, names: Set<string> | undefined, options: WalkOptions): Promise<Level> {
  const has = async (name: string) => (names ? names.has(name) : fs.exists(joinPosix(dir, name)));
  const level: Level = { dir, hasGit: await has('.git') };
  if (await has(options.toolIgnoreFile)) level.tool = await readRules(fs, joinPosix(dir, options.toolIgnoreFile));
  if (await has('.ignore')) level.ignore = await readRules(fs, joinPosix(dir, '.ignore'));
  if (await has('.gitignore')) level.git = await readRules(fs, joinPosix(dir, '.gitignore'));
  if (level.hasGit) level.exclude = await readRules(fs, joinPosix(dir, '.git/info/exclude'));
  return level;
}

type SinglePathTest = (path: string, checkUnignored: boolean, mode: string) => { ignored: boolean; unignored: boolean };

/**
 * Tests one path against the rules without also testing its parent directories. The walk never enters
 * an ignored directory, so parents only matter above the search root, where fd and ripgrep do not look
 * either (searching inside an ignored folder finds its files). `ignore` 7.0.5 (pinned) has this as its
 * rule manager's `test`; its public `test` adds the parent checks.
 */
function testOne(rules: Ignore, path: string): { ignored: boolean; unignored: boolean } {
  const manager = (rules as unknown as { _rules?: { test?: SinglePathTest } })._rules;
  if (typeof manager?.test === 'function') return manager.test(path, true, 'regex');
  return rules.test(path);
}

/** True = ignored. `chain` holds the levels from `/` down to the entry's directory. */
function isIgnored(chain: Level[], path: string, isDir: boolean, mode: WalkOptions['gitignore']): boolean {
  // Git rules count only inside a repository (unless fd's --no-require-git), and stop at the first
  // directory holding `.git` on the way up: an enclosing repository's rules do not reach a nested one.
  const anyGit = mode === 'always' || chain.some((l) => l.hasGit);
  for (const kind of KINDS) {
    if ((kind === 'git' || kind === 'exclude') && !anyGit) continue;
    let sawGit = false;
    for (let i = chain.length - 1; i >= 0; i--) {
      const level = chain[i];
      const gitKind = kind === 'git' || kind === 'exclude';
      const rules = level[kind];
      if (rules && !(gitKind && sawGit)) {
        const rel = relativePosix(level.dir, path);
        try {
          const result = testOne(rules, isDir ? `${rel}/` : rel);
          if (result.ignored) return true;
          if (result.unignored) return false;
        } catch {
          // The `ignore` package refuses some unusual names; no rule can name those either.
        }
      }
      if (mode === 'in-repo') sawGit ||= level.hasGit;
    }
  }
  return false;
}

/**
 * Every entry below `root` that the ignore rules let through, parents before children, children in
 * code-unit order (so the list is sorted component by component, as fd sorts its results).
 */
export async function walkTree(fs: FileSystem, root: string, options: WalkOptions): Promise<WalkEntry[]> {
  const above: Level[] = [];
  for (const dir of ancestorsPosix(root)) above.push(await loadLevel(fs, dir, undefined, options));
  const out: WalkEntry[] = [];
  const stop = () => Boolean(options.signal?.aborted || options.shouldStop?.());
  const visit = async (dir: string, parents: Level[]): Promise<void> => {
    if (stop()) return;
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch {
      return;
    }
    const chain = [...parents, await loadLevel(fs, dir, new Set(names), options)];
    for (const name of names) {
      const path = joinPosix(dir, name);
      const stat = await fs.stat(path).catch(() => undefined);
      if (!stat) continue;
      const isDir = stat.kind === 'directory';
      const forced = options.override?.(path, isDir);
      if (forced === 'exclude' || (forced === undefined && isIgnored(chain, path, isDir, options.gitignore))) continue;
      const entry = { path, kind: stat.kind };
      out.push(entry);
      options.onEntry?.(entry);
      if (isDir) await visit(path, chain);
      if (stop()) return;
    }
  };
  await visit(root, above);
  return out;
}
