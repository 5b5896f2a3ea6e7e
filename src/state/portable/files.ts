// Puts the files an imported pi session read into the workspace's virtual filesystem, so its replay finds them.
// Existing files are never overwritten: the user's files win, and the dialog said which files the session read.
import { dirnamePosix, resolvePosix } from '../../vfs/index.ts';
import type { FilesState } from '../files/files.svelte.ts';

export interface SessionFileWriter {
  /** Writes each missing file (paths relative to the workspace root); resolves with how many were written. */
  addMissing(files: Record<string, string>): Promise<number>;
}

export function createSessionFileWriter(files: Pick<FilesState, 'loaded'>): SessionFileWriter {
  return {
    async addMissing(entries) {
      const { fs } = await files.loaded();
      let written = 0;
      for (const [path, text] of Object.entries(entries)) {
        const abs = resolvePosix(fs.cwd, path);
        if (!abs.startsWith(`${fs.cwd}/`) || (await fs.exists(abs))) continue;
        await fs.mkdir(dirnamePosix(abs), { recursive: true });
        await fs.writeFile(abs, text);
        written++;
      }
      return written;
    },
  };
}
