// "Change it and watch what happens": record the parallel-vs-sequential example, give slow_fetch executionMode
// "sequential" by typing in the editor, and see the recording marked out of date naming the tool; Play records it
// anew and the timeline shows the longer run. With "Re-record on edit" on, the run records again by itself once the
// typing stops, without taking the focus or the caret from the editor.
import { expect, test, type Page } from '@playwright/test';
import { editorContent, openApp, selectTool } from './support.ts';

const transport = (page: Page) => page.getByTestId('transport');
const total = (page: Page) => page.getByTestId('run-total-parallel');

async function recordOnce(page: Page): Promise<number> {
  await page.getByTestId('view-tab-timeline').click();
  await page.getByTestId('transport-speed').selectOption('8');
  await page.getByTestId('transport-play').click();
  await expect(transport(page)).toHaveAttribute('data-state', 'ended', { timeout: 15_000 });
  const ms = Number(await total(page).getAttribute('data-duration-ms'));
  expect(ms).toBeGreaterThanOrEqual(2000);
  expect(ms).toBeLessThan(3500);
  return ms;
}

/** Types executionMode: "sequential" under slow_fetch's name, key by key. */
async function makeSlowFetchSequential(page: Page): Promise<void> {
  await selectTool(page, 'slow_fetch');
  await editorContent(page).getByText('name: "slow_fetch",').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('executionMode: "sequential",', { delay: 15 });
}

test('an edited tool marks the recording out of date, naming it; Play records anew and the timeline shows the change', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('view-tab-timeline').click();
  // Auto re-record off: this journey is about the notice and Play.
  await page.getByTestId('transport-auto-record').uncheck();
  const parallel = await recordOnce(page);
  await expect(page.getByTestId('transport-stale')).toHaveCount(0);

  await makeSlowFetchSequential(page);
  const notice = page.getByTestId('transport-stale');
  await expect(notice).toContainText('slow_fetch');
  await expect(notice).toContainText('Since this was recorded');
  await expect(notice).toHaveAttribute('data-reasons', 'tool:slow_fetch');
  // The old run is still what is shown until Play.
  await expect(total(page)).toHaveAttribute('data-duration-ms', String(parallel));

  await page.getByTestId('transport-play').click();
  await expect(transport(page)).toHaveAttribute('data-state', 'ended', { timeout: 15_000 });
  await expect(notice).toHaveCount(0);
  // One tool in the batch is sequential, so the whole batch is: about 2 s more.
  const after = Number(await total(page).getAttribute('data-duration-ms'));
  expect(after - parallel).toBeGreaterThanOrEqual(1900);
  expect(after - parallel).toBeLessThanOrEqual(2100);
});

test('with Re-record on edit, a short run records again by itself after typing stops; the caret stays put', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('view-tab-timeline').click();
  await expect(page.getByTestId('transport-auto-record')).toBeChecked();
  const parallel = await recordOnce(page);

  await makeSlowFetchSequential(page);
  // Nobody pressed Play: the longer run appears on its own, shown at its end.
  await expect(total(page)).not.toHaveAttribute('data-duration-ms', String(parallel), { timeout: 10_000 });
  await expect(transport(page)).toHaveAttribute('data-state', 'ended');
  await expect(page.getByTestId('transport-stale')).toHaveCount(0);
  const after = Number(await total(page).getAttribute('data-duration-ms'));
  expect(after - parallel).toBeGreaterThanOrEqual(1900);

  // The editor kept the focus and the caret: typing goes on where it stopped.
  await page.keyboard.type(' // both wait', { delay: 10 });
  await expect(editorContent(page)).toContainText('executionMode: "sequential", // both wait');
});
