// Reduced motion: with prefers-reduced-motion, nothing in the page animates, transitions or scrolls smoothly —
// dialogs, the recording indicator, hovered cards — and playback still runs to the end. The same checks without
// the preference see the motion, so they are able to fail.
import { expect, test, type Page } from '@playwright/test';
import { createDemoApi } from '../demos/support/demo-kit.ts';

/** CSS animations and transitions running in the document right now. */
const running = (page: Page) => page.evaluate(() => document.getAnimations().map((a) => (a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty));

/** How long one blink of the editor's caret takes ('0s': it does not blink). */
const caretBlink = (page: Page) => page.locator('.cm-cursorLayer').first().evaluate((el) => {
  const style = getComputedStyle(el);
  return style.animationName === 'none' ? '0s' : style.animationDuration;
});

/**
 * Restarts the run and reads the recording indicator's dot the moment it is added (the restart first puts the files
 * back and restarts the sandbox, which on a loaded machine can take longer than any fixed number of frames): its
 * animation, and how many animations run in the document then.
 */
const recordingDot = (page: Page) => page.evaluate(() => new Promise<{ dot: string; running: number }>((resolve) => {
  const look = () => {
    const dot = document.querySelector('[data-testid="transport-recording"] .dot');
    if (!dot) return false;
    observer.disconnect();
    resolve({ dot: getComputedStyle(dot).animationName, running: document.getAnimations().length });
    return true;
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, { childList: true, subtree: true });
  void window.piPlayground!.restart().then(() => {
    if (look()) return;
    observer.disconnect();
    resolve({ dot: 'never shown', running: document.getAnimations().length });
  });
}));

async function open(page: Page) {
  await page.goto('/?scenario=parallel-vs-sequential&panel=timeline&speed=8');
  await page.waitForFunction(() => window.piPlayground !== undefined);
  const api = createDemoApi(page);
  await api.whenIdle();
  return api;
}

test('with reduced motion nothing animates or scrolls smoothly, and playback still runs to the end', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const api = await open(page);

  // The editor's caret stays still (its blink runs in the editor's shadow root, out of document.getAnimations()).
  await page.getByTestId('editor-content').click();
  await expect(page.locator('.cm-cursor-primary')).toHaveCount(1);
  expect(await caretBlink(page)).toBe('0s');

  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('share-dialog')).toBeVisible();
  expect(await running(page)).toEqual([]);
  expect(await page.getByTestId('share-dialog').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await page.keyboard.press('Escape');

  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
  expect(await running(page)).toEqual([]);
  await page.keyboard.press('Escape');

  const whileRecording = await recordingDot(page);
  expect(whileRecording).toEqual({ dot: 'none', running: 0 });
  await api.whenIdle();

  await api.act('setPanel', 'lessons');
  const card = page.locator('[data-testid^="lesson-card-"]').first();
  await card.hover();
  expect(await card.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
  expect(await running(page)).toEqual([]);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');

  await api.act('setPanel', 'timeline');
  await api.act('play');
  const ended = await api.waitFor('ended', 20_000);
  expect(ended.ok).toBe(true);
  expect(ended.state.cursorMs).toBe(ended.state.durationMs);
});

test('without the preference the same dialog and card do move (so the check above can see motion)', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const api = await open(page);
  await page.getByTestId('editor-content').click();
  await expect(page.locator('.cm-cursor-primary')).toHaveCount(1);
  expect(await caretBlink(page)).not.toBe('0s');
  await page.getByTestId('share-open').click();
  expect(await page.getByTestId('share-dialog').evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none');
  await page.keyboard.press('Escape');
  await api.act('setPanel', 'lessons');
  const card = page.locator('[data-testid^="lesson-card-"]').first();
  expect(await card.evaluate((el) => getComputedStyle(el).transitionDuration)).not.toBe('0s');
  await api.act('setPanel', 'timeline');
  const { dot } = await recordingDot(page);
  expect(dot).not.toBe('none');
  expect(dot).not.toBe('never shown');
});
