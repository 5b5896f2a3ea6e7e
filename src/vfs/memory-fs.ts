// The in-memory FileSystem (Node and browser): the default for tests, replays and the benchmark.
import { FsTree, type FsChange } from './fs-tree.ts';
import { resolvePosix } from './posix-path.ts';
import { DEFAULT_CWD, TreeFileSystem, type TreeFileSystemOptions } from './tree-file-system.ts';
import { encodeUtf8 } from './utf8.ts';

/** Initial content: path -> text (written as UTF-8) or bytes. A key ending in `/` makes an empty directory. */
export type InitialFiles = Record<string, string | Uint8Array>;

/**
 * Creates a memory filesystem whose working directory (default `/workspace`) exists. Relative keys in
 * `files` are placed under it; parents are created as needed.
 */
export function createMemoryFileSystem(
  files: InitialFiles = {},
  options: Omit<TreeFileSystemOptions, 'persist'> = {},
): TreeFileSystem {
  const tree = new FsTree();
  const fs = new TreeFileSystem(tree, options);
  const now = (options.now ?? Date.now)();
  const changes: FsChange[] = [];
  const dirs = new Set<string>();
  const ensureDir = (dir: string) => {
    const parts = dir === '/' ? [] : dir.slice(1).split('/');
    for (let i = 1; i <= parts.length; i++) {
      const p = `/${parts.slice(0, i).join('/')}`;
      if (dirs.has(p)) continue;
      dirs.add(p);
      changes.push({ path: p, record: { kind: 'directory', mtimeMs: now } });
    }
  };
  ensureDir(fs.cwd);
  for (const [key, content] of Object.entries(files)) {
    const abs = resolvePosix(fs.cwd, key);
    if (key.endsWith('/')) {
      ensureDir(abs);
      continue;
    }
    ensureDir(resolvePosix(abs, '..'));
    const data = typeof content === 'string' ? encodeUtf8(content) : content.slice();
    changes.push({ path: abs, record: { kind: 'file', data, mtimeMs: now } });
  }
  tree.apply(changes);
  return fs;
}

export { DEFAULT_CWD };
