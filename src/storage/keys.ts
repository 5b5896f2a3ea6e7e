// Every name the app keeps data under: IndexedDB databases, object stores and keys, keys inside the saved
// workspace document, Web Storage keys and the channels that announce saves to other tabs. Each string is the
// address of users' existing data: changing one loses what was stored under it (keys.test.ts pins them all).
// Only storage modules use these to read and write; others use them to name a part of the workspace document.

// ── IndexedDB ────────────────────────────────────────────────────────────────────────────────────────────────

/** The app's key-value database (idb-store.ts): every record below that is not a file. */
export const APP_DATABASE = 'pi-playground';
/** Its one object store. */
export const APP_STORE = 'kv';

/** The saved workspace document with its revision and writer (workspace-repository.ts). */
export const workspaceKey = (workspaceId: string) => `workspace:${workspaceId}`;
/** Copies of a workspace record that failed its check, kept aside, newest first; never written by saves. */
export const damagedWorkspaceKey = (workspaceId: string) => `damaged:workspace:${workspaceId}`;
/** What was selected and which views were open in the workspace, restored on reload. */
export const viewStateKey = (workspaceId: string) => `view:${workspaceId}`;
/** Global preferences shared by all tabs: theme, pane sizes, auto-record, welcome seen. */
export const PREFERENCES_KEY = 'preferences';
/** The five newest workspaces replaced by a link, file or session import (backups.ts). */
export const BACKUPS_KEY = 'portable:backups';
/** The list of named filesystem snapshots, without their files (snapshots.ts). */
export const SNAPSHOT_INDEX_KEY = 'fs-snapshots';
/** One snapshot's files, under its id. */
export const snapshotKey = (snapshotId: string) => `fs-snapshot:${snapshotId}`;
/** The learner's progress per lesson: opened, watched, quiz answers and tries, completed (lessons.ts). */
export const LESSON_PROGRESS_KEY = 'lessons:progress';
/** The learner's own workspace, set aside while a lesson's workspace is in the editor. */
export const LESSON_STASH_KEY = 'lessons:stash';

/** The workspace filesystem's database (fs/idb-file-system.ts): one record per path. */
export const FILES_DATABASE = 'pi-playground-fs';
/** Its one object store. */
export const FILES_STORE = 'files';
/** The filesystem's store-wide generation counter (not a path, so loading skips it). */
export const FILES_GENERATION_KEY = 'meta:generation';

// ── Keys inside the saved workspace document (beside tools, hooks and settings) ──────────────────────────────

/** The scenarios: each one's JSON text as typed, and its last text that parsed (scenarios.ts). */
export const SCENARIOS_KEY = 'scenarios';
/** Which of pi's built-in coding tools runs get: `{ enabled, tools }`. */
export const CODING_TOOLS_KEY = 'codingTools';
/** Whether tool code may use the network: `{ allowed: true }`, never carried by links or files. */
export const SANDBOX_NETWORK_KEY = 'sandboxNetwork';
/** Marks a lesson's workspace: `{ id }` of the lesson. */
export const LESSON_MARKER_KEY = 'lesson';

// ── Web Storage (synchronous: read before IndexedDB can answer) ──────────────────────────────────────────────

/** localStorage: the files being evaluated now; left behind when tool code takes the tab down (evaluation-marker.ts). */
export const EVALUATION_MARKER_KEY = 'pi-playground:evaluating';
/** localStorage: the theme choice, mirrored so the first paint has the right colours (web-hints.ts). */
export const THEME_HINT_KEY = 'pi-playground.theme';
/** localStorage: the UI language chosen (web-hints.ts). */
export const LOCALE_HINT_KEY = 'pi-playground.locale';
/** sessionStorage only, never IndexedDB or localStorage: provider API keys the user asked this tab to remember. */
export const API_KEYS_SESSION_KEY = 'pi-playground.live.api-keys';

// ── BroadcastChannels (not stored; named here so every tab agrees) ───────────────────────────────────────────

/** Announces each workspace save to the other tabs. */
export const WORKSPACE_CHANNEL = 'pi-playground';
/** Announces the files a tab changed in filesystem database `database`. */
export const filesChannel = (database: string) => `pi-playground-fs:${database}`;
