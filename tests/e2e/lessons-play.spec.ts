// Lessons, end to end: every lesson and exercise plays through all its captions in English and in Chinese, the quiz
// explains each answer, progress survives a reload, and the learner's own workspace comes back. axe on the panel.
import { expect, test, type Page } from '@playwright/test';
import { LESSONS } from '../../src/content/lessons/index.ts';
import type { Lesson, LocalizedText } from '../../src/content/lessons/index.ts';
import { seriousViolations } from './axe-scan.ts';

type Locale = keyof LocalizedText;
const plain = (text: string) => text.replace(/`/g, '').replace(/\s+/g, ' ').trim();

async function openLessons(page: Page, locale: Locale): Promise<void> {
  await page.goto(`/?lang=${locale}`);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('view-tab-lessons').click();
  await expect(page.getByTestId('lesson-gallery')).toBeVisible();
}

/** Steps through every caption of the open lesson with Next, checking each text, until the run has ended. */
async function stepThrough(page: Page, lesson: Lesson, locale: Locale): Promise<void> {
  const caption = page.getByTestId('lesson-caption');
  await expect(page.getByTestId('lesson-play')).toBeEnabled({ timeout: 20_000 });
  await expect(caption).toHaveAttribute('data-state', 'before');
  for (const [index, expected] of lesson.captions.entries()) {
    await page.getByTestId('lesson-caption-next').click();
    await expect(caption).toHaveAttribute('data-caption', expected.id);
    await expect(page.getByTestId('lesson-caption-text')).toHaveText(plain(expected.text[locale]));
    await expect(page.getByTestId('lesson-caption-count')).toContainText(String(index + 1));
  }
  // A last caption at agent_end is already the end of the run; otherwise Next plays on to the end.
  const next = page.getByTestId('lesson-caption-next');
  if (await next.isEnabled()) await next.click();
  await expect(page.getByTestId('lesson-controls')).toHaveAttribute('data-state', 'ended');
  await expect(caption).toHaveAttribute('data-state', 'ended');
}

/**
 * Answers every question wrong first (the explanation shows, the lesson is not completed, the choices stay open),
 * then right; the lesson counts as completed only after the last right answer.
 */
async function answerQuiz(page: Page, lesson: Lesson, locale: Locale): Promise<void> {
  if (lesson.quiz.length === 0) {
    await expect(page.getByTestId('lesson-quiz')).toHaveCount(0);
    return;
  }
  for (const question of lesson.quiz) {
    const wrong = question.choices.find((c) => c.id !== question.answer)!.id;
    await page.getByTestId(`quiz-choice-${question.id}-${wrong}`).check();
    await expect(page.getByTestId(`quiz-${question.id}`)).toHaveAttribute('data-state', 'incorrect');
    await expect(page.getByTestId(`quiz-explanation-${question.id}`)).toContainText(plain(question.explanation[locale]));
    await expect(page.getByTestId(`quiz-retry-${question.id}`)).toBeVisible();
    await expect(page.getByTestId('lesson-completed')).toHaveCount(0);
    await page.getByTestId(`quiz-choice-${question.id}-${question.answer}`).check();
    await expect(page.getByTestId(`quiz-${question.id}`)).toHaveAttribute('data-state', 'correct');
    await expect(page.getByTestId(`quiz-${question.id}`)).toHaveAttribute('data-tries', '1');
    await expect(page.getByTestId(`quiz-choice-${question.id}-${wrong}`)).toBeDisabled();
  }
}

for (const locale of ['en', 'zh-CN'] as const) {
  test(`every lesson plays through its captions and quiz in ${locale}`, async ({ page }) => {
    // Twenty-one lessons, every caption and every quiz answered wrong then right.
    test.setTimeout(420_000);
    await openLessons(page, locale);
    await page.getByTestId(`lesson-card-${LESSONS[0].id}`).click();
    for (const [index, lesson] of LESSONS.entries()) {
      await expect(page.getByTestId('lesson-page')).toHaveAttribute('data-lesson', lesson.id);
      await expect(page.getByTestId('lesson-title')).toHaveText(plain(lesson.title[locale]));
      await expect(page.getByTestId('lesson-intro')).toHaveText(plain(lesson.intro[locale]));
      await stepThrough(page, lesson, locale);
      await answerQuiz(page, lesson, locale);
      await expect(page.getByTestId('lesson-completed')).toBeVisible();
      if (index + 1 < LESSONS.length) await page.getByTestId('lesson-next').click();
    }
    await page.getByTestId('lesson-back').click();
    await expect(page.getByTestId('lesson-progress')).toContainText(String(LESSONS.length));
  });
}

test('playback stops at each caption, language switches mid-lesson, progress survives a reload, the workspace comes back', async ({ page }) => {
  await openLessons(page, 'en');
  const starterTools = await page.getByTestId('tool-item').allTextContents();
  const lesson = LESSONS.find((l) => l.id === 'validation-and-retry')!;
  await page.getByTestId(`lesson-card-${lesson.id}`).click();
  await expect(page.getByTestId('tool-item')).toHaveCount(1);
  await expect(page.getByTestId('tool-item')).toContainText('get_forecast');
  await expect(page.getByTestId('lesson-workspace-banner')).toHaveAttribute('data-state', 'this-lesson');
  await expect(page.getByTestId('lesson-play')).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId('lesson-speed').selectOption('8');
  await page.getByTestId('lesson-play').click();
  // Playing runs until the first caption's moment, then waits for the learner.
  await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-caption', lesson.captions[0].id);
  await expect(page.getByTestId('lesson-controls')).toHaveAttribute('data-state', 'paused');
  await expect(page.getByTestId('lesson-timeline')).toBeVisible();
  await page.getByTestId('lesson-play').click();
  await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-caption', lesson.captions[1].id);
  // The language switch changes the lesson's text at once, at the same caption.
  await page.getByTestId('language-toggle').click();
  await expect(page.getByTestId('lesson-caption-text')).toHaveText(plain(lesson.captions[1].text['zh-CN']));
  await expect(page.getByTestId('lesson-title')).toHaveText(plain(lesson.title['zh-CN']));
  await page.getByTestId('language-toggle').click();
  await expect(page.getByTestId('lesson-caption-text')).toHaveText(plain(lesson.captions[1].text.en));
  await stepToEnd(page);
  await page.getByTestId(`quiz-choice-${lesson.quiz[0].id}-${lesson.quiz[0].answer}`).check();
  await expect(page.getByTestId('lesson-completed')).toBeVisible();

  // The address dropped its parameters once applied, so this load is a plain visit: ?welcome=0 keeps the first-run
  // welcome shut, as for the other journeys.
  await page.goto('/?welcome=0');
  await page.getByTestId('view-tab-lessons').click();
  await expect(page.getByTestId(`lesson-card-${lesson.id}`)).toHaveAttribute('data-state', 'completed');
  await expect(page.getByTestId('lesson-workspace-banner')).toHaveAttribute('data-state', 'other-lesson');
  await page.getByTestId('lesson-return').click();
  await expect(page.getByTestId('lesson-workspace-banner')).toHaveCount(0);
  await expect(page.getByTestId('tool-item')).toHaveText(starterTools);
});

test('the lessons that show something beside the run: the JSON Schema, the providers\' requests and the lint', async ({ page }) => {
  await openLessons(page, 'en');
  await page.getByTestId('lesson-card-optional-and-required').click();
  const schema = page.getByTestId('lesson-exhibit-json-book_table');
  await expect(page.getByTestId('lesson-exhibit')).toHaveAttribute('data-kind', 'schema');
  await expect(schema).toContainText('"required"');
  await expect(schema).toContainText('"guests"');
  const required = await page.getByTestId('lesson-exhibit-schema-book_table').evaluate((el) => el.textContent!.replace(/\s+/g, ''));
  expect(required).toContain('"required":["restaurant","time"]');

  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-page')).toHaveAttribute('data-lesson', 'one-tool-three-providers');
  await expect(page.getByTestId('lesson-exhibit-json-openai-completions')).toContainText('"function"');
  await expect(page.getByTestId('lesson-exhibit-json-anthropic-messages')).toContainText('"input_schema"');
  await expect(page.getByTestId('lesson-exhibit-json-google-generative-ai')).toContainText('"parametersJsonSchema"');

  for (let i = 0; i < 4; i++) await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-page')).toHaveAttribute('data-lesson', 'strict-mode');
  await expect(page.getByTestId('lesson-exhibit-json-openai-completions')).toContainText('"strict": true');
  await expect(page.getByTestId('lesson-exhibit-json-google-generative-ai')).not.toContainText('"strict"');
  await expect(page.getByTestId('lesson-exhibit-request-openai-completions').locator('[data-rule="strict-optional-nullable"]')).toBeVisible();
  await expect(page.getByTestId('lesson-exhibit-request-google-generative-ai').locator('[data-rule="strict-unavailable"]')).toBeVisible();
});

async function stepToEnd(page: Page): Promise<void> {
  const next = page.getByTestId('lesson-caption-next');
  for (let i = 0; i < 20 && (await next.isEnabled()); i++) await next.click();
  await expect(page.getByTestId('lesson-controls')).toHaveAttribute('data-state', 'ended');
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the lessons panel passes axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openLessons(page, 'en');
    const serious = () => seriousViolations(page, '[data-testid="view-panel-lessons"]');
    expect(await serious()).toEqual([]);
    await page.getByTestId('lesson-card-hooks').click();
    await expect(page.getByTestId('lesson-play')).toBeEnabled({ timeout: 20_000 });
    await stepToEnd(page);
    await page.getByTestId('quiz-choice-before-when-before-validation').check();
    expect(await serious()).toEqual([]);
  });
}
