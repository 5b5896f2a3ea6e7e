import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Build settings only: test runners live in vitest.config.ts and playwright.config.ts.
export default defineConfig({
  plugins: [svelte()],
  build: { target: 'es2022', sourcemap: false },
});
