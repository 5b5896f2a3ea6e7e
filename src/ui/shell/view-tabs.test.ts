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

  it('goes to the first and last view with Home and End, and the focus goes with it', async () => {
    app = await mountApp();
    await page.getByTestId('view-tab-schema').click();
    const tabs = [...document.querySelectorAll<HTMLElement>('[data-testid^="view-tab-"][role="tab"]')];
    const last = tabs.at(-1)!;
    await userEvent.keyboard('{End}');
    await expect.element(last).toHaveAttribute('aria-selected', 'true');
    expect(document.activeElement).toBe(last);
    await userEvent.keyboard('{Home}');
    await expect.element(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(document.activeElement).toBe(tabs[0]);
  });

  it('shows a button on each side that has tabs out of sight, and it brings them in', async () => {
    const panels: ViewDefinition[] = Array.from({ length: 9 }, (_, i) => ({
      id: `p${i}`, title: `A rather long panel title ${i}`, icon: 'braces', component: SchemaView, order: i,
    }));
    app = await mountApp({ panels });
    const before = page.getByTestId('view-tabs-before');
    const after = page.getByTestId('view-tabs-after');
    await expect.element(after).toBeVisible();
    await expect.element(before).not.toBeInTheDocument();
    expect(inSight('p8')).toBe(false);

    const row = document.querySelector<HTMLElement>('[role="tablist"]')!;
    const end = () => row.scrollWidth - row.clientWidth;
    for (let i = 0; i < 12 && row.scrollLeft < end() - 1; i++) {
      const target = Math.min(end(), row.scrollLeft + row.clientWidth * 0.8);
      await after.click();
      await expect.poll(() => row.scrollLeft, { timeout: 2000 }).toBeGreaterThanOrEqual(target - 1);
    }
    await expect.element(after).not.toBeInTheDocument();
    await expect.element(before).toBeVisible();
    // A smooth scroll's last frame may still be under way when the row is within a pixel of its end.
    await expect.poll(() => inSight('p8'), { timeout: 2000 }).toBe(true);
    expect(inSight('p0')).toBe(false);
    // The open tab did not change: the buttons only scroll.
    await expect.element(page.getByTestId('view-tab-p0')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows no scroll buttons when every tab fits', async () => {
    const panels: ViewDefinition[] = [{ id: 'only', title: 'Only', icon: 'braces', component: SchemaView, order: 0 }];
    app = await mountApp({ panels });
    await expect.element(page.getByTestId('view-tab-only')).toBeVisible();
    expect(document.querySelector('[data-testid="view-tabs-before"], [data-testid="view-tabs-after"]')).toBeNull();
  });
});
