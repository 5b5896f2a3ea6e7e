import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { contentSecurityPolicy } from './scripts/vite-csp.ts';
import { localeSplit } from './scripts/vite-locale-split.ts';
import { starterTranspile } from './scripts/vite-starter-transpile.ts';

const DOMAIN_MODULE = /\/src\/(ai|engine|vfs|coding-tools|recording|content|portable)\/[^?]*\.ts$/;

// Build settings only: test runners live in vitest.config.ts and playwright.config.ts.
export default defineConfig({
  plugins: [svelte(), localeSplit(), starterTranspile(), contentSecurityPolicy()],
  // The manifest lets scripts/first-load-size.mjs find what the first page load fetches.
  // Domain packages (docs/decisions/package-map.md) have no import-time side effects, so a module reached only
  // through a package face whose exports go unused is left out: a face does not pull lazy code into the first load.
  build: {
    target: 'es2022', sourcemap: false, manifest: true,
    rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => !DOMAIN_MODULE.test(id) } },
  },
});
