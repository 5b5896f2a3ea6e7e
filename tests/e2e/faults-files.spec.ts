// Fault probes for the virtual filesystem, in real Chromium over the built app: two pages of one browser context
// are two tabs over the same IndexedDB. One tab's deletes, edits and snapshot restores reach the other; both
// editing one file gives a conflict choice whose every option does what it says; a stale write is caught with the
// BroadcastChannel silenced; IndexedDB that never answers, or refuses a write, is said and loses nothing.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

/** Opens the app (a second tab, or a reload, may come back on the Files view, which tabs share as last used). */
async function openApp(page: Page) {
  // welcome=0: the first-run welcome stays shut, as for any address that drives the app.
  if (page.url() === 'about:blank') await page.goto('/?welcome=0');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

const README = '/workspace/README.md';

async function openFiles(page: Page) {
  await page.getByTestId('view-tab-files').click();
  await page.getByTestId('files-tab-files').click();
  await expect(page.getByTestId('files-panel')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
}

const row = (page: Page, name: string) => page.getByTestId('files-row').filter({ has: page.getByTestId('files-row-name').getByText(name, { exact: true }) });
const editor = (page: Page) => page.getByTestId('file-editor-content');

async function openReadme(page: Page) {
  await row(page, 'README.md').click();
  await expect(page.getByTestId('file-editor')).toHaveAttribute('data-ready', 'true');
}

async function typeInEditor(page: Page, text: string) {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

async function saveEdit(page: Page, text: string) {
  await typeInEditor(page, text);
  await page.getByTestId('file-save').click();
  await expect(page.getByTestId('file-view')).toHaveAttribute('data-dirty', 'false');
}

/** Two tabs with the Files panel open; `init` runs in both before the app (fault injection). */
async function twoTabs(context: BrowserContext, init?: () => void): Promise<[Page, Page]> {
  if (init) await context.addInitScript(init);
  const a = await context.newPage();
  await openApp(a);
  await openFiles(a);
  const b = await context.newPage();
  await openApp(b);
  await openFiles(b);
  return [a, b];
}

/** Silences the filesystem's cross-tab channel: only the stored revisions can catch a stale write. */
function silenceFsChannel() {
  const post = BroadcastChannel.prototype.postMessage;
  BroadcastChannel.prototype.postMessage = function (this: BroadcastChannel, message: unknown) {
    if (this.name.startsWith('pi-playground-fs')) return;
    return post.call(this, message);
  };
}

test('a file deleted in tab B leaves tab A’s tree', async ({ context }) => {
  const [a, b] = await twoTabs(context);
  await expect(row(a, 'README.md')).toBeVisible();
  await openReadme(b);
  await b.getByTestId('file-delete').click();
  await b.getByTestId('files-delete-dialog-confirm').click();
  await expect(row(b, 'README.md')).toHaveCount(0);
  await expect(row(a, 'README.md')).toHaveCount(0);
});

test('a file tab B edits shows B’s content in tab A, which had no unsaved edit', async ({ context }) => {
  const [a, b] = await twoTabs(context);
  await openReadme(a);
  await openReadme(b);
  await saveEdit(b, 'Written in tab B.\n');
  await expect(editor(a)).toHaveText('Written in tab B.');
  await expect(a.getByTestId('file-changed-on-disk')).toHaveCount(0);
});

/** A has an unsaved edit of README while B saves its own: A is asked, naming the file. */
async function bothEdit(context: BrowserContext, init?: () => void): Promise<[Page, Page]> {
  const [a, b] = await twoTabs(context, init);
  await openReadme(a);
  await openReadme(b);
  await typeInEditor(a, 'Mine, from tab A.\n');
  await saveEdit(b, 'Theirs, from tab B.\n');
  return [a, b];
}

test('both tabs edit one file: the choice names it, and keep mine overwrites theirs', async ({ context }) => {
  const [a, b] = await bothEdit(context);
  const banner = a.getByTestId('file-changed-on-disk');
  await expect(banner).toContainText(README);
  // Saving normally does not overwrite silently: the choice stays.
  await a.getByTestId('file-save').click();
  await expect(banner).toBeVisible();
  await a.getByTestId('file-keep-mine').click();
  await expect(banner).toHaveCount(0);
  await expect(editor(a)).toHaveText('Mine, from tab A.');
  await expect(editor(b)).toHaveText('Mine, from tab A.');
});

test('both tabs edit one file: take theirs drops mine and shows theirs', async ({ context }) => {
  const [a] = await bothEdit(context);
  await a.getByTestId('file-load-theirs').click();
  await expect(a.getByTestId('file-changed-on-disk')).toHaveCount(0);
  await expect(editor(a)).toHaveText('Theirs, from tab B.');
  await expect(a.getByTestId('file-view')).toHaveAttribute('data-dirty', 'false');
});

test('both tabs edit one file: save mine as a copy keeps both', async ({ context }) => {
  const [a, b] = await bothEdit(context);
  await a.getByTestId('file-save-copy').click();
  await expect(a.getByTestId('files-notice')).toHaveAttribute('data-key', 'files.conflict.copied');
  await expect(a.getByTestId('file-view')).toHaveAttribute('data-path', '/workspace/README (copy).md');
  await expect(editor(a)).toHaveText('Mine, from tab A.');
  await expect(row(b, 'README (copy).md')).toBeVisible();
  await openReadme(a);
  await expect(editor(a)).toHaveText('Theirs, from tab B.');
});

test('with the channel silenced, a save based on an older revision is caught and nothing is overwritten', async ({ context }) => {
  const [a, b] = await twoTabs(context, silenceFsChannel);
  await openReadme(a);
  await openReadme(b);
  await saveEdit(b, 'Theirs, unannounced.\n');
  await expect(editor(a)).not.toHaveText('Theirs, unannounced.'); // the silenced channel: A still shows the old text
  await typeInEditor(a, 'Mine, based on the old text.\n');
  await a.getByTestId('file-save').click();
  await expect(a.getByTestId('file-changed-on-disk')).toContainText(README);
  await b.reload();
  await openApp(b);
  await openFiles(b);
  await openReadme(b);
  await expect(editor(b)).toHaveText('Theirs, unannounced.');
  await a.getByTestId('file-load-theirs').click();
  await expect(editor(a)).toHaveText('Theirs, unannounced.');
});

test('a snapshot restored in tab B is what tab A shows', async ({ context }) => {
  const [a, b] = await twoTabs(context);
  await openReadme(a);
  await openReadme(b);
  const original = (await editor(b).innerText()).trim();
  await b.getByTestId('files-tab-snapshots').click();
  await b.getByTestId('files-take-snapshot').click();
  await b.getByTestId('files-snapshot-dialog-input').fill('before');
  await b.getByTestId('files-snapshot-dialog-confirm').click();
  await expect(b.getByTestId('files-snapshot')).toHaveCount(1);
  await b.getByTestId('files-tab-files').click();
  await openReadme(b);
  await saveEdit(b, 'Changed after the snapshot.\n');
  await expect(editor(a)).toHaveText('Changed after the snapshot.');
  await b.getByTestId('files-tab-snapshots').click();
  await b.getByTestId('files-snapshot-restore').click();
  await expect(editor(a)).toContainText(original.split('\n')[0]);
  await expect(editor(a)).not.toContainText('Changed after the snapshot.');
});

test('IndexedDB that never answers for the filesystem: a status within the bound, files still editable in memory', async ({ page }) => {
  await page.addInitScript(() => {
    const open = indexedDB.open.bind(indexedDB);
    // The filesystem's database: a request that never fires success or error (a blocked open).
    indexedDB.open = ((name: string, version?: number) => (name === 'pi-playground-fs' ? ({} as IDBOpenDBRequest) : open(name, version))) as typeof indexedDB.open;
  });
  await openApp(page);
  const started = Date.now();
  await page.getByTestId('view-tab-files').click();
  const status = page.getByTestId('files-storage-status');
  await expect(status).toHaveAttribute('data-kind', 'timeout', { timeout: 10_000 });
  expect(Date.now() - started).toBeLessThan(10_000);
  await expect(status).toContainText('pi-playground-fs');
  await expect(page.getByTestId('files-memory-only')).toContainText('Not saved');
  await expect(page.getByTestId('files-panel')).toHaveAttribute('data-status', 'ready');
  await openReadme(page);
  await saveEdit(page, 'Kept in memory.\n');
  await expect(editor(page)).toHaveText('Kept in memory.');
  const download = page.waitForEvent('download');
  await page.getByTestId('files-storage-download').click();
  expect((await download).suggestedFilename()).toBe('pi-playground-files.zip');
});

test('a write IndexedDB refuses (quota): a visible status, the edit kept, saved once the store takes it', async ({ page }) => {
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if ((window as { __failPuts?: boolean }).__failPuts && this.transaction.db.name === 'pi-playground-fs') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return put.call(this, value, key);
    };
  });
  await openApp(page);
  await openFiles(page);
  await openReadme(page);
  await page.evaluate(() => { (window as { __failPuts?: boolean }).__failPuts = true; });
  await typeInEditor(page, 'Does not fit.\n');
  await page.getByTestId('file-save').click();
  const status = page.getByTestId('files-storage-status');
  await expect(status).toHaveAttribute('data-kind', 'writeFailed');
  await expect(status).toContainText('pi-playground-fs');
  await expect(status).toContainText('ENOSPC');
  await expect(page.getByTestId('file-view')).toHaveAttribute('data-dirty', 'true');
  await expect(editor(page)).toHaveText('Does not fit.');
  await page.evaluate(() => { (window as { __failPuts?: boolean }).__failPuts = false; });
  await page.getByTestId('file-save').click();
  await expect(status).toHaveCount(0);
  await page.reload();
  await openApp(page);
  await openFiles(page);
  await openReadme(page);
  await expect(editor(page)).toHaveText('Does not fit.');
});
