import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import SchemaView from '../schema/SchemaView.svelte';
import { mountApp, type MountedApp } from '../testing/mount-app.ts';
import { orderViews, type ViewDefinition } from './view-registry.ts';

let app: MountedApp | null = null;
afterEach(async () => { await app?.destroy(); app = null; });

describe('panels loaded as their own chunk', () => {
  it('show that loading failed with the reason, load on "Try again", and open at once the next time', async () => {
    let attempts = 0;
    let release: () => void = () => undefined;
    const load = async () => {
      attempts++;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      await new Promise<void>((resolve) => { release = resolve; });
      return { default: SchemaView };
    };
    const panels: ViewDefinition[] = [
      { id: 'first', title: 'First', icon: 'braces', component: SchemaView, order: 1 },
      { id: 'later', title: 'Later', icon: 'braces', load, order: 2 },
    ];
    app = await mountApp({ panels });

    await page.getByTestId('view-tab-later').click();
    const failed = page.getByTestId('view-load-failed');
    await expect.element(failed).toHaveTextContent('Failed to fetch dynamically imported module');
    await expect.element(failed).toHaveAttribute('role', 'alert');

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.element(page.getByTestId('view-loading')).toBeVisible();
    release();
    const panel = page.getByTestId('view-panel-later');
    await expect.element(panel.getByTestId('schema-view')).toBeVisible();

    await page.getByTestId('view-tab-first').click();
    await page.getByTestId('view-tab-later').click();
    expect(document.querySelector('[data-testid="view-panel-later"] [data-testid="view-loading"]')).toBeNull();
    expect(document.querySelector('[data-testid="view-panel-later"] [data-testid="schema-view"]')).not.toBeNull();
    expect(attempts).toBe(2);
  });

  it('must be registered with a component or a loader, not both and not neither', () => {
    const base = { title: 'X', icon: 'braces' as const, order: 1 };
    expect(() => orderViews([{ id: 'a', ...base }])).toThrow('Panel "a" needs exactly one of component and load');
    expect(() => orderViews([{ id: 'b', ...base, component: SchemaView, load: async () => ({ default: SchemaView }) }])).toThrow('exactly one');
  });
});
