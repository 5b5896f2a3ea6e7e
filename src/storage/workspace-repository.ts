// Loads and saves the workspace with a revision number, so two tabs on the same workspace cannot overwrite each
// other unnoticed: a save only lands on the revision it was based on (compare-and-set in one storage operation),
// and every save is announced on a BroadcastChannel so other tabs learn of it at once.
import type { KeyValueStore } from './kv-store.ts';
import { describeStorageError, type StorageFailure } from './storage-error.ts';
import { parsePreferences, parseViewState, parseWorkspace, type Preferences, type ViewState, type Workspace } from './workspace.ts';

/** The stored record: the document plus who wrote which revision. */
export interface WorkspaceRecord {
  revision: number;
  /** Id of the tab that wrote this revision. */
  writer: string;
  savedAt: number;
  workspace: Workspace;
}

export type LoadOutcome = { ok: true; record: WorkspaceRecord | null } | { ok: false; failure: StorageFailure };

export type SaveOutcome =
  | { ok: true; revision: number }
  /** Another tab saved since `baseRevision`; nothing was written. `current` is what is stored now. */
  | { ok: false; conflict: WorkspaceRecord }
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
  loadViewState(): Promise<ViewState>;
  saveViewState(state: ViewState): Promise<{ ok: true } | { ok: false; failure: StorageFailure }>;
  loadPreferences(): Promise<Preferences>;
  savePreferences(prefs: Preferences): Promise<{ ok: true } | { ok: false; failure: StorageFailure }>;
  /** Calls `listener` when another tab saves this workspace. Returns the unsubscribe function. */
  onRemoteSave(listener: (notice: SavedNotice) => void): () => void;
  close(): void;
}

export interface RepositoryOptions {
  workspaceId?: string;
  tabId?: string;
  /** BroadcastChannel name; tests use a unique one per case. Default 'pi-playground'. */
  channelName?: string;
  now?: () => number;
}

function parseRecord(value: unknown): WorkspaceRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  const workspace = parseWorkspace(raw.workspace);
  if (!workspace || typeof raw.revision !== 'number') return null;
  return {
    revision: raw.revision,
    writer: typeof raw.writer === 'string' ? raw.writer : '',
    savedAt: typeof raw.savedAt === 'number' ? raw.savedAt : 0,
    workspace,
  };
}

export function createWorkspaceRepository(store: KeyValueStore, options: RepositoryOptions = {}): WorkspaceRepository {
  const id = options.workspaceId ?? 'default';
  const key = `workspace:${id}`;
  const viewKey = `view:${id}`;
  const prefsKey = 'preferences';
  const tabId = options.tabId ?? (typeof crypto !== 'undefined' && crypto.randomUUID ? crypto.randomUUID() : String(Math.random()));
  const now = options.now ?? (() => Date.now());
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(options.channelName ?? 'pi-playground') : null;
  const listeners = new Set<(notice: SavedNotice) => void>();

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
      return { ok: true, record: parseRecord(result.value) };
    },
    async save(workspace, baseRevision, saveOptions = {}) {
      let outcome: SaveOutcome | undefined;
      const result = await attempt(() =>
        store.update<unknown>(key, (old) => {
          const current = parseRecord(old);
          // A revision we wrote ourselves is never a conflict, even if our view of it is stale (a save that
          // timed out here but landed later).
          if (current && current.revision !== baseRevision && current.writer !== tabId && !saveOptions.force) {
            outcome = { ok: false, conflict: current };
            return old;
          }
          const next: WorkspaceRecord = { revision: (current?.revision ?? 0) + 1, writer: tabId, savedAt: now(), workspace };
          outcome = { ok: true, revision: next.revision };
          return next;
        }),
      );
      if (!result.ok) return result;
      if (outcome?.ok) channel?.postMessage({ type: 'workspace-saved', key, revision: outcome.revision, writer: tabId } satisfies SavedNotice);
      return outcome ?? { ok: false, failure: describeStorageError(new Error('The save did not run')) };
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
      const result = await attempt(() => store.get<unknown>(prefsKey));
      return parsePreferences(result.ok ? result.value : undefined);
    },
    async savePreferences(prefs) {
      const result = await attempt(() => store.set(prefsKey, prefs));
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
