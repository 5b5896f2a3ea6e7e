// The work behind the files panel's actions, each one a few filesystem calls that end in the notice to show.
// The files state runs them (with undo snapshots, refresh and selection); refusals are notices, not exceptions.
import { STARTER_FILES } from '../../content/examples/index.ts';
import type { FileSystem } from '../../vfs/index.ts';
import type * as CoreTools from '../../coding-tools/index.ts';
import { basenamePosix, dirnamePosix, joinPosix } from '../../vfs/index.ts';
import type { FilesNotice } from './notices.ts';
import type { FileTreeModel } from './tree.ts';

const exists = (path: string): FilesNotice => ({ tone: 'error', key: 'files.error.exists', params: { path } });

export async function createFileAt(fs: FileSystem, path: string, content: string | Uint8Array): Promise<FilesNotice> {
  if (await fs.exists(path)) return exists(path);
  await fs.mkdir(dirnamePosix(path), { recursive: true });
  await fs.writeFile(path, content);
  return { tone: 'success', key: 'files.done.created', params: { path } };
}

export async function createFolderAt(fs: FileSystem, path: string): Promise<FilesNotice> {
  if (await fs.exists(path)) return exists(path);
  await fs.mkdir(path, { recursive: true });
  return { tone: 'success', key: 'files.done.createdFolder', params: { path } };
}

/** `move` performs the rename (the open document follows it). */
export async function renameEntry(fs: FileSystem, path: string, dest: string, move: () => Promise<void>): Promise<FilesNotice> {
  if (await fs.exists(dest)) return exists(dest);
  await move();
  return { tone: 'success', key: 'files.done.renamed', params: { from: basenamePosix(path), to: basenamePosix(dest) } };
}

export async function removeEntry(fs: FileSystem, path: string): Promise<FilesNotice> {
  await fs.remove(path, { recursive: true });
  return { tone: 'success', key: 'files.done.deleted', params: { path } };
}

export async function seedExamples(fs: FileSystem, seed: (fs: FileSystem) => Promise<string[]>): Promise<FilesNotice> {
  const written = await seed(fs);
  return written.length === 0
    ? { tone: 'info', key: 'files.done.alreadySeeded' }
    : { tone: 'success', key: 'files.done.seeded', params: { count: written.length } };
}

/** Makes the filesystem hold exactly the starter project, in one atomic replacement. */
export async function resetToStarter(fs: FileSystem, tools: Pick<typeof CoreTools, 'createMemoryFileSystem' | 'restore' | 'snapshot'>): Promise<FilesNotice> {
  const starter = tools.createMemoryFileSystem(STARTER_FILES as Record<string, string>, { cwd: fs.cwd });
  await tools.restore(fs, await tools.snapshot(starter));
  return { tone: 'success', key: 'files.done.reset' };
}

/** Every starter file is in the tree with its original text (seeding would change nothing). */
export async function starterFilesPresent(fs: FileSystem, tree: FileTreeModel): Promise<boolean> {
  for (const [rel, text] of Object.entries(STARTER_FILES)) {
    const entry = tree.entries.get(joinPosix(fs.cwd, rel));
    if (!entry || entry.kind !== 'file') return false;
    if ((await fs.readText(entry.path).catch(() => null)) !== text) return false;
  }
  return true;
}
