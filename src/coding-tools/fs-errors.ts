// Small adapters between our FileSystem and the Node calls pi's tools make, so the error text names the
// same system call pi's would (`access` for read's existence check, for example).
import { FsError, isFsError, type FileStat, type FileSystem } from '../vfs/index.ts';

/** fs.access(path): resolves when the entry exists; otherwise Node's error with syscall `access`. */
export async function access(fs: FileSystem, path: string): Promise<FileStat> {
  try {
    return await fs.stat(path);
  } catch (error) {
    if (isFsError(error) && error.syscall) throw new FsError(error.code, 'access', path);
    throw error;
  }
}

/** stat that answers undefined for a missing entry instead of rejecting. */
export async function statOrUndefined(fs: FileSystem, path: string): Promise<FileStat | undefined> {
  try {
    return await fs.stat(path);
  } catch {
    return undefined;
  }
}
