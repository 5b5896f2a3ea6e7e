// Running user code: an endless loop in execute must not freeze the page, and the sandbox recovers after it.
import { expect, test } from '@playwright/test';
import { openApp, replaceEditorText, selectTool } from './support.ts';

const SPIN = `import { Type } from "@earendil-works/pi-ai";

export default {
  name: "echo",
  label: "Echo",
  description: "Return the given text unchanged.",
  parameters: Type.Object({ text: Type.String() }),
  async execute(_toolCallId, { text }) {
    while (true) {} // never returns
  },
};
`;

test('an endless loop in execute leaves the page responsive and ends in a clear error', async ({ page }) => {
  await openApp(page);
  await selectTool(page, 'echo');
  await replaceEditorText(page, SPIN);
  await expect(page.getByTestId('editor-title')).toHaveText('echo');
  await page.getByTestId('try-it-toggle').click();
  await page.getByTestId('try-it-args').fill('{ "text": "hi" }');
  await page.getByTestId('try-it-run').click();
  await expect(page.getByTestId('try-it-stop')).toBeVisible();

  // While the tool spins in its worker, the page answers clicks and keystrokes at once.
  const started = Date.now();
  await selectTool(page, 'calculate');
  await page.getByTestId('agent-settings-item').click();
  await page.getByTestId('system-prompt').fill('Still typing while a tool spins.');
  await expect(page.getByTestId('system-prompt')).toHaveValue('Still typing while a tool spins.');
  // All of it well before the 5 s timeout that would end the spin (and unfreeze a page that froze with it).
  expect(Date.now() - started).toBeLessThan(4500);

  await selectTool(page, 'echo');
  await expect(page.getByTestId('try-it-result')).toContainText('stuck in synchronous code', { timeout: 15_000 });
  await expect(page.getByTestId('try-it-result')).toHaveAttribute('data-ok', 'false');
  // The sandbox was replaced: other tools evaluate and run again.
  await selectTool(page, 'calculate');
  await page.getByTestId('try-it-args').fill('{ "expression": "6 * 7" }');
  await page.getByTestId('try-it-run').click();
  await expect(page.getByTestId('try-it-text')).toHaveText('6 * 7 = 42', { timeout: 15_000 });
});
