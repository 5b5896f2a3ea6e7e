// Steps several demos share: play a lesson caption by caption (a screenshot at each), answer its quiz.
import { findLesson } from '../../../src/content/lessons/catalog/index.ts';
import type { DemoContext } from './demo-kit.ts';

/**
 * Plays the open lesson; it pauses at each caption, where a screenshot is taken, until the run has ended. Returns
 * the ids of the captions seen, in order.
 */
export async function playThroughCaptions({ api, shot, linger }: DemoContext): Promise<string[]> {
  const seen: string[] = [];
  for (let guard = 0; guard < 40; guard++) {
    const before = await api.state();
    if (before.status === 'ended') break;
    await api.act('play');
    const next = await api.waitFor('caption');
    if (!next.ok || !next.state.caption) break;
    seen.push(next.state.caption.id);
    await shot(`caption-${next.state.caption.id}`);
    await linger(2200);
  }
  const end = await api.waitFor('ended');
  if (!end.ok) throw new Error(`The lesson did not play to its end (${end.reason}, ${end.state.status})`);
  return seen;
}

/** Answers every question of the open lesson with its right answer (test ids quiz-choice-<question>-<choice>). */
export async function answerQuiz({ page, api, linger }: DemoContext): Promise<void> {
  const state = await api.state();
  const lesson = state.lesson ? findLesson(state.lesson.id) : undefined;
  if (!lesson) throw new Error('No lesson is open');
  for (const question of lesson.quiz) {
    await page.getByTestId(`quiz-choice-${question.id}-${question.answer}`).check();
    await page.getByTestId(`quiz-explanation-${question.id}`).waitFor();
    await linger(1200);
  }
}

/**
 * The open lesson from start to quiz: a screenshot of the lesson page, one at each caption, the quiz answered and a
 * screenshot of it (when the lesson has one). Returns the ids of the captions seen.
 */
export async function playLesson(demo: DemoContext): Promise<string[]> {
  await demo.shot('lesson');
  const captions = await playThroughCaptions(demo);
  const state = await demo.api.state();
  if (state.lesson && (findLesson(state.lesson.id)?.quiz.length ?? 0) > 0) {
    await answerQuiz(demo);
    await demo.shot('quiz');
  }
  return captions;
}
