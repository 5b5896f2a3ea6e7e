// Named filesystem snapshots kept in the app's key-value store (IndexedDB): an index of what exists, and each
// snapshot's files under its own key, so listing stays cheap however large the snapshots are.
import type { FsSnapshot } from '../../vfs/index.ts';
import type { KeyValueStore } from '../../storage/kv-store.ts';

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

const INDEX_KEY = 'fs-snapshots';
const dataKey = (id: string) => `fs-snapshot:${id}`;

export interface SnapshotRepository {
  /** Rejects when the store cannot be read; damaged index entries are skipped. */
  list(): Promise<SnapshotInfo[]>;
  /** Undefined when the snapshot's data is missing or damaged. */
  load(id: string): Promise<FsSnapshot | undefined>;
  /** Writes the files first, then the index entry: a failure leaves no entry without data. */
  save(info: SnapshotInfo, snapshot: FsSnapshot): Promise<void>;
  /** Changes an entry's name or scenario, leaving its files as they are. */
  setInfo(info: SnapshotInfo): Promise<void>;
  remove(id: string): Promise<void>;
}

export function createSnapshotRepository(store: KeyValueStore): SnapshotRepository {
  return {
    async list() {
      const index = await store.get<unknown>(INDEX_KEY);
      return Array.isArray(index) ? index.filter(isSnapshotInfo) : [];
    },
    async load(id) {
      const data = await store.get<unknown>(dataKey(id));
      return isSnapshot(data) ? data : undefined;
    },
    async save(info, snapshot) {
      await store.set(dataKey(info.id), snapshot);
      await store.update<unknown>(INDEX_KEY, (old) => {
        const list = Array.isArray(old) ? old.filter(isSnapshotInfo).filter((s) => s.id !== info.id) : [];
        return [...list, { ...info }];
      });
    },
    async setInfo(info) {
      await store.update<unknown>(INDEX_KEY, (old) =>
        (Array.isArray(old) ? old.map((s) => (isSnapshotInfo(s) && s.id === info.id ? { ...info } : s)) : []));
    },
    async remove(id) {
      await store.update<unknown>(INDEX_KEY, (old) => (Array.isArray(old) ? old.filter((s) => !isSnapshotInfo(s) || s.id !== id) : []));
      // The index no longer names it; data left behind by a failure here is only unused space.
      await store.delete(dataKey(id)).catch(() => undefined);
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
