// Uploading files into the virtual filesystem: each file is checked (name, size) before it is read, written on
// its own (so one refusal does not cost the others), and the outcome summed up in one notice.
import type { FileSystem } from '../../vfs/index.ts';
import { dirnamePosix } from '../../vfs/index.ts';
import { formatBytes } from './content.ts';
import { noticeForError, noticeForPath, type FilesNotice } from './notices.ts';
import { resolvePanelPath } from './paths.ts';

/** One file to upload: its path relative to the target folder (a dropped folder gives `dir/file`), size, bytes. */
export interface UploadItem {
  relativePath: string;
  size: number;
  read: () => Promise<Uint8Array>;
}

export async function uploadEntries(fs: FileSystem, folder: string, items: UploadItem[], maxFileBytes: number): Promise<FilesNotice> {
  let written = 0;
  let firstFailure: { name: string; notice: FilesNotice } | undefined;
  let failures = 0;
  const fail = (name: string, notice: FilesNotice) => {
    failures++;
    firstFailure ??= { name, notice };
  };
  for (const item of items) {
    const target = resolvePanelPath(folder, item.relativePath);
    if (!target.ok) {
      fail(item.relativePath, noticeForPath(target.problem, target.detail));
      continue;
    }
    // Refused before reading: a 2 GB video should not be loaded into memory to be turned away.
    if (maxFileBytes > 0 && item.size > maxFileBytes) {
      fail(item.relativePath, { tone: 'error', key: 'files.error.tooLarge', params: { path: target.path, limit: formatBytes(maxFileBytes) }, detail: 'EFBIG: file too large, write' });
      continue;
    }
    try {
      const bytes = await item.read();
      await fs.mkdir(dirnamePosix(target.path), { recursive: true });
      await fs.writeFile(target.path, bytes);
      written++;
    } catch (error) {
      fail(item.relativePath, noticeForError(error, { path: target.path, maxFileBytes }));
    }
  }
  if (!firstFailure) return { tone: 'success', key: 'files.done.uploaded', params: { count: written } };
  if (written === 0 && failures === 1) return firstFailure.notice;
  // Some went in: say how many, and why the first refusal happened.
  return {
    tone: 'error',
    key: 'files.error.uploadPartly',
    params: { written, failed: failures, name: firstFailure.name },
    cause: firstFailure.notice,
  };
}
