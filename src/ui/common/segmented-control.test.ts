// The app's one segmented control in Chromium: a radio group a keyboard and a screen reader can use.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../global.css';
import SegmentedHost from './testing/SegmentedHost.svelte';

let app: ReturnType<typeof mount> | undefined;
afterEach(() => {
  if (app) unmount(app);
  app = undefined;
  document.body.replaceChildren();
});

function show() {
  app = mount(SegmentedHost, { target: document.body.appendChild(document.createElement('div')) });
  flushSync();
}

const checked = () => page.getByRole('radio', { checked: true });

describe('SegmentedControl', () => {
  it('is a named radio group whose options say which one is checked', async () => {
    show();
    await expect.element(page.getByRole('radiogroup', { name: 'Letter' })).toBeVisible();
    expect(page.getByRole('radio').all()).toHaveLength(3);
    await expect.element(checked()).toHaveAccessibleName('Beta');
    await expect.element(page.getByTestId('letter-a')).toHaveAttribute('aria-checked', 'false');
  });

  it('is one tab stop: the checked option', async () => {
    show();
    await userEvent.click(page.getByTestId('before'));
    await userEvent.tab();
    await expect.element(page.getByTestId('letter-b')).toHaveFocus();
    await userEvent.tab();
    await expect.element(page.getByTestId('after')).toHaveFocus();
  });

  it('moves and chooses with the arrows, wrapping, and with Home and End', async () => {
    show();
    await userEvent.click(page.getByTestId('before'));
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByTestId('letter-c')).toHaveFocus();
    await expect.element(checked()).toHaveAccessibleName('Gamma');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(checked()).toHaveAccessibleName('Alpha');
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(checked()).toHaveAccessibleName('Gamma');
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(checked()).toHaveAccessibleName('Beta');
    await userEvent.keyboard('{Home}');
    await expect.element(page.getByTestId('letter-a')).toHaveFocus();
    await expect.element(checked()).toHaveAccessibleName('Alpha');
    await userEvent.keyboard('{End}');
    await expect.element(checked()).toHaveAccessibleName('Gamma');
    await expect.element(page.getByTestId('letter-c')).toHaveAttribute('tabindex', '0');
    await expect.element(page.getByTestId('letter-a')).toHaveAttribute('tabindex', '-1');
  });

  it('chooses on click', async () => {
    show();
    await userEvent.click(page.getByTestId('letter-a'));
    await expect.element(checked()).toHaveAccessibleName('Alpha');
  });
});
