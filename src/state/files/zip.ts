// The whole virtual filesystem as one zip (fflate, loaded on demand): every file with its bytes and modification
// time, empty folders kept, paths relative to `/` (so `workspace/README.md`). Unreadable records are left out.
import type { FileSystem } from '../../vfs/index.ts';
import { filesBelow, type FileTreeModel } from './tree.ts';

export interface ZipOutcome {
  bytes: Uint8Array;
  files: number;
  /** Paths that could not be read (damaged records), not in the zip. */
  skipped: string[];
}

export async function zipFileTree(fs: FileSystem, tree: FileTreeModel, root = '/'): Promise<ZipOutcome> {
  const { zipSync } = await import('fflate');
  const input: Record<string, Uint8Array | [Uint8Array, { mtime: Date }]> = {};
  const skipped: string[] = [];
  const relative = (path: string) => (root === '/' ? path.slice(1) : path.slice(root.length + 1));
  let files = 0;
  for (const entry of filesBelow(tree, root)) {
    const bytes = await fs.readFile(entry.path).catch(() => undefined);
    if (!bytes) { skipped.push(entry.path); continue; }
    // Zip times start in 1980; a virtual clock's small mtimes would be refused.
    input[relative(entry.path)] = [bytes, { mtime: new Date(Math.max(entry.mtimeMs, Date.UTC(1980, 0, 2))) }];
    files++;
  }
  for (const [path, children] of tree.children) {
    if (path === '/' || children.length > 0 || !(path === root || path.startsWith(root === '/' ? '/' : `${root}/`))) continue;
    if (path !== root) input[`${relative(path)}/`] = new Uint8Array(0);
  }
  return { bytes: zipSync(input, { level: 6 }), files, skipped };
}
