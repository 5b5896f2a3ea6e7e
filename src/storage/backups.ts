// Automatic backups of the workspace, taken before an incoming link, file or session replaces it, so the previous
// work can be brought back after a reload too (undo only lasts for the tab's life). The five newest are kept in
// the app's store under BACKUPS_KEY. A store that refuses rejects with a StorageError; the caller says so.
import { BACKUPS_KEY } from './keys.ts';
import type { KeyValueStore } from './kv-store.ts';
import { storageCall } from './storage-error.ts';
import { parseWorkspace, type Workspace } from './workspace.ts';

export const MAX_BACKUPS = 5;

export type BackupReason = 'link' | 'file' | 'session';

export interface WorkspaceBackup {
  id: string;
  savedAt: number;
  /** What replaced the workspace right after this backup. */
  reason: BackupReason;
  workspace: Workspace;
}

/** The stored list, forgivingly: a damaged entry is dropped, never the whole list. */
function parseBackups(value: unknown): WorkspaceBackup[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): WorkspaceBackup[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const raw = entry as Record<string, unknown>;
    const workspace = parseWorkspace(raw.workspace);
    if (!workspace || typeof raw.id !== 'string' || typeof raw.savedAt !== 'number') return [];
    const reason = raw.reason === 'file' || raw.reason === 'session' ? raw.reason : 'link';
    return [{ id: raw.id, savedAt: raw.savedAt, reason, workspace }];
  });
}

export interface BackupStore {
  /** Newest first. Rejects with a StorageError when the store cannot be read. */
  list(): Promise<WorkspaceBackup[]>;
  /** Keeps `workspace` as the newest backup. Rejects with a StorageError when the store refuses. */
  add(workspace: Workspace, reason: BackupReason): Promise<WorkspaceBackup>;
}

const STORE = 'the workspace backups';

export function createBackupStore(store: KeyValueStore, now: () => number = Date.now): BackupStore {
  let counter = 0;
  return {
    async list() {
      return parseBackups(await storageCall(STORE, 'read', BACKUPS_KEY, () => store.get(BACKUPS_KEY)));
    },
    async add(workspace, reason) {
      const backup: WorkspaceBackup = { id: `backup-${now().toString(36)}-${(counter++).toString(36)}`, savedAt: now(), reason, workspace };
      await storageCall(STORE, 'write', BACKUPS_KEY, () =>
        store.update<unknown>(BACKUPS_KEY, (old) => [backup, ...parseBackups(old)].slice(0, MAX_BACKUPS)));
      return backup;
    },
  };
}
