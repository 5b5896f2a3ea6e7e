// The filesystem as several tabs share it: taking in what another tab stored (when the filesystem is the
// IndexedDB one; a memory filesystem has no other writer), and where "save mine as a copy" puts a conflicting edit.
import type { FileSystem } from '../../vfs/index.ts';
import { basenamePosix, dirnamePosix, joinPosix } from '../../vfs/index.ts';

interface Syncable {
  sync(paths?: string[]): Promise<void>;
}

/** Adopts what the store holds at `paths` into memory (no-op for a filesystem nobody else writes). */
export async function adoptStored(fs: FileSystem, paths: string[]): Promise<void> {
  const s = fs as Partial<Syncable>;
  if (typeof s.sync === 'function') await s.sync(paths);
}

/** `notes (copy).txt`, then `notes (copy 2).txt`, … : the first name beside `path` that is free. */
export async function copyPathFor(fs: FileSystem, path: string): Promise<string> {
  const dir = dirnamePosix(path);
  const base = basenamePosix(path);
  const dot = base.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
  for (let n = 1; ; n++) {
    const candidate = joinPosix(dir, `${stem} (copy${n === 1 ? '' : ` ${n}`})${ext}`);
    if (!(await fs.exists(candidate))) return candidate;
  }
}
