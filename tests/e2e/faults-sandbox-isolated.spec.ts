// The same memory probe where the browser gives sandboxed frames a process of their own (Chromium's
// IsolateSandboxedIframes): there only the sandbox's process goes down, and the app starts a new frame.
import { expect, test } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/browser-launch.ts';
import { echoTool, FINE, MEMORY_HOG, nextRunWorks, result, resultText, tryEcho, withEcho } from './sandbox-probes.ts';

const base = chromiumLaunchOptions();
test.use({ launchOptions: { ...base, args: [...base.args, '--enable-features=IsolateSandboxedIframes'] } });

test('memory exhausted in execute → degraded: only the sandbox ends, the app says so, the next run works', async ({ page }) => {
  let pageCrashed = false;
  page.on('crash', () => { pageCrashed = true; });
  await withEcho(page, echoTool(`if (args.text === "hog") { ${MEMORY_HOG} }\n    ${FINE}`));
  await tryEcho(page, { text: 'hog' });
  await expect(result(page)).toHaveAttribute('data-ok', 'false', { timeout: 30_000 });
  await expect(resultText(page)).toContainText('the sandbox was stuck');
  expect(pageCrashed).toBe(false);
  await nextRunWorks(page);
});
