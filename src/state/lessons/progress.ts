// The rules of a lesson's progress: opened, watched to the end, quiz answers and tries, completed. The record itself
// and how it is stored are storage's (storage/lessons.ts).
import type { QuizQuestion } from '../../content/lessons/index.ts';
import type { LessonProgress } from '../../storage/lessons.ts';

export type { LessonProgress, ProgressRecord } from '../../storage/lessons.ts';

export function emptyProgress(): LessonProgress {
  return { opened: false, watched: false, answers: {}, tries: {}, completed: false };
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
