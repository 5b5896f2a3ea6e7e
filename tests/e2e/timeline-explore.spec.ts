// Exploring a run on the timeline as a learner would: the keyboard walks a call's phases and moves between calls,
// Enter opens the details, the table lists the same spans, zoom and fit change the scale; axe in both themes with
// a span selected, in the chart and in the table.
import { expect, test, type Page } from '@playwright/test';
import { openApp } from './support.ts';
import { seriousViolations } from './axe-scan.ts';

/** A run's lanes; recording ids end with the run's mode (`run-<n>-sequential`). */
const run = (page: Page, mode: 'parallel' | 'sequential') => page.locator(`[data-testid^="timeline-run-"][data-testid$="-${mode}"]`);

async function recordCompare(page: Page): Promise<void> {
  await openApp(page);
  await page.getByTestId('view-tab-scenario').click();
  await page.getByTestId('scenario-new').click();
  await page.getByTestId('scenario-new-parallel-vs-sequential').click();
  await page.getByTestId('transport-compare').click();
  await page.getByTestId('transport-step').click();
  await expect(page.getByTestId('transport')).toHaveAttribute('data-state', 'paused', { timeout: 15_000 });
  await page.getByTestId('transport-scrubber').fill('100000');
  await page.getByTestId('view-tab-timeline').click();
  await expect(page.getByTestId('timeline')).toBeVisible();
}

test('the keyboard walks the phases of a call, moves between calls and opens the details', async ({ page }) => {
  await recordCompare(page);
  const sequential = run(page, 'sequential');
  await sequential.getByTestId('timeline-span-fib-queued').click();
  await expect(page.getByTestId('span-details')).toHaveAttribute('data-phase', 'queued');
  await page.getByTestId('timeline-chart').focus();
  // The starter workspace has a beforeToolCall hook: queued → validate → beforeToolCall → execute.
  for (const phase of ['validate', 'beforeToolCall', 'execute']) {
    await page.keyboard.press('ArrowRight');
    await expect(sequential.locator('[data-selected="true"]')).toHaveAttribute('data-phase', phase);
  }
  await expect(page.getByTestId('timeline-announcement')).toContainText('slow_compute fib, execute');
  await page.keyboard.press('ArrowUp');
  await expect(sequential.locator('[data-selected="true"]')).toHaveAttribute('data-testid', 'timeline-span-fetch-execute');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('span-details')).toHaveAttribute('data-phase', 'execute');

  const scale = async () => Number(await page.getByTestId('timeline-chart').getAttribute('data-px-per-ms'));
  const fit = await scale();
  await page.getByTestId('timeline-chart').focus();
  await page.keyboard.press('+');
  expect(await scale()).toBeCloseTo(fit * 1.5, 5);
  await page.getByTestId('timeline-zoom-fit').click();
  expect(await scale()).toBeCloseTo(fit, 5);

  await page.getByTestId('timeline-table-toggle').click();
  await expect(page.getByTestId('timeline-table').locator('tr[aria-selected="true"]')).toHaveAttribute('data-testid', 'timeline-row-fetch-execute');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the timeline with a selected span passes axe in the ${colorScheme} theme, chart and table`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await recordCompare(page);
    await run(page, 'parallel').getByTestId('timeline-span-fib-execute').click();
    const serious = () => seriousViolations(page, '[data-testid="views"]');
    expect(await serious()).toEqual([]);
    await page.getByTestId('timeline-table-toggle').click();
    expect(await serious()).toEqual([]);
  });
}
