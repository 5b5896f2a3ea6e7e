// Registers a demo script as a Playwright test of `npm run demo`: opens its URL, runs it, writes its screenshots
// to demo-output/<demo>/NN-<step>.png and, when Playwright's ffmpeg is installed, its video next to them.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { openDemo, type Demo } from './demo-kit.ts';
import { findPlaywrightFfmpeg } from './ffmpeg.ts';

const OUTPUT = 'demo-output';
const recordingVideo = findPlaywrightFfmpeg() !== null;

export function runDemo(demo: Demo): void {
  test(demo.title, async ({ page }) => {
    const folder = join(OUTPUT, demo.id);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    let step = 0;
    const api = await openDemo(page, demo);
    await demo.run({
      page,
      api,
      shot: async (name) => {
        step++;
        const file = `${String(step).padStart(2, '0')}-${name.replace(/[^\w.-]+/g, '-')}.png`;
        await page.screenshot({ path: join(folder, file), animations: 'disabled' });
      },
      // A pause for the viewer of the video, never to wait for the app (the contract's waits do that).
      linger: (ms) => (recordingVideo ? page.waitForTimeout(ms) : Promise.resolve()),
    });
    const video = page.video();
    await page.close();
    if (video) await video.saveAs(join(folder, `${demo.id}.webm`));
  });
}
