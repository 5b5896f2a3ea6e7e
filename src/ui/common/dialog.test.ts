// The app's one dialog in Chromium: what a keyboard or screen reader user meets in every dialog of the app.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { i18n } from '../i18n/i18n.svelte.ts';
import '../global.css';
import DialogHost from './testing/DialogHost.svelte';

let app: ReturnType<typeof mount> | undefined;
let closes: string[] = [];
beforeAll(() => i18n.set('en'));
afterEach(() => {
  if (app) unmount(app);
  app = undefined;
  document.body.replaceChildren();
});

async function openDialog() {
  closes = [];
  app = mount(DialogHost, { target: document.body.appendChild(document.createElement('div')), props: { closes } });
  flushSync();
  await userEvent.click(page.getByTestId('opener'));
  const dialog = page.getByTestId('probe');
  await expect.element(dialog).toBeVisible();
  return dialog;
}

describe('Dialog', () => {
  it('is a modal dialog named by its title and described by its text', async () => {
    const dialog = await openDialog();
    await expect.element(dialog).toHaveAttribute('aria-modal', 'true');
    await expect.element(page.getByRole('dialog', { name: 'A question' })).toBeVisible();
    await expect.element(dialog).toHaveAccessibleDescription('Some words.');
    expect((dialog.element() as HTMLDialogElement).matches(':modal')).toBe(true);
  });

  it('moves the focus in on opening and keeps Tab and Shift+Tab inside', async () => {
    await openDialog();
    const close = page.getByTestId('probe-close');
    await expect.element(close).toHaveFocus();
    await userEvent.tab();
    await expect.element(page.getByTestId('probe-input')).toHaveFocus();
    await userEvent.tab();
    await expect.element(page.getByTestId('probe-drop')).toHaveFocus();
    await userEvent.tab();
    await expect.element(page.getByTestId('probe-last')).toHaveFocus();
    await userEvent.tab();
    await expect.element(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect.element(page.getByTestId('probe-last')).toHaveFocus();
  });

  it('closes on Escape, tells its owner, and gives the focus back to the opener', async () => {
    const dialog = await openDialog();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeVisible();
    expect(closes).toEqual(['closed']);
    await expect.element(page.getByTestId('opener')).toHaveFocus();
  });

  it('closes with its × and with its own buttons, the focus going back each time', async () => {
    const dialog = await openDialog();
    await userEvent.click(page.getByTestId('probe-close'));
    await expect.element(dialog).not.toBeVisible();
    await expect.element(page.getByTestId('opener')).toHaveFocus();
    await userEvent.click(page.getByTestId('opener'));
    await userEvent.click(page.getByTestId('probe-last'));
    await expect.element(dialog).not.toBeVisible();
    await expect.element(page.getByTestId('opener')).toHaveFocus();
  });

  it('gives the focus back when its owner stops drawing it while open', async () => {
    await openDialog();
    await userEvent.click(page.getByTestId('probe-drop'));
    await expect.poll(() => page.getByTestId('probe').query()).toBeNull();
    await expect.element(page.getByTestId('opener')).toHaveFocus();
  });

  it('keeps the page behind out of reach while open', async () => {
    await openDialog();
    await userEvent.click(page.getByTestId('outside'), { force: true }).catch(() => {});
    await expect.element(page.getByTestId('outside')).not.toHaveFocus();
    await expect.element(page.getByTestId('probe')).toBeVisible();
  });
});
