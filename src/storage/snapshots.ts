// Named filesystem snapshots kept in the app's key-value store (IndexedDB): an index of what exists
// (SNAPSHOT_INDEX_KEY), and each snapshot's files under its own key, so listing stays cheap however large the
// snapshots are. Every operation rejects with a StorageError when the store refuses.
import type { FsSnapshot } from '../vfs/index.ts';
import { SNAPSHOT_INDEX_KEY as INDEX_KEY, snapshotKey as dataKey } from './keys.ts';
import type { KeyValueStore } from './kv-store.ts';
import { storageCall } from './storage-error.ts';

export interface SnapshotInfo {
  id: string;
  name: string;
  /** The scenario it was kept with; null for one kept on its own. */
  scenarioId: string | null;
  scenarioName?: string;
  /** The built-in example that scenario came from (its name is then the example's, in the reader's language). */
  scenarioExampleId?: string;
  createdAt: number;
  files: number;
  bytes: number;
}

const STORE = 'the file snapshots';

export interface SnapshotRepository {
  /** Rejects when the store cannot be read; damaged index entries are skipped. */
  list(): Promise<SnapshotInfo[]>;
  /** Undefined when the snapshot's data is missing or damaged. */
  load(id: string): Promise<FsSnapshot | undefined>;
  /** Writes the files first, then the index entry: a failure leaves no entry without data. */
  save(info: SnapshotInfo, snapshot: FsSnapshot): Promise<void>;
  /** Changes an entry's name or scenario, leaving its files as they are. */
  setInfo(info: SnapshotInfo): Promise<void>;
  /** Drops the index entry, then the files; a failure after the first step leaves unused data, and still rejects. */
  remove(id: string): Promise<void>;
}

export function createSnapshotRepository(store: KeyValueStore): SnapshotRepository {
  return {
    async list() {
      const index = await storageCall(STORE, 'read', INDEX_KEY, () => store.get<unknown>(INDEX_KEY));
      return Array.isArray(index) ? index.filter(isSnapshotInfo) : [];
    },
    async load(id) {
      const data = await storageCall(STORE, 'read', dataKey(id), () => store.get<unknown>(dataKey(id)));
      return isSnapshot(data) ? data : undefined;
    },
    async save(info, snapshot) {
      await storageCall(STORE, 'write', dataKey(info.id), () => store.set(dataKey(info.id), snapshot));
      await storageCall(STORE, 'write', INDEX_KEY, () => store.update<unknown>(INDEX_KEY, (old) => {
        const list = Array.isArray(old) ? old.filter(isSnapshotInfo).filter((s) => s.id !== info.id) : [];
        return [...list, { ...info }];
      }));
    },
    async setInfo(info) {
      await storageCall(STORE, 'write', INDEX_KEY, () => store.update<unknown>(INDEX_KEY, (old) =>
        (Array.isArray(old) ? old.map((s) => (isSnapshotInfo(s) && s.id === info.id ? { ...info } : s)) : [])));
    },
    async remove(id) {
      await storageCall(STORE, 'write', INDEX_KEY, () =>
        store.update<unknown>(INDEX_KEY, (old) => (Array.isArray(old) ? old.filter((s) => !isSnapshotInfo(s) || s.id !== id) : [])));
      await storageCall(STORE, 'delete', dataKey(id), () => store.delete(dataKey(id)));
    },
  };
}

function isSnapshotInfo(value: unknown): value is SnapshotInfo {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.name === 'string' && typeof v.createdAt === 'number'
    && (v.scenarioId === null || typeof v.scenarioId === 'string') && typeof v.files === 'number' && typeof v.bytes === 'number';
}

function isSnapshot(value: unknown): value is FsSnapshot {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return v.version === 1 && Array.isArray(v.entries) && v.entries.every((e: unknown) => {
    if (!e || typeof e !== 'object') return false;
    const entry = e as Record<string, unknown>;
    return typeof entry.path === 'string' && entry.path.startsWith('/') && (entry.kind === 'directory' || (entry.kind === 'file' && typeof entry.data === 'string'));
  });
}

/** Files and bytes a snapshot holds (bytes decoded from base64 length). */
export function measureSnapshot(snapshot: FsSnapshot): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const e of snapshot.entries) {
    if (e.kind !== 'file') continue;
    files++;
    const data = e.data ?? '';
    const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
    bytes += (data.length / 4) * 3 - padding;
  }
  return { files, bytes };
}
