// The browser benchmarks measure the production build users get: built to a temporary folder, served by Vite's
// preview server on a free port, opened in headless Chromium; everything is closed and removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type LaunchOptions } from 'playwright';
import { build, preview } from 'vite';
import { chromiumLaunchOptions } from '../../tests/support/browser-launch.ts';

export interface SiteOptions {
  /** A Vite config other than the app's (a benchmark harness). */
  configFile?: string;
  /** Chromium launch options; default: the test suite's. */
  launch?: LaunchOptions;
}

/** Builds, serves and opens the site, runs `work` with its URL and the browser, then tears it all down. */
export async function withProductionSite<T>(options: SiteOptions, work: (url: string, browser: Browser) => Promise<T>): Promise<T> {
  const outDir = mkdtempSync(join(tmpdir(), 'pi-playground-bench-'));
  const { configFile } = options;
  // The bench runner's own Vite server sets NODE_ENV=development in this process, and Svelte would then compile in
  // dev mode (slower rendering); measure the production build users get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const server = await preview({ configFile, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch(options.launch ?? chromiumLaunchOptions());
    return await work(server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:4173/', browser);
  } finally {
    await browser?.close();
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
