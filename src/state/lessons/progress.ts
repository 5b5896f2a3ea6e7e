// What the gallery remembers per lesson: opened, watched to the end, quiz answers and tries, completed. Stored as one
// record in the app's key-value store; parsing is forgiving, so damaged or older data yields what is usable.
import type { QuizQuestion } from '../../content/lessons/index.ts';

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

export const PROGRESS_KEY = 'lessons:progress';
/** The learner's own workspace, kept while a lesson's workspace is loaded in the editor. */
export const STASH_KEY = 'lessons:stash';

export function emptyProgress(): LessonProgress {
  return { opened: false, watched: false, answers: {}, tries: {}, completed: false };
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

/** Whether this answer is taken: a question still open, or one answered wrong (a retry); a right answer is final. */
export function acceptsAnswer(progress: LessonProgress, question: QuizQuestion): boolean {
  return progress.answers[question.id] !== question.answer;
}

/** The progress after choosing `choiceId` for `question` (a wrong answer counts one more try). */
export function withAnswer(progress: LessonProgress, question: QuizQuestion, choiceId: string): Partial<LessonProgress> {
  const wrong = choiceId !== question.answer;
  return {
    answers: { ...progress.answers, [question.id]: choiceId },
    tries: wrong ? { ...progress.tries, [question.id]: (progress.tries[question.id] ?? 0) + 1 } : progress.tries,
  };
}

/**
 * A lesson is complete when every quiz question is answered right (the quiz is shown once the run was watched to
 * the end); a lesson without a quiz once its run was watched to the end.
 */
export function isComplete(progress: LessonProgress, quiz: readonly QuizQuestion[]): boolean {
  if (quiz.length === 0) return progress.watched;
  return quiz.every((q) => progress.answers[q.id] === q.answer);
}
