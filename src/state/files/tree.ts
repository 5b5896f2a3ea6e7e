// The filesystem as the panel lists it: every entry with its size and modification time, folders before files,
// and the rows a tree shows for a set of expanded folders. Pure, apart from reading the filesystem.
import type { FileSystem } from '../../vfs/index.ts';
import { joinPosix } from '../../vfs/index.ts';

export interface TreeEntry {
  path: string;
  name: string;
  kind: 'file' | 'directory';
  size: number;
  mtimeMs: number;
  /** Depth below `/` (a top-level entry is 0). */
  depth: number;
}

export interface FileTreeModel {
  entries: ReadonlyMap<string, TreeEntry>;
  /** Child paths of each folder, folders first, then by name. */
  children: ReadonlyMap<string, readonly string[]>;
  files: number;
  totalBytes: number;
}

export const EMPTY_TREE: FileTreeModel = { entries: new Map(), children: new Map([['/', []]]), files: 0, totalBytes: 0 };

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Walks the whole filesystem from `/`. Entries that vanish mid-walk are skipped. */
export async function readFileTree(fs: FileSystem): Promise<FileTreeModel> {
  const entries = new Map<string, TreeEntry>();
  const children = new Map<string, string[]>();
  let files = 0;
  let totalBytes = 0;
  const visit = async (dir: string, depth: number) => {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const list: TreeEntry[] = [];
    for (const name of names) {
      const path = joinPosix(dir, name);
      const stat = await fs.stat(path).catch(() => undefined);
      if (!stat) continue;
      const entry: TreeEntry = { path, name, kind: stat.kind, size: stat.size, mtimeMs: stat.mtimeMs, depth };
      entries.set(path, entry);
      list.push(entry);
      if (stat.kind === 'file') { files++; totalBytes += stat.size; }
    }
    list.sort((a, b) => (a.kind === b.kind ? collator.compare(a.name, b.name) || (a.name < b.name ? -1 : 1) : a.kind === 'directory' ? -1 : 1));
    children.set(dir, list.map((e) => e.path));
    for (const entry of list) if (entry.kind === 'directory') await visit(entry.path, depth + 1);
  };
  await visit('/', 0);
  return { entries, children, files, totalBytes };
}

/** The entries a tree shows, in order: each folder's children follow it while it is expanded. */
export function visibleEntries(tree: FileTreeModel, expanded: ReadonlySet<string>): TreeEntry[] {
  const out: TreeEntry[] = [];
  const walk = (dir: string) => {
    for (const path of tree.children.get(dir) ?? []) {
      const entry = tree.entries.get(path);
      if (!entry) continue;
      out.push(entry);
      if (entry.kind === 'directory' && expanded.has(path)) walk(path);
    }
  };
  walk('/');
  return out;
}

/** Every file below `dir` (recursively), in tree order. */
export function filesBelow(tree: FileTreeModel, dir: string): TreeEntry[] {
  const out: TreeEntry[] = [];
  const walk = (d: string) => {
    for (const path of tree.children.get(d) ?? []) {
      const entry = tree.entries.get(path);
      if (!entry) continue;
      if (entry.kind === 'file') out.push(entry);
      else walk(path);
    }
  };
  walk(dir);
  return out;
}
