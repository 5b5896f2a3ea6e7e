// The "what the model sees" panel against the real sandbox: switch provider tabs, copy a payload, follow a lint
// finding to its node in the request and to its line in the editor, compare two APIs, and pass axe.
import { expect, test, type Page } from '@playwright/test';
import { openApp } from './support.ts';
import { seriousViolations } from './axe-scan.ts';

async function openProviders(page: Page): Promise<void> {
  await openApp(page);
  await page.getByTestId('view-tab-providers').click();
  await expect(page.getByTestId('providers-json')).toBeVisible();
}

/** The JSON text on screen, line by line (nothing folded). */
async function shownJson(page: Page): Promise<string> {
  return (await page.getByTestId('providers-json-text').locator('.line').allTextContents()).join('\n');
}

test('switches provider tabs and copies exactly the JSON it shows', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openProviders(page);
  const panel = page.getByTestId('providers-panel');

  await page.getByTestId('providers-tab-anthropic-messages').click();
  await expect(panel).toHaveAttribute('data-variant', 'anthropic-messages');
  await expect(page.getByTestId('providers-url')).toContainText('https://api.anthropic.com/v1/messages');
  await expect(page.getByTestId('providers-json')).toContainText('"input_schema"');

  await page.getByTestId('providers-tab-google-generative-ai').click();
  await expect(page.getByTestId('providers-json')).toContainText('"parametersJsonSchema"');
  await page.getByTestId('providers-scope-request').click();
  await expect(panel).toHaveAttribute('data-scope', 'request');
  await page.getByTestId('providers-conversation').selectOption('after-batch');
  await expect(page.getByTestId('providers-json')).toContainText('"functionResponse"');

  await page.getByTestId('providers-json-copy').click();
  await expect(page.getByTestId('providers-json-copy')).toContainText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await shownJson(page));
  // By default the body the Gemini SDK POSTs: tools beside `contents`, the rest of the config in generationConfig.
  await expect(panel).toHaveAttribute('data-body', 'wire');
  const body = JSON.parse(copied) as { contents: unknown[]; tools: { functionDeclarations: { name: string }[] }[]; generationConfig: object };
  expect(body.tools[0].functionDeclarations.map((d) => d.name)).toContain('deploy');
  expect(body).toHaveProperty('generationConfig');
  expect(copied).toBe(JSON.stringify(body, null, 2));

  // One switch away: the object pi hands to onPayload, and Copy copies that.
  await page.getByTestId('providers-body-payload').click();
  await expect(panel).toHaveAttribute('data-body', 'payload');
  await expect(page.getByTestId('providers-json')).toContainText('"config"');
  await page.getByTestId('providers-json-copy').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe(copied);
  const payloadText = await page.evaluate(() => navigator.clipboard.readText());
  expect(payloadText).toBe(await shownJson(page));
  const payload = JSON.parse(payloadText) as { model: string; config: { tools: { functionDeclarations: { name: string }[] }[] } };
  expect(payload.model).toBe('gemini-2.5-flash');
  expect(payload.config.tools[0].functionDeclarations.map((d) => d.name)).toContain('deploy');
});

test('follows a lint finding to its node in the request and to its line in the source', async ({ page }) => {
  await openProviders(page);
  await page.getByTestId('providers-tab-google-generative-ai').click();
  const finding = page.locator('[data-testid="providers-finding"][data-tool="deploy"][data-path="/properties/version/pattern"]');
  await expect(finding).toHaveAttribute('data-severity', 'warning');
  await expect(finding).toContainText('Not enforced by Gemini');

  await finding.getByTestId('providers-finding-node').click();
  const marked = page.getByTestId('providers-json-text').locator('.line.marked');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText('"pattern"');
  await expect(marked).toBeInViewport();

  await finding.getByTestId('providers-finding-source').click();
  await expect(page.getByTestId('editor-title')).toHaveText('deploy');
  // The cursor sits on the line that writes the pattern (line 7 of the deploy example).
  await expect(page.getByTestId('editor').locator('.cm-activeLine')).toContainText('version: Type.String({ pattern:');
  await expect(page.getByTestId('editor').locator('.cm-lineNumbers .cm-activeLineGutter')).toHaveText('7');
});

test('compares the tool lists of two APIs as a readable diff', async ({ page }) => {
  await openProviders(page);
  await page.getByTestId('providers-mode-diff').click();
  await page.getByTestId('providers-diff-left').selectOption('openai-completions');
  await page.getByTestId('providers-diff-right').selectOption('openai-codex-responses');
  const diff = page.getByTestId('providers-diff');
  await expect(page.getByTestId('providers-diff-summary')).toContainText('only in Chat Completions');
  // Codex sends strict: null where Chat Completions sends strict: false, and drops the function wrapper.
  await expect(diff.locator('[data-kind="removed"]').filter({ hasText: '"strict": false' }).first()).toBeVisible();
  await expect(diff.locator('[data-kind="added"]').filter({ hasText: '"strict": null' }).first()).toBeVisible();
  await expect(diff.locator('[data-kind="removed"]').filter({ hasText: '"function": {' }).first()).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the providers panel passes axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openProviders(page);
    await page.getByTestId('providers-tab-google-generative-ai').click();
    const serious = () => seriousViolations(page, '[data-testid="view-panel-providers"]');
    // The request view with a finding highlighted (every part of it on screen), then the diff view.
    await page.getByTestId('providers-finding-node').first().click();
    await expect(page.getByTestId('providers-json-text').locator('.line.marked').first()).toBeVisible();
    expect(await serious()).toEqual([]);
    await page.getByTestId('providers-mode-diff').click();
    await expect(page.getByTestId('providers-diff')).toBeVisible();
    expect(await serious()).toEqual([]);
  });
}
