// `npm run demo`: the demo scripts in tests/demos/*.demo.ts, each writing numbered screenshots (and a video when
// Playwright's ffmpeg is installed) to demo-output/<demo>/. Not part of `npm test`. Its own port and build folder
// (PW_DEMO_PORT, default 4174), so it can run beside the e2e tests.
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/browser-launch.ts';
import { findPlaywrightFfmpeg } from './tests/demos/support/ffmpeg.ts';

const PORT = Number(process.env.PW_DEMO_PORT ?? 4174);
const VIEWPORT = { width: 1440, height: 900 };

export default defineConfig({
  testDir: 'tests/demos',
  testMatch: '*.demo.ts',
  outputDir: 'demo-output/.playwright',
  globalSetup: './tests/demos/support/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 1 : 2,
  reporter: 'list',
  timeout: 180_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    video: findPlaywrightFfmpeg() ? { mode: 'on', size: VIEWPORT } : 'off',
  },
  projects: [{ name: 'demos', use: { ...devices['Desktop Chrome'], viewport: VIEWPORT, deviceScaleFactor: 1, launchOptions: chromiumLaunchOptions() } }],
  webServer: {
    command: `npx vite build --outDir .pw-dist/${PORT} --emptyOutDir && npx vite preview --outDir .pw-dist/${PORT} --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
