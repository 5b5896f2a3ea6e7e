#!/usr/bin/env node
// Runs every test: Vitest in Node, the type check beside Vitest in headless Chromium, the production build and its
// first-load size budget, Playwright e2e against that build.
// Ends with one summary line `N passed, N failed` (CI reads it). Exit code 1 if anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
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

/** Starts a step beside the next ones, its output kept in a file and printed once it ends; resolves to its code. */
function runBeside(name, cmd, args) {
  const log = join(OUT, `${name.replace(/\W+/g, '-')}.log`);
  console.log(`\n[test] ${name} (beside the next step, output below when it ends): ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const out = openSync(log, 'w');
  const child = spawn(cmd, args, { stdio: ['ignore', out, out], env: process.env });
  return new Promise((resolve) => {
    const done = (code) => {
      closeSync(out);
      console.log(`\n[test] ${name} output:\n${readFileSync(log, 'utf8')}`);
      // The exit is seen only once the step in front is over; the log's last write is when the step ended.
      steps.push({ name, code, seconds: ((statSync(log).mtimeMs - started) / 1000).toFixed(1) });
      resolve(code);
    };
    child.on('error', () => done(1));
    child.on('exit', (code) => done(code ?? 1));
  });
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

// 1, 2. Vitest in Node; then the type check (svelte-check covers .ts and .svelte; counted as one check) beside
// Vitest in Chromium (the files sharing a page and those that need a fresh one, in one run). The browser tests
// mostly wait on the page, so the type check's one core of work fits in beside them (docs/decisions/tests-speed.md).
for (const [step, projects] of [['core', ['core']], ['browser', ['browser', 'browser-fresh']]]) {
  const typeCheck = step === 'browser'
    ? runBeside('type check', 'npx', ['svelte-check', '--tsconfig', './tsconfig.json', '--fail-on-warnings'])
    : null;
  const file = join(OUT, `vitest-${step}.json`);
  const code = run(`vitest ${step}`, 'npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default', '--reporter=json', `--outputFile=${file}`]);
  tally(code, countVitest(file));
  if (typeCheck) tally(await typeCheck, null);
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
