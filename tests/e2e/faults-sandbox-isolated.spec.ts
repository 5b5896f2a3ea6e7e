// The same memory probe where the browser is asked to give sandboxed frames a process of their own (Chromium's
// IsolateSandboxedIframes): where it does, only the sandbox's process goes down and the app starts a new frame;
// this Chromium (headless, no OS sandbox) has been seen to take the tab down all the same, and then the next load
// must have everything.
import { expect, test } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/browser-launch.ts';
import { echoTool, expectExhaustionHandled, FINE, MEMORY_HOG, withEcho } from './sandbox-probes.ts';

const base = chromiumLaunchOptions();
test.use({ launchOptions: { ...base, args: [...base.args, '--enable-features=IsolateSandboxedIframes'] } });

test('memory exhausted in execute → degraded: the call is stopped and named, or the tab goes down and the next load has everything; the next run works', async ({ page }) => {
  await withEcho(page, echoTool(`if (args.text === "hog") { ${MEMORY_HOG} }\n    ${FINE}`));
  await expectExhaustionHandled(page);
});
