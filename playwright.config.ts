import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/browser-launch.ts';

const PORT = Number(process.env.PW_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  // Three pages at a time on CI's two cores: an e2e test mostly waits (the sandbox's deadlines, autosave, a frame),
  // so two workers left the cores two-thirds idle; docs/decisions/tests-speed.md.
  workers: process.env.CI ? 3 : undefined,
  reporter: 'list',
  timeout: 60_000,
  // Every expectation waits for a state the app reaches on its own. A first load in a fresh browser context starts
  // the sandbox and evaluates the workspace (about 2 s here when quiet); on a shared, loaded machine that passed 5 s.
  // A wrong state still fails, only later.
  expect: { timeout: 15_000 },
  use: { baseURL: `http://127.0.0.1:${PORT}`, trace: 'off' },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() } }],
  webServer: {
    // Each port builds into its own folder so runs on different ports never overwrite each other's build.
    // PW_PREBUILT=1: that folder was just built (npm test builds once, checks its size, then serves it here).
    command: `${process.env.PW_PREBUILT ? '' : `npx vite build --outDir .pw-dist/${PORT} --emptyOutDir && `}npx vite preview --outDir .pw-dist/${PORT} --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
