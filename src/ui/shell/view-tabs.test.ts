import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import SchemaView from '../schema/SchemaView.svelte';
import { mountApp, type MountedApp } from '../testing/mount-app.ts';
import type { ViewDefinition } from './view-registry.ts';

let app: MountedApp | null = null;
afterEach(async () => { await app?.destroy(); app = null; });

/** Whether the tab is wholly inside the visible part of the tab row. */
function inSight(id: string): boolean {
  const row = document.querySelector('[role="tablist"]')!.getBoundingClientRect();
  const tab = document.querySelector(`[data-testid="view-tab-${id}"]`)!.getBoundingClientRect();
  return tab.left >= row.left - 0.5 && tab.right <= row.right + 0.5;
}

describe('the views tab row', () => {
  it('keeps the open tab in sight when the row is wider than the pane', async () => {
    const panels: ViewDefinition[] = Array.from({ length: 9 }, (_, i) => ({
      id: `p${i}`, title: `A rather long panel title ${i}`, icon: 'braces', component: SchemaView, order: i,
    }));
    app = await mountApp({ panels });
    const row = document.querySelector<HTMLElement>('[role="tablist"]')!;
    expect(row.scrollWidth).toBeGreaterThan(row.clientWidth);

    await page.getByTestId('view-tab-p0').click();
    for (let i = 1; i < panels.length; i++) {
      await userEvent.keyboard('{ArrowRight}');
      await expect.element(page.getByTestId(`view-tab-p${i}`)).toHaveAttribute('aria-selected', 'true');
      await expect.poll(() => inSight(`p${i}`), { timeout: 1000 }).toBe(true);
    }
    expect(inSight('p0')).toBe(false);
    // Wrapping around to the first tab brings the row back to its start.
    await userEvent.keyboard('{ArrowRight}');
    await expect.poll(() => inSight('p0'), { timeout: 1000 }).toBe(true);
  });
});
