// What the gallery remembers per lesson: opened, watched to the end, quiz answers, completed. Stored as one record
// in the app's key-value store; parsing is forgiving, so damaged or older data yields what is usable.

export interface LessonProgress {
  opened: boolean;
  /** The run was played (or stepped) to its end at least once. */
  watched: boolean;
  /** Question id -> the chosen choice id. */
  answers: Record<string, string>;
  completed: boolean;
}

export type ProgressRecord = Record<string, LessonProgress>;

export const PROGRESS_KEY = 'lessons:progress';
/** The learner's own workspace, kept while a lesson's workspace is loaded in the editor. */
export const STASH_KEY = 'lessons:stash';

export function emptyProgress(): LessonProgress {
  return { opened: false, watched: false, answers: {}, completed: false };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseProgress(value: unknown): ProgressRecord {
  if (!isRecord(value)) return {};
  const out: ProgressRecord = {};
  for (const [id, entry] of Object.entries(value)) {
    if (!isRecord(entry)) continue;
    const answers: Record<string, string> = {};
    if (isRecord(entry.answers)) for (const [q, a] of Object.entries(entry.answers)) if (typeof a === 'string') answers[q] = a;
    out[id] = {
      opened: entry.opened === true,
      watched: entry.watched === true,
      answers,
      completed: entry.completed === true,
    };
  }
  return out;
}

/** A lesson is complete once its run was watched to the end and every quiz question was answered. */
export function isComplete(progress: LessonProgress, questionIds: readonly string[]): boolean {
  return progress.watched && questionIds.every((id) => id in progress.answers);
}
