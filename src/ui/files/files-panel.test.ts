// The Files panel mounted in the app (Chromium): the tree works from the keyboard, a drop uploads into the folder
// under the pointer, rename follows the open file, a huge file opens in a plain text box that keeps CRLF, and a
// binary file is shown as bytes.
import { page, userEvent } from 'vitest/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { STARTER_FILES } from '../../content/examples/index.ts';
import { memoryFilesService } from '../../state/testing/files-fixtures.ts';
import type { FilesService } from '../../state/files/service.ts';
import { flushSync, mount, unmount } from 'svelte';
import App from '../../App.svelte';
import { createFakeRuntime } from '../../state/testing/fake-runtime.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { waitFor } from '../testing/mount-app.ts';

let app: { component: Record<string, unknown>; target: HTMLElement } | undefined;
afterEach(async () => {
  if (!app) return;
  await unmount(app.component, { outro: false });
  app.target.remove();
  app = undefined;
});

/** The whole app on a memory store and the given filesystem, with the Files panel open. */
async function openPanel(files: FilesService): Promise<FilesService> {
  const target = document.createElement('div');
  target.style.height = '800px';
  document.body.append(target);
  const services = { store: createMemoryStore(), runtime: createFakeRuntime(), files, channelName: `files-panel-${Math.random()}`, saveDelayMs: 30, welcome: false };
  app = { component: mount(App, { target, props: { services } }), target };
  flushSync();
  await waitFor(() => target.querySelector('[data-testid="app"][data-ready="true"]'), 'the app to load');
  await page.getByTestId('view-tab-files').click();
  await expect.element(page.getByTestId('files-panel')).toHaveAttribute('data-status', 'ready');
  return files;
}

const rowNames = () => [...document.querySelectorAll('[data-testid="files-row"]')].map((r) => r.getAttribute('data-path'));

describe('Files panel', () => {
  it('moves through the tree with the arrow keys and opens folders with → and Enter', async () => {
    await openPanel(memoryFilesService());
    const workspaceRow = page.getByTestId('files-row').filter({ hasText: 'workspace' }).first();
    await workspaceRow.click();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(page.getByTestId('files-row').filter({ hasText: 'notes' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect.poll(rowNames).toContain('/workspace/notes/todo.md');
    await userEvent.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    await expect.element(page.getByTestId('file-view')).toHaveAttribute('data-path', '/workspace/notes/todo.md');
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(page.getByTestId('files-row').filter({ hasText: 'notes' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(rowNames).not.toContain('/workspace/notes/todo.md');
  });

  it('switches its parts with the arrow keys, Home and End', async () => {
    await openPanel(memoryFilesService());
    await page.getByTestId('files-tab-files').click();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByTestId('files-tab-snapshots')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    await expect.element(page.getByTestId('files-tab-tools')).toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByTestId('files-tab-tools')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect.element(page.getByTestId('files-tab-files')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(page.getByTestId('files-tab-tools')).toHaveAttribute('aria-selected', 'true');
  });

  it('uploads dropped files into the folder they are dropped on', async () => {
    const files = await openPanel(memoryFilesService());
    const target = document.querySelector('[data-path="/workspace/src"]')!;
    const transfer = new DataTransfer();
    transfer.items.add(new File(['export const x = 1;\n'], 'dropped.ts', { type: 'text/plain' }));
    target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    const fs = (await files.open()).fileSystem;
    await expect.poll(() => fs.exists('/workspace/src/dropped.ts')).toBe(true);
    expect(await fs.readText('/workspace/src/dropped.ts')).toBe('export const x = 1;\n');
    await expect.element(page.getByTestId('files-notice')).toHaveAttribute('data-key', 'files.done.uploaded');
  });

  it('renames the open file through the dialog and keeps showing it', async () => {
    const files = await openPanel(memoryFilesService());
    await page.getByTestId('files-row').filter({ hasText: 'README.md' }).click();
    await page.getByTestId('file-rename').click();
    const input = page.getByTestId('files-name-dialog-input');
    await input.fill('notes');
    await page.getByTestId('files-name-dialog-confirm').click();
    await expect.element(page.getByTestId('files-name-dialog-error')).toHaveTextContent('/workspace/notes already exists');
    await input.fill('INTRO.md');
    await page.getByTestId('files-name-dialog-confirm').click();
    await expect.element(page.getByTestId('file-view')).toHaveAttribute('data-path', '/workspace/INTRO.md');
    const fs = (await files.open()).fileSystem;
    expect(await fs.readText('/workspace/INTRO.md')).toBe(STARTER_FILES['README.md']);
    expect(await fs.exists('/workspace/README.md')).toBe(false);
  });

  it('opens a huge file in a plain text box and saves an edit with its CRLF line endings', async () => {
    const line = `${'x'.repeat(99)}\r\n`;
    const files = await openPanel(memoryFilesService({ 'big.log': line.repeat(12_000) }));
    await page.getByTestId('files-row').filter({ hasText: 'big.log' }).click();
    const box = page.getByTestId('file-editor-plain');
    await expect.element(box).toBeVisible();
    const element = box.element() as HTMLTextAreaElement;
    element.value = `start\n${element.value}`;
    element.dispatchEvent(new Event('input', { bubbles: true }));
    await page.getByTestId('file-save').click();
    const fs = (await files.open()).fileSystem;
    await expect.poll(async () => (await fs.readText('/workspace/big.log')).slice(0, 7 + line.length)).toBe(`start\r\n${line}`);
    expect((await fs.readFile('/workspace/big.log')).length).toBe(7 + line.length * 12_000);
  });

  it('shows a binary file as bytes, with nothing to edit or save', async () => {
    await openPanel(memoryFilesService({ 'data.bin': new Uint8Array([0x50, 0x4b, 0, 1, 2, 3]) }));
    await page.getByTestId('files-row').filter({ hasText: 'data.bin' }).click();
    await expect.element(page.getByTestId('file-view-binary')).toHaveTextContent(/00000000\s+50 4b 00 01 02 03\s+PK····/);
    await expect.element(page.getByTestId('file-save')).not.toBeInTheDocument();
  });
});
