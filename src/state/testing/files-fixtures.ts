// Builders for the files state's browser tests: a files service over a memory filesystem (or over a real
// IndexedDB store, optionally one that fails like a full disk), and a wait for the tree to settle.
import { createStore, type UseStore } from 'idb-keyval';
import { STARTER_FILES } from '../../content/examples/index.ts';
import { createMemoryFileSystem, type InitialFiles } from '../../vfs/index.ts';
import type { TreeFileSystemOptions } from '../../vfs/index.ts';
import { openWorkspaceFileSystem } from '../../storage/workspace-fs.ts';
import { createFilesService, type FilesService } from '../files/service.ts';
import { FilesState } from '../files/files.svelte.ts';

let counter = 0;

/** A service over a fresh memory filesystem holding `files` (default: the starter project). */
export function memoryFilesService(files: InitialFiles = STARTER_FILES as InitialFiles, options: Omit<TreeFileSystemOptions, 'persist'> = {}): FilesService {
  const fileSystem = createMemoryFileSystem(files, options);
  return createFilesService(async () => ({
    fileSystem, durable: false, corrupt: [], maxFileBytes: options.maxFileBytes ?? 64 * 1024 * 1024, seeded: false,
  }));
}

/** An idb-keyval store of its own, so tests do not share files. */
export function freshFsStore(): UseStore {
  return createStore(`files-state-test-${Date.now()}-${counter++}`, 'files');
}

/**
 * Wraps a store so that, once `fail()` was called, every readwrite transaction throws QuotaExceededError
 * the way IndexedDB does when the origin is out of space.
 */
export function quotaFailingStore(inner: UseStore): UseStore & { fail(on: boolean): void } {
  let failing = false;
  const store = ((mode, callback) => {
    if (failing && mode === 'readwrite') return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    return inner(mode, callback);
  }) as UseStore & { fail(on: boolean): void };
  store.fail = (on) => { failing = on; };
  return store;
}

export function idbFilesService(store: UseStore, options: { maxFileBytes?: number } = {}): FilesService {
  return createFilesService(() => openWorkspaceFileSystem({ store, ...options }));
}

export async function startedFiles(service: FilesService = memoryFilesService()): Promise<FilesState> {
  const files = new FilesState(service);
  await files.start();
  return files;
}

export const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);
