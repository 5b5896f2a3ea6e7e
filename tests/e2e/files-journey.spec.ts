// The files side, end to end: reset the files to the examples (and undo it), turn on pi's coding tools, run the
// "edit a file" example from the Files panel and see the edited file with its R/W marks, change the file by hand,
// restart and see the run start again from the same files; upload and download; axe on every part of the panel.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe-scan.ts';
import { openApp } from './support.ts';

async function openFiles(page: Page, section: 'files' | 'snapshots' | 'tools' = 'files') {
  await page.getByTestId('view-tab-files').click();
  await page.getByTestId(`files-tab-${section}`).click();
  if (section === 'files') await expect(page.getByTestId('files-panel')).toHaveAttribute('data-status', 'ready');
}

const row = (page: Page, name: string) => page.getByTestId('files-row').filter({ has: page.getByTestId('files-row-name').getByText(name, { exact: true }) });

async function waitForRun(page: Page) {
  await expect(page.getByTestId('transport')).not.toHaveAttribute('data-state', /idle|recording/, { timeout: 20_000 });
}

const filesPanelViolations = (page: Page) => seriousViolations(page, '[data-testid="files-panel"]');

test('a run edits a file with pi’s edit tool, and a restart starts again from the same files', async ({ page }) => {
  await openApp(page);
  await openFiles(page);

  // Reset to the example files (asks first), and undo is offered.
  await page.getByTestId('files-reset').click();
  await page.getByTestId('files-reset-dialog-confirm').click();
  await expect(page.getByTestId('files-notice')).toHaveAttribute('data-key', 'files.done.reset');
  await expect(page.getByTestId('files-undo')).toBeVisible();
  await expect(row(page, 'README.md')).toBeVisible();
  await expect(page.getByTestId('files-seed')).toBeDisabled(); // the examples are all there: nothing to seed twice

  // The files example calls read and edit: the Files panel offers to turn pi's coding tools on.
  await page.getByTestId('view-tab-scenario').click();
  await page.getByTestId('scenario-picker').selectOption('example-edit-a-file');
  await openFiles(page);
  await expect(page.getByTestId('coding-tools-hint')).toContainText('read, edit');
  await page.getByTestId('coding-tools-hint-enable').click();
  await expect(page.getByTestId('coding-tools-hint')).toHaveCount(0);
  await openFiles(page, 'tools');
  await expect(page.getByTestId('coding-tools')).toHaveAttribute('data-enabled', 'true');
  await expect(page.getByTestId('coding-tool-bash')).toContainText('Not available in a browser');

  // Play it from the Files panel: the file changes and carries the run's marks.
  await openFiles(page);
  await row(page, 'README.md').click();
  await expect(page.getByTestId('file-editor')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('file-editor-content')).toContainText('A tiny example project');
  await page.getByTestId('transport-speed').selectOption('8');
  await page.getByTestId('transport-play').click();
  await waitForRun(page);
  await expect(page.getByTestId('file-editor-content')).toContainText('A small example project');
  await expect(page.getByTestId('transport')).toHaveAttribute('data-state', 'ended', { timeout: 20_000 });
  await expect(row(page, 'README.md').getByTestId('files-mark-read')).toContainText('R2');
  await row(page, 'README.md').getByTestId('files-mark-write').click();
  await expect(page.getByTestId('files-selected-access')).toContainText('edit-readme');
  await expect(page.getByTestId('files-run-start')).toHaveAttribute('data-snapshot', 'captured');

  // Change the file by hand: the phrase the edit looks for is gone…
  await page.getByTestId('file-editor-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('Rewritten by hand.\n');
  await page.getByTestId('file-save').click();
  await expect(page.getByTestId('file-view')).toHaveAttribute('data-dirty', 'false');
  await expect(page.getByTestId('file-editor-content')).toHaveText('Rewritten by hand.');

  // …yet a restart records the same run: the files are put back first, so the edit finds its text again.
  await page.getByTestId('transport-restart').click();
  await waitForRun(page);
  await expect(page.getByTestId('file-editor-content')).toContainText('A small example project');
  await page.getByTestId('transport-play').click();
  await expect(page.getByTestId('transport')).toHaveAttribute('data-state', 'ended', { timeout: 20_000 });
  await expect(row(page, 'README.md').getByTestId('files-mark-write')).toBeVisible();

  await openFiles(page, 'snapshots');
  await expect(page.getByTestId('files-snapshots-start')).toContainText('Runs start from the files as they were at');
});

test('uploads a file, shows it byte for byte, refuses a bad name, and downloads everything as a zip', async ({ page }) => {
  await openApp(page);
  await openFiles(page);
  await page.getByTestId('files-upload-input').setInputFiles({ name: 'windows.txt', mimeType: 'text/plain', buffer: Buffer.from('\uFEFFfirst\r\nsecond\r\n') });
  await expect(page.getByTestId('files-notice')).toHaveAttribute('data-key', 'files.done.uploaded');
  await row(page, 'windows.txt').click();
  await expect(page.getByTestId('file-view-bom')).toBeVisible();
  await expect(page.getByTestId('file-view-eol')).toHaveText('CRLF');

  await page.getByTestId('files-new-file').click();
  await page.getByTestId('files-name-dialog-input').fill('../../../outside.txt');
  await page.getByTestId('files-name-dialog-confirm').click();
  await expect(page.getByTestId('files-name-dialog-error')).toContainText('climbs above the root folder');
  await page.getByTestId('files-name-dialog-cancel').click();

  const download = page.waitForEvent('download');
  await page.getByTestId('files-download-all').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('pi-playground-files.zip');
  const bytes = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 2).toString()).toBe('PK');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the Files panel passes axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openApp(page);
    await openFiles(page);
    await row(page, 'README.md').click();
    await expect(page.getByTestId('file-editor')).toHaveAttribute('data-ready', 'true');
    expect(await filesPanelViolations(page)).toEqual([]);
    await openFiles(page, 'snapshots');
    expect(await filesPanelViolations(page)).toEqual([]);
    await openFiles(page, 'tools');
    await page.getByTestId('coding-tools-enabled').check();
    expect(await filesPanelViolations(page)).toEqual([]);
  });
}
