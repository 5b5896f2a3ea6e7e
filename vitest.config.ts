import { defineConfig, mergeConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import viteConfig from './vite.config.ts';
import { chromiumLaunchOptions } from './tests/support/browser-launch.ts';

// Three projects: `core` proves the domain packages (src/ai, engine, vfs, coding-tools, recording, content,
// portable; docs/decisions/package-map.md) run in plain Node (and hosts the differential tests
// against the real pi packages); `browser` and `browser-fresh` run everything else in real
// headless Chromium.

// Browser test files share one page per worker and keep its loaded modules between files: importing the app's module
// graph into a fresh frame cost about 1.4 s a file, 40% of this project's time (docs/decisions/tests-speed.md).
// These files check what a page has not loaded yet (a language table, the transpiler, a panel's words) or count
// the sandbox frames in the document, so each gets a fresh page of its own.
const FRESH_PAGE = [
  'src/sandbox/network.test.ts', 'src/sandbox/transpile-ahead.test.ts', 'src/sandbox/transpile-idle.test.ts',
  'src/ui/dialog-texts.test.ts', 'src/ui/panel-texts.test.ts', 'src/ui/i18n/language-load.test.ts',
];

/** One browser project's settings; a function, since Vitest writes into the instances it is given. */
const browserProject = (name: string, files: { include?: string[]; exclude?: string[]; isolate?: boolean }) => ({
  name,
  // Local servers for the sandbox's network tests and the exact token counts (tests/support/*-server.ts).
  globalSetup: ['tests/support/net-test-server-setup.ts'],
  include: ['src/**/*.browser.test.ts', 'src/{automation,state,storage,sandbox,ui}/**/*.test.ts'],
  ...files,
  testTimeout: 30_000,
  // expect.element and expect.poll wait for a state the page reaches on its own (a render, an IndexedDB
  // write, a worker's answer). Vitest's default window is 1 s, short on a shared, loaded machine; a wrong
  // state still fails, after 5 s.
  expect: { poll: { timeout: 5_000 } },
  // Two pages at a time: most of these tests wait (timers, workers, IndexedDB) rather than compute.
  maxWorkers: 2,
  browser: {
    enabled: true,
    headless: true,
    provider: playwright({ launchOptions: chromiumLaunchOptions() }),
    instances: [{ browser: 'chromium' as const }],
    // A desktop-sized frame: below 760 px the app switches to its one-column phone layout, which tests that
    // mean it ask for themselves (page.viewport).
    viewport: { width: 1280, height: 800 },
    screenshotFailures: false,
  },
});

export default mergeConfig(viteConfig, defineConfig({
  // Pre-bundle what browser tests import lazily, so a fresh clone does not reload mid-run.
  // CodeMirror comes once the app is idle (or an editor is reached for), so a test may be the first to ask for it.
  optimizeDeps: {
    include: [
      'sucrase', 'idb-keyval', 'typebox', 'typebox/compile', 'typebox/value', 'partial-json', 'diff', 'fast-check',
      'gpt-tokenizer/encoding/o200k_base', 'gpt-tokenizer/encoding/cl100k_base', 'fflate',
      '@codemirror/view', '@codemirror/state', '@codemirror/language', '@codemirror/autocomplete', '@codemirror/commands',
      '@codemirror/lang-javascript', '@codemirror/lang-json', '@codemirror/lint', '@lezer/highlight', '@lezer/common',
    ],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          include: ['src/{ai,engine,vfs,coding-tools,recording,content,portable}/**/*.test.ts', 'tests/node/**/*.test.ts'],
          exclude: ['**/*.browser.test.ts', '**/node_modules/**'],
          testTimeout: 30_000,
          // Two workers (Vitest's default is one on a 2-core machine) that keep their loaded modules between files:
          // pi's packages and TypeScript are imported once per worker, not once per file. No test relies on a fresh
          // module graph (each restores what it changes); docs/decisions/tests-speed.md.
          maxWorkers: 2,
          isolate: false,
        },
      },
      { extends: true, test: browserProject('browser', { exclude: [...FRESH_PAGE, '**/node_modules/**'], isolate: false }) },
      { extends: true, test: browserProject('browser-fresh', { include: FRESH_PAGE }) },
    ],
  },
}));
