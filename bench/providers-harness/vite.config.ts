// Builds the providers harness page with the app's setup; its own dependency cache, so building it never disturbs
// the app's dev server or the test runners.
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import app from '../../vite.config.ts';

export default mergeConfig(app, defineConfig({
  root: fileURLToPath(new URL('./', import.meta.url)),
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite-providers-harness', import.meta.url)),
  logLevel: 'warn',
}));
