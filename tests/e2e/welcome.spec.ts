// The way in for a newcomer: a first visit opens the welcome, "learn" lands on lesson 1 with its caption in view,
// and the header's Lessons button opens the lessons in one click at 1280 px. The welcome is photographed at three
// widths (test-results/welcome-<width>.png) and scanned with axe.
import { expect, test } from '@playwright/test';
import { LESSONS } from '../../src/content/lessons/index.ts';
import { allViolations } from './axe-scan.ts';

test('a first-time visitor sees the welcome, picks "learn" and lands on lesson 1 with its caption on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const welcome = page.getByTestId('welcome');
  await expect(welcome).toBeVisible({ timeout: 20_000 });
  expect(await allViolations(page, '[data-testid="welcome"]')).toEqual([]);
  await welcome.getByTestId('welcome-learn').click();
  await expect(welcome).toBeHidden();
  const lesson = page.getByTestId('lesson-page');
  await expect(lesson).toHaveAttribute('data-lesson', LESSONS[0].id, { timeout: 20_000 });
  await expect(page.getByTestId('lesson-caption')).toBeInViewport();
  await expect(page.getByTestId('lesson-play')).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId('lesson-caption-next').click();
  await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-caption', LESSONS[0].captions[0].id);
  await expect(page.getByTestId('lesson-caption-text')).toBeInViewport();

  // Closed once, it stays closed on the next visit; the header brings it back.
  await page.reload();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(page.getByTestId('welcome')).toHaveCount(0);
  await page.getByTestId('welcome-open').click();
  await expect(page.getByTestId('welcome')).toBeVisible();
});

test('at 1280 px the header opens the lessons in one click', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?welcome=0');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(page.getByTestId('lessons-open')).toBeInViewport();
  await page.getByTestId('lessons-open').click();
  await expect(page.getByTestId('lesson-gallery')).toBeInViewport();
  await expect(page.getByTestId('view-tab-lessons')).toHaveAttribute('aria-selected', 'true');
});

for (const width of [1440, 1280, 390]) {
  test(`the welcome fits a ${width} px window`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto('/?welcome=1');
    const welcome = page.getByTestId('welcome');
    await expect(welcome).toBeVisible({ timeout: 20_000 });
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    const box = (await welcome.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    for (const job of ['learn', 'schema', 'automate', 'explore']) await expect(page.getByTestId(`welcome-${job}`)).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `test-results/welcome-${width}.png` });
  });
}

test('the header keeps one row at the narrowest shell (760 px): Welcome and Lessons become icons', async ({ page }) => {
  await page.setViewportSize({ width: 760, height: 700 });
  await page.goto('/?welcome=0');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  const header = page.locator('header').first();
  const height = await header.evaluate((el) => el.getBoundingClientRect().height);
  const overflow = await header.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(height).toBeLessThan(60);
  await expect(page.getByRole('button', { name: 'Lessons' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('theme-toggle')).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/header-760.png', clip: { x: 0, y: 0, width: 760, height: 60 } });
});
