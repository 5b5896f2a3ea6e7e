// Files from the browser (a file picker, or a drag and drop that may hold whole folders) as upload items: a path
// relative to the target folder, the size (checked before reading) and a way to read the bytes.
import type { UploadItem } from '../../state/files/files.svelte.ts';

function itemFromFile(file: File, relativePath: string): UploadItem {
  return { relativePath, size: file.size, read: async () => new Uint8Array(await file.arrayBuffer()) };
}

export function uploadItemsFromFiles(files: FileList | readonly File[]): UploadItem[] {
  return [...files].map((file) => itemFromFile(file, file.webkitRelativePath || file.name));
}

/** Reads a drop: dropped folders are walked (their files keep their paths below the folder's name). */
export async function uploadItemsFromDrop(transfer: DataTransfer): Promise<UploadItem[]> {
  const entries = [...transfer.items]
    .map((item) => (item.kind === 'file' && typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null))
    .filter((entry): entry is FileSystemEntry => entry !== null);
  if (entries.length === 0) return uploadItemsFromFiles(transfer.files);
  const out: UploadItem[] = [];
  for (const entry of entries) await walk(entry, entry.name, out);
  return out;
}

async function walk(entry: FileSystemEntry, path: string, out: UploadItem[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    out.push(itemFromFile(file, path));
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches; an empty batch ends the folder.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    for (const child of batch) await walk(child, `${path}/${child.name}`, out);
  }
}
