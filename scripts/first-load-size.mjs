#!/usr/bin/env node
// Measures what the first page load fetches: the entry chunk and everything it imports statically (Vite's
// manifest), gzipped. Fails when that JavaScript passes the budget. Lazy chunks (the editor, panels, the sandbox)
// are listed for information only. Usage: node scripts/first-load-size.mjs [distDir] [--budget-kb=130]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const dist = args.find((a) => !a.startsWith('--')) ?? 'dist';
const budgetKb = Number(args.find((a) => a.startsWith('--budget-kb='))?.split('=')[1] ?? 130);
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build first (vite build writes it; build.manifest is on in vite.config.ts).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error(`${manifestPath} names no entry chunk.`);
  process.exit(1);
}

/** Gzip size in kB (1000 bytes) at zlib's default level: the figures Vite's build report prints. */
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1000;

// The entry and its static imports, transitively: what the browser fetches before the app can paint.
const firstLoad = new Set();
const css = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || firstLoad.has(chunk.file)) return;
  firstLoad.add(chunk.file);
  for (const sheet of chunk.css ?? []) css.add(sheet);
  for (const next of chunk.imports ?? []) visit(next);
};
visit(entryKey);

const rows = [...firstLoad].map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb);
const jsKb = rows.reduce((sum, row) => sum + row.kb, 0);
const cssKb = [...css].reduce((sum, file) => sum + gzipKb(file), 0);
const lazy = Object.values(manifest).map((chunk) => chunk.file).filter((file) => file.endsWith('.js') && !firstLoad.has(file));
const lazyKb = lazy.reduce((sum, file) => sum + gzipKb(file), 0);

console.log('First load (entry + static imports), gzip:');
for (const row of rows) console.log(`  ${row.kb.toFixed(1).padStart(7)} kB  ${row.file}`);
console.log(`  JS ${jsKb.toFixed(1)} kB (budget ${budgetKb} kB), CSS ${cssKb.toFixed(1)} kB; lazy chunks: ${lazy.length}, ${lazyKb.toFixed(1)} kB`);
if (jsKb > budgetKb) {
  console.error(`First-load JavaScript is ${jsKb.toFixed(1)} kB gzip, over the ${budgetKb} kB budget: load the new code`
    + ' where it is first used (a dynamic import; see docs/decisions/ui-first-load-splitting.md).');
  process.exit(1);
}
