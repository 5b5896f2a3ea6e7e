// Export and import journeys: a tool downloads as one TypeScript file for the real pi, the selected scenario as a
// zip with its test, recorded events, tools and helpers; a pi session file becomes a scenario that replays on the
// timeline; a file of another format is refused and changes nothing. axe on the dialogs.
import { expect, test, type Download, type Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { allViolations } from './axe-scan.ts';
import { openApp } from './support.ts';

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function expectNoAxeViolations(page: Page, selector: string): Promise<void> {
  expect(await allViolations(page, selector)).toEqual([]);
}

test('exports a tool as a TypeScript file and a scenario as a zip for the real pi', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('workspace-menu').click();
  await page.getByTestId('menu-export-pi').click();
  const dialog = page.getByTestId('export-pi-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('export-pi-tool').selectOption({ label: 'deploy' });
  await expect(page.getByTestId('export-pi-tool-preview')).toContainText('function sleep(ms: number, signal?: AbortSignal)');
  await expectNoAxeViolations(page, '[data-testid="export-pi-dialog"]');
  const [toolDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-pi-download-tool').click()]);
  expect(toolDownload.suggestedFilename()).toBe('deploy.ts');
  const tool = (await bytesOf(toolDownload)).toString('utf8');
  expect(tool).toContain('import { StringEnum, Type } from "@earendil-works/pi-ai";');
  expect(tool).toContain('import type { AgentTool } from "@earendil-works/pi-agent-core";');
  expect(tool).not.toMatch(/from "playground"/);

  await page.getByTestId('export-pi-tab-scenario').click();
  await page.getByTestId('export-pi-prepare').click();
  await expect(page.getByTestId('export-pi-panel')).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
  await expect(page.getByTestId('export-pi-file').first()).toBeVisible();
  await page.getByTestId('export-pi-file').filter({ hasText: 'pi-replay.ts' }).click();
  await expect(dialog.getByTestId('export-pi-file-code')).toContainText('runAgentLoop');
  await expectNoAxeViolations(page, '[data-testid="export-pi-dialog"]');
  const [zipDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-pi-download-zip').click()]);
  expect(zipDownload.suggestedFilename()).toMatch(/^pi-export-.*\.zip$/);
  const files = unzipSync(new Uint8Array(await bytesOf(zipDownload)));
  const names = Object.keys(files);
  expect(names).toEqual(expect.arrayContaining([
    'pi-export/pi-replay.ts', 'pi-export/pi-event-summary.ts', 'pi-export/playground-runtime.ts', 'pi-export/package.json', 'pi-export/README.md',
    'pi-export/tools/get-weather.ts', 'pi-export/tools/deploy.ts', 'pi-export/hooks.ts',
  ]));
  const test = names.find((n) => n.endsWith('.test.ts'))!;
  const events = JSON.parse(strFromU8(files[test.replace(/\.test\.ts$/, '.events.json')])) as { events: { type: string }[] };
  expect(events.events[0].type).toBe('agent_start');
  expect(events.events.at(-1)!.type).toBe('agent_end');
  expect(strFromU8(files[test])).toContain('fauxAssistantMessage(');
});

test('imports a session written by pi and replays it; refuses a file of another kind', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('workspace-menu').click();
  await page.getByTestId('menu-import-session').click();
  await expect(page.getByTestId('import-dialog')).toBeVisible();
  await expectNoAxeViolations(page, '[data-testid="import-dialog"]');
  await page.getByTestId('import-session-input').setInputFiles('tests/fixtures/pi-session/session.jsonl');
  const prompt = page.getByTestId('incoming-dialog');
  await expect(prompt).toBeVisible();
  await expect(page.getByTestId('session-title')).toHaveText('Raise the retry count');
  await expect(page.getByTestId('session-coding-tools')).toContainText('read, write, edit, ls');
  await expectNoAxeViolations(page, '[data-testid="incoming-dialog"]');
  await page.getByTestId('incoming-open').click();
  await expect(page.getByTestId('portable-notice')).toContainText('replaying on the timeline');
  await expect(page.getByTestId('view-tab-timeline')).toHaveAttribute('aria-selected', 'true');

  // A session file given as a workspace file is recognised and refused.
  await page.getByTestId('workspace-menu').click();
  await page.getByTestId('menu-import').click();
  await page.getByTestId('import-file-input').setInputFiles('tests/fixtures/pi-session/session.jsonl');
  await expect(page.getByTestId('refused-message')).toHaveAttribute('data-code', 'file-is-session');
  await expect(page.getByTestId('refused-message')).toContainText('Use “Import pi session…”');
});

test('the share, import, export and trust dialogs pass axe in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openApp(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('share-open').click();
  await page.getByTestId('share-scope-selection').check();
  await expectNoAxeViolations(page, '[data-testid="share-dialog"]');
  const link = await page.getByTestId('share-link').inputValue();
  await page.getByTestId('share-dialog-close').click();
  await page.getByTestId('workspace-menu').click();
  await page.getByTestId('menu-export-pi').click();
  await expectNoAxeViolations(page, '[data-testid="export-pi-dialog"]');
  await page.getByTestId('export-pi-done').click();
  await page.getByTestId('workspace-menu').click();
  await page.getByTestId('menu-import').click();
  await page.getByTestId('import-link').fill(link);
  await page.getByTestId('import-link-open').click();
  await expect(page.getByTestId('incoming-dialog')).toBeVisible();
  await page.getByTestId('incoming-source-get_weather-toggle').click();
  await expectNoAxeViolations(page, '[data-testid="incoming-dialog"]');
  await page.getByTestId('incoming-cancel').click();
  await expect(page.getByTestId('incoming-dialog')).toBeHidden();
});
