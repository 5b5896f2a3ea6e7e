import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { createStarterWorkspace } from '../../content/examples/index.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { mountApp, type MountedApp } from '../testing/mount-app.ts';

let app: MountedApp | undefined;
afterEach(async () => { await app?.destroy(); app = undefined; });

/** Text that does not compress: a long source makes a long link. */
function noise(length: number): string {
  let seed = 7;
  let out = '';
  while (out.length < length) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out += seed.toString(36);
  }
  return `// ${out.slice(0, length)}\n`;
}

describe('share dialog', () => {
  it('shows the link length and warns when a link is long enough to be cut off', async () => {
    const workspace = createStarterWorkspace();
    workspace.tools[0] = { ...workspace.tools[0], source: workspace.tools[0].source + noise(30_000) };
    const store = createMemoryStore({ 'workspace:default': { revision: 1, writer: 'x', savedAt: 0, workspace } });
    app = await mountApp({ store });
    await page.getByTestId('share-open').click();
    flushSync();
    const length = page.getByTestId('share-length');
    await expect.element(length).toHaveAttribute('data-size', 'long');
    await expect.element(page.getByTestId('share-warning')).toHaveTextContent('some chat programs and mail clients cut links this long');
    // One small tool and one scenario make a short link again.
    await page.getByTestId('share-scope-selection').click();
    await page.getByTestId('share-tool').selectOptions('echo');
    await expect.element(length).toHaveAttribute('data-size', 'ok');
    expect(page.getByTestId('share-warning').query()).toBeNull();
    const link = (page.getByTestId('share-link').element() as HTMLTextAreaElement).value;
    expect(Number(length.element().textContent!.replace(/\D/g, ''))).toBe(link.length);
  });
});
