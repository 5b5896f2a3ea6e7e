// The virtual filesystem persisted in IndexedDB (through idb-keyval, in a store of its own). The whole
// tree is loaded once and served from memory; every change is written in a single IndexedDB transaction
// first and applied in memory only once that transaction committed, so a failure loses nothing.
import { createStore, entries, promisifyRequest, type UseStore } from 'idb-keyval';
import type { Clock } from '../../core/clock.ts';
import { FsError, FsTree, TreeFileSystem, type FsChange, type FsOperation, type FsRecord, type TreeFileSystemOptions } from '../../core/tools/index.ts';
import { decodeRecord, encodeRecord, isPathKey } from './record-codec.ts';

export const DEFAULT_FS_DB = 'pi-playground-fs';
export const DEFAULT_FS_STORE = 'files';
/** Largest single file the store accepts by default (64 MiB); larger writes fail with EFBIG. */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;

export interface IdbFileSystemOptions extends Omit<TreeFileSystemOptions, 'persist'> {
  dbName?: string;
  storeName?: string;
  /** A ready store (tests wrap the real one to simulate quota errors). Overrides dbName/storeName. */
  store?: UseStore;
  /** A virtual clock is held while IndexedDB works, so replays stay deterministic. */
  clock?: Pick<Clock, 'hold'>;
}

/** What loading found that it could not use; those records stay stored untouched. */
export interface IdbLoadReport {
  files: number;
  directories: number;
  /** Paths whose stored value did not decode; reading them fails with EIO. */
  corrupt: string[];
  /** Keys that are no normalised absolute path (not ours); ignored. */
  foreignKeys: number;
}

export class IdbFileSystem extends TreeFileSystem {
  constructor(tree: FsTree, options: TreeFileSystemOptions, readonly report: IdbLoadReport) {
    super(tree, options);
  }
}

/** Opens (creating if needed) the persisted filesystem and loads it. Rejects only if IndexedDB is unusable. */
export async function openIdbFileSystem(options: IdbFileSystemOptions = {}): Promise<IdbFileSystem> {
  const store = options.store ?? createStore(options.dbName ?? DEFAULT_FS_DB, options.storeName ?? DEFAULT_FS_STORE);
  const release = options.clock?.hold();
  let stored: [IDBValidKey, unknown][];
  try {
    stored = await entries(store);
  } finally {
    release?.();
  }
  const report: IdbLoadReport = { files: 0, directories: 0, corrupt: [], foreignKeys: 0 };
  const loaded: [string, FsRecord][] = [];
  for (const [key, value] of stored) {
    if (!isPathKey(key)) {
      report.foreignKeys++;
      continue;
    }
    const record = decodeRecord(value);
    if (record.kind === 'corrupt') report.corrupt.push(key);
    else if (record.kind === 'file') report.files++;
    else report.directories++;
    loaded.push([key, record]);
  }
  const tree = new FsTree();
  tree.reset(loaded);
  const fs = new IdbFileSystem(tree, {
    ...options,
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    persist: (changes, op) => persistChanges(store, changes, op, options.clock),
  }, report);
  // The working directory always exists; creating it is the first (and usually only) write on a new store.
  await fs.mkdir(fs.cwd, { recursive: true });
  return fs;
}

/**
 * Writes one plan in one readwrite transaction. A quota failure becomes ENOSPC and anything else EIO, in
 * the words Node uses for the same system call on a full or failing disk.
 */
async function persistChanges(store: UseStore, changes: FsChange[], op: FsOperation, clock?: Pick<Clock, 'hold'>): Promise<void> {
  const release = clock?.hold();
  try {
    await store('readwrite', (os) => {
      for (const { path: key, record } of changes) {
        if (key === '/') continue;
        // A corrupt entry is only ever in the plan when it is being replaced or deleted.
        if (record === null) os.delete(key);
        else if (record.kind !== 'corrupt') os.put(encodeRecord(record), key);
      }
      return promisifyRequest(os.transaction);
    });
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    throw new FsError(name === 'QuotaExceededError' ? 'ENOSPC' : 'EIO', op.syscall, op.path, op.dest);
  } finally {
    release?.();
  }
}
