// Exercise C as pi's tool chapter writes it: two slow tools that wait with a plain
// `await new Promise((r) => setTimeout(r, 2000))`, typed into the editor, played in compare mode: the timers run on
// the recording's clock, so the timeline totals are 2 s in parallel and 4 s in sequence.
import { expect, test, type Page } from '@playwright/test';
import { replaceEditorText, selectTool } from './support.ts';

const chapterTool = (name: string, reply: string) => `import { Type } from "typebox";

export default {
  name: "${name}",
  label: "${name}",
  description: "Takes two seconds.",
  parameters: Type.Object({}, { additionalProperties: true }),
  async execute() {
    await new Promise((r) => setTimeout(r, 2000));
    return { content: [{ type: "text", text: "${reply}" }], details: {} };
  },
};
`;

async function total(page: Page, label: 'parallel' | 'sequential'): Promise<number> {
  const row = page.getByTestId(`run-total-${label}`);
  await expect(row).toHaveAttribute('data-status', 'done');
  return Number(await row.getAttribute('data-duration-ms'));
}

test('Exercise C with setTimeout sleeps: 2 s in parallel, 4 s in sequence on the timeline', async ({ page }) => {
  await page.goto('/?welcome=0');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await page.getByTestId('view-tab-lessons').click();
  await page.getByTestId('lesson-card-exercise-timing').click();
  await expect(page.getByTestId('lesson-page')).toHaveAttribute('data-lesson', 'exercise-timing');

  // The chapter's code for both tools, typed into the lesson's editor.
  await selectTool(page, 'slow_fetch');
  await replaceEditorText(page, chapterTool('slow_fetch', 'chapter fetch done'));
  await selectTool(page, 'slow_compute');
  await replaceEditorText(page, chapterTool('slow_compute', 'chapter compute done'));
  await expect(page.getByTestId('tool-item').filter({ hasText: 'slow_compute' })).toBeVisible();

  // Play records both modes (the exercise compares them) on a virtual clock, in far less than the 6 s it shows.
  const started = Date.now();
  await expect(page.getByTestId('lesson-play')).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId('lesson-play').click();
  await page.getByTestId('view-tab-timeline').click();
  const parallel = await total(page, 'parallel');
  const sequential = await total(page, 'sequential');
  expect(Date.now() - started).toBeLessThan(20_000);
  expect(parallel).toBeGreaterThanOrEqual(2000);
  expect(parallel).toBeLessThan(3000);
  expect(sequential - parallel).toBeGreaterThanOrEqual(1990);
  expect(sequential - parallel).toBeLessThanOrEqual(2010);

  // The recording ran the typed code: its results are on the timeline's spans.
  await page.getByTestId('transport-scrubber').fill('100000');
  await page.getByTestId('view-tab-events').click();
  await expect(page.getByTestId('event-row').filter({ hasText: 'tool_execution_end' }).first()).toContainText('chapter');
});
