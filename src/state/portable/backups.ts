// Automatic backups of the workspace, taken before an incoming link, file or session replaces it, so the previous
// work can be brought back after a reload too (undo only lasts for the tab's life). The five newest are kept in
// the app's store; a store that refuses is reported, never thrown.
import type { KeyValueStore } from '../../storage/kv-store.ts';
import { parseWorkspace, type Workspace } from '../../storage/workspace.ts';

export const BACKUPS_KEY = 'portable:backups';
export const MAX_BACKUPS = 5;

export type BackupReason = 'link' | 'file' | 'session';

export interface WorkspaceBackup {
  id: string;
  savedAt: number;
  /** What replaced the workspace right after this backup. */
  reason: BackupReason;
  workspace: Workspace;
}

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
  /** Newest first; an unreadable store gives an empty list. */
  list(): Promise<WorkspaceBackup[]>;
  add(workspace: Workspace, reason: BackupReason): Promise<{ ok: true; backup: WorkspaceBackup } | { ok: false; reason: string }>;
}

export function createBackupStore(store: KeyValueStore, now: () => number = Date.now): BackupStore {
  let counter = 0;
  return {
    async list() {
      try {
        return parseBackups(await store.get(BACKUPS_KEY));
      } catch {
        return [];
      }
    },
    async add(workspace, reason) {
      const backup: WorkspaceBackup = { id: `backup-${now().toString(36)}-${(counter++).toString(36)}`, savedAt: now(), reason, workspace };
      try {
        await store.update<unknown>(BACKUPS_KEY, (old) => [backup, ...parseBackups(old)].slice(0, MAX_BACKUPS));
        return { ok: true, backup };
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
