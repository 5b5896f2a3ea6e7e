// Keyboard shortcuts: every transport control and every panel from the keyboard, all listed in the `?` overlay,
// and never taken from the editor, a text field or a focused button.
import { expect, test, type Page } from '@playwright/test';
import { createDemoApi } from '../demos/support/demo-kit.ts';
import { editorContent, openApp } from './support.ts';

const automation = (page: Page) => page.getByTestId('automation');

/** Presses a key with the focus on the page itself (not in a field). */
async function press(page: Page, key: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(key);
}

test('? and the header button open the shortcuts list naming every panel; Escape closes it and focus comes back', async ({ page }) => {
  await openApp(page);
  await press(page, '?');
  const dialog = page.getByTestId('shortcuts-dialog');
  await expect(dialog).toBeVisible();
  const tabs = await page.locator('[data-testid^="view-tab-"]').allTextContents();
  expect(tabs.length).toBeGreaterThanOrEqual(7);
  for (const [index, title] of tabs.entries()) {
    await expect(page.getByTestId('shortcuts-group-panels')).toContainText(`${index + 1} Open ${title.trim()}`);
  }
  await expect(page.getByTestId('shortcuts-group-playback')).toContainText('Play or pause');
  // Keys are not taken while a dialog is open.
  await page.keyboard.press('5');
  await expect(page.getByTestId('view-tab-schema')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByTestId('shortcuts-open').click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('shortcuts-open')).toBeFocused();
  // The transport's help button opens the same list.
  await page.getByTestId('view-tab-timeline').click();
  await page.getByTestId('transport-help').click();
  await expect(dialog).toBeVisible();
  await page.getByTestId('shortcuts-close').click();
  await expect(dialog).toBeHidden();
});

test('digits open the panels, \\ shows the views pane alone; keys typed into the editor and fields stay text', async ({ page }) => {
  await openApp(page);
  await press(page, '4');
  await expect(page.getByTestId('view-tab-timeline')).toHaveAttribute('aria-selected', 'true');
  await press(page, '7');
  await expect(page.getByTestId('view-tab-lessons')).toHaveAttribute('aria-selected', 'true');
  await press(page, '\\');
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(page.getByTestId('layout-restore')).toBeVisible();
  await press(page, '\\');
  await expect(page.getByTestId('sidebar')).toBeVisible();

  await editorContent(page).click();
  await page.keyboard.type('2 ');
  await expect(page.getByTestId('view-tab-lessons')).toHaveAttribute('aria-selected', 'true');
  await expect(editorContent(page)).toContainText('2 ');
  await page.keyboard.press('ControlOrMeta+z');

  await press(page, '3');
  await page.getByTestId('scenario-prompt').first().click();
  await page.keyboard.type(' 1');
  await expect(page.getByTestId('view-tab-scenario')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('scenario-prompt').first()).toHaveValue(/ 1$/);
});

test('Space, the arrows, Home, End, [ ], C and R drive the transport from any panel', async ({ page }) => {
  await openApp(page);
  const api = createDemoApi(page);
  await press(page, 'ArrowRight');
  await expect(automation(page)).toHaveAttribute('data-state', 'paused');
  await expect(automation(page)).toHaveAttribute('data-shown', '1');
  await press(page, 'ArrowRight');
  await press(page, 'ArrowRight');
  await expect(automation(page)).toHaveAttribute('data-shown', '3');
  await press(page, 'ArrowLeft');
  await expect(automation(page)).toHaveAttribute('data-shown', '2');
  await press(page, 'Shift+ArrowRight');
  await expect(automation(page)).toHaveAttribute('data-phase', 'queued');
  await press(page, 'End');
  await expect(automation(page)).toHaveAttribute('data-state', 'ended');
  await press(page, 'Home');
  await expect(automation(page)).toHaveAttribute('data-cursor-ms', '0');
  await press(page, ']');
  expect((await api.state()).speed).toBe(2);
  await press(page, '[');
  await press(page, '[');
  expect((await api.state()).speed).toBe(0.5);
  await press(page, ' ');
  await expect(automation(page)).toHaveAttribute('data-state', 'playing');
  await press(page, ' ');
  await expect(automation(page)).toHaveAttribute('data-state', 'paused');
  await press(page, 'c');
  await expect.poll(async () => (await api.state()).recordings.map((r) => r.label)).toEqual(['parallel', 'sequential']);
  await press(page, 'r');
  await expect.poll(async () => { const s = await api.state(); return [s.status, s.cursorMs, s.recordings.length]; }).toEqual(['paused', 0, 2]);

  // Space on a focused button presses the button, and does not play.
  await page.getByTestId('share-open').focus();
  await page.keyboard.press(' ');
  await expect(page.getByTestId('share-dialog')).toBeVisible();
  await expect(automation(page)).toHaveAttribute('data-state', 'paused');
  await page.keyboard.press('Escape');
});

test('N and P go to the next and previous caption of the open lesson', async ({ page }) => {
  await page.goto('/?lesson=validation-and-retry');
  await page.waitForFunction(() => window.piPlayground !== undefined);
  const api = createDemoApi(page);
  expect((await api.waitFor('recorded')).ok).toBe(true);
  await press(page, 'n');
  await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-caption', 'invalid');
  await press(page, 'n');
  await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-caption', 'message');
  await expect(automation(page)).toHaveAttribute('data-caption', 'message');
  await press(page, 'p');
  await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-caption', 'invalid');
  expect((await api.state()).caption).toMatchObject({ index: 0, id: 'invalid' });
});
