// What the lessons keep in the app's key-value store: the learner's progress per lesson (LESSON_PROGRESS_KEY) and
// their own workspace, set aside while a lesson's workspace is in the editor (LESSON_STASH_KEY). Parsing is
// forgiving, so damaged or older data yields what is usable; a store that refuses rejects with a StorageError.
import { LESSON_PROGRESS_KEY, LESSON_STASH_KEY } from './keys.ts';
import type { KeyValueStore } from './kv-store.ts';
import { storageCall } from './storage-error.ts';
import { parseWorkspace, type Workspace } from './workspace.ts';

export interface LessonProgress {
  opened: boolean;
  /** The run was played (or stepped) to its end at least once. */
  watched: boolean;
  /** Question id -> the choice id chosen last (a wrong one may be replaced by a retry; a right one stays). */
  answers: Record<string, string>;
  /** Question id -> how many wrong answers were given before the current one. */
  tries: Record<string, number>;
  /** Once true, stays true: a completed lesson is never taken back (not by a reset quiz, not by a new rule). */
  completed: boolean;
}

export type ProgressRecord = Record<string, LessonProgress>;

export interface WorkspaceStash {
  workspace: Workspace;
  savedAt: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function entriesOf<T>(value: unknown, keep: (v: unknown) => v is T): Record<string, T> {
  const out: Record<string, T> = {};
  if (isRecord(value)) for (const [key, v] of Object.entries(value)) if (keep(v)) out[key] = v;
  return out;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/**
 * Reads the stored record. Records written before quizzes decided completion (no `tries`) keep every field: a
 * lesson they mark completed stays completed, and a wrong first answer (final then) can now be retried.
 */
export function parseProgress(value: unknown): ProgressRecord {
  if (!isRecord(value)) return {};
  const out: ProgressRecord = {};
  for (const [id, entry] of Object.entries(value)) {
    if (!isRecord(entry)) continue;
    out[id] = {
      opened: entry.opened === true,
      watched: entry.watched === true,
      answers: entriesOf(entry.answers, isString),
      tries: entriesOf(entry.tries, isCount),
      completed: entry.completed === true,
    };
  }
  return out;
}

export function parseStash(value: unknown): WorkspaceStash | null {
  if (!isRecord(value)) return null;
  const workspace = parseWorkspace(value.workspace);
  if (!workspace) return null;
  return { workspace, savedAt: typeof value.savedAt === 'number' ? value.savedAt : 0 };
}

export interface LessonRecords {
  loadProgress(): Promise<ProgressRecord>;
  saveProgress(progress: ProgressRecord): Promise<void>;
  /** Null when there is none (or nothing usable is stored). */
  loadStash(): Promise<WorkspaceStash | null>;
  saveStash(stash: WorkspaceStash): Promise<void>;
  deleteStash(): Promise<void>;
}

export function createLessonRecords(store: KeyValueStore): LessonRecords {
  const progress = 'the lesson progress';
  const stash = 'the stashed workspace';
  return {
    loadProgress: async () => parseProgress(await storageCall(progress, 'read', LESSON_PROGRESS_KEY, () => store.get(LESSON_PROGRESS_KEY))),
    saveProgress: (record) => storageCall(progress, 'write', LESSON_PROGRESS_KEY, () => store.set(LESSON_PROGRESS_KEY, record)),
    loadStash: async () => parseStash(await storageCall(stash, 'read', LESSON_STASH_KEY, () => store.get(LESSON_STASH_KEY))),
    saveStash: (value) => storageCall(stash, 'write', LESSON_STASH_KEY, () => store.set(LESSON_STASH_KEY, value)),
    deleteStash: () => storageCall(stash, 'delete', LESSON_STASH_KEY, () => store.delete(LESSON_STASH_KEY)),
  };
}
