// The first-run welcome in the mounted app: it opens on a first visit to a plain address, closing it is remembered
// across a reload, the header reopens it, an address that drives the app keeps it shut, and its jobs lead where
// they say (the schema job opens a starter tool at its parameters beside the Schema view).
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { opensWelcome } from '../../state/shell/welcome.ts';
import { welcomeRequest } from '../../automation/index.ts';
import { mountApp, type MountedApp } from '../testing/mount-app.ts';

const mounted: MountedApp[] = [];
const address = location.href;
afterEach(async () => {
  while (mounted.length) await mounted.pop()!.destroy();
  history.replaceState(history.state, '', address);
});

async function start(at = ''): Promise<MountedApp> {
  if (at) history.replaceState(history.state, '', `${location.pathname}${at}`);
  const app = await mountApp({ store: createMemoryStore(), welcome: true });
  mounted.push(app);
  return app;
}

describe('the welcome', () => {
  it('opens on a first visit, stays closed after a reload once dismissed, and reopens from the header', async () => {
    const app = await start();
    const dialog = page.getByTestId('welcome');
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByTestId('welcome-learn')).toHaveTextContent('Learn how pi runs tools');
    await expect.element(dialog.getByTestId('welcome-schema')).toBeVisible();
    await expect.element(dialog.getByTestId('welcome-automate')).toBeVisible();
    await page.getByTestId('welcome-explore').click();
    await expect.element(dialog).not.toBeInTheDocument();

    await new Promise((r) => setTimeout(r, 400)); // preferences are saved after a short pause
    const reloaded = await app.reload();
    mounted.splice(mounted.indexOf(app), 1, reloaded);
    await expect.element(page.getByTestId('editor-title')).toHaveTextContent('get_weather');
    expect(document.querySelector('[data-testid="welcome"]')).toBeNull();

    await page.getByTestId('welcome-open').click();
    await expect.element(page.getByTestId('welcome')).toBeVisible();
    // Escape closes it like any dialog.
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByTestId('welcome')).not.toBeInTheDocument();
  });

  it('stays shut when the address drives the app (automation parameters, a share link, welcome=0)', async () => {
    await start('?panel=schema');
    await expect.element(page.getByTestId('editor-title')).toHaveTextContent('get_weather');
    expect(document.querySelector('[data-testid="welcome"]')).toBeNull();
    // The header still offers it.
    await page.getByTestId('welcome-open').click();
    await expect.element(page.getByTestId('welcome')).toBeVisible();

    expect(welcomeRequest('?welcome=0', '')).toBe('hide');
    expect(welcomeRequest('', '#share=v1.abc.def')).toBe('hide');
    expect(welcomeRequest('?lesson=hooks&autoplay=1', '')).toBe('hide');
    expect(welcomeRequest('?lang=zh-CN', '')).toBe('hide');
    expect(welcomeRequest('', '')).toBe('auto');
    expect(opensWelcome('auto', true)).toBe(false);
    expect(opensWelcome(welcomeRequest('?welcome=1&theme=dark', ''), true)).toBe(true);
  });

  it('opens a starter tool at its parameters, with the Schema view beside it, for "Try a tool schema"', async () => {
    await start();
    await page.getByTestId('welcome-explore').click();
    await page.getByTestId('view-tab-events').click();
    await page.getByTestId('tool-item').filter({ hasText: 'echo' }).getByText('echo', { exact: true }).click();
    await page.getByTestId('welcome-open').click();
    await page.getByTestId('welcome-schema').click();
    await expect.element(page.getByTestId('welcome')).not.toBeInTheDocument();
    await expect.element(page.getByTestId('editor-title')).toHaveTextContent('get_weather');
    await expect.element(page.getByTestId('view-tab-schema')).toHaveAttribute('aria-selected', 'true');
    // The editor has the focus, its cursor on the line that declares the parameters.
    await expect.poll(() => {
      const root = document.querySelector('[data-testid="editor"] .host')?.shadowRoot;
      const active = root?.activeElement;
      const line = root?.querySelector('.cm-activeLine')?.textContent ?? '';
      return active?.classList.contains('cm-content') && /parameters/.test(line);
    }).toBe(true);
  });

  it('shows the automation help with this page\'s window.piPlayground methods and the full contract on demand', async () => {
    await start();
    await page.getByTestId('welcome-automate').click();
    const help = page.getByTestId('automation-help');
    await expect.element(help).toBeVisible();
    await expect.element(help).toHaveTextContent('loadLesson()');
    await expect.element(help).toHaveTextContent('autoplay');
    await page.getByTestId('automation-help-doc').click();
    await expect.element(page.getByTestId('automation-help-doc-text')).toHaveTextContent('Automation contract (version 1)');
    await page.getByTestId('welcome-automation-back').click();
    await expect.element(page.getByTestId('welcome-learn')).toBeVisible();
  });
});
