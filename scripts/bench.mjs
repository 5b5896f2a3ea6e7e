#!/usr/bin/env node
// Runs the benchmark modules in bench/ in Node: every `bench/*.bench.ts` (or `.bench.mjs`) that exports
// `run(): Promise<void>`, one after another; each prints its own lines. TypeScript is loaded through Vite's module
// runner (the same transform the app uses), so a fresh clone needs nothing beyond the installed packages; packages
// in node_modules (pi, typebox) load natively. Usage: npm run bench [-- name-filter ...]
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const benchDir = join(root, 'bench');
const filters = process.argv.slice(2);

const files = readdirSync(benchDir)
  .filter((name) => /\.bench\.(ts|mjs)$/.test(name))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark in bench/ matches ${filters.join(', ') || '*.bench.ts'}`);
  process.exit(1);
}

// One Vite server (no HTTP, no config file, no plugins: benchmarks are plain TypeScript) and one module runner.
const { createServer, createServerModuleRunner } = await import('vite');
const server = await createServer({
  root, configFile: false, logLevel: 'error', appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });

console.log(`node ${process.version} on ${process.platform}/${process.arch}; ${files.length} benchmark module(s)\n`);
let failed = 0;
try {
  for (const name of files) {
    const path = join(benchDir, name);
    const started = performance.now();
    try {
      const mod = name.endsWith('.mjs') ? await import(pathToFileURL(path).href) : await runner.import(path);
      if (typeof mod.run !== 'function') throw new Error(`${name} does not export run()`);
      await mod.run();
      console.log(`  (${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
    } catch (error) {
      failed++;
      console.error(`${name} failed:`, error instanceof Error ? error.stack ?? error.message : error);
    }
  }
} finally {
  await runner.close();
  await server.close();
}
process.exit(failed > 0 ? 1 : 0);
