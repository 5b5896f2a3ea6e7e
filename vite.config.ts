import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { contentSecurityPolicy } from './scripts/vite-csp.ts';
import { localeSplit } from './scripts/vite-locale-split.ts';

// Build settings only: test runners live in vitest.config.ts and playwright.config.ts.
export default defineConfig({
  plugins: [svelte(), localeSplit(), contentSecurityPolicy()],
  // The manifest lets scripts/first-load-size.mjs find what the first page load fetches.
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
