// The virtual filesystem persisted in IndexedDB (through idb-keyval, in a store of its own). The whole
// tree is loaded once and served from memory; every change is written in a single IndexedDB transaction
// first and applied in memory only once that transaction committed, so a failure loses nothing. Several tabs
// share the store: each write checks the revisions it was planned against and is announced to the others.
import { createStore, entries, promisifyRequest, type UseStore } from 'idb-keyval';
import type { Clock } from '../../engine/index.ts';
import { FsError, FsTree, TreeFileSystem, type FsChange, type FsOperation, type FsRecord, type TreeFileSystemOptions } from '../../vfs/index.ts';
import { ancestorsPosix } from '../../vfs/index.ts';
import { FILES_DATABASE, FILES_GENERATION_KEY, FILES_STORE, filesChannel } from '../keys.ts';
import { FsConflictError, isFsChangedMessage, type ConflictPolicy, type FsChangedMessage, type FsConflict } from './fs-conflicts.ts';
import { decodeRecord, encodeRecord, isPathKey, storedRevision } from './record-codec.ts';

/** Largest single file the store accepts by default (64 MiB); larger writes fail with EFBIG. */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;

export interface IdbFileSystemOptions extends Omit<TreeFileSystemOptions, 'persist'> {
  dbName?: string;
  storeName?: string;
  /** A ready store (tests wrap the real one to simulate quota errors). Overrides dbName/storeName. */
  store?: UseStore;
  /** A virtual clock is held while IndexedDB works, so replays stay deterministic. */
  clock?: Pick<Clock, 'hold'>;
  /** Cross-tab notices go over this BroadcastChannel (default: one per database name); false: none. */
  channelName?: string | false;
  /** What a write that meets another tab's newer revision does (asked per write; default refuse). */
  conflictPolicy?: () => ConflictPolicy;
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
  /** Revision of each stored file as this tab last saw it (written, loaded or adopted). */
  readonly revisions = new Map<string, number>();
  readonly writer = Math.random().toString(36).slice(2);
  #store!: UseStore;
  #channel: BroadcastChannel | undefined;
  #conflictListeners = new Set<(conflicts: FsConflict[]) => void>();
  #storageListeners = new Set<(failure: FsError | null) => void>();
  /** The IndexedDB database the files live in (for messages). */
  database = FILES_DATABASE;

  constructor(tree: FsTree, options: TreeFileSystemOptions, readonly report: IdbLoadReport) {
    super(tree, options);
  }

  /** Wires the store and the channel (after construction: `persist` needs `this`). */
  attach(store: UseStore, channelName: string | false): void {
    this.#store = store;
    if (channelName === false || typeof BroadcastChannel === 'undefined') return;
    this.#channel = new BroadcastChannel(channelName);
    this.#channel.onmessage = (event: MessageEvent) => {
      if (isFsChangedMessage(event.data) && event.data.writer !== this.writer) void this.sync(event.data.paths).catch(() => undefined);
    };
  }

  /** Called with the conflicts a write overwrote under the `overwrite` policy (what the other tab had). */
  onConflict(listener: (conflicts: FsConflict[]) => void): () => void {
    this.#conflictListeners.add(listener);
    return () => this.#conflictListeners.delete(listener);
  }

  /** Called after each write reached the store (null) or was refused by it (the FsError the write failed with). */
  onStorageResult(listener: (failure: FsError | null) => void): () => void {
    this.#storageListeners.add(listener);
    return () => this.#storageListeners.delete(listener);
  }

  storageResult(failure: FsError | null): void {
    for (const listener of this.#storageListeners) listener(failure);
  }

  /** Tells the other tabs which paths a committed write changed. */
  announce(paths: string[], conflicts: FsConflict[]): void {
    if (conflicts.length > 0) for (const listener of this.#conflictListeners) listener(conflicts);
    const message: FsChangedMessage = { type: 'fs-changed', writer: this.writer, paths };
    this.#channel?.postMessage(message);
  }

  /**
   * Takes what the store holds at `paths` (every path when omitted) into memory: another tab's writes, seen
   * through its notice or because a write of ours met them. Unchanged entries are left alone.
   */
  sync(paths?: string[]): Promise<void> {
    return this.adoptStored(async () => {
      const wanted = new Set(paths ?? [...this.tree.entries().map(([p]) => p), ...(await keysOf(this.#store))]);
      for (const p of [...wanted]) for (const a of ancestorsPosix(p)) if (a !== '/' && !this.tree.get(a)) wanted.add(a);
      const keys = [...wanted].filter(isPathKey);
      const values = await this.#store('readonly', (os) => Promise.all(keys.map((k) => promisifyRequest(os.get(k)))));
      const removals: FsChange[] = [];
      const puts: FsChange[] = [];
      keys.forEach((key, i) => {
        const value = values[i];
        const mine = this.tree.get(key);
        if (value === undefined) {
          if (mine) removals.push({ path: key, record: null });
          this.revisions.delete(key);
          return;
        }
        const rev = storedRevision(value);
        if (mine && rev !== undefined && rev === this.revisions.get(key)) return;
        if (mine?.kind === 'directory' && rev === undefined && decodeRecord(value).kind === 'directory') return;
        if (rev === undefined) this.revisions.delete(key); else this.revisions.set(key, rev);
        puts.push({ path: key, record: decodeRecord(value) });
      });
      removals.sort((a, b) => b.path.length - a.path.length);
      puts.sort((a, b) => a.path.split('/').length - b.path.split('/').length);
      return [...removals, ...puts];
    });
  }

  /** Stops listening to other tabs. */
  close(): void {
    this.#channel?.close();
    this.#channel = undefined;
  }
}

async function keysOf(store: UseStore): Promise<string[]> {
  const all = await store('readonly', (os) => promisifyRequest(os.getAllKeys()));
  return all.filter(isPathKey);
}

/** Opens (creating if needed) the persisted filesystem and loads it. Rejects only if IndexedDB is unusable. */
export async function openIdbFileSystem(options: IdbFileSystemOptions = {}): Promise<IdbFileSystem> {
  const store = options.store ?? createStore(options.dbName ?? FILES_DATABASE, options.storeName ?? FILES_STORE);
  const release = options.clock?.hold();
  let stored: [IDBValidKey, unknown][];
  try {
    stored = await entries(store);
  } finally {
    release?.();
  }
  const report: IdbLoadReport = { files: 0, directories: 0, corrupt: [], foreignKeys: 0 };
  const loaded: [string, FsRecord][] = [];
  const revisions: [string, number][] = [];
  for (const [key, value] of stored) {
    if (key === FILES_GENERATION_KEY) continue;
    if (!isPathKey(key)) {
      report.foreignKeys++;
      continue;
    }
    const record = decodeRecord(value);
    if (record.kind === 'corrupt') report.corrupt.push(key);
    else if (record.kind === 'file') report.files++;
    else report.directories++;
    loaded.push([key, record]);
    const rev = storedRevision(value);
    if (rev !== undefined) revisions.push([key, rev]);
  }
  const tree = new FsTree();
  tree.reset(loaded);
  const fs: IdbFileSystem = new IdbFileSystem(tree, {
    ...options,
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    persist: (changes, op): Promise<void> => persistChanges(fs, store, changes, op, options),
  }, report);
  for (const [key, rev] of revisions) fs.revisions.set(key, rev);
  fs.database = options.dbName ?? FILES_DATABASE;
  fs.attach(store, options.channelName ?? filesChannel(options.dbName ?? FILES_DATABASE));
  // The working directory always exists; creating it is the first (and usually only) write on a new store.
  await fs.mkdir(fs.cwd, { recursive: true });
  return fs;
}

/**
 * Writes one plan in one readwrite transaction, after checking that every file it touches is at the revision this
 * tab last saw (another tab may have written it since). A conflict refuses the plan or, under the `overwrite`
 * policy, is reported after the write. A quota failure becomes ENOSPC and anything else EIO, in the words Node
 * uses for the same system call on a full or failing disk.
 */
async function persistChanges(
  fs: IdbFileSystem, store: UseStore, changes: FsChange[], op: FsOperation, options: IdbFileSystemOptions,
): Promise<void> {
  const release = options.clock?.hold();
  const keys = changes.map((c) => c.path).filter((p) => p !== '/');
  const policy = options.conflictPolicy?.() ?? 'refuse';
  let conflicts: FsConflict[] = [];
  let generation = 0;
  try {
    await store('readwrite', async (os) => {
      const [stored, current] = await Promise.all([
        Promise.all(keys.map((k) => promisifyRequest(os.get(k)))),
        promisifyRequest(os.get(FILES_GENERATION_KEY)),
      ]);
      conflicts = [];
      keys.forEach((key, i) => {
        const theirs = storedRevision(stored[i]);
        const mine = fs.revisions.get(key);
        if (theirs === mine) return;
        // A file this tab never saw but which is now stored, or one it saw at another revision (or deleted).
        if (theirs !== undefined || (mine !== undefined && fs.tree.get(key)?.kind === 'file')) {
          const record = stored[i] === undefined ? null : decodeRecord(stored[i]);
          conflicts.push({ path: key, theirs: record?.kind === 'file' ? record.data : null });
        }
      });
      if (conflicts.length > 0 && policy === 'refuse') {
        os.transaction.abort();
        return;
      }
      generation = (typeof current === 'number' ? current : 0) + 1;
      try {
        os.put(generation, FILES_GENERATION_KEY);
        for (const { path: key, record } of changes) {
          if (key === '/') continue;
          // A corrupt entry is only ever in the plan when it is being replaced or deleted.
          if (record === null) os.delete(key);
          else if (record.kind !== 'corrupt') os.put(encodeRecord(record, generation), key);
        }
      } catch (error) {
        // A put the store refuses at once (quota, a value it cannot clone): nothing of the plan may land.
        os.transaction.abort();
        throw error;
      }
      return promisifyRequest(os.transaction);
    });
  } catch (error) {
    if (conflicts.length > 0 && policy === 'refuse') throw new FsConflictError(conflicts, op.syscall, op.path);
    const name = (error as { name?: string } | null)?.name;
    const failure = new FsError(name === 'QuotaExceededError' ? 'ENOSPC' : 'EIO', op.syscall, op.path, op.dest);
    fs.storageResult(failure);
    throw failure;
  } finally {
    release?.();
  }
  if (conflicts.length > 0 && policy === 'refuse') throw new FsConflictError(conflicts, op.syscall, op.path);
  for (const { path: key, record } of changes) {
    if (record?.kind === 'file') fs.revisions.set(key, generation);
    else fs.revisions.delete(key);
  }
  fs.storageResult(null);
  fs.announce(keys, conflicts);
}
