// Share links end to end: a changed workspace (an edited tool, a new tool, a new scenario, sequential execution)
// goes into a link, opens in a fresh browser only after the trust prompt, and comes out identical (compared through
// the exported workspace files); a cut-off link is refused with its reason and changes nothing. axe on the dialogs.
import { expect, test, type Page } from '@playwright/test';
import { allViolations } from './axe-scan.ts';
import { openApp, replaceEditorText, selectTool } from './support.ts';

/** The workspace as "Export workspace file" saves it. */
async function exportedWorkspace(page: Page): Promise<unknown> {
  await page.getByTestId('workspace-menu').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('menu-export-file').click()]);
  expect(download.suggestedFilename()).toMatch(/\.pi-playground\.json$/);
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  const file = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { format: string; workspace: unknown };
  expect(file.format).toBe('pi-playground-workspace');
  return file.workspace;
}

async function expectNoAxeViolations(page: Page, selector: string): Promise<void> {
  expect(await allViolations(page, selector)).toEqual([]);
}

const ECHO_SHOUTED = `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({ text: Type.String({ description: "What to shout" }) });

const echoTool: AgentTool<typeof parameters> = {
  name: "echo",
  label: "Echo",
  description: "Shout the text back in capitals — shared by link ✓",
  parameters,
  async execute(_toolCallId, { text }) {
    return { content: [{ type: "text", text: text.toUpperCase() }], details: {} };
  },
};

export default echoTool;
`;

test('a share link reproduces the workspace exactly, after the trust prompt', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  await selectTool(page, 'echo');
  await replaceEditorText(page, ECHO_SHOUTED);
  await page.getByTestId('tool-add').click();
  await page.getByTestId('tool-add-json-schema').click();
  await page.getByTestId('view-tab-scenario').click();
  await page.getByTestId('scenario-new').click();
  await page.getByTestId('scenario-new-blank').click();
  await page.getByTestId('agent-settings-item').click();
  await page.getByTestId('tool-execution-sequential').check();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  const original = await exportedWorkspace(page);

  await page.getByTestId('share-open').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('share-length')).toHaveAttribute('data-size', 'ok');
  await expectNoAxeViolations(page, '[data-testid="share-dialog"]');
  await page.getByTestId('share-copy').click();
  await expect(page.getByTestId('share-copy')).toContainText('Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await page.getByTestId('share-link').inputValue());
  expect(link).toMatch(/#share=v1\.[A-Za-z0-9_-]+\.[0-9a-f]{8}$/);

  // A fresh browser: its own (empty) storage, so it starts from the starter workspace.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  const prompt = other.getByTestId('incoming-dialog');
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expect(prompt.getByTestId('incoming-tool').filter({ hasText: 'echo' })).toContainText('shared by link ✓');
  await expect(prompt.getByTestId('incoming-scenario').first()).toBeVisible();
  await expectNoAxeViolations(other, '[data-testid="incoming-dialog"]');
  // Nothing is replaced before the user trusts it: behind the prompt the starter tools are still there.
  await expect(other.getByTestId('tool-item')).toHaveCount(8);
  await other.getByTestId('incoming-open').click();
  await expect(prompt).toBeHidden();
  await expect(other.getByTestId('portable-notice')).toBeVisible();
  await expect(other.getByTestId('tool-item')).toHaveCount(9);
  await expect(other).not.toHaveURL(/share=/);
  await expect(other.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  expect(await exportedWorkspace(other)).toEqual(original);

  // The previous workspace is one Undo away.
  await other.getByTestId('workspace-undo').click();
  await expect(other.getByTestId('tool-item')).toHaveCount(8);
  await fresh.close();
});

test('a cut-off link is refused with its reason and leaves the workspace untouched', async ({ page }) => {
  await openApp(page);
  const before = await exportedWorkspace(page);
  await page.getByTestId('share-open').click();
  const link = await page.getByTestId('share-link').inputValue();
  await page.getByTestId('share-dialog-close').click();

  await page.goto(link.slice(0, link.length - 120));
  const refused = page.getByTestId('refused-dialog');
  await expect(refused).toBeVisible();
  await expect(page.getByTestId('refused-message')).toHaveAttribute('data-code', 'link-truncated');
  await expect(page.getByTestId('refused-message')).toContainText('This link is incomplete: it ends before its checksum.');
  await expect(page.getByTestId('refused-untouched')).toBeVisible();
  await expectNoAxeViolations(page, '[data-testid="refused-dialog"]');
  await page.getByTestId('refused-ok').click();
  await expect(refused).toBeHidden();
  await expect(page).not.toHaveURL(/share=/);
  expect(await exportedWorkspace(page)).toEqual(before);

  // A damaged character is named, in the reader's language too.
  await page.getByTestId('workspace-menu').click();
  await page.getByTestId('menu-import').click();
  await page.getByTestId('import-link').fill(link.replace(/#share=v1\.(.{10})./, '#share=v1.$1*'));
  await page.getByTestId('import-link-open').click();
  await expect(page.getByTestId('refused-message')).toHaveAttribute('data-code', 'link-bad-character');
  await expect(page.getByTestId('refused-message')).toContainText('“*” at position 14');
  await page.getByTestId('refused-ok').click();
  expect(await exportedWorkspace(page)).toEqual(before);
});
