// Serializable snapshots of a filesystem, so a scenario can keep named starting points and every replay
// begins from the same files. Content is base64 so a snapshot survives JSON and structured cloning.
import type { FileSystem } from './fs.ts';
import { joinPosix } from './posix-path.ts';
import { decodeBase64, encodeBase64 } from './utf8.ts';

export interface FsSnapshot {
  version: 1;
  /** Entries in parent-before-child order. Directories have no data; mtimes are kept. */
  entries: { path: string; kind: 'file' | 'directory'; data?: string; mtimeMs: number }[];
}

/** Walks the whole filesystem from `/`. A file that cannot be read (a corrupt record) is left out. */
export async function snapshot(fs: FileSystem): Promise<FsSnapshot> {
  const entries: FsSnapshot['entries'] = [];
  const visit = async (dir: string) => {
    for (const name of await fs.readdir(dir)) {
      const path = joinPosix(dir, name);
      const stat = await fs.stat(path);
      if (stat.kind === 'directory') {
        entries.push({ path, kind: 'directory', mtimeMs: stat.mtimeMs });
        await visit(path);
        continue;
      }
      const bytes = await fs.readFile(path).catch(() => undefined);
      if (bytes) entries.push({ path, kind: 'file', data: encodeBase64(bytes), mtimeMs: stat.mtimeMs });
    }
  };
  await visit('/');
  return { version: 1, entries };
}

/** Anything that can replace its whole content in one atomic step (the tree-backed filesystems can). */
export interface RestorableFileSystem extends FileSystem {
  replaceAll(entries: [string, { kind: 'file'; data: Uint8Array; mtimeMs: number } | { kind: 'directory'; mtimeMs: number }][]): Promise<void>;
}

/**
 * Makes `fs` hold exactly the snapshot's files: one atomic replacement where the filesystem supports it,
 * otherwise removal of everything and re-creation. Rejects with FsError if the store refuses (quota).
 */
export async function restore(fs: FileSystem, snap: FsSnapshot): Promise<void> {
  if (isRestorable(fs)) {
    await fs.replaceAll(snap.entries.map((e) => [
      e.path,
      e.kind === 'directory'
        ? { kind: 'directory' as const, mtimeMs: e.mtimeMs }
        : { kind: 'file' as const, data: decodeBase64(e.data ?? ''), mtimeMs: e.mtimeMs },
    ]));
    return;
  }
  for (const name of await fs.readdir('/')) await fs.remove(joinPosix('/', name), { recursive: true });
  for (const e of snap.entries) {
    if (e.kind === 'directory') await fs.mkdir(e.path, { recursive: true });
    else await fs.writeFile(e.path, decodeBase64(e.data ?? ''));
  }
}

function isRestorable(fs: FileSystem): fs is RestorableFileSystem {
  return typeof (fs as Partial<RestorableFileSystem>).replaceAll === 'function';
}
