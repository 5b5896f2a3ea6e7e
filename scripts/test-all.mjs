#!/usr/bin/env node
// Runs every test: type check, Vitest in Node, Vitest in headless Chromium, the production build and its
// first-load size budget, Playwright e2e against that build.
// Ends with one summary line `N passed, N failed` (CI reads it). Exit code 1 if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const OUT = '.test-output';
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

function findChromium() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  const probe = spawnSync(process.execPath, ['--input-type=module', '-e',
    "import { chromium } from 'playwright'; try { console.log(chromium.executablePath()) } catch {}"], { encoding: 'utf8' });
  const managed = probe.stdout.trim();
  if (managed && existsSync(managed)) return managed;
  return ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((p) => existsSync(p)) ?? null;
}

const chromium = findChromium();
if (!chromium) {
  console.error([
    'No Chromium found. The browser tests need one of:',
    '  - Debian/Ubuntu: sudo apt-get install -y chromium',
    '  - Playwright-managed: npx playwright install chromium',
    '  - or set CHROMIUM_PATH=/path/to/chrome',
  ].join('\n'));
  console.log('0 passed, 1 failed');
  process.exit(1);
}
console.log(`[test] Chromium: ${chromium}`);

const totals = { passed: 0, failed: 0 };
const steps = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n[test] ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  steps.push({ name, code: r.status ?? 1, seconds });
  return r.status ?? 1;
}

function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + (report.numTodoTests ?? 0) + (report.numPendingTests ?? 0) };
  } catch { return null; }
}

function countPlaywright(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const s = report.stats ?? {};
    return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: (s.unexpected ?? 0) + (s.skipped ?? 0) };
  } catch { return null; }
}

function tally(code, counts) {
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    // A runner that failed without a failing test (crash, config error) still counts as a failure.
    if (code !== 0 && counts.failed === 0) totals.failed += 1;
  } else if (code === 0) totals.passed += 1;
  else totals.failed += 1;
}

// 1. Type check (svelte-check covers .ts and .svelte); counted as one check.
tally(run('type check', 'npx', ['svelte-check', '--tsconfig', './tsconfig.json', '--fail-on-warnings']), null);

// 2, 3. Vitest projects: Node, then Chromium (the files sharing a page and those that need a fresh one, in one run).
for (const [step, projects] of [['core', ['core']], ['browser', ['browser', 'browser-fresh']]]) {
  const file = join(OUT, `vitest-${step}.json`);
  const code = run(`vitest ${step}`, 'npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default', '--reporter=json', `--outputFile=${file}`]);
  tally(code, countVitest(file));
}

// 4. One production build, checked against the first-load budget, then served to Playwright (no second build).
const port = Number(process.env.PW_PORT ?? 4173);
const outDir = `.pw-dist/${port}`;
const built = run('build', 'npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']) === 0;
tally(built ? 0 : 1, null);
tally(built ? run('first-load size', process.execPath, ['scripts/first-load-size.mjs', outDir]) : 1, null);

// 5. Playwright e2e.
{
  const file = join(OUT, 'playwright.json');
  const code = run('playwright e2e', 'npx', ['playwright', 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: file, ...(built ? { PW_PREBUILT: '1' } : {}) });
  tally(code, countPlaywright(file));
}

console.log('\n[test] steps:');
for (const s of steps) console.log(`  ${s.code === 0 ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds} s)`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
