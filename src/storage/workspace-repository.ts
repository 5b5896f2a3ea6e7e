// Loads and saves the workspace with a revision number, so two tabs on the same workspace cannot overwrite each
// other unnoticed: a save only lands on the revision it was based on (compare-and-set in one storage operation),
// and every save is announced on a BroadcastChannel so other tabs learn of it at once.
import { damagedWorkspaceKey, PREFERENCES_KEY, viewStateKey, WORKSPACE_CHANNEL, workspaceKey } from './keys.ts';
import type { KeyValueStore } from './kv-store.ts';
import { checkWorkspaceRecord, type CheckedRecord, type RecordIssue } from './record-validation.ts';
import { describeStorageError, type StorageFailure } from './storage-error.ts';
import { parsePreferences, parseViewState, type Preferences, type ViewState, type Workspace } from './workspace.ts';

/** The stored record: the document plus who wrote which revision. */
export interface WorkspaceRecord {
  revision: number;
  /** Id of the tab that wrote this revision. */
  writer: string;
  savedAt: number;
  workspace: Workspace;
}

/**
 * A stored record that did not pass the check: what is stored (untouched, and also kept aside under the damaged
 * key), what is wrong, and what repair would keep.
 */
export interface DamagedRecord {
  raw: unknown;
  issues: RecordIssue[];
  repaired: WorkspaceRecord | null;
}

export type LoadOutcome =
  | { ok: true; record: WorkspaceRecord | null; damaged?: DamagedRecord }
  | { ok: false; failure: StorageFailure };

export type SaveOutcome =
  | { ok: true; revision: number }
  /** Another tab saved since `baseRevision`; nothing was written. `current` is what is stored now. */
  | { ok: false; conflict: WorkspaceRecord }
  /** The stored record is damaged; nothing was written (only a forced save replaces it). */
  | { ok: false; damaged: DamagedRecord }
  | { ok: false; failure: StorageFailure };

/** Sent on the channel after every successful save. */
export interface SavedNotice {
  type: 'workspace-saved';
  key: string;
  revision: number;
  writer: string;
}

export interface WorkspaceRepository {
  readonly tabId: string;
  readonly durable: boolean;
  load(): Promise<LoadOutcome>;
  /**
   * Writes `workspace` as the revision after `baseRevision`. Refused with `conflict` when the stored revision
   * moved on and was written by another tab; `force` writes anyway (the user chose to keep this tab's version).
   */
  save(workspace: Workspace, baseRevision: number, options?: { force?: boolean }): Promise<SaveOutcome>;
  /**
   * Writes the whole document as the revision after `baseRevision` without reading first: the write is enqueued
   * before this returns, so it lands when the page is being unloaded (pagehide). No conflict check.
   */
  saveNow(workspace: Workspace, baseRevision: number): Promise<SaveOutcome>;
  /** The damaged copies kept aside (newest first), each as it was stored. */
  loadDamaged(): Promise<DamagedCopy[]>;
  loadViewState(): Promise<ViewState>;
  saveViewState(state: ViewState): Promise<{ ok: true } | { ok: false; failure: StorageFailure }>;
  loadPreferences(): Promise<Preferences>;
  savePreferences(prefs: Preferences): Promise<{ ok: true } | { ok: false; failure: StorageFailure }>;
  /** Calls `listener` when another tab saves this workspace. Returns the unsubscribe function. */
  onRemoteSave(listener: (notice: SavedNotice) => void): () => void;
  close(): void;
}

export interface DamagedCopy {
  keptAt: number;
  issues: RecordIssue[];
  record: unknown;
}

const MAX_DAMAGED = 5;

export interface RepositoryOptions {
  workspaceId?: string;
  tabId?: string;
  /** BroadcastChannel name; tests use a unique one per case. Default WORKSPACE_CHANNEL. */
  channelName?: string;
  now?: () => number;
}

function asRecord(checked: CheckedRecord): WorkspaceRecord {
  return { revision: checked.revision, writer: checked.writer, savedAt: checked.savedAt, workspace: checked.workspace };
}

/** The stored value read: nothing, a valid record (with the fields a newer build added), or damage. */
function readRecord(value: unknown): { record: WorkspaceRecord | null; extras: Record<string, unknown>; damaged?: DamagedRecord } {
  if (value === undefined) return { record: null, extras: {} };
  const checked = checkWorkspaceRecord(value);
  if (checked.issues.length === 0 && checked.repaired) return { record: asRecord(checked.repaired), extras: checked.repaired.extras };
  return {
    record: null,
    extras: {},
    damaged: { raw: value, issues: checked.issues, repaired: checked.repaired && asRecord(checked.repaired) },
  };
}

function parseCopies(value: unknown): DamagedCopy[] {
  return Array.isArray(value) ? value.filter((c): c is DamagedCopy => typeof c === 'object' && c !== null && 'record' in c) : [];
}

export function createWorkspaceRepository(store: KeyValueStore, options: RepositoryOptions = {}): WorkspaceRepository {
  const id = options.workspaceId ?? 'default';
  const key = workspaceKey(id);
  const viewKey = viewStateKey(id);
  const damagedKey = damagedWorkspaceKey(id);
  const tabId = options.tabId ?? (typeof crypto !== 'undefined' && crypto.randomUUID ? crypto.randomUUID() : String(Math.random()));
  const now = options.now ?? (() => Date.now());
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(options.channelName ?? WORKSPACE_CHANNEL) : null;
  const listeners = new Set<(notice: SavedNotice) => void>();
  // Fields of the stored record this build does not know; every save writes them back.
  let extras: Record<string, unknown> = {};

  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const data = event.data as Partial<SavedNotice> | null;
      if (data?.type !== 'workspace-saved' || data.key !== key || data.writer === tabId) return;
      for (const listener of listeners) listener(data as SavedNotice);
    };
  }

  async function attempt<T>(run: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; failure: StorageFailure }> {
    try {
      return { ok: true, value: await run() };
    } catch (error) {
      return { ok: false, failure: describeStorageError(error) };
    }
  }

  return {
    tabId,
    durable: store.durable,
    async load() {
      const result = await attempt(() => store.get<unknown>(key));
      if (!result.ok) return result;
      const read = readRecord(result.value);
      if (!read.damaged) {
        extras = read.extras;
        return { ok: true, record: read.record };
      }
      // Kept aside before anything else can happen to it; a copy that cannot be written is a failure to report.
      const damaged = read.damaged;
      const kept = await attempt(() => store.update<unknown>(damagedKey, (old) => {
        const copies = parseCopies(old);
        const text = JSON.stringify(damaged.raw);
        if (copies.some((c) => JSON.stringify(c.record) === text)) return copies;
        return [{ keptAt: now(), issues: damaged.issues, record: damaged.raw }, ...copies].slice(0, MAX_DAMAGED);
      }));
      if (!kept.ok) return kept;
      return { ok: true, record: null, damaged };
    },
    async save(workspace, baseRevision, saveOptions = {}) {
      let outcome: SaveOutcome | undefined;
      const result = await attempt(() =>
        store.update<unknown>(key, (old) => {
          const read = readRecord(old);
          if (read.damaged && !saveOptions.force) {
            outcome = { ok: false, damaged: read.damaged };
            return old;
          }
          const current = read.record;
          // A revision we wrote ourselves is never a conflict, even if our view of it is stale (a save that
          // timed out here but landed later).
          if (current && current.revision !== baseRevision && current.writer !== tabId && !saveOptions.force) {
            outcome = { ok: false, conflict: current };
            return old;
          }
          if (!read.damaged) extras = read.extras;
          const revision = Math.max(current?.revision ?? 0, read.damaged?.repaired?.revision ?? 0, baseRevision) + 1;
          const next = { ...extras, revision, writer: tabId, savedAt: now(), workspace };
          outcome = { ok: true, revision };
          return next;
        }),
      );
      if (!result.ok) return result;
      if (outcome?.ok) channel?.postMessage({ type: 'workspace-saved', key, revision: outcome.revision, writer: tabId } satisfies SavedNotice);
      return outcome ?? { ok: false, failure: describeStorageError(new Error('The save did not run')) };
    },
    saveNow(workspace, baseRevision) {
      const revision = baseRevision + 1;
      // store.set is called before this function returns: its transaction is opened in this task.
      const writing = attempt(() => store.set(key, { ...extras, revision, writer: tabId, savedAt: now(), workspace }));
      return writing.then((result): SaveOutcome => {
        if (!result.ok) return result;
        channel?.postMessage({ type: 'workspace-saved', key, revision, writer: tabId } satisfies SavedNotice);
        return { ok: true, revision };
      });
    },
    async loadDamaged() {
      const result = await attempt(() => store.get<unknown>(damagedKey));
      return result.ok ? parseCopies(result.value) : [];
    },
    async loadViewState() {
      const result = await attempt(() => store.get<unknown>(viewKey));
      return parseViewState(result.ok ? result.value : undefined);
    },
    async saveViewState(state) {
      const result = await attempt(() => store.set(viewKey, state));
      return result.ok ? { ok: true } : result;
    },
    async loadPreferences() {
      const result = await attempt(() => store.get<unknown>(PREFERENCES_KEY));
      return parsePreferences(result.ok ? result.value : undefined);
    },
    async savePreferences(prefs) {
      const result = await attempt(() => store.set(PREFERENCES_KEY, prefs));
      return result.ok ? { ok: true } : result;
    },
    onRemoteSave(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      channel?.close();
    },
  };
}
