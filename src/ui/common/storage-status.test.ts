// Storage failures outside the workspace save reach the status line in words that name what failed: lesson progress
// that cannot be read, and preferences that cannot be saved. Each is a store that fails on its own key only.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { LESSON_PROGRESS_KEY, PREFERENCES_KEY } from '../../storage/keys.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { createFaultyStore } from '../../storage/testing/faulty-store.ts';
import { mountApp, type MountedApp } from '../testing/mount-app.ts';

beforeAll(() => page.viewport(1280, 800));

const mounted: MountedApp[] = [];
afterEach(async () => { while (mounted.length) await mounted.pop()!.destroy(); });

describe('the status line', () => {
  it('says when the lesson progress cannot be read, instead of showing every lesson as new', async () => {
    const store = createFaultyStore(createMemoryStore());
    store.fail('unavailable', { key: (key) => key === LESSON_PROGRESS_KEY });
    mounted.push(await mountApp({ store }));
    const status = page.getByTestId('status-message');
    await expect.element(status).toHaveAttribute('data-kind', 'lesson-storage');
    await expect.element(status).toHaveTextContent('Your lesson progress could not be read from browser storage');
    await page.getByTestId('status-dismiss').click();
    await expect.element(status).not.toBeInTheDocument();
  });

  it('says when preferences cannot be saved, and the choice still applies in this tab', async () => {
    const store = createFaultyStore(createMemoryStore());
    mounted.push(await mountApp({ store }));
    store.fail('quota', { key: (key) => key === PREFERENCES_KEY });
    const toggle = page.getByTestId('theme-toggle');
    await expect.element(toggle).toHaveAttribute('data-theme-choice', 'system');
    await toggle.click();
    const status = page.getByTestId('status-message');
    await expect.element(status).toHaveAttribute('data-kind', 'preferences-storage');
    await expect.element(status).toHaveTextContent('Your preferences (theme, pane sizes, automatic recording) could not be saved');
    await expect.element(status).toHaveTextContent('quota');
    await expect.element(toggle).toHaveAttribute('data-theme-choice', 'light');
  });
});
