// Shared steps for the e2e journeys: wait for the app and its sandbox, pick a tool, replace an editor's text.
import { expect, type Page } from '@playwright/test';

/**
 * Opens the app and waits until the workspace is loaded and the first schema is shown (sandbox running). The
 * first-run welcome stays shut (`welcome=0`), as for any address that drives the app; welcome.spec.ts opens it.
 */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/?welcome=0');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(page.getByTestId('schema-json')).toBeVisible({ timeout: 20_000 });
}

export async function selectTool(page: Page, name: string): Promise<void> {
  await page.getByTestId('tool-item').filter({ hasText: name }).getByText(name, { exact: true }).click();
  await expect(page.getByTestId('editor-title')).toHaveText(name);
}

/** The main editor's text area (CodeMirror content, inside the editor's shadow root). */
export function editorContent(page: Page, testid = 'editor') {
  return page.getByTestId(testid).locator('.cm-content');
}

/** Replaces the whole text of an editor, as a paste would. */
export async function replaceEditorText(page: Page, text: string, testid = 'editor'): Promise<void> {
  const content = editorContent(page, testid);
  await content.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}
