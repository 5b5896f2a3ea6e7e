// Every lesson of the gallery as a demo of its own (so a video per lesson where Playwright can record one): the
// lesson page, each caption as the run pauses at it, the quiz answered. The hand-written demos show some of the same
// lessons with more (a panel, a selection); these cover them all, in the gallery's order.
import { LESSONS } from '../../../src/content/lessons/catalog/index.ts';
import type { Lesson } from '../../../src/content/lessons/index.ts';
import type { Demo } from '../support/demo-kit.ts';
import { playLesson } from '../support/lesson-steps.ts';

export function lessonDemo(lesson: Lesson): Demo {
  const number = lesson.kind === 'lesson' ? lesson.badge.padStart(2, '0') : `ex-${lesson.badge.toLowerCase()}`;
  return {
    id: `lesson-${number}-${lesson.id}`,
    title: lesson.kind === 'lesson' ? `Lesson ${lesson.badge}: ${lesson.title.en}` : `${lesson.title.en} (${lesson.badge})`,
    url: `/?lesson=${lesson.id}&layout=editor:36,views:64&theme=light&lang=en`,
    async run(demo) { await playLesson(demo); },
  };
}

export const lessonDemos: Demo[] = LESSONS.map(lessonDemo);
